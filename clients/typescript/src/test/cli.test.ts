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

test("--plain reads and writes a plain document; --plain-in prints its typed JSON; --plain-out refuses a tag's value", () => {
  const doc = '{"~map": [1, "~d1", 1.50], "s": "NaN"}';
  const plain = spawnSync(process.execPath, [CLI, "--plain"], { input: doc, timeout: 30000 });
  assert.equal(plain.status, 0, plain.stderr.toString());
  assert.equal(plain.stdout.toString(), '{"~map":[1,"~d1",1.5],"s":"NaN"}\n');
  const typed = spawnSync(process.execPath, [CLI, "--plain-in"], { input: doc, timeout: 30000 });
  assert.equal(typed.stdout.toString(), '{"~~map":[1,"~~d1",1.5],"s":"NaN"}\n');
  const out = spawnSync(process.execPath, [CLI, "--plain-out"], { input: '{"a":["~d1.10"]}', timeout: 30000 });
  assert.equal(out.status, 1);
  assert.equal(out.stderr.toString(), "typedjson: BigDecimal where the type does not say it (a dynamic position) needs a tag, which a reader of plain JSON would read as text: not written as plain JSON at $.a[0]\n");
  assert.equal(spawnSync(process.execPath, [CLI, "--bogus"], { input: doc, timeout: 30000 }).status, 2);
});

test("--help prints the usage on stdout and exits 0; with another flag it is a usage error", () => {
  for (const flag of ["--help", "-h"]) {
    const r = spawnSync(process.execPath, [CLI, flag], { input: "", timeout: 30000 });
    assert.equal(r.status, 0, r.stderr.toString());
    assert.equal(r.stdout.toString(), "usage: typedjson [--plain | --plain-in | --plain-out] < document\n");
    assert.equal(r.stderr.toString(), "");
  }
  const bad = spawnSync(process.execPath, [CLI, "--help", "--plain"], { input: "", timeout: 30000 });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr.toString(), /^usage: typedjson/);
});
