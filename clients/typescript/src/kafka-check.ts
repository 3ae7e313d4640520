#!/usr/bin/env node
// The Node side of the cross-language broker test:
//   node dist/kafka-check.js --bootstrap HOST:PORT --topic TOPIC --expected FILE [--timeout-ms 60000]
// FILE has one line per record: the record's value in the explicit notation of SPEC.md appendix A, in partition 0
// offset order. Consumes the topic from the beginning with kafkajs until it has as many records as lines, reads each
// value with `parse`, compares it with the expected value exactly (types, bits, scales, order), prints `exact K/N`
// (and the first difference), and exits 0 only when K == N.
// With --manifest FILE (and --unknown fail|skip|pass, --location header|document|both) the topic carries several event
// types (SPEC.md section 12): each record is read by EventReader with its headers, and compared as the map
// {"type": name, "value": value}, {"unknown": name} for a record passed through, or null for one skipped.
import * as fs from "node:fs";
import { fromExplicit } from "./explicit";
import { same } from "./equality";
import { deserializer } from "./kafka";
import { stringify } from "./writer";
import type { Value } from "./types";
import { EventReader, parseManifest } from "./events";
import type { EventRecord, TypeLocation, UnknownTypes } from "./events";

interface Args {
  bootstrap: string;
  topic: string;
  expected: string;
  timeoutMs: number;
  manifest?: string;
  unknown: string;
  location: string;
}

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: node dist/kafka-check.js --bootstrap HOST:PORT --topic TOPIC --expected FILE [--timeout-ms 60000] [--manifest FILE [--unknown fail|skip|pass] [--location header|document|both]]\n`);
  process.exit(2);
}

function args(argv: string[]): Args {
  const named = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith("--") || i + 1 >= argv.length) usage(`unexpected argument ${argv[i]}`);
    named.set(argv[i].slice(2), argv[i + 1]);
  }
  const need = (k: string) => named.get(k) ?? usage(`--${k} is required`);
  const timeoutMs = Number(named.get("timeout-ms") ?? 60000);
  if (!(timeoutMs > 0)) usage("--timeout-ms must be a positive number");
  return { bootstrap: need("bootstrap"), topic: need("topic"), expected: need("expected"), timeoutMs,
    manifest: named.get("manifest"), unknown: named.get("unknown") ?? "fail", location: named.get("location") ?? "header" };
}

function show(v: Value): string {
  try {
    const s = stringify(v);
    return s.length > 300 ? s.slice(0, 300) + "..." : s;
  } catch (e) {
    return `(unwritable: ${(e as Error).message})`;
  }
}

async function main(): Promise<number> {
  const a = args(process.argv.slice(2));
  const lines = fs.readFileSync(a.expected, "utf8").split("\n").filter((l) => l.trim() !== "");
  const expected = lines.map((l, i) => {
    try {
      return fromExplicit(JSON.parse(l));
    } catch (e) {
      return usage(`line ${i + 1} of ${a.expected} is not a value of the explicit notation: ${(e as Error).message}`);
    }
  });
  const n = expected.length;

  // kafkajs is a dev dependency of this package (the library itself has none); it logs to stderr here
  const { Kafka, logLevel } = await import("kafkajs");
  const kafka = new Kafka({
    clientId: "typedjson-kafka-check",
    brokers: a.bootstrap.split(","),
    logLevel: logLevel.WARN,
    logCreator: () => ({ namespace, label, log }) => process.stderr.write(`kafkajs ${label} ${namespace}: ${log.message}\n`),
  });
  const consumer = kafka.consumer({ groupId: `typedjson-kafka-check-${process.pid}-${Date.now()}`, allowAutoTopicCreation: false });
  const records = new Map<string, { value: Uint8Array | null; headers: Record<string, Buffer | string | (Buffer | string)[] | undefined> | undefined }>(); // offset -> record, partition 0
  const plain = deserializer();
  const events = a.manifest === undefined ? undefined : new EventReader(parseManifest(fs.readFileSync(a.manifest, "utf8")),
    { unknown: a.unknown as UnknownTypes, location: a.location as TypeLocation });
  const read = (r: { value: Uint8Array | null; headers: Record<string, Buffer | string | (Buffer | string)[] | undefined> | undefined }): Value =>
    events === undefined ? plain(r.value) : eventValue(events.read({ value: r.value, headers: r.headers }));
  let timer: NodeJS.Timeout | undefined;
  try {
    await consumer.connect();
    await consumer.subscribe({ topic: a.topic, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${a.timeoutMs} ms with ${records.size} of ${n} records`)), a.timeoutMs);
      consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            if (partition !== 0) return;
            records.set(message.offset, { value: message.value, headers: message.headers });
            if (records.size >= n) resolve();
          },
        })
        .catch(reject);
      if (n === 0) resolve();
    });
  } catch (e) {
    process.stdout.write(`exact 0/${n}\n`);
    process.stderr.write(`kafka-check: ${(e as Error).message}\n`);
    return 1;
  } finally {
    if (timer) clearTimeout(timer);
    await consumer.disconnect().catch(() => undefined);
  }

  const values = [...records.entries()].sort((x, y) => (BigInt(x[0]) < BigInt(y[0]) ? -1 : 1)).map(([, v]) => v).slice(0, n);
  let exact = 0;
  let firstDifference: string | undefined;
  values.forEach((record, i) => {
    try {
      const got = read(record);
      if (same(got, expected[i])) exact++;
      else firstDifference ??= `record ${i}: read ${show(got)} but expected ${show(expected[i])}`;
    } catch (e) {
      firstDifference ??= `record ${i}: ${(e as Error).message}`;
    }
  });
  process.stdout.write(`exact ${exact}/${n}\n`);
  if (firstDifference !== undefined) process.stdout.write(`first difference: ${firstDifference}\n`);
  return exact === n ? 0 : 1;
}

/** An event as the expected file spells it: {"type", "value"}, {"unknown"} or null (skipped, or a tombstone). */
function eventValue(e: EventRecord | null | undefined): Value {
  if (e === null || e === undefined) return null;
  return e.kind === "event" ? new Map<Value, Value>([["type", e.type], ["value", e.value]]) : new Map<Value, Value>([["unknown", e.type]]);
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`kafka-check: ${(e as Error).stack ?? e}\n`);
    process.exit(1);
  },
);
