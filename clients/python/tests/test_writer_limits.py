"""The writer holds a value to the limits its reader holds documents to (SPEC.md section 9, and section 2: what a
writer accepts, a reader with the same limits reads): a value whose document such a reader would refuse is refused
on write with the reader's reason at the value's path; one at the limit is written and read back. The cases of the
Java implementation's WriterLimitsTest (sets and ~map keys of one hash code are Java's alone). Set TYPEDJSON_SEED
to replay the random check and TYPEDJSON_TRIES to run more."""
import random
import sys
import unittest
from decimal import Decimal

from typedjson import BigInt, Float32, Instant, Int32, Limits, TypedJsonError, TypedMap, TypedSet, dumps, loads
from typedjson.connect import dumps_typed, parse_schema, read_typed
from typedjson.explicit import difference
from typedjson.reader import string_too_long
from typedjson.reference import dumps_connect_reference

from .test_properties import SEED, TRIES, rand_value

DEFAULT = Limits()
# what documents under test are written with: beyond every limit a test sets
UNLIMITED = Limits(max_number_length=sys.maxsize, max_string_length=sys.maxsize, max_document_bytes=sys.maxsize,
                   max_elements=sys.maxsize)


def limits(number_length, string_length, document_bytes, elements):
    return Limits(max_number_length=number_length, max_string_length=string_length,
                  max_document_bytes=document_bytes, max_elements=elements)


def options(lim):
    """dumps' keyword arguments for ``lim``: the reader's names."""
    return {name: getattr(lim, name) for name in Limits.__slots__}


def attempt(f):
    try:
        f()
        return None
    except TypedJsonError as e:
        return e


class WriterLimitsTest(unittest.TestCase):
    def same_verdict(self, value, small, plain=False):
        """The writer under ``small`` refuses ``value`` exactly when the reader under ``small`` refuses its document
        (written without limits), with the same reason at the same path; what both accept is the same document and
        reads back as ``value``. Returns the writer's error, or None."""
        doc = dumps(value, **options(UNLIMITED), plain=plain)

        def read():
            back = loads(doc.encode("utf-8"), limits=small, plain=plain)
            self.assertIsNone(difference(value, back), doc[:200])

        def write():
            self.assertEqual(doc, dumps(value, **options(small), plain=plain))

        read_error, write_error = attempt(read), attempt(write)
        verdicts = f"read: {read_error}; write: {write_error}; document {doc[:200]}"
        self.assertEqual(read_error is None, write_error is None, verdicts)
        if read_error is not None:
            self.assertEqual(read_error.reason, write_error.reason, verdicts)
            self.assertEqual(read_error.path, write_error.path, verdicts)
        return write_error

    def test_numbers(self):
        """The digits of a plain lexeme or of a ~i ~s ~y ~n ~f ~d payload, the exponent's included."""
        five = limits(5, 100, 1000, 1000)
        six = self.same_verdict([1, 123456], five)
        self.assertEqual("number length 6 exceeds the limit of 5 (Limits.max_number_length; "
                         "typedjson.max.number.length in Java)", six.reason)
        self.assertEqual("$[1]", six.path)
        self.assertIsNone(self.same_verdict(12345, five))
        self.assertIsNone(self.same_verdict(-12345, five))  # the sign is not a digit
        self.assertIsNone(self.same_verdict(1e10, five))  # 1.0E10: digits 1, 0, 1, 0
        self.assertIsNotNone(self.same_verdict(1.2345e10, five))  # 1.2345E10: 7 digits
        self.assertIsNotNone(self.same_verdict(Decimal("1.2345E+10"), five))  # a ~d payload counts its digits too
        self.assertIsNone(self.same_verdict(Decimal("123.45"), five))
        self.assertIsNotNone(self.same_verdict(Decimal("123.456"), five))
        self.assertIsNotNone(self.same_verdict(BigInt(123456), five))  # "~n123456"
        self.assertIsNotNone(self.same_verdict(BigInt(10 ** 20), five))  # beyond int64: a plain lexeme
        self.assertIsNotNone(self.same_verdict([10 ** 20], five))
        self.assertIsNone(self.same_verdict(Int32(99999), five))
        self.assertIsNone(self.same_verdict(Int32(-99999), five))
        self.assertIsNotNone(self.same_verdict(Int32(100000), five))
        self.assertIsNotNone(self.same_verdict(0.1234567, five))
        self.assertIsNone(self.same_verdict(Float32(1.5), five))
        self.assertIsNone(self.same_verdict(float("nan"), limits(1, 100, 1000, 1000)))  # "~zNaN" is no number
        big = self.same_verdict(BigInt(10 ** 1000), DEFAULT)
        self.assertEqual("number length 1001 exceeds the limit of 1000 (Limits.max_number_length; "
                         "typedjson.max.number.length in Java)", big.reason)
        self.assertEqual(big.reason, self.same_verdict(BigInt(-10 ** 1000), DEFAULT).reason)
        self.assertIsNone(self.same_verdict(BigInt(10 ** 999), DEFAULT))  # (an int beyond int64 reads back a BigInt)

    def test_ints_beyond_the_int_to_string_limit(self):
        """An int str() does not convert (4,300 digits) is refused as the reader refuses its lexeme."""
        for value in (10 ** 5000, -10 ** 5000, BigInt(10 ** 5000)):
            lexeme = "-1" + "0" * 5000 if value < 0 else "1" + "0" * 5000
            for lim in (DEFAULT, Limits(max_number_length=10_000)):
                with self.subTest(value=f"{type(value).__name__} {lexeme[:2]}...", limit=lim.max_number_length):
                    with self.assertRaises(TypedJsonError) as read:
                        loads(lexeme, limits=lim)
                    with self.assertRaises(TypedJsonError) as write:
                        dumps([value], **options(lim))
                    self.assertEqual(read.exception.reason, write.exception.reason)
                    self.assertEqual("$[0]", write.exception.path)
        with self.assertRaises(TypedJsonError) as ctx:
            dumps(10 ** 5000)
        self.assertEqual("number length 5001 exceeds the limit of 1000 (Limits.max_number_length; "
                         "typedjson.max.number.length in Java)", ctx.exception.reason)

    def test_strings_and_keys(self):
        """UTF-16 code units of the string as written, tags and a doubled '~' included."""
        four = limits(1000, 4, 1000, 1000)
        five = self.same_verdict(["abcd", "abcde"], four)
        self.assertEqual("string of 5 UTF-16 units is longer than the limit of 4 (Limits.max_string_length; "
                         "typedjson.max.string.length in Java)", five.reason)
        self.assertEqual("$[1]", five.path)
        self.assertIsNotNone(self.same_verdict("~abc", four))  # written "~~abc": 5 units in the document
        self.assertIsNone(self.same_verdict("~abc", four, plain=True))  # a plain document writes it as it is
        self.assertIsNone(self.same_verdict('a"b\u00e9', four))  # units of the text, not its escapes or UTF-8 bytes
        self.assertIsNotNone(self.same_verdict("\U0001F600\U0001F600\U0001F600", four))  # 6 units
        self.assertIsNone(self.same_verdict("\U0001F600\U0001F600", four))  # 4 units
        self.assertIsNotNone(self.same_verdict("\U0001F600\U0001F600a", four))  # 5 units, 3 characters
        self.assertIsNotNone(self.same_verdict(Instant(0), four))  # a tagged string: "~t1970-01-01T00:00:00Z"
        self.assertIsNotNone(self.same_verdict(b"\x01\x02\x03", four))  # "~bAQID": 6 units
        self.assertIsNone(self.same_verdict(b"\x01\x02\x03", limits(1000, 6, 1000, 1000)))
        key = self.same_verdict({"abcde": 1}, four)
        self.assertEqual(five.reason, key.reason)  # a key is a string to the reader
        self.assertEqual("$", key.path)  # named at its object, as the reader names it
        self.assertEqual("$", self.same_verdict({"abcd": 1, "~abc": 2}, four).path)  # the key "~~abc"
        self.assertIsNotNone(self.same_verdict({"\U0001F600\U0001F600a": 1}, four))
        self.assertIsNone(self.same_verdict({"abcd": "abcd"}, four))
        self.assertIsNone(self.same_verdict("x", limits(1000, 1, 1000, 1000)))
        # the key of a tagged object is a string to the reader too ("~set" and "~map" are 4 units), named at its object
        self.assertEqual("$[0]", self.same_verdict([TypedSet([1])], limits(1000, 3, 1000, 1000)).path)
        self.assertEqual(string_too_long(4, 3), self.same_verdict(TypedMap([(1, 2)]), limits(1000, 3, 1000, 1000)).reason)
        self.assertIsNone(self.same_verdict(TypedSet([1]), limits(1000, 4, 1000, 1000)))
        self.assertIsNotNone(self.same_verdict("x" * 20_000_001, DEFAULT))

    def test_elements(self):
        """Every value at any depth, a tagged object's array included, keys not counted."""
        six = limits(1000, 1000, 1000, 6)
        self.assertIsNone(self.same_verdict([1, 2, 3, 4, 5], six))  # the list and its five: six values
        many = self.same_verdict([1, 2, 3, 4, 5, 6], six)
        self.assertEqual("element count 7 exceeds the limit of 6 (Limits.max_elements; typedjson.max.elements in Java)",
                         many.reason)
        self.assertEqual("$[5]", many.path)
        self.assertIsNone(self.same_verdict({"a": [1, 2], "b": 3}, six))
        self.assertIsNone(self.same_verdict(TypedSet([1, 2, 3, 4]), six))  # {"~set":[...]}: object, array, four
        self.assertEqual('$["~set"][4]', self.same_verdict(TypedSet([1, 2, 3, 4, 5]), six).path)
        self.assertIsNone(self.same_verdict(TypedMap([(1, 2), (3, 4)]), six))  # {"~map":[1,2,3,4]}
        self.assertEqual('$["~map"][3][0]', self.same_verdict(TypedMap([(1, 2), (3, [4])]), six).path)
        self.assertEqual('$["~set"]', self.same_verdict(TypedSet(), limits(1000, 1000, 1000, 1)).path)  # its array
        self.assertIsNotNone(self.same_verdict([Int32(i) for i in range(1, 7)], six))

    def test_document_bytes(self):
        """UTF-8 bytes of the whole document."""
        twenty = limits(1000, 1000, 20, 1000)
        self.assertIsNone(self.same_verdict(["abcdefghijklmnop"], twenty))  # 20 bytes
        longer = self.same_verdict(["abcdefghijklmnopq"], twenty)
        self.assertEqual("document of 21 bytes is larger than the limit of 20 bytes (Limits.max_document_bytes; "
                         "typedjson.max.document.bytes in Java)", longer.reason)
        self.assertEqual("$", longer.path)
        self.assertIsNone(self.same_verdict(["\u00e9" * 8], twenty))  # 2 bytes each
        self.assertEqual("document of 22 bytes", self.same_verdict(["\u00e9" * 9], twenty).reason[:20])
        self.assertIsNone(self.same_verdict(["\u20ac" * 5 + "a"], twenty))  # 3 bytes each: 20 in all
        self.assertIsNotNone(self.same_verdict(["\u20ac" * 5 + "ab"], twenty))
        self.assertIsNone(self.same_verdict(["\U0001F600" * 4], twenty))  # 4 bytes each
        self.assertIsNotNone(self.same_verdict(["\U0001F600" * 4 + "a"], twenty))

    def test_keyword_arguments_default_to_the_readers_limits(self):
        self.assertEqual("[1]", dumps([1], max_elements=2))
        with self.assertRaises(TypedJsonError) as ctx:
            dumps([1, 2], max_elements=2)
        self.assertIn("element count 3 exceeds the limit of 2", str(ctx.exception))
        import inspect
        params = inspect.signature(dumps).parameters
        for name in Limits.__slots__:
            self.assertEqual(getattr(DEFAULT, name), params[name].default, name)

    def connect_verdict(self, schema, value, small, positional):
        """The Connect writers (SPEC.md section 11: the converter's model) hold the same limits: ``dumps_typed`` (header
        mode's document, inline's "~v") refuses ``value`` exactly when the reader of that location under ``small``
        refuses its document, with the reader's reason at the value's path and no byte offset, as ``dumps`` refuses;
        ``dumps_connect_reference`` refuses it alike, the limit's reason not worded as a value that does not fit its
        schema. Returns the writer's error, or None."""
        doc = dumps_typed(value, schema, positional, UNLIMITED)
        read_error = attempt(lambda: read_typed(doc, schema, small, structs_as_objects=not positional))
        write_error = attempt(lambda: self.assertEqual(doc, dumps_typed(value, schema, positional, small)))
        verdicts = f"read: {read_error}; write: {write_error}; document {doc}"
        self.assertEqual(read_error is None, write_error is None, verdicts)
        if read_error is None:
            return None
        self.assertEqual(read_error.reason, write_error.reason, verdicts)
        self.assertEqual(read_error.path, write_error.path, verdicts)
        self.assertIsNone(write_error.offset, verdicts)
        if positional:
            self.assertEqual(str(write_error), str(attempt(lambda: dumps_connect_reference(schema, value, limits=small))))
        return write_error

    def test_the_connect_writers(self):
        """The Connect writers hold a value to the same limits, with the same reasons."""
        schema = parse_schema("{id:i64,name,tags:[str]?}")

        def row(i, name, tags=None):
            return {"id": i, "name": name, "tags": tags}
        for positional in (False, True):
            def at(field, index):
                return f"$[{index}]" if positional else f"$.{field}"
            with self.subTest(positional=positional):
                digits = self.connect_verdict(schema, row(123456, "a"), limits(5, 100, 1000, 1000), positional)
                self.assertEqual("number length 6 exceeds the limit of 5 (Limits.max_number_length; typedjson.max.number"
                                 f".length in Java) at {at('id', 0)}", str(digits))
                self.assertIsNone(self.connect_verdict(schema, row(12345, "a"), limits(5, 100, 1000, 1000), positional))
                text = self.connect_verdict(schema, row(1, "abcde"), limits(1000, 4, 1000, 1000), positional)
                self.assertEqual("string of 5 UTF-16 units is longer than the limit of 4 (Limits.max_string_length; "
                                 f"typedjson.max.string.length in Java) at {at('name', 1)}", str(text))
                self.assertEqual(attempt(lambda: dumps("abcde", **options(limits(1000, 4, 1000, 1000)))).reason,
                                 text.reason)  # the plain writer's
                self.assertIsNotNone(self.connect_verdict(schema, row(1, "~abc"), limits(1000, 4, 1000, 1000),
                                                          positional))  # written "~~abc"
                self.assertIsNone(self.connect_verdict(schema, row(1, "abcd", ["abcd"]), limits(1000, 4, 1000, 1000),
                                                       positional))
                # the struct, its three values, the list's elements: 6 with two tags
                self.assertIsNone(self.connect_verdict(schema, row(1, "a", ["x", "y"]), limits(1000, 100, 1000, 6),
                                                       positional))
                many = self.connect_verdict(schema, row(1, "a", ["x", "y", "z"]), limits(1000, 100, 1000, 6), positional)
                self.assertEqual("element count 7 exceeds the limit of 6 (Limits.max_elements; typedjson.max.elements in "
                                 f"Java) at {at('tags', 2)}[2]", str(many))
                size = self.connect_verdict(schema, row(1, "\u00e9" * 20), limits(1000, 100, 40, 1000), positional)
                self.assertRegex(str(size), r"^document of \d+ bytes is larger than the limit of 40 bytes "
                                            r"\(Limits.max_document_bytes; typedjson.max.document.bytes in Java\) at \$$")
        # a value that does not fit its schema is still worded so by the reference writer
        self.assertTrue(str(attempt(lambda: dumps_connect_reference(schema, row(1, None))))
                        .startswith("the value does not fit the schema"))

    def test_the_writer_refuses_what_the_reader_refuses_under_any_limits(self):
        """Random values of the model under random small limits: the same verdict, and where the document's size is
        within its limit (a reader checks it before the content, a writer knows it at the end) the same reason and
        path, as both meet the first limit exceeded in the document's order."""
        r = random.Random(SEED + 10)
        refused = 0
        for i in range(TRIES):
            value = rand_value(r)
            small = limits(r.randint(1, 25), r.randint(1, 40), r.randint(8, 408), r.randint(1, 60))
            doc = dumps(value, **options(UNLIMITED))
            read_error = attempt(lambda: loads(doc.encode("utf-8"), limits=small))
            write_error = attempt(lambda: self.assertEqual(doc, dumps(value, **options(small))))
            verdicts = (f"seed {SEED} try {i}: {options(small)} read: {read_error}; write: {write_error}; "
                        f"document {doc[:300]}")
            self.assertEqual(read_error is None, write_error is None, verdicts)
            if read_error is None:
                continue
            refused += 1
            if len(doc.encode("utf-8")) <= small.max_document_bytes:
                self.assertEqual(read_error.reason, write_error.reason, verdicts)
                self.assertEqual(read_error.path, write_error.path, verdicts)
        self.assertGreater(refused, TRIES // 10)


if __name__ == "__main__":
    unittest.main()
