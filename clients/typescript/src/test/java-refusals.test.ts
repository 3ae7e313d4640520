// Refusals a differential fuzz against Java found named elsewhere (SPEC.md section 8): each document's path and
// byte offset as Java's TypedJsonConverter and event deserializer give them (`doc` shows `doc64`, the bytes read).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { EventReader, parseConnect, parseConnectWithSchema, TypedJsonError } from "../index";

const manifest = fs.readFileSync(path.join(__dirname, "../../../../spec/vectors/events-manifest.json"), "utf8");

interface Case { kind: string; doc: string; doc64: string; header?: string | null; policy?: "fail" | "pass"; type?: string | null; path: string; offset: number }
const cases: Case[] = [
 {
  "kind": "connect",
  "doc": "\"~~",
  "doc64": "In5+",
  "header": "bool",
  "path": "$",
  "offset": 3
 },
 {
  "kind": "connect",
  "doc": "{\"~s\":\"{}\",\"~v\":[?}",
  "doc64": "eyJ+cyI6Int9IiwifnYiOls/fQ==",
  "header": null,
  "path": "$[\"~v\"][0]",
  "offset": 17
 },
 {
  "kind": "connect",
  "doc": "{\"~s\":\"str\",\"~v\":\"a\",\"網\"}",
  "doc64": "eyJ+cyI6InN0ciIsIn52IjoiYSIsIue2siJ9",
  "header": null,
  "path": "$[\"網\"]",
  "offset": 26
 },
 {
  "kind": "connect",
  "doc": "{\"~s\":",
  "doc64": "eyJ+cyI6",
  "header": null,
  "path": "$[\"~s\"]",
  "offset": 6
 },
 {
  "kind": "connect",
  "doc": "[1",
  "doc64": "WzE=",
  "header": "i32",
  "path": "$",
  "offset": 0
 },
 {
  "kind": "connect",
  "doc": "{\"~s\":\"str\",\"~v\":\"a\",\"b\":1}",
  "doc64": "eyJ+cyI6InN0ciIsIn52IjoiYSIsImIiOjF9",
  "header": null,
  "path": "$",
  "offset": 21
 },
 {
  "kind": "connect",
  "doc": "{\"~s\":\"i32\"}",
  "doc64": "eyJ+cyI6ImkzMiJ9",
  "header": null,
  "path": "$",
  "offset": 11
 },
 {
  "kind": "connect",
  "doc": "{\"~s\":1E+x,\"~v\":1}",
  "doc64": "eyJ+cyI6MUUreCwifnYiOjF9",
  "header": null,
  "path": "$[\"~s\"]",
  "offset": 9
 },
 {
  "kind": "event",
  "doc": "{\"orderId\":1,\"shippedOn\":\"2026-12-01\",\"carrier\":\"la-poste\",\"tracking\":\"T\",\"parcels\":[],\"lines\":[{\"sku\":\"A\"1}]}",
  "doc64": "eyJvcmRlcklkIjoxLCJzaGlwcGVkT24iOiIyMDI2LTEyLTAxIiwiY2FycmllciI6ImxhLXBvc3RlIiwidHJhY2tpbmciOiJUIiwicGFyY2VscyI6W10sImxpbmVzIjpbeyJza3UiOiJBIjF9XX0=",
  "policy": "fail",
  "type": "order.shipped",
  "path": "$.lines[0].sku",
  "offset": 106
 },
 {
  "kind": "event",
  "doc": "{\"orderId\":1,\"shippedOn\":\"2026-12-01\",\"carrier\":\"la-poste\",\"tracking\":\"T\",\"parcels\":[],\"x\":{\"a\":[1,tru]}}",
  "doc64": "eyJvcmRlcklkIjoxLCJzaGlwcGVkT24iOiIyMDI2LTEyLTAxIiwiY2FycmllciI6ImxhLXBvc3RlIiwidHJhY2tpbmciOiJUIiwicGFyY2VscyI6W10sIngiOnsiYSI6WzEsdHJ1XX19",
  "policy": "fail",
  "type": "order.shipped",
  "path": "$.x.a[1]",
  "offset": 99
 },
 {
  "kind": "event",
  "doc": "{\"orderId\":1,\"shippedOn\":\"2026-12-01\",\"carrier\":\"la-poste\",\"tracking\":\"T\",\"parcels\":[],\"x\":{\"a\":1,\"a\":2}}",
  "doc64": "eyJvcmRlcklkIjoxLCJzaGlwcGVkT24iOiIyMDI2LTEyLTAxIiwiY2FycmllciI6ImxhLXBvc3RlIiwidHJhY2tpbmciOiJUIiwicGFyY2VscyI6W10sIngiOnsiYSI6MSwiYSI6Mn19",
  "policy": "fail",
  "type": "order.shipped",
  "path": "$.x.a",
  "offset": 102
 },
 {
  "kind": "event",
  "doc": "{\"orderId\":1,\"shippedOn\":\"2026-12-01\",\"carrier\":",
  "doc64": "eyJvcmRlcklkIjoxLCJzaGlwcGVkT24iOiIyMDI2LTEyLTAxIiwiY2FycmllciI6",
  "policy": "fail",
  "type": "order.shipped",
  "path": "$.carrier",
  "offset": 48
 },
 {
  "kind": "event",
  "doc": "{\"~type\":\"order.refunded\",\"~v\":{\"a\":[1,{\"b\":tru}]}}",
  "doc64": "eyJ+dHlwZSI6Im9yZGVyLnJlZnVuZGVkIiwifnYiOnsiYSI6WzEseyJiIjp0cnV9XX19",
  "policy": "pass",
  "type": null,
  "path": "$[\"~v\"].a[1].b",
  "offset": 44
 },
 {
  "kind": "event",
  "doc": "{\"~type\":\"order.shipped\",\"~v\":",
  "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ+diI6",
  "policy": "fail",
  "type": null,
  "path": "$[\"~v\"]",
  "offset": 30
 },
 {
  "kind": "event",
  "doc": "{\"orderId\":1,\"reason\":null,\"after\":\"PT1H\",\"refunds\":{},\"credits\":{\"202602-02\":12.5},\"restock\":true}",
  "doc64": "eyJvcmRlcklkIjoxLCJyZWFzb24iOm51bGwsImFmdGVyIjoiUFQxSCIsInJlZnVuZHMiOnt9LCJjcmVkaXRzIjp7IjIwMjYwMi0wMiI6MTIuNX0sInJlc3RvY2siOnRydWV9",
  "policy": "fail",
  "type": "order.cancelled",
  "path": "$.credits",
  "offset": 66
 },
 {
  "kind": "connect",
  "doc": "{}",
  "doc64": "e30=",
  "header": "{a:i32}",
  "path": "$",
  "offset": 1
 },
 {
  "kind": "connect",
  "doc": "{\"~s\":\"{a:i32,b:i32}\",\"~v\":[1]}",
  "doc64": "eyJ+cyI6InthOmkzMixiOmkzMn0iLCJ+diI6WzFdfQ==",
  "header": null,
  "path": "$[\"~v\"]",
  "offset": 29
 },
 {
  "kind": "connect",
  "doc": "{\"~s\":\"{a:i32}\",\"~v\":[1,\"\\xe2\\x9b\"]}",
  "doc64": "eyJ+cyI6InthOmkzMn0iLCJ+diI6WzEsIuKbIl19",
  "header": null,
  "path": "$[\"~v\"][1]",
  "offset": 25
 },
 {
  "kind": "connect",
  "doc": "nullnull",
  "doc64": "bnVsbG51bGw=",
  "header": "{a:i32?}",
  "path": "$",
  "offset": 0
 },
 {
  "kind": "connect",
  "doc": "{\"b\":true}",
  "doc64": "eyJiIjp0cnVlfQ==",
  "header": "{a:bool}",
  "path": "$",
  "offset": 1
 },
 {
  "kind": "connect",
  "doc": "{\"a\":1,\"a\":2}",
  "doc64": "eyJhIjoxLCJhIjoyfQ==",
  "header": "{a:i64,b:i64}",
  "path": "$.a",
  "offset": 11
 },
 {
  "kind": "connect",
  "doc": "[1]01",
  "doc64": "WzFdMDE=",
  "header": "[i64]",
  "path": "$",
  "offset": 3
 },
 {
  "kind": "connect",
  "doc": "\\xff\u0000",
  "doc64": "/wA=",
  "header": null,
  "path": "$",
  "offset": 0
 },
 {
  "kind": "connect",
  "doc": "{\"~a\" 1}",
  "doc64": "eyJ+YSIgMX0=",
  "header": "{a:i32}",
  "path": "$[\"~a\"]",
  "offset": 6
 },
 {
  "kind": "event",
  "doc": "{\"~type\":\"order.shipped\"t\"~v\":{}}",
  "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQidCJ+diI6e319",
  "policy": "fail",
  "type": null,
  "path": "$[\"~type\"]",
  "offset": 24
 },
 {
  "kind": "event",
  "doc": "{\"~type\":\"order.shipped\",\"~v\"{}}",
  "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ+diJ7fX0=",
  "policy": "fail",
  "type": null,
  "path": "$[\"~v\"]",
  "offset": 29
 },
 {
  "kind": "event",
  "doc": "{\"~type\":\"order.shipped\",\"v\":{}}",
  "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ2Ijp7fX0=",
  "policy": "fail",
  "type": null,
  "path": "$",
  "offset": 25
 },
 {
  "kind": "event",
  "doc": "{\"~type\":\"order.shipped\",\"~v\":{\"orderId\":1}1}",
  "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ+diI6eyJvcmRlcklkIjoxfTF9",
  "policy": "fail",
  "type": null,
  "path": "$[\"~v\"]",
  "offset": 43
 },
 {
  "kind": "event",
  "doc": "{\"~type\":\"order.shipped\",\"~v\":{\"orderId\":1},\"x\":1}",
  "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQiLCJ+diI6eyJvcmRlcklkIjoxfSwieCI6MX0=",
  "policy": "fail",
  "type": null,
  "path": "$",
  "offset": 44
 },
 {
  "kind": "event",
  "doc": "{\"~type\":\"order.shipped\"}",
  "doc64": "eyJ+dHlwZSI6Im9yZGVyLnNoaXBwZWQifQ==",
  "policy": "fail",
  "type": null,
  "path": "$",
  "offset": 24
 },
 {
  "kind": "event",
  "doc": "{\"orderId\":1,\"~x\" 1}",
  "doc64": "eyJvcmRlcklkIjoxLCJ+eCIgMX0=",
  "policy": "fail",
  "type": "order.shipped",
  "path": "$[\"~x\"]",
  "offset": 18
 },
 {
  "kind": "event",
  "doc": "\\xff\u0000{}",
  "doc64": "/wB7fQ==",
  "policy": "fail",
  "type": "order.shipped",
  "path": "$",
  "offset": 0
 },
 {
  "kind": "event",
  "doc": "{\"orderId\":1,\"orderId\":2}",
  "doc64": "eyJvcmRlcklkIjoxLCJvcmRlcklkIjoyfQ==",
  "policy": "fail",
  "type": "order.shipped",
  "path": "$.orderId",
  "offset": 23
 },
 {
  "kind": "event",
  "doc": "{\"orderId\":1,\"tracking\":nullx}",
  "doc64": "eyJvcmRlcklkIjoxLCJ0cmFja2luZyI6bnVsbHh9",
  "policy": "fail",
  "type": "order.shipped",
  "path": "$.tracking",
  "offset": 24
 },
 {
  "kind": "connect",
  "doc": "{\"~s\":\"{a:{``:i8}}\",\"~v\":[[1]]}",
  "doc64": "eyJ+cyI6InthOntgYDppOH19IiwifnYiOltbMV1dfQ==",
  "header": null,
  "path": "$[\"~s\"]",
  "offset": 6
 }
];

for (const c of cases) {
  test(`${c.kind} ${JSON.stringify(c.doc)} is refused at ${c.path} (byte offset ${c.offset}), as Java refuses it`, () => {
    const doc = new Uint8Array(Buffer.from(c.doc64, "base64"));
    const read = c.kind === "connect"
      ? () => (c.header ? parseConnectWithSchema(c.header, doc) : parseConnect(doc))
      : () => new EventReader(manifest, { unknown: c.policy }).read({ value: doc, headers: c.type ? { ce_type: c.type } : {} });
    assert.throws(read, (e: unknown) => {
      assert.ok(e instanceof TypedJsonError, String(e));
      assert.equal(e.path, c.path, e.message);
      assert.equal(e.byteOffset, c.offset, e.message);
      return true;
    });
  });
}
