"""Refusals the differential fuzz against Java found named elsewhere (SPEC.md section 8): each document's path and
byte offset as Java's TypedJsonConverter and event deserializer give them."""
import json
import os
import unittest

from typedjson import TypedJsonError, loads_connect
from typedjson.events import EventReader

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "..", "..", "spec", "vectors", "events-manifest.json"), encoding="utf-8") as f:
    MANIFEST = f.read()

CASES = json.loads('[{"kind": "connect", "header": "bool", "doc": "\\"~~", "path": "$", "offset": 3}, {"kind": "connect", "header": null, "doc": "{\\"~s\\":\\"{}\\",\\"~v\\":[?}", "path": "$[\\"~v\\"][0]", "offset": 17}, {"kind": "connect", "header": null, "doc": "{\\"~s\\":\\"str\\",\\"~v\\":\\"a\\",\\"網\\"}", "path": "$[\\"網\\"]", "offset": 26}, {"kind": "connect", "header": null, "doc": "{\\"~s\\":", "path": "$[\\"~s\\"]", "offset": 6}, {"kind": "connect", "header": "i32", "doc": "[1", "path": "$", "offset": 0}, {"kind": "connect", "header": null, "doc": "{\\"~s\\":\\"str\\",\\"~v\\":\\"a\\",\\"b\\":1}", "path": "$", "offset": 21}, {"kind": "connect", "header": null, "doc": "{\\"~s\\":\\"i32\\"}", "path": "$", "offset": 11}, {"kind": "connect", "header": null, "doc": "{\\"~s\\":1E+x,\\"~v\\":1}", "path": "$[\\"~s\\"]", "offset": 9}, {"kind": "event", "policy": "fail", "type": "order.shipped", "doc": "{\\"orderId\\":1,\\"shippedOn\\":\\"2026-12-01\\",\\"carrier\\":\\"la-poste\\",\\"tracking\\":\\"T\\",\\"parcels\\":[],\\"lines\\":[{\\"sku\\":\\"A\\"1}]}", "path": "$.lines[0].sku", "offset": 106}, {"kind": "event", "policy": "fail", "type": "order.shipped", "doc": "{\\"orderId\\":1,\\"shippedOn\\":\\"2026-12-01\\",\\"carrier\\":\\"la-poste\\",\\"tracking\\":\\"T\\",\\"parcels\\":[],\\"x\\":{\\"a\\":[1,tru]}}", "path": "$.x.a[1]", "offset": 99}, {"kind": "event", "policy": "fail", "type": "order.shipped", "doc": "{\\"orderId\\":1,\\"shippedOn\\":\\"2026-12-01\\",\\"carrier\\":\\"la-poste\\",\\"tracking\\":\\"T\\",\\"parcels\\":[],\\"x\\":{\\"a\\":1,\\"a\\":2}}", "path": "$.x.a", "offset": 102}, {"kind": "event", "policy": "fail", "type": "order.shipped", "doc": "{\\"orderId\\":1,\\"shippedOn\\":\\"2026-12-01\\",\\"carrier\\":", "path": "$.carrier", "offset": 48}, {"kind": "event", "policy": "pass", "type": null, "doc": "{\\"~type\\":\\"order.refunded\\",\\"~v\\":{\\"a\\":[1,{\\"b\\":tru}]}}", "path": "$[\\"~v\\"].a[1].b", "offset": 44}, {"kind": "event", "policy": "fail", "type": null, "doc": "{\\"~type\\":\\"order.shipped\\",\\"~v\\":", "path": "$[\\"~v\\"]", "offset": 30}, {"kind": "event", "policy": "fail", "type": "order.cancelled", "doc": "{\\"orderId\\":1,\\"reason\\":null,\\"after\\":\\"PT1H\\",\\"refunds\\":{},\\"credits\\":{\\"202602-02\\":12.5},\\"restock\\":true}", "path": "$.credits", "offset": 66}]')


class JavaRefusalsTest(unittest.TestCase):
    def test_refused_where_java_refuses(self):
        for c in CASES:
            with self.subTest(doc=c["doc"]):
                doc = c["doc"].encode("utf-8")
                with self.assertRaises(TypedJsonError) as e:
                    if c["kind"] == "connect":
                        loads_connect(doc, schema=c["header"]) if c["header"] else loads_connect(doc)
                    else:
                        EventReader(MANIFEST, unknown=c["policy"]).read(doc, {"ce_type": c["type"]} if c["type"] else {})
                self.assertEqual((e.exception.path, e.exception.offset), (c["path"], c["offset"]), str(e.exception))

    def test_an_unlisted_name_in_the_header_leaves_the_value_unread(self):
        # as Java: the policy decides before the document is looked at (SPEC.md 12.3), an empty or BOM-led one included
        for doc in (b"", b"\xef\xbb\xbf{}", b"\xff{"):
            with self.subTest(doc=doc):
                self.assertIsNone(EventReader(MANIFEST, unknown="skip").read(doc, {"ce_type": "order.refunded"}))
                self.assertEqual(doc, EventReader(MANIFEST, unknown="pass").read(doc, {"ce_type": "order.refunded"}).value)
                with self.assertRaises(TypedJsonError):
                    EventReader(MANIFEST, unknown="pass").read(doc, {"ce_type": "order.shipped"})


if __name__ == "__main__":
    unittest.main()
