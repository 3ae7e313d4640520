// Conformance (SPEC.md appendix A): the three vector files of spec/vectors/, read at test time.
// valid.json: the document reads to exactly the value, and the value writes to exactly the document.
// accepted.json: the document (JSON's freedom, SPEC.md section 1.1) reads to exactly the value; no write-back.
// invalid.json: the document is refused with the path the Java implementation names, and its byte offset
// where the vector gives one.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse, stringify, same, TypedJsonError, Limits, ParseOptions } from "../index";
import { fromExplicit } from "../explicit";

export const VECTORS = path.resolve(__dirname, "../../../../spec/vectors");

interface Document { document?: string; document_base64?: string; limits?: Record<string, number> }

/** The Java properties of SPEC.md section 9 a vector's `limits` may name, and this implementation's names. */
const LIMIT_NAMES: Record<string, keyof Limits> = {
  "typedjson.max.depth": "maxDepth",
  "typedjson.max.number.length": "maxNumberLength",
  "typedjson.max.string.length": "maxStringLength",
  "typedjson.max.document.bytes": "maxDocumentBytes",
  "typedjson.max.elements": "maxElements",
};

/** The options that read a vector with the limits it gives (the defaults for the others). */
function optionsOf(v: Document): ParseOptions | undefined {
  if (v.limits === undefined) return undefined;
  const limits: Partial<Limits> = {};
  for (const [property, value] of Object.entries(v.limits)) {
    const name = LIMIT_NAMES[property];
    assert.ok(name !== undefined, `unknown limit ${property}`);
    limits[name] = value;
  }
  return { limits };
}
interface ValueVector extends Document { name: string; value: unknown }
interface InvalidVector extends Document { name: string; path: string; error: string; offset?: number }

function load<V>(file: string): V[] {
  const list = JSON.parse(fs.readFileSync(path.join(VECTORS, file), "utf8"));
  assert.ok(Array.isArray(list), `${file} is a list`);
  return list as V[];
}

/** The document's bytes (a string vector as UTF-8; `document_base64` for documents that are not UTF-8 text). */
function bytesOf(v: Document): Uint8Array {
  if (typeof v.document === "string") return new TextEncoder().encode(v.document);
  if (typeof v.document_base64 === "string") return new Uint8Array(Buffer.from(v.document_base64, "base64"));
  throw new Error("a vector without a document");
}

/**
 * Vectors this implementation does not pass, by file and name, each with the reason. Empty today: kept so that
 * a skip is named and printed, never silent.
 */
const SKIPPED: Record<string, string> = {};
const skippedRun: string[] = [];
function skipped(file: string, name: string): boolean {
  const reason = SKIPPED[`${file}: ${name}`];
  if (reason !== undefined) skippedRun.push(`${file}: ${name} (${reason})`);
  return reason !== undefined;
}

const valid = load<ValueVector>("valid.json");
const accepted = load<ValueVector>("accepted.json");
const invalid = load<InvalidVector>("invalid.json");

test("the vector files are found", () => {
  assert.ok(valid.length >= 160, `only ${valid.length} valid vectors under ${VECTORS}`);
  assert.ok(accepted.length >= 20, `only ${accepted.length} accepted vectors under ${VECTORS}`);
  assert.ok(invalid.length >= 130, `only ${invalid.length} invalid vectors under ${VECTORS}`);
  console.log(`vectors: ${valid.length} valid, ${accepted.length} accepted, ${invalid.length} invalid`);
});

for (const v of valid) {
  test(`valid: ${v.name}`, { skip: skipped("valid.json", v.name) }, () => {
    assert.equal(typeof v.document, "string", "a valid document is UTF-8 text");
    const expected = fromExplicit(v.value);
    const read = parse(v.document!, optionsOf(v));
    assert.ok(same(read, expected), `read ${stringify(read)} but the vector's value is ${stringify(expected)}`);
    assert.equal(stringify(expected), v.document, "value written");
    assert.equal(stringify(read), v.document, "document written back");
    assert.ok(same(parse(bytesOf(v), optionsOf(v)), expected), "read from bytes");
  });
}

for (const v of accepted) {
  test(`accepted: ${v.name}`, { skip: skipped("accepted.json", v.name) }, () => {
    const expected = fromExplicit(v.value);
    const read = parse(bytesOf(v), optionsOf(v));
    assert.ok(same(read, expected), `read ${stringify(read)} but the vector's value is ${stringify(expected)}`);
    if (typeof v.document === "string") assert.ok(same(parse(v.document, optionsOf(v)), expected), "read from a string");
    // what it reads writes back as the canonical document, which reads to the same value
    assert.ok(same(parse(stringify(read)), expected), "the canonical document reads to the same value");
  });
}

const wordMismatches: string[] = [];
for (const v of invalid) {
  test(`invalid: ${v.name}`, { skip: skipped("invalid.json", v.name) }, () => {
    assert.throws(() => parse(bytesOf(v), optionsOf(v)), (e: unknown) => {
      if (!(e instanceof TypedJsonError)) assert.fail(`not a TypedJsonError: ${String(e)}`);
      assert.equal(e.path, v.path, `path of "${e.message}"`);
      if (v.offset !== undefined) assert.equal(e.byteOffset, v.offset, `byte offset of "${e.message}"`);
      else assert.ok(e.byteOffset >= 0, "a byte offset");
      if (!e.message.toLowerCase().includes(v.error.toLowerCase())) wordMismatches.push(`${v.name}: "${e.message}" lacks "${v.error}"`);
      return true;
    });
    // a string document is refused the same way when given as a string
    if (typeof v.document === "string") assert.throws(() => parse(v.document!, optionsOf(v)), TypedJsonError);
  });
}

after(() => {
  if (skippedRun.length > 0) console.log("skipped vectors:\n  " + skippedRun.join("\n  "));
  else console.log("skipped vectors: none");
  // the error word of an invalid vector is the Java implementation's wording: reported, not required
  if (wordMismatches.length > 0) console.log(`${wordMismatches.length} messages without the Java error word:\n  ` + wordMismatches.join("\n  "));
});
