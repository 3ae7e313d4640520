// Errors name the JSON path of the offending value and, when reading, the UTF-8 byte offset of the offending
// token (SPEC.md section 8): `number 70000 is out of range for int16 at $.a[1] (byte offset 9)`.

/** A document that is not valid typed JSON, or a value that cannot be written exactly. */
export class TypedJsonError extends Error {
  /** The problem itself, without path and offset. */
  readonly reason: string;
  /** The JSON path of the offending value: `$`, `$.a`, `$[3]`, `$["a key"]`, `$["~set"][1]`. */
  readonly path: string;
  /** The byte offset in the UTF-8 document where the offending token starts, or -1 when writing. */
  readonly byteOffset: number;

  constructor(reason: string, path: string, byteOffset = -1) {
    super(byteOffset >= 0 ? `${reason} at ${path} (byte offset ${byteOffset})` : `${reason} at ${path}`);
    this.name = "TypedJsonError";
    this.reason = reason;
    this.path = path;
    this.byteOffset = byteOffset;
  }
}

// an ASCII identifier is spelled .key, anything else ["key"], so paths read the same in every language (SPEC.md section 8)
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The path segment of an object key: `.name` for an identifier, else `["the key"]`. */
export function keySegment(key: string): string {
  if (IDENTIFIER.test(key)) return "." + key;
  let s = '["';
  for (const ch of key) {
    const c = ch.codePointAt(0)!;
    s += ch === '"' || ch === "\\" ? "\\" + ch : c < 0x20 ? "?" : ch;
  }
  return s + '"]';
}

export function indexSegment(i: number): string {
  return `[${i}]`;
}

/** Joins segments into a path; very deep paths are cut after 32 segments, as the Java implementation does. */
export function pathOf(segments: readonly string[]): string {
  if (segments.length <= 32) return "$" + segments.join("");
  return "$" + segments.slice(0, 32).join("") + `...(${segments.length - 32} more)`;
}

/** A string for messages: quoted, control characters escaped, long ones cut. */
export function quote(s: string): string {
  const cut = s.length > 60 ? s.slice(0, 60) + "..." : s;
  return '"' + cut.replace(/[\u0000-\u001f"\\]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")) + '"';
}
