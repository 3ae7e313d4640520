#!/usr/bin/env node
// One document from standard input to its canonical spelling on standard output (exit 0), or the error with its
// JSON path and byte offset on standard error (exit 1): `node dist/cli.js < record.json`.
import { parse, stringify } from "./index";
import { TypedJsonError } from "./errors";

function main(): void {
  const chunks: Buffer[] = [];
  process.stdin.on("data", (c: Buffer) => chunks.push(c));
  process.stdin.on("end", () => {
    try {
      const doc = stringify(parse(new Uint8Array(Buffer.concat(chunks))));
      process.stdout.write(doc + "\n");
      process.exitCode = 0;
    } catch (e) {
      if (!(e instanceof TypedJsonError)) throw e;
      process.stderr.write(`typedjson: ${e.message}\n`);
      process.exitCode = 1;
    }
  });
}

main();
