#!/usr/bin/env node
// Example: read a topic that Kafka Connect's typedjson converter writes with `typedjson.schema.location=reference`,
// with kafkajs. One consumer reads the schema topic (`_typedjson-schemas`: key = 16 fingerprint bytes, value = the
// schema notation) from the beginning into memory; the resolver answers from it, waiting (bounded) for a schema that
// has not arrived yet; a second consumer reads the data topic and prints each record's schema and value.
//
//   npm run build && node dist/examples/reference-consumer.js --bootstrap localhost:9092 --topic orders \
//     [--schema-topic _typedjson-schemas] [--max-records 10] [--wait-ms 10000]
//
// In your own code import from "typedjson-kafka" instead of "../index".
import type { Consumer, Kafka } from "kafkajs";
import { SchemaResolver, TypedJsonError, fingerprintHex, parseConnectRecord, stringify, writeSchemaNotation, DEFAULT_SCHEMA_TOPIC } from "../index";

/**
 * The schema topic's records as they arrive, and a resolver function over them that waits up to `waitMs` for a
 * fingerprint not seen yet (a record can reach a consumer before its schema's record does).
 */
export class SchemaTopicNotations {
  private readonly notations = new Map<string, Buffer>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(readonly waitMs = 10000) {}

  /** One record of the schema topic; a tombstone or a key that is no fingerprint is skipped (the resolver checks the rest). */
  add(key: Buffer | null, value: Buffer | null): void {
    if (key === null || key.length !== 16 || value === null) return;
    const hex = fingerprintHex(key);
    this.notations.set(hex, value);
    for (const wake of this.waiting.get(hex) ?? []) wake();
    this.waiting.delete(hex);
  }

  get size(): number {
    return this.notations.size;
  }

  /** A NotationResolver for SchemaResolver: the notation, once the schema topic has it (undefined after the wait). */
  readonly resolve = async (_fingerprint: Uint8Array, hex: string): Promise<Buffer | undefined> => {
    const known = this.notations.get(hex);
    if (known !== undefined || this.waitMs <= 0) return known;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.waitMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.set(hex, [...(this.waiting.get(hex) ?? []), wake]);
    });
    return this.notations.get(hex);
  };
}

/** Starts a consumer of the whole schema topic (its own group, from the beginning, nothing committed). */
export async function consumeSchemaTopic(kafka: Kafka, topic: string, into: SchemaTopicNotations): Promise<Consumer> {
  const consumer = kafka.consumer({ groupId: `typedjson-schemas-${process.pid}-${Date.now()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({ autoCommit: false, eachMessage: async ({ message }) => into.add(message.key, message.value) });
  return consumer;
}

function option(argv: string[], name: string, fallback?: string): string {
  const at = argv.indexOf(`--${name}`);
  const v = at >= 0 ? argv[at + 1] : fallback;
  if (v === undefined) throw new Error(`--${name} is required`);
  return v;
}

async function main(argv: string[]): Promise<void> {
  const bootstrap = option(argv, "bootstrap");
  const topic = option(argv, "topic");
  const schemaTopic = option(argv, "schema-topic", DEFAULT_SCHEMA_TOPIC);
  const maxRecords = Number(option(argv, "max-records", "10"));
  const notations = new SchemaTopicNotations(Number(option(argv, "wait-ms", "10000")));
  const resolver = new SchemaResolver(notations.resolve, { topic: schemaTopic, maxEntries: 1000, timeoutMs: notations.waitMs + 5000 });

  const { Kafka, logLevel } = await import("kafkajs"); // loaded only when run: importing this file needs no kafkajs
  const kafka = new Kafka({ clientId: "typedjson-reference-example", brokers: bootstrap.split(","), logLevel: logLevel.WARN });
  const schemas = await consumeSchemaTopic(kafka, schemaTopic, notations);
  const records = kafka.consumer({ groupId: `typedjson-reference-example-${process.pid}` });
  let seen = 0;
  await records.connect();
  await records.subscribe({ topic, fromBeginning: true });
  await new Promise<void>((done) => {
    void records.run({
      eachMessage: async ({ partition, message }) => {
        if (seen >= maxRecords) return;
        seen++;
        try {
          const { schema, value } = await parseConnectRecord({ value: message.value, headers: message.headers }, resolver);
          process.stdout.write(`${partition}@${message.offset} ${schema === null ? "(schemaless)" : writeSchemaNotation(schema)} ${stringify(value)}\n`);
        } catch (e) {
          if (!(e instanceof TypedJsonError)) throw e;
          process.stdout.write(`${partition}@${message.offset} refused: ${e.message}\n`); // dead-letter it in real code
        }
        if (seen >= maxRecords) done();
      },
    });
  });
  await Promise.all([records.disconnect(), schemas.disconnect()]);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`reference-consumer: ${(e as Error).stack ?? e}\n`);
    process.exit(1);
  });
}
