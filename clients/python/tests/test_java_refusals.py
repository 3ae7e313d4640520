"""Refusals a differential fuzz against Java found named elsewhere (SPEC.md section 8): each document's path and
byte offset as Java's TypedJsonConverter and event deserializer give them."""
import base64
import json
import os
import unittest

from typedjson import TypedJsonError, loads_connect
from typedjson.events import EventReader

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "..", "..", "spec", "vectors", "events-manifest.json"), encoding="utf-8") as f:
    MANIFEST = f.read()

CASES = json.loads('[{"kind": "connect", "doc": "\\"~~", "doc64": "In5+", "header": "bool", "path": "$", "offset": 3}, {"kind": "connect", "doc": "{\\"~s\\":\\"{}\\",\\"~v\\":[?}", "doc64": "eyJ+cyI6Int9IiwifnYiOls/fQ==", "header": null, "path": "$[\\"~v\\"][0]", "offset": 17}, {"kind": "connect", "doc": "{\\"~s\\":\\"str\\",\\"~v\\":\\"a\\",\\"網\\"}", "doc64": "eyJ+cyI6InN0ciIsIn52IjoiYSIsIue2siJ9", "header": null, "path": "$[\\"網\\"]", "offset": 26}, {"kind": "connect", "doc": "{\\"~s\\":", "doc64": "eyJ+cyI6", "header": null, "path": "$[\\"~s\\"]", "offset": 6}, {"kind": "connect", "doc": "[1", "doc64": "WzE=", "header": "i32", "path": "$", "offset": 0}, {"kind": "connect", "doc": "{\\"~s\\":\\"str\\",\\"~v\\":\\"a\\",\\"b\\":1}", "doc64": "eyJ+cyI6InN0ciIsIn52IjoiYSIsImIiOjF9", "header": null, "path": "$", "offset": 21}, {"kind": "connect", "doc": "{\\"~s\\":\\"i32\\"}", "doc64": "eyJ+cyI6ImkzMiJ9", "header": null, "path": "$", "offset": 11}, {"kind": "connect", "doc": "{\\"~s\\":1E+x,\\"~v\\":1}", "doc64": "eyJ+cyI6MUUreCwifnYiOjF9", "header": null, "path": "$[\\"~s\\"]", "offset": 9}, {"kind": "event", "doc": "{\\"orderId\\":1,\\"shippedOn\\":\\"2026-12-01\\",\\"carrier\\":\\"la-poste\\",\\"tracking\\":\\"T\\",\\"parcels\\":[],\\"lines\\":[{\\"sku\\":\\"A\\"1}]}", "doc64": "eyJvcmRlcklkIjoxLCJzaGlwcGVkT24iOiIyMDI2LTEyLTAxIiwiY2FycmllciI6ImxhLXBvc3RlIiwidHJhY2tpbmciOiJUIiwicGFyY2VscyI6W10sImxpbmVzIjpbeyJza3UiOiJBIjF9XX0=", "policy": "fail", "type": "order.shipped", "path": "$.lines[0].sku", "offset": 106}, {"kind": "event", "doc": "{\\"orderId\\":1,\\"shippedOn\\":\\"2026-12-01\\",\\"carrier\\":\\"la-poste\\",\\"tracking\\":\\"T\\",\\"parcels\\":[],\\"x\\":{\\"a\\":[1,tru]}}", "doc64": "eyJvcmRlcklkIjoxLCJzaGlwcGVkT24iOiIyMDI2LTEyLTAxIiwiY2FycmllciI6ImxhLXBvc3RlIiwidHJhY2tpbmciOiJUIiwicGFyY2VscyI6W10sIngiOnsiYSI6WzEsdHJ1XX19", "policy": "fail", "type": "order.shipped", "path": "$.x.a[1]", "offset": 99}, {"kind": "event", "doc": "{\\"orderId\\":1,\\"shippedOn\\":\\"2026-12-01\\",\\"carrier\\":\\"la-poste\\",\\"tracking\\":\\"T\\",\\"parcels\\":[],\\"x\\":{\\"a\\":1,\\"a\\":2}}", "doc64": "eyJvcmRlcklkIjoxLCJzaGlwcGVkT24iOiIyMDI2LTEyLTAxIiwiY2FycmllciI6ImxhLXBvc3RlIiwidHJhY2tpbmciOiJUIiwicGFyY2VscyI6W10sIngiOnsiYSI6MSwiYSI6Mn19", "policy": "fail", "type": "order.shipped", "path": "$.x.a", "offset": 102}, {"kind": "event", "doc": "{\\"orderId\\":1,\\"shippedOn\\":\\"2026-12-01\\",\\"carrier\\":", "doc64": "eyJvcmRlcklkIjoxLCJzaGlwcGVkT24iOiIyMDI2LTEyLTAxIiwiY2FycmllciI6", "policy": "fail", "type": "order.shipped", "path": "$.carrier", "offset": 48}, {"kind": "event", "doc": "{\\"~type\\":\\"order.refunded\\",\\"~v\\":{\\"a\\":[1,{\\"b\\":tru}]}}", "doc64": "eyJ+dHlwZSI6Im9yZGVyLnJlZnVuZGVkIiwifnYiOnsiYSI6WzEseyJiIjp0cnV9XX19", "policy": "pass", "type": null, "path": "$[\\"~v\\"].a[1].b", "offset": 44}, {"kind": "event", "doc": "{\\"~type\\":\\"order.shipped\\",\\"~v\\":", "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ+diI6", "policy": "fail", "type": null, "path": "$[\\"~v\\"]", "offset": 30}, {"kind": "event", "doc": "{\\"orderId\\":1,\\"reason\\":null,\\"after\\":\\"PT1H\\",\\"refunds\\":{},\\"credits\\":{\\"202602-02\\":12.5},\\"restock\\":true}", "doc64": "eyJvcmRlcklkIjoxLCJyZWFzb24iOm51bGwsImFmdGVyIjoiUFQxSCIsInJlZnVuZHMiOnt9LCJjcmVkaXRzIjp7IjIwMjYwMi0wMiI6MTIuNX0sInJlc3RvY2siOnRydWV9", "policy": "fail", "type": "order.cancelled", "path": "$.credits", "offset": 66}, {"kind": "connect", "doc": "{}", "doc64": "e30=", "header": "{a:i32}", "path": "$", "offset": 1}, {"kind": "connect", "doc": "{\\"~s\\":\\"{a:i32,b:i32}\\",\\"~v\\":[1]}", "doc64": "eyJ+cyI6InthOmkzMixiOmkzMn0iLCJ+diI6WzFdfQ==", "header": null, "path": "$[\\"~v\\"]", "offset": 29}, {"kind": "connect", "doc": "{\\"~s\\":\\"{a:i32}\\",\\"~v\\":[1,\\"\\\\xe2\\\\x9b\\"]}", "doc64": "eyJ+cyI6InthOmkzMn0iLCJ+diI6WzEsIuKbIl19", "header": null, "path": "$[\\"~v\\"][1]", "offset": 25}, {"kind": "connect", "doc": "nullnull", "doc64": "bnVsbG51bGw=", "header": "{a:i32?}", "path": "$", "offset": 0}, {"kind": "connect", "doc": "{\\"b\\":true}", "doc64": "eyJiIjp0cnVlfQ==", "header": "{a:bool}", "path": "$", "offset": 1}, {"kind": "connect", "doc": "{\\"a\\":1,\\"a\\":2}", "doc64": "eyJhIjoxLCJhIjoyfQ==", "header": "{a:i64,b:i64}", "path": "$.a", "offset": 11}, {"kind": "connect", "doc": "[1]01", "doc64": "WzFdMDE=", "header": "[i64]", "path": "$", "offset": 3}, {"kind": "connect", "doc": "\\\\xff\\u0000", "doc64": "/wA=", "header": null, "path": "$", "offset": 0}, {"kind": "connect", "doc": "{\\"~a\\" 1}", "doc64": "eyJ+YSIgMX0=", "header": "{a:i32}", "path": "$[\\"~a\\"]", "offset": 6}, {"kind": "event", "doc": "{\\"~type\\":\\"order.shipped\\"t\\"~v\\":{}}", "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQidCJ+diI6e319", "policy": "fail", "type": null, "path": "$[\\"~type\\"]", "offset": 24}, {"kind": "event", "doc": "{\\"~type\\":\\"order.shipped\\",\\"~v\\"{}}", "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ+diJ7fX0=", "policy": "fail", "type": null, "path": "$[\\"~v\\"]", "offset": 29}, {"kind": "event", "doc": "{\\"~type\\":\\"order.shipped\\",\\"v\\":{}}", "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ2Ijp7fX0=", "policy": "fail", "type": null, "path": "$", "offset": 25}, {"kind": "event", "doc": "{\\"~type\\":\\"order.shipped\\",\\"~v\\":{\\"orderId\\":1}1}", "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ+diI6eyJvcmRlcklkIjoxfTF9", "policy": "fail", "type": null, "path": "$[\\"~v\\"]", "offset": 43}, {"kind": "event", "doc": "{\\"~type\\":\\"order.shipped\\",\\"~v\\":{\\"orderId\\":1},\\"x\\":1}", "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ+diI6eyJvcmRlcklkIjoxfSwieCI6MX0=", "policy": "fail", "type": null, "path": "$", "offset": 44}, {"kind": "event", "doc": "{\\"~type\\":\\"order.shipped\\"}", "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQifQ==", "policy": "fail", "type": null, "path": "$", "offset": 24}, {"kind": "event", "doc": "{\\"orderId\\":1,\\"~x\\" 1}", "doc64": "eyJvcmRlcklkIjoxLCJ+eCIgMX0=", "policy": "fail", "type": "order.shipped", "path": "$[\\"~x\\"]", "offset": 18}, {"kind": "event", "doc": "\\\\xff\\u0000{}", "doc64": "/wB7fQ==", "policy": "fail", "type": "order.shipped", "path": "$", "offset": 0}]')


class JavaRefusalsTest(unittest.TestCase):
    def test_refused_where_java_refuses(self):
        for c in CASES:
            with self.subTest(doc=c["doc"]):
                doc = base64.b64decode(c["doc64"])
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
