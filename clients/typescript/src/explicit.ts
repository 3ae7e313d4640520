// The explicit notation of the conformance vectors (SPEC.md appendix A): values written without typed JSON,
// `null` or `[type, payload]`. Used by the conformance tests and by the Kafka check script.
import { decodeBase64 } from "./base64";
import { parseFloat32 } from "./numbers";
import * as Times from "./times";
import * as T from "./types";
import type { Value } from "./types";

export class ExplicitError extends Error {}

function need<V>(v: V | undefined, what: string, payload: unknown): V {
  if (v === undefined) throw new ExplicitError(`malformed ${what} ${JSON.stringify(payload)} in the explicit notation`);
  return v;
}

function nonFinite(s: string): number | undefined {
  return s === "NaN" ? NaN : s === "Infinity" ? Infinity : s === "-Infinity" ? -Infinity : undefined;
}

/** The value of a node of the explicit notation (as `JSON.parse` gives it). */
export function fromExplicit(node: unknown): Value {
  if (node === null) return null;
  if (!Array.isArray(node) || node.length !== 2 || typeof node[0] !== "string") {
    throw new ExplicitError(`not a value of the explicit notation: ${JSON.stringify(node)}`);
  }
  const [type, p] = node as [string, unknown];
  const text = (): string => {
    if (typeof p !== "string") throw new ExplicitError(`${type} takes a string payload, not ${JSON.stringify(p)}`);
    return p;
  };
  const list = (): unknown[] => {
    if (!Array.isArray(p)) throw new ExplicitError(`${type} takes an array payload, not ${JSON.stringify(p)}`);
    return p;
  };
  switch (type) {
    case "bool":
      if (typeof p !== "boolean") throw new ExplicitError(`bool takes true or false, not ${JSON.stringify(p)}`);
      return p;
    case "int8":
      return new T.Int8(Number(text()));
    case "int16":
      return new T.Int16(Number(text()));
    case "int32":
      return new T.Int32(Number(text()));
    case "int64": {
      const v = BigInt(text());
      if (v < -(2n ** 63n) || v >= 2n ** 63n) throw new ExplicitError(`int64 ${v} out of range`);
      return v;
    }
    case "bigint":
      return new T.BigInteger(BigInt(text()));
    case "float64": {
      const s = text();
      return nonFinite(s) ?? Number(s);
    }
    case "float32": {
      const s = text();
      return new T.Float32(nonFinite(s) ?? parseFloat32(s));
    }
    case "decimal":
      return T.Decimal.parse(text());
    case "string":
      return text();
    case "bytes": {
      const b = decodeBase64(text());
      if (typeof b === "string") throw new ExplicitError(`malformed bytes ${JSON.stringify(p)}: ${b}`);
      return b;
    }
    case "instant":
      return need(Times.parseInstant(text(), false), type, p);
    case "date":
      return need(Times.parseLocalDate(text(), false), type, p);
    case "time":
      return need(Times.parseLocalTime(text(), false), type, p);
    case "datetime":
      return need(Times.parseLocalDateTime(text(), false), type, p);
    case "offsetdatetime":
      return need(Times.parseOffsetDateTime(text(), false), type, p);
    case "uuid":
      return new T.Uuid(text());
    case "duration":
      return need(Times.parseDurationLenient(text()), type, p);
    case "list":
      return list().map(fromExplicit);
    case "set":
      return new Set(list().map((e) => T.setMember(fromExplicit(e))));
    case "map": {
      const m = new Map<Value, Value>();
      for (const pair of list()) {
        if (!Array.isArray(pair) || pair.length !== 2) throw new ExplicitError(`a map entry is [key, value], not ${JSON.stringify(pair)}`);
        m.set(T.setMember(fromExplicit(pair[0])), fromExplicit(pair[1]));
      }
      return m;
    }
    case "nest": {
      // [n, value]: the value inside n lists, so that documents at the depth limit need no deep notation
      const [n, inner] = list();
      if (!Number.isSafeInteger(n) || (n as number) < 0) throw new ExplicitError(`nest takes [n, value] with n a count, not ${JSON.stringify(p)}`);
      let v = fromExplicit(inner);
      for (let i = 0; i < (n as number); i++) v = [v];
      return v;
    }
    default:
      throw new ExplicitError(`unknown type ${JSON.stringify(type)} in the explicit notation`);
  }
}
