#!/usr/bin/env node
// `npm run bench`: parse and stringify of typical records against JSON.parse / JSON.stringify, in the same run,
// with the spread over rounds and whether each side gets the record back exactly.
import { parse, stringify, same } from "./index";

const RECORDS: [string, string][] = [
  ["order (int64 id > 2^53, decimal, time)", '{"id":9007199254740993,"name":"Eve Novak","status":"NEW","amount":875.25,"price":"~d19.90","qty":"~i3","tags":["priority","gift"],"at":"~t2026-11-23T08:25:23.618Z"}'],
  ["plain JSON (ints, doubles, strings)", '{"id":1000000,"name":"Eve Novak","status":"NEW","amount":875.25,"tags":["priority","priority"],"ts":"2026-11-23T08:25:23.618Z"}'],
];

function time(f: () => unknown, n: number): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f();
  return Number(process.hrtime.bigint() - t0) / n / 1000;
}

function rounds(f: () => unknown): { median: number; spread: number } {
  for (let i = 0; i < 20000; i++) f();
  const r = Array.from({ length: 7 }, () => time(f, 20000)).sort((a, b) => a - b);
  return { median: r[3], spread: (r[5] - r[1]) / 2 };
}

const fmt = (m: { median: number; spread: number }) => `${m.median.toFixed(2)} ± ${m.spread.toFixed(2)}`;
console.log("| record | operation | typedjson µs | JSON µs | ratio | typedjson exact | JSON exact |");
console.log("|---|---|---|---|---|---|---|");
for (const [name, doc] of RECORDS) {
  const bytes = new TextEncoder().encode(doc);
  const value = parse(bytes);
  const plain = JSON.parse(doc);
  const tjExact = stringify(parse(bytes)) === doc && same(parse(stringify(value)), value);
  const jsonExact = JSON.stringify(JSON.parse(doc)) === doc;
  const p = rounds(() => parse(bytes));
  const jp = rounds(() => JSON.parse(new TextDecoder().decode(bytes)));
  console.log(`| ${name} | read bytes | ${fmt(p)} | ${fmt(jp)} | ${(p.median / jp.median).toFixed(1)} | ${tjExact ? "yes" : "no"} | ${jsonExact ? "yes" : "no"} |`);
  const s = rounds(() => stringify(value));
  const js = rounds(() => JSON.stringify(plain));
  console.log(`| ${name} | write string | ${fmt(s)} | ${fmt(js)} | ${(s.median / js.median).toFixed(1)} | ${tjExact ? "yes" : "no"} | ${jsonExact ? "yes" : "no"} |`);
}
