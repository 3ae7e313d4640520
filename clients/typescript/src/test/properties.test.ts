// The two contracts of SPEC.md section 2 on random values of the whole model (fast-check).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parse, stringify, same, TypedJsonError } from "../index";
import { value } from "./arbitraries";

export const RUNS = Number(process.env.TYPEDJSON_PROPERTY_RUNS ?? 3000);

test(`value round trip: parse(stringify(v)) is v, exactly (${RUNS} runs)`, () => {
  fc.assert(
    fc.property(value, (v) => {
      const back = parse(stringify(v));
      assert.ok(same(back, v), `${stringify(v)} read back as ${stringify(back)}`);
    }),
    { numRuns: RUNS },
  );
});

test(`document round trip: stringify(parse(d)) is d, byte for byte, for every document the writer produces (${RUNS} runs)`, () => {
  fc.assert(
    fc.property(value, (v) => {
      const d = stringify(v);
      assert.equal(stringify(parse(d)), d);
      assert.equal(stringify(parse(new TextEncoder().encode(d))), d);
    }),
    { numRuns: RUNS },
  );
});

test(`JSON's own freedom: whitespace and escapes do not change the value (${RUNS} runs)`, () => {
  fc.assert(
    fc.property(value, (v) => {
      const d = stringify(v);
      // the same document pretty-printed, and with every non-ASCII character of its strings \u-escaped
      const spaced = d.replace(/([,:\[\]{}])(?=(?:[^"\\]|\\.|"(?:[^"\\]|\\.)*")*$)/g, " $1\n\t ");
      const escaped = d.replace(/[^\u0000-\u007f]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
      assert.ok(same(parse(spaced), v), `spaced: ${spaced}`);
      assert.ok(same(parse(escaped), v), `escaped: ${escaped}`);
    }),
    { numRuns: Math.ceil(RUNS / 3) },
  );
});

/** Tagged strings near the canonical ones: a canonical payload with random characters inserted, deleted or replaced. */
const nearTagged = fc
  .tuple(
    value.map((v) => stringify(v)).filter((d) => d.startsWith('"~') && !d.startsWith('"~~')),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom("", "0", "1", "9", ".", "-", "+", "e", "E", ":", "T", "t", "Z", "z", "=", "A", "a", "/", " ")), { minLength: 1, maxLength: 3 }),
  )
  .map(([doc, edits]) => {
    let s = doc.slice(1, -1);
    for (const [at, c] of edits) {
      const i = 2 + (at % Math.max(1, s.length - 1));
      s = at % 3 === 0 ? s.slice(0, i) + c + s.slice(i) : s.slice(0, i) + c + s.slice(i + 1);
    }
    return JSON.stringify(s);
  });

test(`one spelling per value: a tagged string the reader accepts is the writer's spelling of what it read (${RUNS} runs)`, () => {
  let accepted = 0;
  fc.assert(
    fc.property(nearTagged, (doc) => {
      let v;
      try {
        v = parse(doc);
      } catch (e) {
        assert.ok(e instanceof TypedJsonError, String(e));
        return;
      }
      accepted++;
      assert.equal(stringify(v), doc);
    }),
    { numRuns: RUNS },
  );
  assert.ok(accepted > 0, "some edits give other canonical values");
});

test(`hostile bytes: a mutated document is read or refused with a TypedJsonError, nothing else (${RUNS} runs)`, () => {
  const bytes = fc.tuple(
    value.map((v) => new TextEncoder().encode(stringify(v))),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.nat(2)), { minLength: 1, maxLength: 4 }),
  ).map(([b, edits]) => {
    let out = Array.from(b);
    for (const [at, byte, op] of edits) {
      const i = out.length === 0 ? 0 : at % out.length;
      if (op === 0) out[i] = byte;
      else if (op === 1) out.splice(i, 0, byte);
      else out.splice(i, 1);
    }
    return new Uint8Array(out);
  });
  fc.assert(
    fc.property(bytes, (b) => {
      let v;
      try {
        v = parse(b);
      } catch (e) {
        assert.ok(e instanceof TypedJsonError, `${String(e)} for ${Buffer.from(b).toString("latin1")}`);
        return;
      }
      const d = stringify(v);
      assert.ok(same(parse(d), v));
    }),
    { numRuns: RUNS },
  );
});
