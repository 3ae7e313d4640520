// Standard base64 (RFC 4648 section 4) with padding; the reader takes only what the writer writes.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + "==";
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + "=";
  }
  return out;
}

/**
 * The bytes of canonical base64, or a reason it is not: a length that is not a multiple of 4, a character outside
 * the alphabet, misplaced padding, or padding bits that are not zero (`/x==` is a second spelling of `/w==`).
 */
export function decodeBase64(s: string): Uint8Array | string {
  if (s.length % 4 !== 0) return "length is not a multiple of 4";
  const padding = s.endsWith("==") ? 2 : s.endsWith("=") ? 1 : 0;
  const out = new Uint8Array((s.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < s.length; i += 4) {
    let n = 0;
    for (let j = 0; j < 4; j++) {
      const c = s.charCodeAt(i + j);
      const last = i + 4 === s.length;
      if (c === 61 /* = */ && last && j >= 4 - padding) {
        n <<= 6;
        continue;
      }
      const v = c < 128 ? VALUES[c] : -1;
      if (v < 0) return `illegal character '${s[i + j]}' at index ${i + j}`;
      n = (n << 6) | v;
    }
    if (o < out.length) out[o++] = n >> 16;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  if (encodeBase64(out) !== s) return "padding bits are not zero";
  return out;
}
