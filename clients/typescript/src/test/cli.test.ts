// The one-document command: node dist/cli.js < document
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as path from "node:path";

const CLI = path.resolve(__dirname, "../cli.js");

function run(input: string | Uint8Array) {
  return spawnSync(process.execPath, [CLI], { input, timeout: 30000 });
}

test("prints the canonical spelling and exits 0", () => {
  const r = run(' {"b":1, "a": ["\\u007ed1.10", 1e2, 9007199254740993]}\n');
  assert.equal(r.status, 0, r.stderr.toString());
  assert.equal(r.stdout.toString(), '{"b":1,"a":["~d1.10",100.0,9007199254740993]}\n');
  assert.equal(r.stderr.toString(), "");
});

test("prints the error with path and byte offset on stderr and exits 1", () => {
  const r = run('{"a":[1,"~i01"]}');
  assert.equal(r.status, 1);
  assert.equal(r.stdout.toString(), "");
  assert.equal(r.stderr.toString(), 'typedjson: non-canonical ~i payload "01" (int32): its one spelling is "~i1" at $.a[1] (byte offset 8)\n');
});

test("bytes that are not UTF-8 are refused, not replaced", () => {
  const r = run(new Uint8Array([0x22, 0xff, 0x22]));
  assert.equal(r.status, 1);
  assert.match(r.stderr.toString(), /Invalid UTF-8 byte 0xFF in a string at \$ \(byte offset 1\)/);
});
