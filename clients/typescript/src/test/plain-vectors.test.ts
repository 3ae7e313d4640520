// The vectors of SPEC.md section 13.1 (spec/vectors/plain.json, written by gen_plain.py): plain documents read and
// written in a dynamic position, the values a plain writer refuses (the whole reason and the path, in Java's words),
// and documents a plain reader refuses (a phrase, the path and the byte offset). Java and Python run the same file.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse, stringify, same, TypedJsonError, Limits, ParseOptions } from "../index";
import { fromExplicit } from "../explicit";

const FILE = path.resolve(__dirname, "../../../../spec/vectors/plain.json");

interface Vector { name: string; document?: string; value?: unknown; error?: string; path?: string; offset?: number; limits?: Record<string, number> }
interface PlainFile { read: Vector[]; write: Vector[]; refused: Vector[]; invalid: Vector[] }

const LIMIT_NAMES: Record<string, keyof Limits> = { "typedjson.max.depth": "maxDepth" };

/** A plain read with the limits the vector gives (the defaults for the others). */
function options(v: Vector): ParseOptions {
  const limits: Partial<Limits> = {};
  for (const [property, value] of Object.entries(v.limits ?? {})) {
    const name = LIMIT_NAMES[property];
    assert.ok(name !== undefined, `unknown limit ${property}`);
    limits[name] = value;
  }
  return { plain: true, limits };
}

const file = JSON.parse(fs.readFileSync(FILE, "utf8")) as PlainFile;

test("the plain vectors are found", () => {
  const n = file.read.length + file.write.length + file.refused.length + file.invalid.length;
  assert.ok(n >= 25, `only ${n} plain vectors in ${FILE}`);
});

for (const v of file.read) {
  test(`plain read: ${v.name}`, () => {
    const expected = fromExplicit(v.value);
    const read = parse(v.document!, options(v));
    assert.ok(same(read, expected), `read ${stringify(read)} but the vector's value is ${stringify(expected)}`);
    assert.ok(same(parse(Buffer.from(v.document!), options(v)), expected), "read from bytes");
  });
}

for (const v of file.write) {
  test(`plain write: ${v.name}`, () => {
    const value = fromExplicit(v.value);
    assert.equal(stringify(value, { plain: true }), v.document);
    assert.ok(same(parse(v.document!, options(v)), value), "read back");
  });
}

for (const v of file.refused) {
  test(`plain write refused: ${v.name}`, () => {
    const value = fromExplicit(v.value);
    assert.throws(() => stringify(value, { plain: true }), (e: unknown) => {
      if (!(e instanceof TypedJsonError)) assert.fail(`not a TypedJsonError: ${String(e)}`);
      assert.equal(e.reason, v.error);
      assert.equal(e.path, v.path);
      return true;
    });
    assert.doesNotThrow(() => stringify(value)); // typed JSON carries it
  });
}

for (const v of file.invalid) {
  test(`plain invalid: ${v.name}`, () => {
    assert.throws(() => parse(Buffer.from(v.document!), options(v)), (e: unknown) => {
      if (!(e instanceof TypedJsonError)) assert.fail(`not a TypedJsonError: ${String(e)}`);
      assert.ok(e.reason.includes(v.error!), e.message);
      assert.equal(e.path, v.path, e.message);
      assert.equal(e.byteOffset, v.offset, e.message);
      return true;
    });
  });
}
