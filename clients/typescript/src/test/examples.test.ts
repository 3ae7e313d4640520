// The kafkajs example (src/examples/reference-consumer.ts) compiles with the package and loads without a broker;
// its schema-topic store feeds the resolver, which waits for a schema that comes later. No broker is started.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SchemaTopicNotations } from "../examples/reference-consumer";
import { Int32, SchemaResolver, TypedJsonError, parseConnectRecord, parseSchemaNotation, same, schemaTopicRecord, writeConnectReference, Value } from "../index";

const SCHEMA = "{id:i32,name}";

test("records resolve through the schema topic's records, also one that arrives after its record", async () => {
  const notations = new SchemaTopicNotations(2000);
  const resolver = new SchemaResolver(notations.resolve);
  const out = writeConnectReference(parseSchemaNotation(SCHEMA), new Map<Value, Value>([["id", new Int32(1)], ["name", "a"]]));
  const reading = parseConnectRecord({ value: out.value, headers: out.headers }, resolver);
  setTimeout(() => {
    notations.add(Buffer.from("not a fingerprint"), Buffer.from("i8")); // skipped
    notations.add(out.schemaRecord.key, out.schemaRecord.value);
  }, 20);
  const { value } = await reading;
  assert.ok(same(value, new Map<Value, Value>([["id", new Int32(1)], ["name", "a"]])));
  assert.equal(notations.size, 1);
});

test("a schema that never arrives is refused after the wait, naming its fingerprint", async () => {
  const notations = new SchemaTopicNotations(30);
  const { key } = schemaTopicRecord("i64");
  await assert.rejects(parseConnectRecord({ value: "1", headers: { "typedjson.schema.ref": key } }, new SchemaResolver(notations.resolve)),
    (e: unknown) => e instanceof TypedJsonError && e.message.includes(`unknown schema fingerprint ${key.toString("hex")}`));
});
