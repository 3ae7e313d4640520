"""Plain documents (SPEC.md section 13): read with no tag or escape, written with none, and the record helpers'
header typedjson-format (13.2)."""
import math
import unittest
import uuid
from decimal import Decimal

import typedjson
from typedjson import (BigInt, Duration, Float32, Instant, Int8, Int16, Int32, LocalDate, TypedJsonError, TypedMap,
                       TypedSet)
from typedjson.events import Event, EventReader
from typedjson.kafka import dumps_record, format_mark, loads_record

# as Jackson writes a note: strings as they are, NaN as "NaN", a key starting with '~'
JACKSON = ('{"id":9007199254740993,"note":"~5 minutes late","tags":["~s3","~~x","a~b","~"],"counts":{"~k":1,"k":2},'
           '"amount":1.50,"ratio":"NaN","big":123456789012345678901234567890,"extra":"~d1",'
           '"nested":[{"~map":[1]},{"~set":[]}]}')
NOTE = {"id": 9007199254740993, "note": "~5 minutes late", "tags": ["~s3", "~~x", "a~b", "~"],
        "counts": {"~k": 1, "k": 2}, "amount": 1.5, "ratio": "NaN", "big": BigInt(123456789012345678901234567890),
        "extra": "~d1", "nested": [{"~map": [1]}, {"~set": []}]}
NEEDS_TAG = ("where the type does not say it (a dynamic position) needs a tag, which a reader of plain JSON would "
             "read as text: not written as plain JSON")


def exact(test, expected, actual):
    """Equal with the types (an int is not a float, BigInt is kept), to the bottom."""
    test.assertIs(type(expected), type(actual), (expected, actual))
    if isinstance(expected, dict):
        test.assertEqual(list(expected), list(actual))
        for k in expected:
            exact(test, expected[k], actual[k])
    elif isinstance(expected, list):
        test.assertEqual(len(expected), len(actual))
        for e, a in zip(expected, actual):
            exact(test, e, a)
    else:
        test.assertEqual(expected, actual)


class PlainReadTest(unittest.TestCase):
    def test_a_leading_tilde_is_text_in_strings_and_keys(self):
        exact(self, NOTE, typedjson.loads(JACKSON, plain=True))
        exact(self, NOTE, typedjson.loads(JACKSON.encode("utf-8"), plain=True))
        exact(self, {"~map": [1]}, typedjson.loads('{"~map":[1]}', plain=True))
        exact(self, "NaN", typedjson.loads('"NaN"', plain=True))
        exact(self, "~~x", typedjson.loads('"~~x"', plain=True))
        exact(self, [9223372036854775807, BigInt(9223372036854775808), 0, 100.0],
              typedjson.loads("[9223372036854775807,9223372036854775808,-0,1e2]", plain=True))
        # the same text as typed JSON is refused, or means something else
        with self.assertRaises(TypedJsonError) as c:
            typedjson.loads(JACKSON)
        self.assertEqual("$.note", c.exception.path)
        self.assertEqual("~x", typedjson.loads('"~~x"'))

    def test_still_checked_with_path_and_offset(self):
        with self.assertRaises(TypedJsonError) as c:
            typedjson.loads('{"~k":1,"~k":2}', plain=True)
        self.assertEqual("duplicate key '~k' at $[\"~k\"] (byte offset 13)", str(c.exception))
        with self.assertRaises(TypedJsonError) as c:
            typedjson.loads("[[1]]", plain=True, limits=typedjson.Limits(max_depth=1))
        self.assertEqual(("$[0]", 1), (c.exception.path, c.exception.offset))


class PlainWriteTest(unittest.TestCase):
    def test_strings_and_keys_as_they_are_and_back(self):
        self.assertEqual(JACKSON.replace("1.50", "1.5"), typedjson.dumps(NOTE, plain=True))
        exact(self, NOTE, typedjson.loads(typedjson.dumps(NOTE, plain=True), plain=True))
        self.assertEqual('{"~k":"~v"}', typedjson.dumps({"~k": "~v"}, plain=True))
        self.assertEqual('{"~~k":"~~v"}', typedjson.dumps({"~k": "~v"}))
        self.assertEqual('[18446744073709551616,null,true,0.1]', typedjson.dumps([1 << 64, None, True, 0.1], plain=True))

    def test_refuses_what_only_a_tag_carries_with_its_path(self):
        cases = [(Int32(1), "Integer"), (Int16(1), "Short"), (Int8(1), "Byte"), (BigInt(5), "BigInteger"),
                 (Float32(0.5), "Float"), (math.nan, "Double"), (-math.inf, "Double"), (Decimal("1.5"), "BigDecimal"),
                 (b"\x01", "byte[]"), (Instant(0, 0), "Instant"), (LocalDate(2024, 1, 1), "LocalDate"),
                 (uuid.UUID(int=1), "UUID"), (Duration(1, 0), "Duration"), (TypedSet(["a"]), "Set"),
                 ({"a"}, "Set"), (TypedMap([(1, 2)]), "Map with keys other than strings"),
                 ({1: 2}, "Map with keys other than strings")]
        for extra, java_type in cases:
            with self.subTest(java_type):
                with self.assertRaises(TypedJsonError) as c:
                    typedjson.dumps({"id": 1, "extra": [0, extra]}, plain=True)
                self.assertEqual(f"{java_type} {NEEDS_TAG} at $.extra[1]", str(c.exception))
                typedjson.dumps({"extra": [0, extra]})  # typed JSON carries them


def marked(value):
    return [("typedjson-format", value)]


class RecordTest(unittest.TestCase):
    def test_other_writers_json_the_header_decides_and_none_is_plain(self):
        typed = typedjson.dumps(NOTE).encode("utf-8")
        doc = JACKSON.encode("utf-8")
        exact(self, NOTE, loads_record(doc, None, other_writers="json"))
        exact(self, NOTE, loads_record(doc, [], other_writers="json"))
        exact(self, NOTE, loads_record(doc, marked(b"plain"), other_writers="json"))
        exact(self, NOTE, loads_record(doc, {"typedjson-format": "plain"}, other_writers="json"))
        exact(self, NOTE, loads_record(typed, marked(b"typed"), other_writers="json"))
        # unmarked, typed bytes are another writer's: the escape is text
        self.assertEqual("~~5 minutes late", loads_record(typed, [], other_writers="json")["note"])
        self.assertIsNone(loads_record(None, marked(b"x"), other_writers="json"))

    def test_the_header_twice_or_another_value_is_refused(self):
        doc = JACKSON.encode("utf-8")
        for headers, message in [
                (marked(b"typed") + [("ce_type", b"a")] + marked(b"typed"), "the header typedjson-format is given twice"),
                ({"typedjson-format": ["plain", "plain"]}, "the header typedjson-format is given twice"),
                (marked(b"Typed"), "the header typedjson-format is 'Typed', neither 'typed' nor 'plain'"),
                (marked(None), "the header typedjson-format is null, neither 'typed' nor 'plain'")]:
            with self.subTest(message):
                with self.assertRaises(TypedJsonError) as c:
                    loads_record(doc, headers, other_writers="json")
                self.assertEqual(message + " at $", str(c.exception))
        self.assertEqual("plain", format_mark(marked(b"plain")))
        self.assertIsNone(format_mark(None))

    def test_by_default_no_header_is_looked_at(self):
        typed = typedjson.dumps(NOTE).encode("utf-8")
        exact(self, NOTE, loads_record(typed, marked(b"bogus") * 2))
        with self.assertRaises(TypedJsonError):
            loads_record(JACKSON.encode("utf-8"), [])
        with self.assertRaises(ValueError):
            loads_record(typed, [], other_writers="jackson")

    def test_dumps_record_marks_on_request_only(self):
        typed = typedjson.dumps(NOTE).encode("utf-8")
        self.assertEqual(([("a", b"1")], typed), dumps_record(NOTE, [("a", b"1")]))
        self.assertEqual(([("a", b"1"), ("typedjson-format", b"typed")], typed),
                         dumps_record(NOTE, [("typedjson-format", b"plain"), ("a", b"1")], format_header="typed"))
        headers, plain = dumps_record(NOTE, marked(b"typed"), format_header="plain")  # a mark copied from a record read
        self.assertEqual(marked(b"plain"), headers)
        self.assertEqual(JACKSON.replace("1.50", "1.5").encode("utf-8"), plain)
        exact(self, NOTE, loads_record(plain, headers, other_writers="json"))
        self.assertEqual((marked(b"typed"), None), dumps_record(None, marked(b"typed"), format_header="plain"))

    def test_dumps_record_plain_refuses_what_only_a_tag_carries(self):
        with self.assertRaises(TypedJsonError) as c:
            dumps_record({"a": {"b": Decimal("1.5")}}, [], format_header="plain")
        self.assertEqual(f"BigDecimal {NEEDS_TAG} at $.a.b", str(c.exception))

    def test_dumps_record_takes_the_limits_of_dumps(self):
        self.assertEqual(([], b"[1]"), dumps_record([1], [], max_elements=2, max_depth=1))
        with self.assertRaises(TypedJsonError) as c:
            dumps_record({"a": "abcdef"}, [], format_header="typed", max_string_length=5)
        self.assertEqual("$.a", c.exception.path)
        self.assertIn("string of 6 UTF-16 units is longer than the limit of 5", c.exception.reason)
        with self.assertRaises(TypeError):
            dumps_record([1], [], limits=typedjson.Limits())


EVENTS = {"types": [{"name": "note.added", "shape": {"ref": "Note"}}],
          "shapes": {"Note": {"object": [["note", "string"], ["initial", "char"], ["counts", {"map": ["string", "int32"]}],
                                         ["byChar", {"map": ["char", "int32"]}], ["ratio", "float64"],
                                         ["extra", "dynamic"], ["tags", {"list": "string"}]]}}}
PLAIN_EVENT = ('{"note":"~5 late","initial":"~","counts":{"~k":1},"byChar":{"~":2},"ratio":"NaN",'
               '"extra":{"~map":[1]},"tags":["~~x"]}')
TYPED_EVENT = ('{"note":"~~5 late","initial":"~~","counts":{"~~k":1},"byChar":{"~~":2},"ratio":"NaN",'
               '"extra":{"~~map":[1]},"tags":["~~~x"]}')


class EventReaderTest(unittest.TestCase):
    def check(self, event):
        self.assertIsInstance(event, Event)
        self.assertEqual("note.added", event.type)
        v = event.value
        self.assertTrue(math.isnan(v.pop("ratio")))
        exact(self, {"note": "~5 late", "initial": "~", "counts": {"~k": Int32(1)}, "byChar": TypedMap([("~", Int32(2))]),
                     "extra": {"~map": [1]}, "tags": ["~~x"]}, v)

    def test_other_writers_json_reads_unmarked_or_plain_records_as_plain_documents_of_their_type(self):
        reader = EventReader(EVENTS, other_writers="json")
        self.check(reader.read(PLAIN_EVENT, [("ce_type", b"note.added")]))
        self.check(reader.read(PLAIN_EVENT, [("ce_type", b"note.added"), ("typedjson-format", b"plain")]))
        self.check(reader.read(TYPED_EVENT, [("ce_type", b"note.added"), ("typedjson-format", b"typed")]))
        with self.assertRaises(TypedJsonError) as c:  # by default the plain document is refused
            EventReader(EVENTS).read(PLAIN_EVENT, [("ce_type", b"note.added")])
        self.assertEqual('tagged value "~5 late" where a plain string belongs (a string starting with \'~\' is written '
                         "with the '~' doubled) at $.note (byte offset 8)", str(c.exception))

    def test_plain_json_has_no_envelope_and_the_mark_twice_is_refused(self):
        reader = EventReader(EVENTS, other_writers="json")
        # typedjson's envelope unmarked (a writer with no headers) is refused, with or without another record's ce_type
        for headers in ([], [("ce_type", b"note.added")]):
            with self.assertRaises(TypedJsonError) as c:
                reader.read('{"~type":"note.added","~v":' + PLAIN_EVENT + "}", headers)
            self.assertTrue(str(c.exception).startswith(
                'an event envelope (first key "~type") in a record read as plain JSON (typedjson.other.writers=json, '
                "no header typedjson-format): typedjson's writers mark their records while other writers share the "
                "topic (typedjson.format.header=typed)"), c.exception)
        self.check(reader.read('{"~type":"note.added","~v":' + TYPED_EVENT + "}", [("typedjson-format", b"typed")]))
        with self.assertRaises(TypedJsonError) as c:
            reader.read(PLAIN_EVENT, [("ce_type", b"note.added")] + marked(b"plain") * 2)
        self.assertEqual("the header typedjson-format is given twice at $", str(c.exception))


if __name__ == "__main__":
    unittest.main()
