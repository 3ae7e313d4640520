#!/usr/bin/env node
// One document from standard input to its canonical spelling on standard output (exit 0), or the error with its
// JSON path and byte offset on standard error (exit 1): `node dist/cli.js < record.json`. `--plain` reads and
// writes a plain document (SPEC.md section 13.1); `--plain-in` reads one and prints its typed JSON, `--plain-out`
// prints typed JSON's value as a plain document. `--help` prints the usage (exit 0); anything else is a usage error (exit 2).
import { parse, stringify } from "./index";
import { TypedJsonError } from "./errors";

const USAGE = "usage: typedjson [--plain | --plain-in | --plain-out] < document";

function main(): void {
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
    process.stdout.write(USAGE + "\n");
    return;
  }
  if (args.length > 1 || (args.length === 1 && !["--plain", "--plain-in", "--plain-out"].includes(args[0]))) {
    process.stderr.write(USAGE + "\n");
    process.exitCode = 2;
    return;
  }
  const plainIn = args[0] === "--plain" || args[0] === "--plain-in";
  const plainOut = args[0] === "--plain" || args[0] === "--plain-out";
  const chunks: Buffer[] = [];
  process.stdin.on("data", (c: Buffer) => chunks.push(c));
  process.stdin.on("end", () => {
    try {
      const doc = stringify(parse(new Uint8Array(Buffer.concat(chunks)), { plain: plainIn }), { plain: plainOut });
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
