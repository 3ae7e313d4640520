"""Several event types on one topic (SPEC.md section 12): spec/vectors/events.json read with the manifest
spec/vectors/events-manifest.json (generated from the Java test classes) by EventReader, every read case as the Java
deserializer reads it: the name and the value, skipped, passed through, or refused with the same reason, path and
offset."""
import json
import os
import unittest

from typedjson import TypedJsonError
from typedjson.events import Event, EventReader, UnknownEvent, parse_manifest
from typedjson.explicit import difference, from_explicit

DIR = os.path.join(os.path.dirname(__file__), "..", "..", "..", "spec", "vectors")


def load():
    with open(os.path.join(DIR, "events.json"), encoding="utf-8") as fh:
        vectors = json.load(fh)
    with open(os.path.join(DIR, vectors["manifest"]), encoding="utf-8") as fh:
        return vectors, fh.read()


VECTORS, MANIFEST = load()


class EventVectorFileTest(unittest.TestCase):
    def test_the_vectors_and_the_manifest(self):
        self.assertGreaterEqual(len(VECTORS["read"]), 90)
        self.assertEqual(["order.created", "order.shipped", "order.cancelled"],
                         [t["name"] for t in parse_manifest(MANIFEST)["types"]])


def check(test, v):
    reader = EventReader(MANIFEST, unknown=v["policy"], location=v.get("location", "header"))
    headers = [(k, None if h is None else h.encode("utf-8")) for k, h in v["headers"]]
    document = None if v["document"] is None else v["document"].encode("utf-8")
    expect = v["expect"]
    if "error" in expect:
        with test.assertRaises(TypedJsonError) as caught:
            reader.read(document, headers)
        # the reason, path and byte offset the Java deserializer gives (a null path: an error about the headers,
        # reported at $ without an offset)
        e = caught.exception
        test.assertEqual((expect["error"], v["path"] or "$", v["offset"]), (e.reason, e.path, e.offset))
        return
    got = reader.read(document, headers)
    if expect.get("null") or expect.get("skip"):
        test.assertIsNone(got)
    elif "pass" in expect:
        test.assertIsInstance(got, UnknownEvent)
        test.assertEqual(expect["pass"], got.type)
        test.assertEqual(document, got.value)
        test.assertEqual(headers, got.headers)
    else:
        test.assertIsInstance(got, Event)
        test.assertEqual(expect["type"], got.type)
        test.assertIsNone(difference(from_explicit(expect["value"]), got.value))


class EventVectorTest(unittest.TestCase):
    """One test per read vector."""


for _i, _v in enumerate(VECTORS["read"]):
    setattr(EventVectorTest, f"test_{_i:03d}_" + "".join(c if c.isalnum() else "_" for c in _v["name"]),
            lambda self, v=_v: check(self, v))


class EventReaderTest(unittest.TestCase):
    def test_a_manifest_that_does_not_hold_together_is_refused(self):
        for bad, phrase in [({"types": [{"name": "a b", "shape": "int32"}], "shapes": {}}, "not an event type name"),
                            ({"types": [{"name": "a", "shape": {"ref": "X"}}], "shapes": {}}, 'not in "shapes"'),
                            ({"types": [{"name": "a", "shape": "int33"}], "shapes": {}}, "unknown shape"),
                            ({"types": [{"name": "a", "shape": "int32"}] * 2, "shapes": {}}, "twice")]:
            with self.assertRaises(ValueError) as caught:
                parse_manifest(bad)
            self.assertIn(phrase, str(caught.exception))

    def test_dict_headers_and_text_values(self):
        reader = EventReader(MANIFEST, unknown="pass")
        e = reader.read('{"orderId":1}', {"ce_type": "order.shipped"})
        self.assertEqual("order.shipped", e.type)
        self.assertEqual(1, e.value["orderId"])
        u = reader.read(b'{"orderId":1}', {"ce_type": "com.acme.OrderShipped"})
        self.assertEqual(UnknownEvent("com.acme.OrderShipped", b'{"orderId":1}', [("ce_type", b"com.acme.OrderShipped")]), u)

    def test_a_map_key_that_is_not_its_types_text_is_named_at_the_map(self):
        """A key is refused at its own offset but at the path of the object that holds it, as every key is."""
        doc = b'{"orderId":1,"credits":{"2026-12-02":12.5,"2026.12.03":1}}'
        with self.assertRaises(TypedJsonError) as caught:
            EventReader(MANIFEST).read(doc, {"ce_type": "order.cancelled"})
        e = caught.exception
        self.assertEqual(('key "2026.12.03" is not the canonical text of a date', "$.credits", doc.index(b'"2026.')),
                         (e.reason, e.path, e.offset))

    def test_a_duplicate_field_is_refused_once_its_values_first_token_is_read_malformed_json_in_that_token_first(self):
        # SPEC.md section 8; the duplicate itself named after a well-formed first token: events.json
        for doc, word, path, offset in [(b'{"orderId":1,"orderId":tru}', "'tru'", "$.orderId", 23),
                                        (b'{"orderId":1,"x":1,"x":"\\q"}', "escape", "$.x", 25),
                                        (b'{"orderId":1,"x":1,"x":01}', "Leading zeroes", "$.x", 23),
                                        (b'{"orderId":1,"orderId":', "end-of-input", "$.orderId", 23),
                                        (b'{"orderId":1,"x":{"a":1,"a":-}}', "after '-'", "$.x.a", 29)]:
            with self.subTest(doc=doc):
                with self.assertRaises(TypedJsonError) as caught:
                    EventReader(MANIFEST).read(doc, {"ce_type": "order.shipped"})
                e = caught.exception
                self.assertIn(word, e.reason)
                self.assertEqual((path, offset), (e.path, e.offset))

    def test_a_map_of_dynamic_keys_is_refused_at_its_repeated_key_or_at_the_close_without_a_last_value(self):
        reader = EventReader({"types": [{"name": "m", "shape": {"map": ["dynamic", "int32"]}}], "shapes": {}})
        for doc, reason, path, offset in [(b"[1,2,1,3]", "duplicate key in a map", "$[2]", 5),
                                          (b"[1,2,3]", "a map's array must alternate keys and values, but its last "
                                                       "key has no value", "$", 6)]:
            with self.assertRaises(TypedJsonError) as caught:
                reader.read(doc, {"ce_type": "m"})
            e = caught.exception
            self.assertEqual((reason, path, offset), (e.reason, e.path, e.offset))

    def test_each_case_of_the_type_header_is_named_as_what_it_is(self):
        """As Java names them: a header with a null value, bytes that are not UTF-8 (a name in no list, which the
        policy decides: SPEC.md 12.2)."""
        doc = b'{"orderId":1}'
        types = " (the topic's types are order.created, order.shipped, order.cancelled)"

        def reason(headers):
            with self.assertRaises(TypedJsonError) as ctx:
                EventReader(MANIFEST).read(doc, headers)
            return str(ctx.exception)
        self.assertEqual("no event type: the record's header ce_type has a null value and its value is no event envelope "
                         '{"~type":"<name>","~v":<document>}' + types + " at $", reason([("ce_type", None)]))
        latin1 = "order.shipp\u00e9d".encode("latin-1")
        self.assertEqual("the record's header ce_type is not UTF-8 (byte E9 at index 11): it names no listed event type"
                         + types + " at $", reason([("ce_type", latin1)]))
        self.assertEqual("the record's header ce_type is not UTF-8 (byte C0 at index 0): it names no listed event type"
                         + types + " at $", reason([("ce_type", b"\xc0\xaf")]))
        self.assertIn("(byte E0 at index 1)", reason([("ce_type", b"a\xe0\x80\x80")]))
        self.assertIn("(byte F0 at index 2)", reason([("ce_type", b"ab\xf0\x9f\x98")]))
        self.assertIn("(byte ED at index 0)", reason([("ce_type", b"\xed\xa0\x80")]))  # a surrogate
        self.assertIsNone(EventReader(MANIFEST, unknown="skip").read(doc, [("ce_type", latin1)]))
        self.assertEqual("order.shipp\ufffdd", EventReader(MANIFEST, unknown="pass").read(doc, [("ce_type", latin1)]).type)


if __name__ == "__main__":
    unittest.main()
