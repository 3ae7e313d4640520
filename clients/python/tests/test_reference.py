"""Connect's schema location ``reference`` (SPEC.md section 11): fingerprints, the caller's resolver, the checks on
what it answers, the bounded cache, and the writer helpers. A dict stands for the schema topic."""
import hashlib
import json
import os
import unittest
from decimal import Decimal

from typedjson import Instant, Int32, TypedJsonError, TypedMap
from typedjson.connect import parse_schema, schema_notation
from typedjson.explicit import difference
from typedjson.reference import (SchemaResolver, dumps_connect_reference, loads_connect_record, loads_connect_reference,
                                 schema_fingerprint, schema_topic_record)

from .test_vectors import VECTORS

ORDERS = "{id:i64,name,status,amount:f64,tags:[str],ts}"
ROWS = "{id:i32,price:dec(10,2),at:ts?,lines:[{sku,qty:i32}],attrs:<i32,str>?,note?}"
ROW = {"id": Int32(7), "price": Decimal("10.50"), "at": Instant.of_epoch_milli(1700000000123),
       "lines": [{"sku": "~a", "qty": Int32(2)}], "attrs": TypedMap([(Int32(1), "x")]), "note": None}


def topic(*notations):
    return {schema_fingerprint(n): n.encode("utf-8") for n in notations}


class FingerprintTest(unittest.TestCase):
    def test_the_vectors_fingerprints(self):
        with open(os.path.join(VECTORS, "reference.json"), encoding="utf-8") as fh:
            entries = json.load(fh)
        self.assertGreaterEqual(len(entries), 5)
        self.assertTrue(any(not e["notation"].isascii() for e in entries))
        for e in entries:
            with self.subTest(e["name"]):
                self.assertEqual(e["fingerprint_hex"], schema_fingerprint(e["notation"]).hex())
                self.assertEqual(e["notation"], schema_notation(parse_schema(e["notation"])), "canonical")
                self.assertEqual((bytes.fromhex(e["fingerprint_hex"]), e["notation"].encode("utf-8")),
                                 schema_topic_record(e["notation"]))
        self.assertEqual("3117e7e8681b3b12c0645ca520df0c33", schema_fingerprint(ORDERS).hex())
        self.assertEqual(hashlib.sha256(ORDERS.encode()).hexdigest()[:32], schema_fingerprint(ORDERS).hex())


class ReferenceTest(unittest.TestCase):
    def test_round_trip_through_a_dict_backed_resolver(self):
        schema = parse_schema(ROWS)
        headers, value = dumps_connect_reference(schema, ROW)
        self.assertEqual(b'[7,10.50,"2023-11-14T22:13:20.123Z",[["~~a",2]],[1,"x"],null]', value)
        self.assertEqual([("typedjson.schema.ref", schema_fingerprint(ROWS))], headers)
        calls = []
        schemas = dict([schema_topic_record(schema)])
        resolver = SchemaResolver(lambda fp: calls.append(fp) or schemas.get(fp))
        for _ in range(3):
            got_schema, got = loads_connect_record(value, headers, resolver=resolver)
            self.assertEqual(ROWS, schema_notation(got_schema))
            self.assertIsNone(difference(ROW, got))
        self.assertEqual(1, len(calls), "one resolution per fingerprint")
        # a key: its own header
        key_headers, key = dumps_connect_reference(parse_schema("i64"), 42, key=True)
        self.assertEqual("typedjson.key.schema.ref", key_headers[0][0])
        self.assertEqual(42,
                         loads_connect_record(key, key_headers, resolver=topic("i64").get, key=True)[1])

    def test_other_locations_and_tombstones_need_no_resolver(self):
        self.assertEqual(Int32(5), loads_connect_record(b'{"~s":"i32","~v":5}', [])[1])
        self.assertEqual(Int32(5), loads_connect_record(b"5", [("typedjson.schema", b"i32")])[1])
        self.assertEqual((None, None), loads_connect_record(None, None))
        self.assertEqual(([], None), dumps_connect_reference(parse_schema(ORDERS), None))
        with self.assertRaisesRegex(TypedJsonError, "needs a resolver"):
            loads_connect_record(b"[]", {"typedjson.schema.ref": bytes(16)})

    def test_a_notation_with_another_fingerprint_is_refused_naming_both(self):
        fp = schema_fingerprint(ORDERS)
        lying = SchemaResolver(lambda _: "{id:i64,name}", topic="schemas")
        with self.assertRaises(TypedJsonError) as ctx:
            loads_connect_reference(b'[1,"a"]', fp, lying)
        self.assertIn(f"schema fingerprint {fp.hex()} (schema topic schemas) has the fingerprint "
                      f"{schema_fingerprint('{id:i64,name}').hex()}", str(ctx.exception))
        self.assertEqual(0, len(lying))
        with self.assertRaisesRegex(TypedJsonError, "has the fingerprint"):
            lying.add(fp, b"{id:i64,name}")
        with self.assertRaisesRegex(TypedJsonError, "not well-formed UTF-8"):
            lying.add(fp, b"\xff")
        lying.add(fp, ORDERS.encode())
        self.assertEqual({"id": 1, "name": "a", "status": "new", "amount": 2.5, "tags": [], "ts": "t"},
                         loads_connect_reference(b'[1,"a","new",2.5,[],"t"]', fp, lying)[1])

    def test_an_unknown_fingerprint_is_an_error_naming_it_and_the_topic(self):
        fp = schema_fingerprint("{x:i8}")
        with self.assertRaises(TypedJsonError) as ctx:
            loads_connect_reference(b"[1]", fp, {}.get)
        self.assertEqual(f"unknown schema fingerprint {fp.hex()}: the schema topic _typedjson-schemas has no "
                         "notation for it", ctx.exception.reason)

        def down(_):
            raise ConnectionError("broker down")
        with self.assertRaisesRegex(TypedJsonError, f"resolving schema fingerprint {fp.hex()} .* failed: broker down"):
            loads_connect_reference(b"[1]", fp, down)

    def test_a_header_that_is_not_16_bytes_is_refused_before_any_lookup(self):
        calls = []
        resolver = SchemaResolver(lambda fp: calls.append(fp) or ORDERS)
        for n in (0, 15, 17, 32):
            with self.assertRaisesRegex(TypedJsonError, f"typedjson.schema.ref holds {n} bytes, not the 16 bytes of a "
                                                        "schema fingerprint"):
                loads_connect_reference(b"[]", bytes(n), resolver)
        with self.assertRaisesRegex(TypedJsonError, "holds 10 bytes"):
            loads_connect_record(b"[]", [("typedjson.schema.ref", "0123456789")], resolver=resolver)
        self.assertEqual([], calls)

    def test_the_cache_is_bounded(self):
        schemas = topic("i8", "i16", "i32")
        asked = []
        resolver = SchemaResolver(lambda fp: asked.append(schemas[fp].decode()) or schemas[fp], max_entries=2)
        for n in ("i8", "i16", "i8", "i32", "i8", "i16"):
            loads_connect_reference(b"1", schema_fingerprint(n), resolver)
        self.assertEqual(["i8", "i16", "i32", "i16"], asked)
        self.assertEqual(2, len(resolver))

    def test_a_value_that_does_not_fit_its_schema_is_refused_with_its_path(self):
        resolver = SchemaResolver(topic(ROWS).get)
        with self.assertRaises(TypedJsonError) as ctx:
            loads_connect_reference(b'[7,"x"]', schema_fingerprint(ROWS), resolver)
        self.assertEqual(("$[1]", 3), (ctx.exception.path, ctx.exception.offset))
        wrong = dict(ROW, id=2**40)  # beyond int32
        with self.assertRaises(TypedJsonError) as ctx:
            dumps_connect_reference(parse_schema(ROWS), wrong)
        self.assertIn("does not fit the schema", str(ctx.exception))
        self.assertEqual("$[0]", ctx.exception.path)


if __name__ == "__main__":
    unittest.main()
