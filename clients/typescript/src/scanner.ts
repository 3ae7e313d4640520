// A strict JSON scanner over UTF-8 bytes (RFC 8259, SPEC.md section 1). JSON.parse cannot be used: it turns
// int64 beyond 2^53 and decimals into rounded doubles, forgets `1` vs `1.0`, reorders integer-like keys and
// keeps the last of two equal keys. The scanner knows the JSON path and the byte offset of every token.
import { TypedJsonError, indexSegment, keySegment, pathOf } from "./errors";

/**
 * Bounds on what a hostile document can cost (SPEC.md section 9); the Java implementation's defaults. The writer holds
 * what it writes to the same limits, so what it writes a reader with them reads.
 */
export interface Limits {
  /** Deepest nesting of arrays and objects (500). */
  maxDepth: number;
  /** Most digits in a number lexeme, plain or in a ~i ~s ~y ~n ~f ~d payload, exponent digits included (1,000). */
  maxNumberLength: number;
  /** Longest string or key in UTF-16 code units after unescaping (20,000,000). */
  maxStringLength: number;
  /** Largest document in bytes (64 MiB). */
  maxDocumentBytes: number;
  /**
   * Most values in a document (1,000,000): every scalar, array and object at any depth, the document's own value
   * included; an object's member counts once, by its value.
   */
  maxElements: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxDepth: 500,
  maxNumberLength: 1000,
  maxStringLength: 20_000_000,
  maxDocumentBytes: 64 * 1024 * 1024,
  maxElements: 1_000_000,
});

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** Index of the first UTF-16 unit that is a surrogate without its pair, or -1. */
export function loneSurrogate(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      if (c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          i++;
          continue;
        }
      }
      return i;
    }
  }
  return -1;
}

const SURROGATE = /[\ud800-\udfff]/;

/** Offset of the first byte in [from, to) that does not start a well-formed UTF-8 sequence, or -1. */
function invalidUtf8(b: Uint8Array, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f; // surrogates have no UTF-8 spelling
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    if (i + n >= to) return i;
    if (b[i + 1] < lo || b[i + 1] > hi) return i;
    for (let k = 2; k <= n; k++) if (b[i + k] < 0x80 || b[i + k] > 0xbf) return i;
    i += n + 1;
  }
  return -1;
}

/** The digits of a number lexeme in bytes [from, to), exponent digits included: what the number length limit counts. */
export function countDigits(b: Uint8Array | string, from = 0, to = b.length): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = typeof b === "string" ? b.charCodeAt(i) : b[i];
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

// The reasons of the limits (SPEC.md section 9), in one place: the writer refuses a value with the words the reader
// refuses its document with.

export function numberTooLong(digits: number, limit: number): string {
  return `number of ${digits} digits exceeds the limit of ${limit} (limits.maxNumberLength, typedjson.max.number.length in Java)`;
}

export function stringTooLong(units: number, limit: number): string {
  return `string of ${units} UTF-16 code units exceeds the limit of ${limit} (limits.maxStringLength, typedjson.max.string.length in Java)`;
}

export function tooManyElements(count: number, limit: number): string {
  return `element count ${count} exceeds the limit of ${limit} (limits.maxElements, typedjson.max.elements in Java)`;
}

export function documentTooLarge(bytes: number, limit: number): string {
  return `document of ${bytes} bytes exceeds the limit of ${limit} bytes (limits.maxDocumentBytes, typedjson.max.document.bytes in Java)`;
}

/** What continues a word after its first character (Java's reader takes the same). */
function isWordByte(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 43 || c === 46;
}

export const enum Kind {
  End = -1,
  Object = 123, // {
  Array = 91, // [
  String = 34, // "
  True = 116,
  False = 102,
  Null = 110,
  Number = 0,
}

export class Scanner {
  readonly bytes: Uint8Array;
  readonly limits: Limits;
  pos = 0;
  /** Start of the token read last, for errors about it. */
  tokenStart = 0;
  /** The path of the value being read: object keys as written (strings) and array indices (numbers). */
  readonly path: (string | number)[] = [];
  private depth = 0;
  /** A plain document (SPEC.md section 13.1): no string and no key is a tag or an escape; every reader asks this. */
  plain = false;
  /** The values met so far (what maxElements counts), and where the last one counted starts. */
  private elements = 0;
  private countedAt = -1;

  constructor(input: string | Uint8Array, limits: Limits = DEFAULT_LIMITS) {
    this.limits = limits;
    if (typeof input === "string") {
      const at = loneSurrogate(input);
      if (at >= 0) {
        throw new TypedJsonError(`the input string holds a lone surrogate U+${input.charCodeAt(at).toString(16).toUpperCase()} at index ${at}: not Unicode text`, "$", 0);
      }
      this.bytes = encoder.encode(input);
    } else if (input instanceof Uint8Array) {
      this.bytes = input;
    } else {
      throw new TypeError("a document is a string or a Uint8Array of UTF-8");
    }
    if (this.bytes.length > limits.maxDocumentBytes) {
      throw new TypedJsonError(documentTooLarge(this.bytes.length, limits.maxDocumentBytes), "$", 0);
    }
    const b = this.bytes;
    if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) this.fail("document starts with a byte order mark: typed JSON documents are UTF-8 without one", 0);
    if (b.length >= 2 && ((b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0xff && b[1] === 0xfe))) this.fail("document starts with a UTF-16 byte order mark: typed JSON documents are UTF-8", 0);
    // a first byte FE or FF is in no UTF-8 text: named at 0 before a NUL after it, as Java and Python name it
    if (b.length >= 1 && (b[0] === 0xfe || b[0] === 0xff)) this.fail(`byte ${b[0].toString(16).toUpperCase()} where a document starts: UTF-16 or UTF-32 text? typed JSON documents are UTF-8`, 0);
    // UTF-16 and UTF-32 text holds a NUL within its first four bytes; readers refuse it rather than detect it
    for (let i = 0; i < 4 && i < b.length; i++) {
      if (b[i] === 0) this.fail("NUL byte at the start of the document: UTF-16 or UTF-32 text? typed JSON documents are UTF-8", i);
    }
  }

  fail(reason: string, at: number = this.tokenStart, segments: readonly (string | number)[] = this.path): never {
    throw new TypedJsonError(reason, pathOf(segments.map((s) => (typeof s === "number" ? indexSegment(s) : keySegment(s)))), at);
  }

  /** Fails naming the object that holds the current key rather than the key's value. */
  failOnKey(reason: string, at: number): never {
    this.fail(reason, at, this.path.slice(0, -1));
  }

  skipWhitespace(): void {
    const b = this.bytes;
    let i = this.pos;
    while (i < b.length) {
      const c = b[i];
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    this.pos = i;
  }

  /** The kind of the next value, after whitespace; fails on anything that cannot start a JSON value. */
  peek(): Kind {
    this.skipWhitespace();
    const b = this.bytes;
    this.tokenStart = this.pos; // at the end too: where more was expected is named at the document's length
    if (this.pos >= b.length) return Kind.End;
    const c = b[this.pos];
    // a value starts here (a value is peeked at before it is read, sometimes twice: each position counts once)
    if (this.pos !== this.countedAt) {
      this.countedAt = this.pos;
      if (++this.elements > this.limits.maxElements) {
        this.fail(tooManyElements(this.elements, this.limits.maxElements));
      }
    }
    switch (c) {
      case 123: case 91: case 34: case 116: case 102: case 110:
        return c as Kind;
      case 45: case 48: case 49: case 50: case 51: case 52: case 53: case 54: case 55: case 56: case 57:
        return Kind.Number;
      default:
        return this.unexpected("a value");
    }
  }

  /**
   * Reads the first token of the value at pos (a string, number or word whole, a bracket alone), refusing malformed
   * JSON in it but not a lone surrogate: how far a typed reader reads before it names a duplicate key (SPEC.md 8).
   */
  firstToken(): void {
    const k = this.peek();
    if (k === Kind.String) this.readString(false);
    else if (k === Kind.Number) this.readNumber();
    else if (k === Kind.True || k === Kind.False || k === Kind.Null) this.readLiteral();
    else if (k === Kind.End) this.unexpected("a value");
  }

  /** Describes the byte at pos and fails; `what` is what belonged there. */
  unexpected(what: string): never {
    const b = this.bytes;
    this.tokenStart = this.pos;
    if (this.pos >= b.length) this.fail(`unexpected end-of-input where ${what} belongs`, this.pos);
    const c = b[this.pos];
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) this.word(what);
    if (c === 47) this.fail(`unexpected '/' where ${what} belongs: comments are not JSON`);
    if (c === 39) this.fail(`unexpected single quote where ${what} belongs: JSON strings use double-quote`);
    if (c === 0) this.fail(`unexpected NUL byte where ${what} belongs (UTF-16 input? documents are UTF-8)`);
    const shown = c >= 32 && c < 127 ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, "0").toUpperCase()}`;
    this.fail(`unexpected ${shown} where ${what} belongs`);
  }

  /** A word at pos where `what` belongs (`tru`, `NaN`, `-x`): one offending token, named at its first byte. */
  word(what: string): never {
    const b = this.bytes;
    this.tokenStart = this.pos;
    let end = this.pos + 1;
    while (end < b.length && end - this.pos < 256 && isWordByte(b[end])) end++;
    const word = String.fromCharCode(...b.subarray(this.pos, end));
    const hint = word === "NaN" || word === "Infinity" || word === "-Infinity" ? ` (typed JSON spells it "~z${word}")` : "";
    return this.fail(`${hint ? "Non-standard" : "Unrecognized"} token '${word}' where ${what} belongs${hint}`);
  }

  /** After the document's value: only whitespace may follow. */
  expectEnd(): void {
    this.skipWhitespace();
    if (this.pos < this.bytes.length) {
      const at = this.pos;
      const c = this.bytes[at];
      // a second string or number is read as a token first, as the Java reader does: malformed JSON in it is named
      if (c === 34) this.readString();
      else if (c === 45 || (c >= 48 && c <= 57)) this.readNumber();
      this.tokenStart = at;
      this.fail(`trailing content after the document's value${c === 47 ? " (a comment? comments are not JSON)" : ""}`);
    }
  }

  enter(): void {
    if (++this.depth > this.limits.maxDepth) this.fail(`nesting depth ${this.depth} exceeds the limit of ${this.limits.maxDepth} (limits.maxDepth, typedjson.max.depth in Java)`);
  }

  leave(): void {
    this.depth--;
  }

  readLiteral(): boolean | null {
    const b = this.bytes;
    const start = this.pos;
    const word = b[start] === 116 ? "true" : b[start] === 102 ? "false" : "null";
    for (let k = 0; k < word.length; k++) {
      if (b[start + k] !== word.charCodeAt(k)) this.word("a value");
    }
    if (start + word.length < b.length && isWordByte(b[start + word.length])) this.word("a value");
    this.pos = start + word.length;
    return word === "true" ? true : word === "false" ? false : null;
  }

  /** A JSON number lexeme (strict RFC 8259 grammar), and whether it is an integer lexeme (no fraction, no exponent). */
  readNumber(): { text: string; integer: boolean } {
    const b = this.bytes;
    const start = this.pos;
    let i = start;
    if (b[i] === 45) i++;
    const digitsAt = i;
    if (b[i] === 48) {
      i++;
      if (b[i] >= 48 && b[i] <= 57) this.fail("Leading zeroes not allowed in a JSON number", start);
    } else {
      while (b[i] >= 48 && b[i] <= 57) i++;
      if (i === digitsAt) {
        if ((b[i] >= 65 && b[i] <= 90) || (b[i] >= 97 && b[i] <= 122)) this.word("a value"); // -Infinity, -x
        this.noDigit(i, "'-' must be followed by a digit");
      }
    }
    let integer = true;
    if (b[i] === 46) {
      integer = false;
      const f = ++i;
      while (b[i] >= 48 && b[i] <= 57) i++;
      if (i === f) this.noDigit(i, "the decimal point must be followed by a digit");
    }
    if (b[i] === 101 || b[i] === 69) {
      integer = false;
      i++;
      if (b[i] === 43 || b[i] === 45) i++;
      const e = i;
      while (b[i] >= 48 && b[i] <= 57) i++;
      if (i === e) this.noDigit(i, "the exponent must have a digit");
    }
    const digits = countDigits(b, start, i);
    if (digits > this.limits.maxNumberLength) this.fail(numberTooLong(digits, this.limits.maxNumberLength));
    this.pos = i;
    let text = "";
    for (let k = start; k < i; k++) text += String.fromCharCode(b[k]);
    return { text, integer };
  }

  /** A digit belongs at `i` of a number: names the character there, or the end (SPEC.md section 8). */
  private noDigit(i: number, reason: string): never {
    const b = this.bytes;
    if (i >= b.length) this.fail(`malformed number: unexpected end-of-input where a digit belongs (${reason})`, b.length);
    const c = b[i];
    this.fail(`malformed number: ${c >= 32 && c < 127 ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, "0").toUpperCase()}`} where a digit belongs (${reason})`, i);
  }

  /** A JSON string at pos (its opening quote), unescaped; refuses bad UTF-8, raw control characters and lone surrogates. */
  /** `unicode` false: a lone surrogate is left in the string (`firstToken`). */
  readString(unicode = true): string {
    const b = this.bytes;
    const start = this.pos;
    this.tokenStart = start;
    let i = start + 1;
    let chunk = i;
    let out = "";
    for (;;) {
      if (i >= b.length) {
        this.decode(chunk, i); // ill-formed UTF-8 before the end is named first
        this.fail("unexpected end-of-input in a string", b.length);
      }
      const c = b[i];
      if (c === 34) break;
      if (c === 92) {
        out += this.decode(chunk, i);
        i++;
        const e = b[i];
        if (e === undefined) this.fail("unexpected end-of-input in a string escape", b.length);
        switch (e) {
          case 34: out += '"'; break;
          case 92: out += "\\"; break;
          case 47: out += "/"; break;
          case 98: out += "\b"; break;
          case 102: out += "\f"; break;
          case 110: out += "\n"; break;
          case 114: out += "\r"; break;
          case 116: out += "\t"; break;
          case 117: {
            let v = 0;
            for (let k = 1; k <= 4; k++) {
              const h = b[i + k];
              if (h === undefined) this.fail("unexpected end-of-input in a \\u escape", b.length);
              const d = h >= 48 && h <= 57 ? h - 48 : h >= 65 && h <= 70 ? h - 55 : h >= 97 && h <= 102 ? h - 87 : -1;
              if (d < 0) this.fail("malformed \\u escape in a string: four hex digits expected", i + k);
              v = v * 16 + d;
            }
            out += String.fromCharCode(v);
            i += 4;
            break;
          }
          default:
            this.fail(`unrecognized escape '\\${e === undefined ? "" : String.fromCharCode(e)}' in a string`, i);
        }
        i++;
        chunk = i;
        continue;
      }
      if (c < 0x20) this.decode(chunk, i); // ill-formed UTF-8 before it is named first
      if (c < 0x20) this.fail(`unescaped control character U+${c.toString(16).padStart(4, "0").toUpperCase()} in a string (JSON requires \\u${c.toString(16).padStart(4, "0").toUpperCase()})`, i);
      i++;
    }
    out += this.decode(chunk, i);
    this.pos = i + 1;
    if (out.length > this.limits.maxStringLength) this.fail(stringTooLong(out.length, this.limits.maxStringLength));
    if (unicode && SURROGATE.test(out)) {
      const at = loneSurrogate(out);
      if (at >= 0) this.fail(`lone surrogate U+${out.charCodeAt(at).toString(16).toUpperCase()} at index ${at} of a string: not Unicode text`);
    }
    return out;
  }

  private decode(from: number, to: number): string {
    if (from === to) return "";
    const b = this.bytes;
    if (to - from <= 32) {
      // short ASCII strings (most keys and values) are cheaper built here than by a decoder call
      let s = "";
      for (let i = from; i < to; i++) {
        const c = b[i];
        if (c >= 0x80) return this.decodeUtf8(from, to);
        s += String.fromCharCode(c);
      }
      return s;
    }
    return this.decodeUtf8(from, to);
  }

  private decodeUtf8(from: number, to: number): string {
    try {
      return utf8.decode(this.bytes.subarray(from, to));
    } catch {
      const at = invalidUtf8(this.bytes, from, to);
      this.fail(`Invalid UTF-8 byte 0x${this.bytes[at < 0 ? from : at].toString(16).toUpperCase()} in a string`, at < 0 ? from : at);
    }
  }

  // ---- structure: the caller keeps the path up to date with pushIndex / pushKey

  /** Consumes '[' and tells whether the array is empty (its ']' consumed too). */
  beginArray(): boolean {
    this.enter();
    this.popped = undefined;
    this.pos++;
    this.skipWhitespace();
    if (this.bytes[this.pos] === 93) {
      this.pos++;
      this.leave();
      return true;
    }
    return false;
  }

  /** After an element: true when another follows (its ',' consumed), false at the end (']' consumed). */
  nextElement(): boolean {
    this.skipWhitespace();
    const c = this.bytes[this.pos];
    const popped = this.popped;
    this.popped = undefined;
    if (c === 44) {
      this.pos++;
      return true;
    }
    if (c === 93) {
      this.pos++;
      this.leave();
      return false;
    }
    return this.afterValue(popped, "',' or ']' of an array");
  }

  /** Consumes '{' and tells whether the object is empty (its '}' consumed too). */
  beginObject(): boolean {
    this.enter();
    this.popped = undefined;
    this.pos++;
    this.skipWhitespace();
    if (this.bytes[this.pos] === 125) {
      this.pos++;
      this.leave();
      return true;
    }
    return false;
  }

  /** A key and its ':'; returns the key as written (after JSON unescaping), with keyStart set. */
  readKey(): string {
    this.skipWhitespace();
    this.keyStart = this.pos;
    if (this.bytes[this.pos] !== 34) {
      this.tokenStart = this.pos;
      if (this.bytes[this.pos] === 39) this.fail("unexpected single quote: was expecting double-quote to start a key");
      this.unexpected("a key (a string in double-quotes)");
    }
    const key = this.readString();
    this.skipWhitespace();
    if (this.bytes[this.pos] !== 58) {
      this.path.push(key); // named at the key's value (SPEC.md section 8)
      this.unexpected("':' after a key");
    }
    this.pos++;
    return key;
  }

  keyStart = 0;

  /** After a member: true when another follows (its ',' consumed), false at the end ('}' consumed). */
  nextMember(): boolean {
    this.skipWhitespace();
    const c = this.bytes[this.pos];
    const popped = this.popped;
    this.popped = undefined;
    if (c === 44) {
      this.pos++;
      return true;
    }
    if (c === 125) {
      this.pos++;
      this.leave();
      return false;
    }
    return this.afterValue(popped, "',' or '}' of an object");
  }

  pushIndex(i: number): void {
    this.path.push(i);
  }

  pushKey(rawKey: string): void {
    this.path.push(rawKey);
  }

  pop(): void {
    this.popped = this.path.pop();
  }

  /** The segment popped last: a value's, which a missing ',' or closing bracket after it is named by. */
  private popped: string | number | undefined;

  private afterValue(popped: string | number | undefined, what: string): never {
    if (popped !== undefined) this.path.push(popped);
    return this.unexpected(what);
  }
}
