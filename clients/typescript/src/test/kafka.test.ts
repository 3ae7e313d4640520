// The kafkajs helpers: record values to bytes and back, tombstones as null.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serializer, deserializer, same, Decimal, Int32, TypedJsonError, Value } from "../index";

test("serializer and deserializer carry values exactly through record bytes", () => {
  const toBytes = serializer();
  const fromBytes = deserializer();
  const order = new Map<Value, Value>([["id", 9007199254740993n], ["price", new Decimal(1990n, 2)], ["qty", new Int32(3)], ["tags", new Set<Value>(["a", "b"])]]);
  const bytes = toBytes(order)!;
  assert.ok(Buffer.isBuffer(bytes), "kafkajs takes a Buffer");
  assert.equal(bytes.toString(), '{"id":9007199254740993,"price":"~d19.90","qty":"~i3","tags":{"~set":["a","b"]}}');
  assert.ok(same(fromBytes(bytes), order));
  assert.ok(same(fromBytes(bytes.toString()), order));
});

test("null is a tombstone both ways; a bad record is a TypedJsonError with path and offset", () => {
  assert.equal(serializer()(null), null);
  assert.equal(serializer()(undefined), null);
  assert.equal(deserializer()(null), null);
  assert.equal(Buffer.from(serializer()(null as never) ?? "x").toString(), "x");
  assert.throws(() => deserializer()(Buffer.from('{"qty":"~i1.5"}')), (e: unknown) => e instanceof TypedJsonError && e.path === "$.qty" && e.byteOffset === 7);
});
