// Connect's inline documents (SPEC.md section 11): the schema notation gives the values their types.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseConnect, parseConnectWithSchema, parseSchemaNotation, stringify, same, TypedJsonError, Int32, Int16, Decimal, Instant, LocalDate, LocalTime, Float32, Value, writeSchemaNotation } from "../index";

function refused(doc: string, path: string, word: string): void {
  assert.throws(() => parseConnect(doc), (e: unknown) => {
    if (!(e instanceof TypedJsonError)) assert.fail(`not a TypedJsonError: ${String(e)}`);
    assert.equal(e.path, path, e.message);
    assert.ok(e.message.includes(word), `"${e.message}" lacks "${word}"`);
    assert.ok(e.byteOffset >= 0);
    return true;
  });
}

test("the rows example of SPEC.md: every field typed by the schema", () => {
  const { schema, value } = parseConnect('{"~s":"{id:i32,customer_id:i64,qty:i16,price:dec(2),created:ts,ship_date:date?,note?,active:bool,score:f32,payload:bytes?}","~v":[100000,8255519,94,9771.82,"2026-11-24T05:19:08.205Z","2026-11-27","gift wrap",false,0.8032,"4bvnrijARQzkPAhPS7sr8YOd7g=="]}');
  assert.equal(schema!.type, "STRUCT");
  assert.deepEqual(schema!.fields!.map((f) => f.name), ["id", "customer_id", "qty", "price", "created", "ship_date", "note", "active", "score", "payload"]);
  assert.equal(schema!.fields![5].schema.optional, true);
  assert.equal(schema!.fields![3].schema.name, "org.apache.kafka.connect.data.Decimal");
  const row = value as Map<string, Value>;
  assert.ok(same(row.get("id")!, new Int32(100000)));
  assert.equal(row.get("customer_id"), 8255519n);
  assert.ok(same(row.get("qty")!, new Int16(94)));
  assert.ok(same(row.get("price")!, new Decimal(977182n, 2)));
  assert.ok(same(row.get("created")!, Instant.ofEpochMilli(Date.UTC(2026, 10, 24, 5, 19, 8, 205))));
  assert.ok(same(row.get("ship_date")!, new LocalDate(2026, 11, 27)));
  assert.ok(same(row.get("score")!, Float32.round(0.8032)));
  // the same value in the dynamic model: what the converter writes with schema location none
  assert.equal(stringify(value), '{"id":"~i100000","customer_id":8255519,"qty":"~s94","price":"~d9771.82","created":"~t2026-11-24T05:19:08.205Z","ship_date":"~D2026-11-27","note":"gift wrap","active":false,"score":"~f0.8032","payload":"~b4bvnrijARQzkPAhPS7sr8YOd7g=="}');
});

test("the orders example, maps, arrays, nulls and defaults", () => {
  const { value } = parseConnect('{"~s":"{id:i64,name,status,amount:f64,tags:[str],ts}","~v":[1000000,"Eve Novak","NEW",875.25,["priority","priority"],"2026-11-23T08:25:23.618Z"]}');
  assert.equal(stringify(value), '{"id":1000000,"name":"Eve Novak","status":"NEW","amount":875.25,"tags":["priority","priority"],"ts":"2026-11-23T08:25:23.618Z"}'); // ts here is a field name: a string
  assert.equal(stringify(parseConnect('{"~s":"<i32,str>","~v":[1,"one",2,"two"]}').value), '{"~map":["~i1","one","~i2","two"]}');
  assert.equal(stringify(parseConnect('{"~s":"<str,f32>","~v":{"~~k":1.5,"b":"NaN"}}').value), '{"~~k":"~f1.5","b":"~fNaN"}');
  assert.deepEqual(parseConnect('{"~s":"i32?","~v":null}').value, null);
  assert.equal(parseConnect('{"~s":"i32?=7","~v":null}').schema!.defaultValue instanceof Int32, true);
  assert.equal(stringify(parseConnect('{"~s":"time","~v":"05:35:45.123"}').value), '"~T05:35:45.123"');
  assert.ok(same(parseConnect('{"~s":"time","~v":"00:00"}').value, new LocalTime(0, 0)));
  assert.equal(stringify(parseConnect('{"~s":"dec(-3)","~v":1E+3}').value), '"~d1E+3"');
  assert.equal(stringify(parseConnect('{"~s":"{a:{b:[f64]}?}","~v":[[[1,2.5,"-Infinity"]]]}').value), '{"a":{"b":[1.0,2.5,"~z-Infinity"]}}');
});

test("a document without a schema is the dynamic model's value", () => {
  const r = parseConnect('{"id":"~i5","~~s":1}');
  assert.equal(r.schema, null);
  assert.equal(stringify(r.value), '{"id":"~i5","~~s":1}');
});

test("the schema notation: names, versions, docs, parameters, defaults, quoted words", () => {
  const s = parseSchemaNotation("i64(k=v)@com.acme.Id#1!`an id`");
  assert.equal(s.type, "INT64");
  assert.equal(s.name, "com.acme.Id");
  assert.equal(s.version, 1);
  assert.equal(s.doc, "an id");
  assert.deepEqual([...s.parameters!], [["k", "v"]]);
  assert.equal(parseSchemaNotation('str=`"a b"`').defaultValue, "a b");
  assert.equal(parseSchemaNotation("str=`\"it``s\"`").defaultValue, "it`s");
  const m = parseSchemaNotation("<i32,{a:i32,b?}@com.acme.Inner#2>");
  assert.equal(m.valueSchema!.name, "com.acme.Inner");
  assert.deepEqual(m.valueSchema!.fields!.map((f) => [f.name, f.schema.type, f.schema.optional]), [["a", "INT32", false], ["b", "STRING", true]]);
  const d = parseSchemaNotation("dec(10,2)(k=v)?");
  assert.deepEqual([...d.parameters!], [["scale", "2"], ["connect.decimal.precision", "10"], ["k", "v"]]);
  assert.equal(d.optional, true);
  const st = parseSchemaNotation('{a:i32=5,b:{x:f64}?=`{"x":1.5}`}');
  assert.ok(same(st.fields![0].schema.defaultValue!, new Int32(5)));
  assert.equal(stringify(st.fields![1].schema.defaultValue!), '{"x":1.5}');
  for (const bad of ["i33", "{a:i32,a:i64}", "i32??", "i32@a@b", "dec(x)", "[i32", "i32=`1.5`", "str=abc", "{a:i32=`\"x\"`}", "`"]) {
    assert.throws(() => parseSchemaNotation(bad), /invalid schema notation at character \d+/, bad);
  }
});

test("values that do not fit their schema are refused with the path and offset", () => {
  refused('{"~s":"{a:i32,b:[i16]}","~v":[1,[1,70000]]}', '$["~v"][1][1]', "out of range for int16");
  refused('{"~s":"i64","~v":1.0}', '$["~v"]', "fraction or exponent");
  refused('{"~s":"i32","~v":"1"}', '$["~v"]', "where an int32 belongs");
  refused('{"~s":"i32","~v":null}', '$["~v"]', "null for a required INT32");
  refused('{"~s":"dec(2)","~v":1.5}', '$["~v"]', "scale 1 but the schema's scale is 2");
  refused('{"~s":"str","~v":"~t"}', '$["~v"]', "where a plain string belongs");
  refused('{"~s":"bytes","~v":"AQJ="}', '$["~v"]', "malformed base64");
  refused('{"~s":"ts","~v":"2026-11-23T08:25:23.618001Z"}', '$["~v"]', "finer than the millisecond");
  refused('{"~s":"ts","~v":"2026-11-23T08:25Z"}', '$["~v"]', "malformed instant");
  refused('{"~s":"ts","~v":"2026-11-23 08:25:23Z"}', '$["~v"]', "malformed instant");
  refused('{"~s":"ts","~v":"2026-11-23T23:59:60Z"}', '$["~v"]', "malformed instant");
  refused('{"~s":"ts","~v":"2026-11-23T08:25:23+0200"}', '$["~v"]', "malformed instant");
  refused('{"~s":"time","~v":"1:02"}', '$["~v"]', "malformed local time");
  refused('{"~s":"time","~v":"10:15:00."}', '$["~v"]', "malformed local time");
  // a typed position takes the second spellings of SPEC.md section 5.2: RFC 3339 instants, hh:mm:ss times
  for (const ts of ["2026-11-23T08:25:23.6180Z", "2026-11-23T10:25:23.618+02:00", "2026-11-23t08:25:23.618z", "2026-11-23T08:25:23.618000+00:00"]) {
    assert.ok(same(parseConnect(`{"~s":"ts","~v":"${ts}"}`).value, Instant.ofEpochMilli(Date.UTC(2026, 10, 23, 8, 25, 23, 618))), ts);
  }
  assert.ok(same(parseConnect('{"~s":"time","~v":"10:15:00"}').value, new LocalTime(10, 15)));
  // the notation has one spelling: anything else is refused at the first character that differs
  refused('{"~s":"i8?@n","~v":null}', '$["~s"]', "suffix '@' after '?'");
  refused('{"~s":"{a:str}","~v":null}', '$["~s"]', "without ':str'");
  refused('{"~s":"i32=`7`","~v":null}', '$["~s"]', "without backticks");
  refused('{"~s":"i32@org.apache.kafka.connect.data.Date#1","~v":null}', '$["~s"]', "non-canonical notation: a schema has one spelling, and this one is written date");
  refused('{"~s":"<str,i8>=`{\\"a\\": 1}`","~v":null}', '$["~s"]', "invalid schema notation at character 15: non-canonical notation");
  refused('{"~s":"f32","~v":1e39}', '$["~v"]', "out of range for float32");
  refused('{"~s":"{a,b}","~v":["x"]}', '$["~v"]', "has only 1 values");
  refused('{"~s":"{a,b}","~v":["x","y","z"]}', '$["~v"][2]', "has more values"); // the first value too many, as Java names it

  refused('{"~s":"<i32,str>","~v":[1,"a",1,"b"]}', '$["~v"][2]', "duplicate key");
  refused('{"~s":"<i32,str>","~v":[1,"a",2]}', '$["~v"]', "alternate keys and values");
  refused('{"~s":"{a:i33}","~v":[1]}', '$["~s"]', "invalid schema notation at character 3");
  refused('{"~s":"i32","~v":1,"x":2}', "$", "second key");
  refused('{"~s":"i32","~w":1}', "$", '"~v" belongs');
  refused('{"~s":"i32","~v":1} x', "$", "trailing content");
});

test("inline documents written by the Java converter read to the value it writes in the dynamic model (390 cases)", () => {
  const file = require("node:path").resolve(__dirname, "../../fixtures/java-connect-cases.txt");
  const lines = (require("node:fs").readFileSync(file, "utf8") as string).split("\n").filter((l) => l !== "");
  assert.ok(lines.length > 300);
  for (const line of lines) {
    const [inline, dynamic] = line.split("\t");
    const { schema, value } = parseConnect(inline);
    assert.ok(schema !== null, inline);
    assert.equal(stringify(value), dynamic, inline);
    assert.ok(same(value, parseConnect(dynamic).value), inline);
  }
});

test("schema location header: the value is plain typed JSON, the schema a record header", () => {
  const { parseConnectWithSchema } = require("../index");
  const r = parseConnectWithSchema("{id:i64,name,status,amount:f64,tags:[str],ts}", '{"id":1000000,"name":"Eve Novak","status":"NEW","amount":875.25,"tags":["priority","priority"],"ts":"2026-11-23T08:25:23.618Z"}');
  assert.equal(r.schema.fields.length, 6);
  assert.equal(stringify(r.value), '{"id":1000000,"name":"Eve Novak","status":"NEW","amount":875.25,"tags":["priority","priority"],"ts":"2026-11-23T08:25:23.618Z"}');
  assert.throws(() => parseConnectWithSchema("{a:i32,b?}", '{"a":1,"c":2}'), /unknown field c .* at \$ \(byte offset 7\)/);
  // a format key where a field belongs, in Java's converter's words (not a tag, not a map's key)
  assert.throws(() => parseConnectWithSchema("{a:i32,b?}", '{"a":1,"~x":2}'), (e: unknown) => e instanceof TypedJsonError
    && e.message === `format key "~x" where a field of a struct belongs (a key starting with '~' is written with the '~' doubled) at $ (byte offset 7)`);
  assert.ok(same(parseConnectWithSchema("{a:i32,`~b`?}", '{"a":1,"~~b":"x"}').value, new Map<Value, Value>([["a", new Int32(1)], ["~b", "x"]])));
  assert.throws(() => parseConnectWithSchema("{a:i32,b?}", '{"b":"x"}'), /missing required field a/);
  assert.throws(() => parseConnectWithSchema("{a:i32", "{}"), /in the schema header: invalid schema notation/);
  assert.ok(same(parseConnectWithSchema("{a:i32,b?}", '{"b":null,"a":1}').value, new Map<Value, Value>([["a", new Int32(1)], ["b", null]])));
});

test("a duplicate field is named at its value's first token, a map's duplicate key once its value is read (SPEC.md 8)", () => {
  for (const [doc, schema, reason, path, offset] of [
    ['{"a":1,"a":[}', "{a:i8}", "duplicate field a", "$.a", 11],
    ['{"a":1,"a":300}', "{a:i8}", "duplicate field a", "$.a", 11],
    ['{"a":1,"a":tru}', "{a:i8}", "Unrecognized token 'tru' where a value belongs", "$.a", 11],
    ['{"a":{"x":1,"x":[}}', "{a:<str,i8>}", "an array where an int8 belongs", "$.a.x", 16],
    ['{"a":{"x":1,"x":2}}', "{a:<str,i8>}", 'duplicate key "x"', "$.a.x", 16],
  ] as const) {
    assert.throws(() => parseConnectWithSchema(schema, doc),
      (e: unknown) => e instanceof TypedJsonError && e.reason === reason && e.path === path && e.byteOffset === offset, doc);
  }
});

test("location none derives a schema from the dynamic model, or reads schemaless where none can be derived", () => {
  const derived = (doc: string) => {
    const { schema } = parseConnect(doc, { location: "none" });
    return schema === null ? null : writeSchemaNotation(schema);
  };
  assert.equal(derived('{"a":"~i1","b":[1,null],"c":{"~set":["~D2024-01-01"]},"d":{"~map":["~y1",1.5]},"e":[]}'), "{a:i32,b:[i64?],c:[date],d:<i8,f64>,e:[str]}");
  assert.equal(derived('{"~set":[1]}'), "[i64]");
  assert.ok(parseConnect('{"~set":[1]}', { location: "none" }).value instanceof Array, "a set comes back as a Connect list");
  // the document null (what the converter writes for a null value with a schema) is a null value, not a tombstone
  const nullDocument = parseConnect("null", { location: "none" });
  assert.equal(nullDocument.value, null);
  assert.equal(nullDocument.schema === null ? null : writeSchemaNotation(nullDocument.schema), "str?");
  // nothing to derive, anywhere in the document: mixed element types, a BigInteger, finer than the millisecond,
  // beyond an int64's epoch milliseconds, an object with an empty key, types Connect has no schema for
  for (const doc of ['[1,"a"]', "18446744073709551616", '"~t2024-01-01T00:00:00.000001Z"', '"~T10:15:00.000001"', '"~L2024-01-01T10:15"', '"~O2024-01-01T10:15Z"', '"~u123e4567-e89b-12d3-a456-426614174000"',
    '"~t+292278994-08-17T07:12:55.808Z"', '{"a":["~t-300000000-01-01T00:00:00Z"]}', '{"":1}', '[{"a":{"":null}}]']) {
    const read = parseConnect(doc, { location: "none" });
    assert.equal(read.schema, null, doc);
    assert.equal(stringify(read.value), doc);
  }
  // inline and header read a document without a schema schemaless
  assert.equal(parseConnect('"~i5"').schema, null);
  assert.equal(parseConnect('"~i5"', { location: "header" }).schema, null);
});

test("the schema header: well-formed UTF-8 only, a byte order mark is not part of the grammar, its length is limited", () => {
  const notation = new TextEncoder().encode("i32");
  assert.ok(same(parseConnectWithSchema(notation, "5").value, new Int32(5)));
  const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...notation]);
  assert.throws(() => parseConnectWithSchema(withBom, "5"), (e: unknown) => e instanceof TypedJsonError && /character 0/.test(e.message));
  assert.throws(() => parseConnectWithSchema(new Uint8Array([0x69, 0xff]), "5"), (e: unknown) => e instanceof TypedJsonError && /not well-formed UTF-8/.test(e.message));
  assert.throws(() => parseConnectWithSchema("{a:i32,b:i64}", "{}", { limits: { maxStringLength: 12 } }), /exceeds the limit of 12/);
});

test("a map of non-string keys: a key seen before is refused at its offset, a last key without a value at the array's ']' (where its value belongs)", () => {
  for (const [doc, path, reason, offset] of [
    ['{"~s":"<i32,str>","~v":[1,"a",1,"b"]}', '$["~v"][2]', "duplicate key in a map", 30],
    ['{"~s":"<i32,str>","~v":[1,"a",2]}', '$["~v"]', "a map's array must alternate keys and values, but its last key has no value", 31],
  ] as const) {
    assert.throws(() => parseConnect(doc), (e: unknown) => e instanceof TypedJsonError && e.reason === reason && e.path === path && e.byteOffset === offset);
  }
});
