// Conformance (SPEC.md, "Documents" and appendix A): every vector file of the Java module, read at test time.
// valid: the document reads to exactly the value, and the value writes to exactly the document.
// invalid: the document is refused with the path the Java implementation names.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse, stringify, same, TypedJsonError } from "../index";
import { fromExplicit } from "../explicit";

export const VECTORS = path.resolve(__dirname, "../../../../serde/src/test/resources/vectors");

interface ValidVector { name: string; value: unknown; document: string }
interface InvalidVector { name: string; path: string; error: string; document?: string; document_base64?: string }

/** Every *.json in the vectors folder, sorted into valid and invalid vectors by their fields. */
export function loadVectors(): { valid: [string, ValidVector][]; invalid: [string, InvalidVector][] } {
  const valid: [string, ValidVector][] = [];
  const invalid: [string, InvalidVector][] = [];
  for (const file of fs.readdirSync(VECTORS).filter((f) => f.endsWith(".json")).sort()) {
    const list = JSON.parse(fs.readFileSync(path.join(VECTORS, file), "utf8"));
    if (!Array.isArray(list)) continue;
    for (const v of list) {
      if (v && typeof v === "object" && typeof v.name === "string" && "value" in v && typeof v.document === "string") valid.push([file, v]);
      else if (v && typeof v === "object" && typeof v.path === "string" && (typeof v.document === "string" || typeof v.document_base64 === "string")) invalid.push([file, v]);
    }
  }
  return { valid, invalid };
}

const { valid, invalid } = loadVectors();

test("the vector files are found", () => {
  assert.ok(valid.length >= 80, `only ${valid.length} valid vectors under ${VECTORS}`);
  assert.ok(invalid.length >= 40, `only ${invalid.length} invalid vectors under ${VECTORS}`);
});

for (const [file, v] of valid) {
  test(`valid ${file}: ${v.name}`, () => {
    const expected = fromExplicit(v.value);
    const read = parse(v.document);
    assert.ok(same(read, expected), `read ${stringify(read)} but the vector's value is ${stringify(expected)}`);
    assert.equal(stringify(expected), v.document, "value written");
    assert.equal(stringify(read), v.document, "document written back");
    assert.ok(same(parse(new TextEncoder().encode(v.document)), expected), "read from bytes");
  });
}

const wordMismatches: string[] = [];
for (const [file, v] of invalid) {
  test(`invalid ${file}: ${v.name}`, () => {
    const input = v.document !== undefined ? v.document : new Uint8Array(Buffer.from(v.document_base64!, "base64"));
    assert.throws(() => parse(input), (e: unknown) => {
      if (!(e instanceof TypedJsonError)) assert.fail(`not a TypedJsonError: ${String(e)}`);
      assert.equal(e.path, v.path, `path of "${e.message}"`);
      assert.ok(e.byteOffset >= 0, "a byte offset");
      if (!e.message.toLowerCase().includes(v.error.toLowerCase())) wordMismatches.push(`${v.name}: "${e.message}" lacks "${v.error}"`);
      return true;
    });
  });
}

// the error word of an invalid vector is the Java implementation's wording: reported, not required
after(() => {
  if (wordMismatches.length > 0) console.log("# messages without the Java error word:\n#   " + wordMismatches.join("\n#   "));
});
