// One spelling per value, both ways: the reader refuses every other spelling of a format construct, with the
// path and the byte offset of the offending token; the writer refuses what it cannot carry, with the path.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse, stringify, same, TypedJsonError, Value, Int32, Float32, Float64, Decimal, BigInteger, Instant, LocalTime, Uuid, ParseOptions } from "../index";
import { doubleText, float32Text, parseFloat32 } from "../numbers";

function refused(doc: string | Uint8Array, path: string, word: string, offset?: number, options?: ParseOptions): void {
  assert.throws(() => parse(doc, options), (e: unknown) => {
    if (!(e instanceof TypedJsonError)) assert.fail(`not a TypedJsonError: ${String(e)}`);
    assert.equal(e.path, path, e.message);
    assert.ok(e.message.includes(word), `"${e.message}" lacks "${word}"`);
    if (offset !== undefined) assert.equal(e.byteOffset, offset, e.message);
    return true;
  }, `${typeof doc === "string" ? doc : "bytes"} was read`);
}

const nonCanonical: [string, string][] = [
  ['"~i-0"', "~i payload"],
  ['"~i01"', "~i payload"],
  ['"~s+1"', "~s payload"],
  ['"~y 1"', "~y payload"],
  ['"~n-0"', "~n payload"],
  ['"~f1.50"', "~f payload"],
  ['"~f1"', "~f payload"],
  ['"~f0.10000000149011612"', "~f payload"],
  ['"~f1.5e0"', "~f payload"],
  ['"~f-0"', "~f payload"],
  ['"~fnan"', "~f payload"],
  ['"~f1e-50"', "~f payload"],
  ['"~zInf"', "where a number belongs"],
  ['"~z-0.0"', "where a number belongs"],
  ['"~d1.0E3"', "~d payload"],
  ['"~d1e+3"', "~d payload"],
  ['"~d-0"', "~d payload"],
  ['"~d01"', "~d payload"],
  ['"~d0.0000001"', "~d payload"],
  ['"~t2024-01-01T00:00:00+02:00"', "~t payload"],
  ['"~t2024-01-01t00:00:00Z"', "~t payload"],
  ['"~t2024-01-01T00:00:00z"', "~t payload"],
  ['"~t2024-01-01T00:00Z"', "~t payload"],
  ['"~t2024-01-01T00:00:00.000Z"', "~t payload"],
  ['"~t2024-01-01T00:00:00.1Z"', "~t payload"],
  ['"~t2023-02-29T00:00:00Z"', "~t payload"],
  ['"~T10:15:00"', "~T payload"],
  ['"~T10:15:30.5"', "~T payload"],
  ['"~T24:00"', "~T payload"],
  ['"~D2024-6-30"', "~D payload"],
  ['"~D+2024-06-30"', "~D payload"],
  ['"~D12024-06-30"', "~D payload"],
  ['"~L2024-06-30T10:15:00"', "~L payload"],
  ['"~O2024-06-30T10:15+00:00"', "~O payload"],
  ['"~O2024-06-30T10:15+02:00:00"', "~O payload"],
  ['"~O2024-06-30T10:15+19:00"', "~O payload"],
  ['"~u123E4567-e89b-12d3-a456-426614174000"', "~u payload"],
  ['"~u{123e4567-e89b-12d3-a456-426614174000}"', "~u payload"],
  ['"~b/x=="', "~b payload"],
  ['"~bAQJ="', "~b payload"],
  ['"~bAQ=D"', "~b payload"],
  ['"~bAQID\\n"', "~b payload"],
  ['"~b-_8="', "~b payload"],
];

for (const [doc, word] of nonCanonical) {
  test(`refuses the non-canonical ${doc}`, () => refused(doc, "$", word, 0));
}

test("tags are recognised after unescaping (JSON's own freedom), and the path names the element", () => {
  assert.ok(same(parse('"\\u007ei42"'), new Int32(42)));
  assert.ok(same(parse('"\\u007e\\u007et"'), "~t"));
  refused('[1, "\\u007ei01"]', "$[1]", "~i payload", 4);
});

test("tagged objects: only the writer's spelling", () => {
  // a misplaced format key is named by the object that holds it, at the key (SPEC.md section 8)
  refused('{"~map":["a",1]}', "$", "non-canonical ~map", 1);
  refused('{"~map":[]}', "$", "non-canonical ~map", 1);
  refused('{"~map":["~~a",1,"b",2]}', "$", "non-canonical ~map", 1);
  refused('[{ "~map" :["a",1]}]', "$[0]", "non-canonical ~map", 3);
  refused('{"~set":[1,1]}', '$["~set"][1]', "duplicate element", 11);
  refused('{"~set":["~bAQJ=","~bAQJ="]}', '$["~set"][0]', "~b payload", 9);
  refused('{"~set":["~bAQID","~bAQID"]}', '$["~set"][1]', "duplicate element", 18);
  refused('{"~set":["~d1.10","~d1.10"]}', '$["~set"][1]', "duplicate element");
  refused('{"~set":["~zNaN","~zNaN"]}', '$["~set"][1]', "duplicate element");
  refused('{"~set":[{"a":1,"b":2},{"b":2,"a":1}]}', '$["~set"][1]', "duplicate element");
  refused('{"~set":[{"~set":[1,2]},{"~set":[2,1]}]}', '$["~set"][1]', "duplicate element");
  refused('{"~map":["~i1","a","~i1","b"]}', '$["~map"][2]', "duplicate key");
  refused('{"~map":["~bAQID",1,"~bAQID",2]}', '$["~map"][2]', "duplicate key");
  refused('{"~set":[1],"~set":[2]}', "$", "exactly one key");
  refused('{"~Set":[1]}', "$", "unknown tag");
  refused('{"~":1}', "$", "lone tag prefix");
  refused('{"a":{"~x":1}}', "$.a", "unknown tag", 6);
  refused('{"a":1,"a":2}', "$.a", "duplicate key", 11); // the offset of the value that follows the second key
  refused('{"a":1,"a": [2]}', "$.a", "duplicate key", 12);
  refused('{"a":1,"\\u0061":2}', "$.a", "duplicate key");
  refused('{"~~a":1,"~~a":2}', '$["~~a"]', "duplicate key");
  refused('{"~set":{"a":1}}', '$["~set"]', "array of");
  // values that compare apart stay apart: 1.10 and 1.1, 1 and "~i1", 0.0 and 1
  assert.equal(stringify(parse('{"~set":["~d1.10","~d1.1",1,"~i1","~n1",1.0]}')), '{"~set":["~d1.10","~d1.1",1,"~i1","~n1",1.0]}');
});

test("documents: UTF-8 without BOM, nothing but whitespace after the value", () => {
  refused(new Uint8Array([0xef, 0xbb, 0xbf, 0x31]), "$", "byte order mark", 0);
  refused(new Uint8Array([0xff, 0xfe, 0x31, 0x00]), "$", "UTF-16", 0);
  // a NUL in the first four bytes is UTF-16 or UTF-32 text: refused at the NUL, path $ (SPEC.md section 1)
  refused(new Uint8Array([0x31, 0x00]), "$", "NUL", 1);
  refused(new Uint8Array([0x5b, 0x00, 0x31, 0x00, 0x5d, 0x00]), "$", "UTF-16", 1);
  refused(new Uint8Array([0x00, 0x5b, 0x00, 0x31]), "$", "UTF-16", 0);
  refused(new Uint8Array([0x31, 0x32, 0x33, 0x34, 0x35, 0x00]), "$", "trailing content", 5);
  refused("1 x", "$", "trailing content", 2);
  refused("[1]]", "$", "trailing content", 3);
  refused("  ", "$", "empty document", 2);
  assert.ok(same(parse(" \t\r\n[ 1 , {\"a\" : 2.50 } ]\n "), parse("[1,{\"a\":2.5}]")));
  assert.equal(stringify(parse(" \t\r\n[ 1 , {\"a\" : 2.50E0 } ]\n ")), '[1,{"a":2.5}]');
  refused('"a\u2028\ud800"', "$", "lone surrogate");
  refused('{"a":"x\u0001"}', "$.a", "control character", 7);
  refused("[1,]", "$[1]", "where a value belongs", 3);
  refused("-", "$", "malformed number", 1); // the end, where a digit belongs (SPEC.md section 8)
  refused("1.", "$", "malformed number", 2);
  refused("1e", "$", "malformed number", 2);
  refused("[-]", "$[0]", "malformed number", 2);
  refused("+1", "$", "unexpected '+'");
  refused("[tru]", "$[0]", "Unrecognized token 'tru'", 1); // a word that is not a literal: one token, at its first byte
  refused('"\\x"', "$", "escape");
  refused('"\\u12G4"', "$", "escape");
  refused('"abc', "$", "end-of-input");
});

test("byte offsets count UTF-8 bytes, not characters", () => {
  refused('{"日本":"~i01"}', '$["日本"]', "~i payload", 10);
  refused('["😀","~q"]', "$[1]", "unknown tag", 8);
  refused(new Uint8Array([0x5b, 0x22, 0xc3, 0xa9, 0x22, 0x2c, 0x22, 0xc3, 0x28, 0x22, 0x5d]), "$[1]", "Invalid UTF-8", 7);
});

test("paths: identifiers after a dot, other keys in brackets", () => {
  refused('{"a key":{"x_1":["~i01"]}}', '$["a key"].x_1[0]', "~i payload");
  refused('{"$id":{"q\\"":"~i01"}}', '$.$id["q\\""]', "~i payload");
  refused('{"":{"1a":"~i01"}}', '$[""]["1a"]', "~i payload");
});

test("limits: depth, number length, string length, document size", () => {
  // paths longer than 32 segments are cut, as in Java
  refused("[".repeat(501) + "]".repeat(501), "$" + "[0]".repeat(32) + "...(468 more)", "nesting depth", 500);
  assert.equal(stringify(parse("[".repeat(500) + "]".repeat(500))), "[".repeat(500) + "]".repeat(500));
  refused('{"~set":' + "[".repeat(500) + "]".repeat(500) + "}", '$["~set"]' + "[0]".repeat(31) + "...(468 more)", "nesting depth");
  refused("1" + "0".repeat(1000), "$", "exceeds the limit", 0);
  assert.throws(() => parse('"abcdef"', { limits: { maxStringLength: 5 } }), /string of 6 UTF-16 code units exceeds the limit of 5/);
  // string length counts UTF-16 code units after unescaping: \u0041 is 1, a character beyond the BMP is 2
  assert.equal(parse('"\\u0041\\u0042\\u0043\\u0044\\u0045"', { limits: { maxStringLength: 5 } }), "ABCDE");
  assert.throws(() => parse('"abc😀"', { limits: { maxStringLength: 4 } }), /string of 5 UTF-16 code units/);
  // number length counts digits, exponent digits included, not the sign, point or E (-1.25E+7 counts 4)
  assert.equal(parse("-1.25E+7", { limits: { maxNumberLength: 4 } }), -1.25e7);
  assert.throws(() => parse("-1.25E+17", { limits: { maxNumberLength: 4 } }), /number of 5 digits exceeds the limit of 4 \(limits.maxNumberLength, typedjson.max.number.length/);
  assert.ok(same(parse('"~d-1.25E+7"', { limits: { maxNumberLength: 4 } }), Decimal.parse("-1.25E+7")));
  assert.throws(() => parse('"~d-1.25E+17"', { limits: { maxNumberLength: 4 } }), /number of 5 digits/);
  refused("-" + "1".repeat(1001), "$", "exceeds the limit", 0);
  assert.equal(typeof parse("-" + "1".repeat(1000)), "object"); // 1,000 digits and a sign: a BigInteger
  assert.equal(typeof parse("-0." + "1".repeat(999)), "number");
  assert.throws(() => parse("[1,2,3]", { limits: { maxDocumentBytes: 6 } }), /document of 7 bytes exceeds the limit of 6 bytes/);
  assert.equal(stringify(parse('"~d1E+999999999"')), '"~d1E+999999999"'); // kept as written, never expanded
  refused('"~d1E+2147483649"', "$", "~d payload");
});

test("limits: elements, every value at any depth counted once", () => {
  const five = { limits: { maxElements: 5 } };
  assert.equal(stringify(parse("[1,[2],{}]", five)), "[1,[2],{}]");
  refused('[1,[2],{"a":null}]', "$[2].a", "element count 6 exceeds the limit of 5", 12, five);
  refused('{"~set":[1,2,3,4,5]}', '$["~set"][3]', "element count 6", 15, five);
  refused("[[],[]]", "$[1]", "limits.maxElements, typedjson.max.elements", 4, { limits: { maxElements: 2 } });
  assert.equal((parse("[" + "0,".repeat(999_998) + "0]") as unknown[]).length, 999_999); // the document's array is the millionth
  refused("[" + "0,".repeat(999_999) + "0]", "$[999999]", "element count 1000001 exceeds the limit of 1000000", 1 + 2 * 999_999);
});

test("the values: int64 exact as bigint, BigInteger apart, 1 vs 1.0, order of keys kept", () => {
  assert.equal(parse("9007199254740993"), 9007199254740993n);
  assert.ok(same(parse("9223372036854775808"), new BigInteger(9223372036854775808n)));
  assert.equal(parse("1.0"), 1);
  assert.equal(parse("-0"), 0n);
  assert.ok(Object.is(parse("-0.0"), -0));
  const m = parse('{"b":1,"2":2,"1":3,"__proto__":4}') as Map<string, bigint>;
  assert.deepEqual([...m.keys()], ["b", "2", "1", "__proto__"]);
  assert.equal(stringify(m), '{"b":1,"2":2,"1":3,"__proto__":4}');
  assert.equal(stringify({ b: 1n, a: [1.5, "~x"] }), '{"b":1,"a":[1.5,"~~x"]}');
  assert.equal(stringify(new Map<Value, Value>([[new Int32(1), "a"], ["b", null]])), '{"~map":["~i1","a","b",null]}');
  assert.ok(same(parse('"~d1.10"'), new Decimal(110n, 2)));
  assert.ok(!same(parse('"~d1.10"'), new Decimal(11n, 1)));
  assert.equal(stringify(Float32.round(0.1)), '"~f0.1"');
  assert.equal(stringify(new Instant(1n, 1000)), '"~t1970-01-01T00:00:01.000001Z"');
  assert.equal(stringify(Instant.ofEpochMilli(-1)), '"~t1969-12-31T23:59:59.999Z"');
  assert.equal(stringify(new Instant(-31557014167219200n)), '"~t-1000000000-01-01T00:00:00Z"');
  assert.equal(stringify(new Instant(31556889864403199n, 999999999)), '"~t+1000000000-12-31T23:59:59.999999999Z"');
  assert.equal(stringify(parse('"~t+1000000000-12-31T23:59:59.999999999Z"')), '"~t+1000000000-12-31T23:59:59.999999999Z"');
  assert.equal(stringify(new LocalTime(0, 0, 0, 1000)), '"~T00:00:00.000001"');
  assert.equal(String(new Uuid("123E4567-E89B-12D3-A456-426614174000")), "123e4567-e89b-12d3-a456-426614174000");
});

test("the writer refuses what it cannot carry, naming the path", () => {
  const refusedWrite = (v: unknown, p: string, word: string) =>
    assert.throws(() => stringify(v as never), (e: unknown) => {
      if (!(e instanceof TypedJsonError)) assert.fail(String(e));
      assert.equal(e.path, p, e.message);
      assert.equal(e.byteOffset, -1);
      assert.ok(e.message.includes(word), e.message);
      return true;
    });
  refusedWrite({ blocks: [{ position: new Date(0) }] }, "$.blocks[0].position", "cannot carry Date");
  refusedWrite([undefined], "$[0]", "cannot carry undefined");
  refusedWrite([1, , 2], "$[1]", "hole");
  refusedWrite({ f: () => 1 }, "$.f", "cannot carry function");
  refusedWrite(new Int16Array(1), "$", "Uint8Array");
  refusedWrite(2n ** 63n, "$", "beyond int64");
  refusedWrite({ a: { [Symbol("s")]: 1 } }, "$.a", "symbol keys");
  refusedWrite({ "a\ud800": 1 }, "$", "lone surrogate");
  refusedWrite(["\udc00"], "$[0]", "lone surrogate");
  refusedWrite({ "~t": { "~~": [undefined] } }, '$["~~t"]["~~~"][0]', "cannot carry undefined"); // keys as the document has them (section 8)
  refusedWrite(new Map([["~set", [undefined]]]), '$["~~set"][0]', "cannot carry undefined");
  refusedWrite(new Set([new Uint8Array([1]), new Uint8Array([1])]), '$["~set"][1]', "duplicate element");
  refusedWrite(new Map<unknown, unknown>([[new Int32(1), 1], [new Int32(1), 2]]), '$["~map"][2]', "duplicate key");
  const cyclic: unknown[] = [];
  cyclic.push(cyclic);
  assert.throws(() => stringify(cyclic as never), /nesting depth exceeds the limit of 500/);
  // a scale of -2^31 has no spelling a reader takes back (SPEC.md section 5.3)
  assert.throws(() => new Decimal(1n, -(2 ** 31)), RangeError);
  assert.equal(stringify(new Decimal(1n, -(2 ** 31) + 1)), '"~d1E+2147483647"');
  assert.throws(() => new Int32(2 ** 31), RangeError);
  assert.throws(() => new Float32(0.1), RangeError);
  assert.throws(() => new Decimal(1n, 2 ** 31), RangeError);
});

test("float spellings agree with the Java implementation (jackson-core's writer, Float.parseFloat) on 4,500 random cases", () => {
  const file = path.resolve(__dirname, "../../fixtures/java-float-cases.txt");
  const f64 = new Float64Array(1);
  const u64 = new BigUint64Array(f64.buffer);
  const f32 = new Float32Array(1);
  const u32 = new Uint32Array(f32.buffer);
  let n = 0;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (line === "") continue;
    const [a, b] = line.split(" ");
    n++;
    if (a[0] === "d") {
      u64[0] = BigInt("0x" + a.slice(1));
      assert.equal(doubleText(f64[0]), b, `double bits ${a.slice(1)}`);
      assert.equal(Number(b), f64[0]);
    } else if (a[0] === "f") {
      u32[0] = parseInt(a.slice(1), 16);
      assert.equal(float32Text(f32[0]), b, `float bits ${a.slice(1)}`);
      assert.equal(parseFloat32(b), f32[0]);
    } else {
      f32[0] = parseFloat32(a.slice(1));
      assert.equal((u32[0] >>> 0).toString(16), b, `Float.parseFloat("${a.slice(1)}")`);
    }
  }
  assert.ok(n > 4000, `${n} cases`);
});

test("0.0 and -0.0 are two set elements and two map keys: -0.0 is boxed as Float64 there", () => {
  // a JavaScript Set or Map stores -0 as 0 (SameValueZero); the reader boxes -0.0 so nothing merges or flips sign
  const set = parse('{"~set":[0.0,-0.0]}') as Set<unknown>;
  assert.equal(set.size, 2);
  const [zero, negativeZero] = [...set];
  assert.ok(Object.is(zero, 0));
  assert.ok(negativeZero instanceof Float64 && Object.is(negativeZero.value, -0));
  assert.equal(stringify(set as never), '{"~set":[0.0,-0.0]}');
  const alone = parse('{"~set":[-0.0]}') as Set<unknown>;
  assert.equal(stringify(alone as never), '{"~set":[-0.0]}');
  const map = parse('{"~map":[-0.0,"a",0.0,"b"]}') as Map<unknown, unknown>;
  assert.equal(map.size, 2);
  assert.equal(stringify(map as never), '{"~map":[-0.0,"a",0.0,"b"]}');
  // elsewhere -0.0 is a plain number; a Float64 box writes and compares as the number it holds
  assert.ok(Object.is((parse("[-0.0]") as unknown[])[0], -0));
  assert.equal(stringify([new Float64(-0), new Float64(1.5), new Float64(NaN)]), '[-0.0,1.5,"~zNaN"]');
  assert.ok(same(new Float64(2.5), 2.5));
  refused('{"~set":[-0.0,-0.0]}', '$["~set"][1]', "duplicate element", 14);
  assert.throws(() => stringify(new Set([new Float64(-0), new Float64(-0)]) as never), /duplicate element/);
});

test("a string cut short is refused at the end of the document, where more was expected (SPEC section 8)", () => {
  refused('"abc', "$", "end-of-input", 4);
  refused('"~i5', "$", "end-of-input", 4);
  refused('["x', "$[0]", "end-of-input", 3);
  refused('{"a":"b', "$.a", "end-of-input", 7);
  refused('"ab\\', "$", "end-of-input", 4);
  refused('"\\u12', "$", "end-of-input", 5);
  refused('["\\ud83d\\ude', "$[0]", "end-of-input", 12);
  refused('"\\ud83d\\', "$", "end-of-input", 8);
  refused('"\\ud83d', "$", "end-of-input", 7);
});

test("a ~map's array: a key seen before is refused at its offset, a last key without a value at the array's ']' (where its value belongs)", () => {
  refused('{"~map":[1,2,1,3]}', '$["~map"][2]', "duplicate key in a ~map", 13);
  refused('{"~map":[1,2,3]}', '$["~map"]', "a ~map array must alternate keys and values", 14);
});
