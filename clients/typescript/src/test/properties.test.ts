// The two contracts of SPEC.md section 2 on random values of the whole model (fast-check).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parse, stringify, same } from "../index";
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
