"""One spelling per value, both ways: the reader refuses every spelling of a format construct the writer would
not produce, with the path and byte offset; JSON's own freedom stays open."""
import unittest
from decimal import Decimal

from typedjson import (BigInt, Float32, Instant, Int32, LocalDate, LocalDateTime, OffsetDateTime, TypedJsonError,
                       TypedMap, TypedSet, dumps, loads)
from typedjson.explicit import difference


class RefusedTest(unittest.TestCase):
    def refused(self, doc, path="$", word="", offset=None, **limits):
        data = doc if isinstance(doc, bytes) else doc.encode("utf-8")
        with self.assertRaises(TypedJsonError, msg=repr(doc[:100])) as ctx:
            loads(data, **limits)
        e = ctx.exception
        self.assertEqual(path, e.path, str(e))
        self.assertIn(word, e.reason)
        if offset is not None:
            self.assertEqual(offset, e.offset, str(e))
        return e

    def test_a_map_array_is_refused_at_its_repeated_key_or_at_its_close_without_a_last_value(self):
        self.refused('{"~map":[1,2,1,3]}', '$["~map"][2]', "duplicate key in a ~map", 13)
        self.refused('{"~map":[1,2,3]}', '$["~map"]', "a ~map array must alternate keys and values", 14)
        self.refused('{"~map":[1,2,3,]}', '$["~map"][3]', "Unexpected character (']' (code 93))", 15)
        self.refused('{"~map":[1,2 3]}', '$["~map"][1]', "expected ',' or ']' in an array", 13)

    def test_integers_only_in_their_canonical_lexeme(self):
        for doc in ['"~i-0"', '"~i01"', '"~i+1"', '"~i 1"', '"~i1e2"', '"~i"', '"~s-0"', '"~y007"', '"~n-0"',
                    '"~n00"', '"~i١"']:
            self.refused(doc, word="payload")
        # another spelling of a value is named non-canonical, with the one spelling; no value at all is malformed
        self.refused('"~i01"', word='non-canonical ~i payload "01" (a value has one spelling, this one\'s is "~i1")')
        self.refused('"~i 1"', word='malformed ~i payload " 1"')

    def test_floats_only_in_their_shortest_spelling(self):
        for doc in ['"~f1.50"', '"~f1"', '"~f0.10000000149011612"', '"~f1e0"', '"~f1.0e1"', '"~f1.0E1"',
                    '"~f-0"', '"~fnan"', '"~finfinity"', '"~f1.5E0"', '"~f3.4028235e38"']:
            self.refused(doc, word="~f payload")
        self.refused('"~f3.5E38"', word="out of range for float32")
        self.refused('"~z1.5"', word="where a number belongs")
        self.refused('"~znan"', word="where a number belongs")

    def test_decimals_keep_one_lexeme(self):
        for doc in ['"~d1e3"', '"~d1E3"', '"~d1000E-1"', '"~d-0"', '"~d-0.00"', '"~d0.1e1"', '"~d01"',
                    '"~d1E+03"', '"~d0.00000001"']:
            self.refused(doc, word="~d payload")
        self.assertEqual(Decimal("1E-8"), loads('"~d1E-8"'))

    def test_times_only_as_java_time_prints_them(self):
        for doc in ['"~t2024-01-01T00:00:00+02:00"', '"~t2024-01-01t00:00:00Z"', '"~t2024-01-01T00:00:00z"',
                    '"~t2024-01-01T00:00Z"', '"~t2024-01-01T00:00:00.0Z"', '"~t2024-01-01T00:00:00.1200Z"',
                    '"~t+2024-01-01T00:00:00Z"', '"~t2024-02-30T00:00:00Z"', '"~t2024-01-01T24:00:00Z"',
                    '"~t10000-01-01T00:00:00Z"']:
            self.refused(doc, word="~t payload")
        for doc in ['"~T10:15:00"', '"~T10:15:00.000"', '"~T10:15:30.5"', '"~T1:15"', '"~T10:15:30.1234"']:
            self.refused(doc, word="~T payload")
        for doc in ['"~D2024-6-30"', '"~D+2024-06-30"', '"~D2023-02-29"', '"~D20240630"']:
            self.refused(doc, word="~D payload")
        for doc in ['"~L2024-06-30T10:15:00"', '"~L2024-06-30 10:15"', '"~L2024-06-30T10:15Z"']:
            self.refused(doc, word="~L payload")
        for doc in ['"~O2024-06-30T10:15+00:00"', '"~O2024-06-30T10:15+02:00:00"', '"~O2024-06-30T10:15+2:00"',
                    '"~O2024-06-30T10:15"', '"~O2024-06-30T10:15z"', '"~O2024-06-30T10:15+19:00"']:
            self.refused(doc, word="~O payload")

    def test_bytes_and_uuids(self):
        for doc in ['"~bAR=="', '"~b/x=="', '"~bAQIE="', '"~bA===',
                    '"~bAQ==AQ=="', '"~bAQID\\n"', '"~b-_8="']:
            if doc.endswith('"'):
                self.refused(doc, word="malformed base64")
        self.refused('"~u123E4567-E89B-12D3-A456-426614174000"', word="non-canonical ~u payload")
        self.refused('"~u{123e4567-e89b-12d3-a456-426614174000}"', word="malformed ~u payload")
        self.refused('"~u123e4567e89b12d3a456426614174000"', word="malformed ~u payload")

    def test_tagged_objects(self):
        self.refused('{"~map":["a",1]}', '$', "non-canonical ~map")
        self.refused('{"~map":[]}', '$', "non-canonical ~map")
        self.refused('{"~set":[1.0,1.0]}', '$["~set"][1]', "duplicate element", offset=13)
        self.refused('{"~set":["~bAQ==","~bAQ=="]}', '$["~set"][1]', "duplicate element")
        self.refused('{"~set":["~d1.10","~d1.10"]}', '$["~set"][1]', "duplicate element")
        self.refused('{"~set":["~zNaN","~zNaN"]}', '$["~set"][1]', "duplicate element")
        self.refused('{"~set":[[1,{"a":2}],[1,{"a":2}]]}', '$["~set"][1]', "duplicate element")
        self.refused('{"~set":[{"~set":[1,2]},{"~set":[2,1]}]}', '$["~set"][1]', "duplicate element")
        self.refused('{"~map":["~i1",1,"~i1",2]}', '$["~map"][2]', "duplicate key")
        self.refused('{"~map":[["~bAQ=="],1,["~bAQ=="],2]}', '$["~map"][2]', "duplicate key")
        self.refused('{"~set":[],"~set":[]}', "$", "exactly one key")
        self.refused('{"~Set":[]}', "$", "unknown tag")
        self.refused('{"a":1,"~":2}', "$", "must be the only key")
        self.refused('{"~s":"i32","~v":1}', "$", "unknown tag")
        # distinct under the model's equality, though Python's == would merge them
        s = loads('{"~set":[1,"~i1",true,1.0,"~f1.0","~d1.0","~d1.00",-0.0,0.0]}')
        self.assertEqual(9, len(s))
        m = loads('{"~map":[1,"a","~i1","b","~n1","c"]}')
        self.assertEqual(["a", "b", "c"], m.values())

    def test_documents(self):
        self.refused(b"\xef\xbb\xbf1", "$", "byte order mark", 0)
        self.refused("1".encode("utf-16"), "$")
        self.refused(b"\x001", "$")
        self.refused("[1] x", "$", "trailing content", 4)
        self.refused("[1]]", "$", "trailing content", 3)
        self.refused("  ", "$", "empty document")
        self.refused('{"a":{"b":[1,2,x]}}', "$.a.b[2]", "Unrecognized token 'x'", 15)
        self.refused('{"a":1 "b":2}', "$.a", "Unexpected character", 7)
        self.refused('{"a b":"\\uDC00"}', '$["a b"]', "lone surrogate", 7)
        self.refused(b'["\xed\xa0\x80"]', "$[0]", "Invalid UTF-8", 2)
        self.refused(b'["ab\xc3"]', "$[0]", "Invalid UTF-8", 4)
        self.refused('["a\nb"]', "$[0]", "CTRL-CHAR")
        self.refused("-", "$", "malformed number")
        self.refused("1.", "$", "malformed number")
        self.refused("[1e]", "$[0]", "malformed number")
        self.refused("tru", "$", "Unrecognized token 'tru'", 0)
        self.refused("1e999", "$", "out of range for float64")
        self.refused("[-1e999]", "$[0]", "out of range for float64")

    def test_a_string_cut_short_is_refused_at_the_end_of_the_document(self):
        # SPEC section 8: the end of the document where more was expected is named by the document's length
        self.refused('"abc', "$", "end-of-input", 4)
        self.refused('{"a":"b', "$.a", "end-of-input", 7)
        self.refused('"ab\\', "$", "end-of-input", 4)
        self.refused('"\\u12', "$", "end-of-input", 5)
        self.refused('["\\ud83d\\ude', "$[0]", "end-of-input", 12)
        self.refused('"\\ud83d\\', "$", "end-of-input", 8)
        self.refused('"\\ud83d', "$", "end-of-input", 7)

    def test_paths_name_keys_as_every_language_does(self):
        """A key is .key only when it is an ASCII identifier (SPEC.md section 8)."""
        self.refused('{"é":"~i01"}', '$["é"]', "~i payload")
        self.refused('{"a_1$":{"1a":{"a b":["~i01"]}}}', '$.a_1$["1a"]["a b"][0]', "~i payload")
        with self.assertRaises(TypedJsonError) as ctx:
            dumps({"é": [object()]})
        self.assertEqual('$["é"][0]', ctx.exception.path)

    def test_limits(self):
        self.assertEqual([[[]]], loads("[[[]]]"))
        deep = "[" * 500 + "]" * 500
        loads(deep)
        self.refused("[" * 501 + "]" * 501, "$" + "[0]" * 32 + "...(468 more)", "nesting depth 501")
        self.refused("1" * 1001, "$", "number length 1001 exceeds the limit of 1000")
        loads("-0.%sE-10" % ("1" * 997))  # signs, point and E are not counted: 997 + 2 digits + 1
        self.refused('"~d%s"' % ("1" * 1001), "$", "number length 1001")
        loads('"~i%s"' % "1")
        from typedjson import Limits
        # string limits count UTF-16 units: a character beyond the BMP counts 2, an escape 1
        self.assertEqual("\U0001F600A", loads('"\U0001F600\\u0041"', limits=Limits(max_string_length=3)))
        with self.assertRaises(TypedJsonError) as ctx:
            loads('"\U0001F600\U0001F600"', limits=Limits(max_string_length=3))
        self.assertIn("4 UTF-16 units", str(ctx.exception))
        from typedjson import Limits
        with self.assertRaises(TypedJsonError) as ctx:
            loads('"abcdef"', limits=Limits(max_string_length=5))
        self.assertIn("longer than the limit", str(ctx.exception))
        self.refused(b"[1,2]", "$", "document of 5 bytes is larger than the limit of 4 bytes (Limits.max_document_bytes; "
                     "typedjson.max.document.bytes in Java)", 0, limits=Limits(max_document_bytes=4))
        with self.assertRaises(TypedJsonError) as ctx:
            dumps(["x"] * 0 + [[[[1]]]], max_depth=3)
        self.assertEqual("$[0][0][0]", ctx.exception.path)
        cyclic = []
        cyclic.append(cyclic)
        with self.assertRaises(TypedJsonError) as ctx:
            dumps(cyclic)
        self.assertIn("cyclic", str(ctx.exception))


    def test_element_limit_counts_every_value_once(self):
        from typedjson import Limits
        five = Limits(max_elements=5)
        self.assertEqual([1, [2], {}], loads("[1,[2],{}]", limits=five))
        self.refused('[1,[2],{"a":null}]', "$[2].a", "element count 6 exceeds the limit of 5", 12, limits=five)
        self.refused('{"~set":[1,2,3,4,5]}', '$["~set"][3]', "element count 6", 15, limits=five)
        self.refused("[[],[]]", "$[1]", "Limits.max_elements; typedjson.max.elements", 4, limits=Limits(max_elements=2))
        self.assertEqual(999_999, len(loads("[" + "0," * 999_998 + "0]")))  # the document's array is the millionth
        self.refused("[" + "0," * 999_999 + "0]", "$[999999]", "element count 1000001 exceeds the limit of 1000000",
                     1 + 2 * 999_999)


class JsonFreedomTest(unittest.TestCase):
    def test_escapes_whitespace_and_number_lexemes_stay_open(self):
        self.assertEqual({"~t": Int32(5)}, loads(' { "\\u007e~t" :\t"\\u007ei5" }\r\n'))
        self.assertEqual(Int32(5), loads('"\\u007ei5"'))  # tags are recognised after unescaping
        self.assertEqual("é😀/", loads('"\\u00e9\\ud83d\\ude00\\/"'))
        self.assertEqual(1.5, loads("1.50"))
        self.assertEqual(150.0, loads("1.5E2"))
        self.assertEqual(0, loads("-0"))
        self.assertEqual(100.0, loads("1e2"))
        self.assertIsNone(difference(-0.0, loads("-0.0")))


class WriterTest(unittest.TestCase):
    def test_spellings(self):
        self.assertEqual('{"~~t":"~~x","a~b":"~~"}', dumps({"~t": "~x", "a~b": "~"}))
        self.assertEqual('"a\\u0000\\u001F\\b\\t\\n\\f\\r\\"\\\\\x7f\u2028😀"',
                         dumps("a\x00\x1f\b\t\n\f\r\"\\\x7f\u2028😀"))
        self.assertEqual('"~n9223372036854775807"', dumps(BigInt(2**63 - 1)))
        self.assertEqual("9223372036854775808", dumps(2**63))
        self.assertEqual(BigInt(2**63), loads("9223372036854775808"))
        self.assertEqual('"~f3.4028235E38"', dumps(Float32(3.4028234663852886e38)))
        self.assertEqual('"~f1.4E-45"', dumps(Float32(1.401298464324817e-45)))
        self.assertEqual('"~f1.0E10"', dumps(Float32(1e10)))
        self.assertEqual('"~t-0001-01-01T00:00:00Z"', dumps(Instant(-62198755200)))
        self.assertEqual('"~t+10000-01-01T00:00:00Z"', dumps(Instant(253402300800)))
        self.assertEqual(Instant(253402300800), loads('"~t+10000-01-01T00:00:00Z"'))
        for edge in (Instant(Instant.MIN_SECOND), Instant(Instant.MAX_SECOND, 999_999_999),
                     Instant.parse("2024-02-29T00:00:00Z"), LocalDate(-999_999_999, 1, 1), LocalDate(0, 2, 29)):
            self.assertEqual(edge, loads(dumps(edge)), dumps(edge))
        self.assertEqual('"~t-1000000000-01-01T00:00:00Z"', dumps(Instant(Instant.MIN_SECOND)))
        for bad in ('"~t2023-02-29T00:00:00Z"', '"~t1900-02-29T00:00:00Z"', '"~t-1000000001-12-31T23:59:59Z"',
                    '"~t+1000000001-01-01T00:00:00Z"', '"~D1000000000-01-01"'):
            with self.assertRaises(TypedJsonError, msg=bad):
                loads(bad)
        self.assertEqual('"~O2024-01-01T00:00:00.000001-05:30"',
                         dumps(OffsetDateTime(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1000), -19800)))
        self.assertEqual('{"~map":[1,"a"]}', dumps({1: "a"}))
        self.assertEqual('{"a":1}', dumps(TypedMap([("a", 1)])))
        self.assertEqual('{"~set":[]}', dumps(TypedSet()))
        self.assertEqual('"~bAQID"', dumps(bytearray(b"\x01\x02\x03")))
        self.assertEqual('"~d1.2E+3"', dumps(Decimal("12E+2")))

    def test_refusals_name_the_path(self):
        import datetime
        for value, path, word in [
                ({"a": [1, (2,)]}, "$.a[1]", "use a list"),
                ({"a b": {1: datetime.date(2024, 1, 1)}}, '$["a b"]["~map"][1]', "LocalDate.from_date"),
                ([Decimal("NaN")], "$[0]", "not a number"),
                ([Decimal("-0.00")], "$[0]", "negative zero"),
                ({"x": "\ud800"}, "$.x", "lone surrogate"),
                ({"\udc00": 1}, '$["\udc00"]', "lone surrogate"),
                ([{object(): 1}], '$[0]["~map"][0]', "cannot carry"),
                (frozenset([datetime.datetime.now()]), '$["~set"][0]', "Instant.from_datetime")]:
            with self.subTest(value=repr(value)):
                with self.assertRaises((TypedJsonError, TypeError)) as ctx:
                    dumps(value)
                e = ctx.exception
                if isinstance(e, TypedJsonError):
                    self.assertEqual(path, e.path, str(e))
                    self.assertIn(word, str(e))
                else:
                    self.assertIn(word, str(e))


if __name__ == "__main__":
    unittest.main()
