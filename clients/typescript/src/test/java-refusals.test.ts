// Refusals the differential fuzz against Java found named elsewhere (SPEC.md section 8): each document's path and
// byte offset as Java's TypedJsonConverter and event deserializer give them.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { EventReader, parseConnect, parseConnectWithSchema, TypedJsonError } from "../index";

const manifest = fs.readFileSync(path.join(__dirname, "../../../../spec/vectors/events-manifest.json"), "utf8");

const cases: { kind: "connect" | "event"; header?: string | null; policy?: "fail" | "pass"; type?: string | null; doc: string; path: string; offset: number }[] = [
 {
  "kind": "connect",
  "header": "bool",
  "doc": "\"~~",
  "path": "$",
  "offset": 3
 },
 {
  "kind": "connect",
  "header": null,
  "doc": "{\"~s\":\"{}\",\"~v\":[?}",
  "path": "$[\"~v\"][0]",
  "offset": 17
 },
 {
  "kind": "connect",
  "header": null,
  "doc": "{\"~s\":\"str\",\"~v\":\"a\",\"網\"}",
  "path": "$[\"網\"]",
  "offset": 26
 },
 {
  "kind": "connect",
  "header": null,
  "doc": "{\"~s\":",
  "path": "$[\"~s\"]",
  "offset": 6
 },
 {
  "kind": "connect",
  "header": "i32",
  "doc": "[1",
  "path": "$",
  "offset": 0
 },
 {
  "kind": "connect",
  "header": null,
  "doc": "{\"~s\":\"str\",\"~v\":\"a\",\"b\":1}",
  "path": "$",
  "offset": 21
 },
 {
  "kind": "connect",
  "header": null,
  "doc": "{\"~s\":\"i32\"}",
  "path": "$",
  "offset": 11
 },
 {
  "kind": "connect",
  "header": null,
  "doc": "{\"~s\":1E+x,\"~v\":1}",
  "path": "$[\"~s\"]",
  "offset": 9
 },
 {
  "kind": "event",
  "policy": "fail",
  "type": "order.shipped",
  "doc": "{\"orderId\":1,\"shippedOn\":\"2026-12-01\",\"carrier\":\"la-poste\",\"tracking\":\"T\",\"parcels\":[],\"lines\":[{\"sku\":\"A\"1}]}",
  "path": "$.lines[0].sku",
  "offset": 106
 },
 {
  "kind": "event",
  "policy": "fail",
  "type": "order.shipped",
  "doc": "{\"orderId\":1,\"shippedOn\":\"2026-12-01\",\"carrier\":\"la-poste\",\"tracking\":\"T\",\"parcels\":[],\"x\":{\"a\":[1,tru]}}",
  "path": "$.x.a[1]",
  "offset": 99
 },
 {
  "kind": "event",
  "policy": "fail",
  "type": "order.shipped",
  "doc": "{\"orderId\":1,\"shippedOn\":\"2026-12-01\",\"carrier\":\"la-poste\",\"tracking\":\"T\",\"parcels\":[],\"x\":{\"a\":1,\"a\":2}}",
  "path": "$.x.a",
  "offset": 102
 },
 {
  "kind": "event",
  "policy": "fail",
  "type": "order.shipped",
  "doc": "{\"orderId\":1,\"shippedOn\":\"2026-12-01\",\"carrier\":",
  "path": "$.carrier",
  "offset": 48
 },
 {
  "kind": "event",
  "policy": "pass",
  "type": null,
  "doc": "{\"~type\":\"order.refunded\",\"~v\":{\"a\":[1,{\"b\":tru}]}}",
  "path": "$[\"~v\"].a[1].b",
  "offset": 44
 },
 {
  "kind": "event",
  "policy": "fail",
  "type": null,
  "doc": "{\"~type\":\"order.shipped\",\"~v\":",
  "path": "$[\"~v\"]",
  "offset": 30
 },
 {
  "kind": "event",
  "policy": "fail",
  "type": "order.cancelled",
  "doc": "{\"orderId\":1,\"reason\":null,\"after\":\"PT1H\",\"refunds\":{},\"credits\":{\"202602-02\":12.5},\"restock\":true}",
  "path": "$.credits",
  "offset": 66
 }
];

for (const c of cases) {
  test(`${c.kind} ${c.doc} is refused at ${c.path} (byte offset ${c.offset}), as Java refuses it`, () => {
    const doc = new TextEncoder().encode(c.doc);
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
