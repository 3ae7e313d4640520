"""Reading typed JSON: a strict scanner over the UTF-8 bytes (duplicate keys, byte offsets, limits) and the
dynamic model on top of it (SPEC.md sections 1, 4, 6, 7, 8 and 9).

One spelling per value: every tag payload and tagged object must be exactly what the writer writes; only JSON's
own freedom (escapes, whitespace, any number lexeme for a plain number) stays open.
"""
from __future__ import annotations

import base64
import binascii
import math
import re
import uuid
from decimal import Decimal, InvalidOperation

from .errors import TypedJsonError, path_segment, path_text
from .numbers import JSON_NUMBER, decimal_text, float32_of, float32_text
from .types import (BigInt, Duration, Float32, Instant, Int8, Int16, Int32, LocalDate, LocalDateTime, LocalTime,
                    OffsetDateTime, TypedMap, TypedSet, _days_from_civil, _month_length, _year_text)


class Limits:
    """What a hostile document may cost (SPEC.md section 9); the defaults are the Java implementation's."""
    __slots__ = ("max_depth", "max_number_length", "max_string_length", "max_document_bytes", "max_elements")

    def __init__(self, max_depth=500, max_number_length=1000, max_string_length=20_000_000,
                 max_document_bytes=64 << 20, max_elements=1_000_000):
        self.max_depth = max_depth
        self.max_number_length = max_number_length
        self.max_string_length = max_string_length
        self.max_document_bytes = max_document_bytes
        # every value at any depth, the document's own included; an object's member once, by its value
        self.max_elements = max_elements


DEFAULT_LIMITS = Limits()


# The reasons of the limits, in one place: the writer refuses a value with the words the reader refuses its document
# with (SPEC.md section 9).

def document_too_large(n, limit):
    return (f"document of {n} bytes is larger than the limit of {limit} bytes "
            "(Limits.max_document_bytes; typedjson.max.document.bytes in Java)")


def string_too_long(units, limit):
    return (f"string of {units} UTF-16 units is longer than the limit of {limit} "
            "(Limits.max_string_length; typedjson.max.string.length in Java)")


def number_too_long(digits, limit):
    return (f"number length {digits} exceeds the limit of {limit} "
            "(Limits.max_number_length; typedjson.max.number.length in Java)")


def too_many_elements(n, limit):
    return f"element count {n} exceeds the limit of {limit} (Limits.max_elements; typedjson.max.elements in Java)"

_WS = re.compile(rb"[ \t\n\r]*")
_WS_BYTES = frozenset(b" \t\n\r")
_ASCII_STRING = re.compile(rb'"([\x20\x21\x23-\x5b\x5d-\x7f]*)"')
_CHUNK = re.compile(rb'[^"\\\x00-\x1f]+')
_NUMBER = re.compile(rb"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_INT_LEXEME = re.compile(r"-?(?:0|[1-9][0-9]*)\Z")
_ESCAPES = {ord('"'): '"', ord("\\"): "\\", ord("/"): "/", ord("b"): "\b", ord("f"): "\f", ord("n"): "\n",
            ord("r"): "\r", ord("t"): "\t"}
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
_NUMBER_TAGS = frozenset("isynfd")


class PayloadError(ValueError):
    """A tag payload or typed spelling that is not the writer's; the scanner adds path and offset."""


class Scanner:
    """A JSON scanner over UTF-8 bytes that knows the JSON path of where it is."""

    plain = False  # a plain document (SPEC.md section 13.1): no string and no key is a tag or an escape

    def __init__(self, data, limits: Limits = DEFAULT_LIMITS):
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogatepass")  # a lone surrogate becomes invalid UTF-8, refused below
        elif isinstance(data, (bytearray, memoryview)):
            data = bytes(data)
        elif not isinstance(data, bytes):
            raise TypeError(f"a document is bytes or str, not {type(data).__name__}")
        self.data = data
        self.n = len(data)
        self.pos = 0
        self.limits = limits
        self.path = []
        self.depth = 0
        self.elements = 0
        if self.n > limits.max_document_bytes:
            raise self.error(document_too_large(self.n, limits.max_document_bytes), 0)
        if data.startswith(b"\xef\xbb\xbf"):
            raise self.error("a byte order mark is not allowed (a document is UTF-8 without BOM)", 0)
        if data[:1] in (b"\xfe", b"\xff"):
            raise self.error("a UTF-16 or UTF-32 byte order mark: a document is UTF-8", 0)
        nul = data.find(b"\0", 0, 4)
        if nul >= 0:
            # UTF-16 and UTF-32 text holds a NUL within its first four bytes; a later one is refused where it stands
            raise self.error(f"a NUL byte (CTRL-CHAR, code 0): a document is UTF-8, not UTF-16 or UTF-32", nul)

    # ---- errors and positions

    def error(self, reason, offset=None, path=None):
        return TypedJsonError(reason, path_text(self.path if path is None else path),
                              self.pos if offset is None else offset)

    def ws(self):
        p = self.pos
        if p < self.n and self.data[p] in _WS_BYTES:
            self.pos = _WS.match(self.data, p).end()

    def peek(self) -> int:
        return self.data[self.pos] if self.pos < self.n else -1

    def unexpected(self, what_expected):
        c = self.peek()
        if c < 0:
            return self.error(f"Unexpected end-of-input: expected {what_expected}")
        return self.error(f"Unexpected character {_describe_byte(self.data, self.pos)}: expected {what_expected}")

    def enter(self, offset):
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise self.error(f"nesting depth {self.depth} exceeds the limit of {self.limits.max_depth} "
                             "(Limits.max_depth; typedjson.max.depth in Java)", offset)

    def count(self, offset):
        """One more value, starting at ``offset`` (SPEC.md section 9's elements)."""
        self.elements += 1
        if self.elements > self.limits.max_elements:
            raise self.error(too_many_elements(self.elements, self.limits.max_elements), offset)

    # ---- the document

    def begin(self):
        self.ws()
        if self.pos >= self.n:
            raise self.error("empty document: no value", 0 if self.n == 0 else self.pos)

    def end(self):
        self.ws()
        if self.pos < self.n:
            at = self.pos
            # a second string or number is read as a token first, as the Java reader does: malformed JSON in it is named
            if self.data[at] == 0x22:
                self.string()
            elif self.data[at] == 0x2D or 0x30 <= self.data[at] <= 0x39:
                self.number()
            self.pos = at
            if self.data[self.pos] == ord("/"):
                raise self.error("Unexpected character '/' after the document: a comment is not JSON")
            c = self.data[self.pos]
            if c in b"]}":
                raise self.error(f"Unexpected close marker '{chr(c)}' after the value: trailing content")
            if chr(c).isalnum():
                raise self.error(f"Unrecognized token {_describe_byte(self.data, self.pos)} after the value: "
                                 "trailing content")
            raise self.error(f"trailing content after the value: {_describe_byte(self.data, self.pos)}")

    # ---- arrays and objects: depth, the empty case, each element's or member's path, the separators and their
    # refusals, in one place for every reader (dynamic, Connect, events)

    def open(self, close) -> bool:
        """Consumes the '[' or '{' at pos (one level deeper) and the whitespace after it; True when the array or
        object is empty (its ``close`` byte consumed too, the level left)."""
        self.enter(self.pos)
        self.pos += 1
        self.ws()
        if self.pos < self.n and self.data[self.pos] == close:
            self.pos += 1
            self.depth -= 1
            return True
        return False

    def array(self):
        """Walks the array at pos (its '[' checked by the caller): yields each element's index ``i`` with pos at the
        element and its path ``[i]`` pushed, for the caller to read the element."""
        if self.open(0x5D):
            return
        i = 0
        path = self.path
        while True:
            path.append(f"[{i}]")
            self.ws()
            yield i
            self.ws()
            c = self.peek()
            if c == 0x2C:
                path.pop()
                self.pos += 1
                i += 1
                continue
            if c == 0x5D:
                path.pop()
                self.pos += 1
                self.depth -= 1
                return
            raise self.unexpected("',' or ']' in an array")  # at the element before (SPEC.md section 8)

    def object(self, raw=None, key_start=0):
        """Walks the object at pos (its '{' checked by the caller): yields ``(raw, key_start)`` for each key, with
        pos just after the key and its path pushed, for the caller to read ':' (``colon()``) and the value; ``raw``
        is the key as written, JSON escapes undone (``key_error`` refuses it, named at the object). With ``raw``,
        the object is open and its first key (at ``key_start``) read."""
        if raw is None:
            if self.open(0x7D):
                return
            key_start = self.pos
            raw = self.key()
        path = self.path
        while True:
            path.append(path_segment(raw))
            yield raw, key_start
            self.ws()
            c = self.peek()
            if c == 0x2C:
                path.pop()
                self.pos += 1
                self.ws()
                key_start = self.pos
                raw = self.key()
                continue
            if c == 0x7D:
                path.pop()
                self.pos += 1
                self.depth -= 1
                return
            raise self.unexpected("',' or '}' in an object")

    def key(self) -> str:
        if self.peek() != 0x22:
            if self.peek() == 0x27:
                raise self.error("Unexpected character (''' (code 39)): was expecting double-quote to start field name")
            raise self.unexpected("double-quote to start a key")
        return self.string()

    def colon(self):
        self.ws()
        if self.peek() != 0x3A:
            raise self.unexpected("':' after a key")
        self.pos += 1
        self.ws()

    def key_error(self, reason, key_start):
        """An error about the key at ``key_start``, named at its object's path (the key's segment is pushed)."""
        return self.error(reason, key_start, self.path[:-1])

    # ---- tokens

    def first_token(self):
        """Reads the first token of the value at pos (a string, number or word whole, a bracket alone), refusing
        malformed JSON in it but not a lone surrogate: how far a typed reader reads before it names a duplicate key
        (SPEC.md section 8)."""
        self.ws()
        c = self.peek()
        if c == 0x22:
            self.string(unicode=False)
        elif c == 0x2D or 0x30 <= c <= 0x39:
            self.number()
        elif c != 0x5B and c != 0x7B:
            self.literal()

    def string(self, unicode=True) -> str:
        """The string at pos (JSON escapes undone), checked for UTF-8 and (``unicode``) lone surrogates."""
        start = self.pos
        m = _ASCII_STRING.match(self.data, start)
        if m:
            s = m.group(1).decode("ascii")
            if "\\" not in s:
                self.pos = m.end()
                self._check_length(s, start)
                return s
        parts = []
        lone = None  # the first lone surrogate, refused once the string is read (its syntax errors come first)
        p = start + 1
        data, n = self.data, self.n
        while True:
            m = _CHUNK.match(data, p)
            if m:
                chunk = m.group()
                try:
                    parts.append(chunk.decode("utf-8"))
                except UnicodeDecodeError as e:
                    raise self.error(f"Invalid UTF-8 {'start' if e.end - e.start == 1 else 'middle'} byte "
                                     f"0x{chunk[e.start]:02x} in a string", p + e.start) from None
                p = m.end()
            if p >= n:
                raise self.error("Unexpected end-of-input in a string", p)
            c = data[p]
            if c == 0x22:
                p += 1
                break
            if c < 0x20:
                raise self.error(f"Illegal unquoted character (CTRL-CHAR, code {c}): has to be escaped in a string", p)
            # a backslash
            if p + 1 >= n:
                raise self.error("Unexpected end-of-input in a string escape", n)
            e = data[p + 1]
            if e == ord("u"):
                unit = self._hex4(p)
                p += 6
                if 0xD800 <= unit <= 0xDBFF and data[p:p + 2] == b"\\u":
                    low = self._hex4(p)
                    if 0xDC00 <= low <= 0xDFFF:
                        parts.append(chr(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)))
                        p += 6
                        continue
                if 0xD800 <= unit <= 0xDFFF and lone is None:
                    lone = unit
                parts.append(chr(unit))
            elif e in _ESCAPES:
                parts.append(_ESCAPES[e])
                p += 2
            else:
                raise self.error(f"Unrecognized character escape {_describe_byte(data, p + 1)}", p + 1)
        self.pos = p
        s = "".join(parts)
        self._check_length(s, start)
        if lone is not None and unicode:
            raise self._surrogate(lone, start)
        return s

    def _surrogate(self, unit, start):
        return self.error(f"lone surrogate U+{unit:04X} in a string: not Unicode text", start)

    def _hex4(self, p):
        h = self.data[p + 2:p + 6]
        for k, c in enumerate(h):
            if c not in _HEX:  # the first character that is not a hex digit (SPEC.md section 8)
                raise self.error(f"Unexpected character {_describe_byte(self.data, p + 2 + k)} in a \\u escape: "
                                 "expected 4 hex digits", p + 2 + k)
        if len(h) < 4:  # the document ends inside the escape: where more was expected (SPEC section 8)
            raise self.error("Unexpected end-of-input in a \\u escape", self.n)
        return int(h, 16)

    def _check_length(self, s, start):
        limit = self.limits.max_string_length
        if len(s) > limit or (2 * len(s) > limit and utf16_length(s) > limit):
            raise self.error(string_too_long(utf16_length(s), limit), start)

    def number(self):
        """(lexeme, is_integer) of the number at pos."""
        start = self.pos
        m = _NUMBER.match(self.data, start)
        if not m:  # '-' and no digit: a word (-Infinity), another character or the end
            if start + 1 < self.n and self.data[start + 1] in _LETTERS:
                raise self.unrecognized(start)
            raise self.error(f"malformed number: {_describe_byte(self.data, start + 1)} after '-'",
                             min(start + 1, self.n))
        end = m.end()
        if end < self.n:
            c = self.data[end]
            if 0x30 <= c <= 0x39:
                raise self.error("Leading zeroes not allowed in a number", start)
            # a '.' or 'e' that starts a part the lexeme lacks needs a digit: the character where it belongs, or the
            # end (after a complete part, the character is the next token's business)
            if (c == 0x2E and m.group(1) is None and m.group(2) is None) or (c in b"eE" and m.group(2) is None):
                i = end + 1
                if c != 0x2E and i < self.n and self.data[i] in b"+-":
                    i += 1
                raise self.error(f"malformed number: {_describe_byte(self.data, i)} where a digit of its "
                                 f"{'fraction' if c == 0x2E else 'exponent'} belongs", min(i, self.n))
        lexeme = m.group().decode("ascii")
        if end - start > self.limits.max_number_length:
            self.check_number_length(lexeme, start)
        self.pos = end
        return lexeme, m.group(1) is None and m.group(2) is None

    def unrecognized(self, start):
        """A word where a value belongs (``tru``, ``NaN``, ``-x``) is one offending token, named at its first byte."""
        end = start + 1
        while end < self.n and end - start < 256 and self.data[end] in _WORD:
            end += 1
        word = self.data[start:end].decode("ascii")
        if word in ("NaN", "Infinity", "-Infinity"):
            return self.error(f"Non-standard token '{word}': non-finite numbers are strings (\"~z{word}\")", start)
        return self.error(f"Unrecognized token '{word}': expected a value", start)

    def check_number_length(self, lexeme, start):
        """The digits of a number lexeme (the exponent's included; not the signs, the point or the E) within
        the limit."""
        digits = number_digits(lexeme)
        if digits > self.limits.max_number_length:
            raise self.error(number_too_long(digits, self.limits.max_number_length), start)

    def literal(self):
        d = self.data
        for word, value in ((b"true", True), (b"false", False), (b"null", None)):
            if d.startswith(word, self.pos):
                end = self.pos + len(word)
                if end < self.n and d[end] in _WORD:
                    raise self.unrecognized(self.pos)
                self.pos = end
                return value
        if self.peek() in _LETTERS:
            raise self.unrecognized(self.pos)
        if d[self.pos:self.pos + 1] == b"'":
            raise self.error("Unexpected character (''' (code 39)): expected double-quote to start a string")
        if d[self.pos:self.pos + 1] == b"/":
            raise self.error("Unexpected character ('/' (code 47)): a comment is not JSON")
        raise self.unexpected("a value")


_LETTERS = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_WORD = _LETTERS | frozenset(b"0123456789_+-.")  # what continues a word after its first character
_HEX = frozenset(b"0123456789abcdefABCDEF")


def utf16_length(s: str) -> int:
    """The length of ``s`` in UTF-16 code units (SPEC.md section 9: a character beyond the BMP counts 2)."""
    if s.isascii():
        return len(s)
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


def number_digits(lexeme: str) -> int:
    return sum(c.isdigit() for c in lexeme)


def _describe_byte(data, p):
    if p >= len(data):
        return "end-of-input"
    c = data[p]
    if 0x20 <= c < 0x7F:
        return f"('{chr(c)}' (code {c}))"
    return f"(byte 0x{c:02x})"


# ---------------------------------------------------------------------------------------------- tag payloads

def _int_payload(s: str, lo: int, hi: int, what: str) -> int:
    if len(s) > 25 or not _INT_LEXEME.match(s) or s == "-0":
        raise PayloadError(f"malformed {what}")
    v = int(s)
    if not lo <= v <= hi:
        raise PayloadError(f"number {s} is out of range for {what}")
    return v


NON_FINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


def parse_float32(s: str) -> Float32:
    """A float32 payload: NaN, Infinity, -Infinity, or the canonical shortest lexeme."""
    if s in NON_FINITE:
        return Float32(NON_FINITE[s])
    if not JSON_NUMBER.match(s):
        raise PayloadError("malformed float32")
    try:
        f = float32_of(s)
    except OverflowError:
        raise PayloadError(f"number {s} is out of range for float32") from None
    canonical = float32_text(f)
    if canonical != s:
        raise PayloadError(f"malformed float32: not the writer's spelling (that is {canonical!r})")
    return Float32(f)


def parse_double_lexeme(s: str) -> float:
    f = float(s)
    if math.isinf(f):
        raise PayloadError(f"number {s[:40]} is out of range for float64")
    return f


def parse_nonfinite(s: str) -> float:
    if s in NON_FINITE:
        return NON_FINITE[s]
    raise PayloadError(f"string {s[:60]!r} where a number belongs (only \"NaN\", \"Infinity\" and \"-Infinity\" "
                       "are spelled as strings)")


def parse_decimal(s: str) -> Decimal:
    if not JSON_NUMBER.match(s):
        raise PayloadError("malformed decimal")
    try:
        d = Decimal(s)
    except InvalidOperation:
        raise PayloadError("malformed decimal") from None
    if d.is_zero() and d.is_signed():
        raise PayloadError("malformed decimal: BigDecimal has no negative zero")
    exp = d.as_tuple().exponent
    if not -(1 << 31) < -exp < (1 << 31):
        raise PayloadError("malformed decimal: scale beyond int32")
    canonical = decimal_text(d)
    if canonical != s:
        raise PayloadError(f"malformed decimal: not the writer's spelling (that is {canonical!r})")
    return d


def parse_base64(s: str) -> bytes:
    try:
        if len(s) % 4:
            raise ValueError("length is not a multiple of 4")
        b = base64.b64decode(s, validate=True)
    except (ValueError, binascii.Error) as e:
        raise PayloadError(f"malformed base64: {e}") from None
    if base64.b64encode(b).decode("ascii") != s:
        raise PayloadError("malformed base64: non-zero padding bits (not the writer's spelling)")
    return b


_DATE = r"([+-][0-9]{4,10}|[0-9]{4})-([0-9]{2})-([0-9]{2})"
_TIME = r"([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?"
_DATE_RE = re.compile(_DATE + r"\Z")
_TIME_RE = re.compile(_TIME + r"\Z")
_DATETIME_RE = re.compile(_DATE + "T" + _TIME + r"\Z")
_INSTANT_RE = re.compile(_DATE + "T" + _TIME + r"Z\Z")
_OFFSET_RE = re.compile(_DATE + "T" + _TIME + r"(Z|[+-][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)\Z")


def _date(g, what, min_year=LocalDate.MIN_YEAR, max_year=LocalDate.MAX_YEAR):
    y, mo, d = int(g[0]), int(g[1]), int(g[2])
    if not (min_year <= y <= max_year and 1 <= mo <= 12 and 1 <= d <= _month_length(y, mo)):
        raise PayloadError(f"malformed {what}")
    return LocalDate(y, mo, d)


def _time(g, what):
    h, mi = int(g[0]), int(g[1])
    s = int(g[2]) if g[2] else 0
    nano = int(g[3].ljust(9, "0")) if g[3] else 0
    if h > 23 or mi > 59 or s > 59:
        raise PayloadError(f"malformed {what}")
    return LocalTime(h, mi, s, nano)


def _canonical(value, text, what, strict=True):
    if strict and str(value) != text:
        raise PayloadError(f"malformed {what}: not the writer's spelling (that is {str(value)!r})")
    return value


def parse_local_date(s: str, strict: bool = True) -> LocalDate:
    m = _DATE_RE.match(s)
    if not m:
        raise PayloadError("malformed local date")
    return _canonical(_date(m.groups(), "local date"), s, "local date", strict)


def parse_local_time(s: str, strict: bool = True) -> LocalTime:
    m = _TIME_RE.match(s)
    if not m:
        raise PayloadError("malformed local time")
    return _canonical(_time(m.groups(), "local time"), s, "local time", strict)


def parse_local_datetime(s: str, strict: bool = True) -> LocalDateTime:
    m = _DATETIME_RE.match(s)
    if not m:
        raise PayloadError("malformed local date-time")
    g = m.groups()
    v = LocalDateTime(_date(g[:3], "local date-time"), _time(g[3:], "local date-time"))
    return _canonical(v, s, "local date-time", strict)


def parse_offset_datetime(s: str, strict: bool = True) -> OffsetDateTime:
    m = _OFFSET_RE.match(s)
    if not m:
        raise PayloadError("malformed offset date-time")
    g = m.groups()
    local = LocalDateTime(_date(g[:3], "offset date-time"), _time(g[3:7], "offset date-time"))
    off = g[7]
    if off == "Z":
        secs = 0
    else:
        parts = [int(x) for x in off[1:].split(":")]
        if parts[0] > 18 or parts[1] > 59 or (len(parts) > 2 and parts[2] > 59):
            raise PayloadError("malformed offset date-time")
        secs = parts[0] * 3600 + parts[1] * 60 + (parts[2] if len(parts) > 2 else 0)
        if secs > 18 * 3600:
            raise PayloadError("malformed offset date-time")
        secs = -secs if off[0] == "-" else secs
    return _canonical(OffsetDateTime(local, secs), s, "offset date-time", strict)


def parse_instant(s: str, strict: bool = True) -> Instant:
    m = _INSTANT_RE.match(s)
    if not m:
        raise PayloadError("malformed instant")
    g = m.groups()
    y, mo, day = int(g[0]), int(g[1]), int(g[2])
    # Instant reaches one year further than LocalDate (-1000000000 to 1000000000): check month and day in a leap
    # year, then February 29 in this one
    _date(("2000", g[1], g[2]), "instant")
    if mo == 2 and day == 29 and not (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)):
        raise PayloadError("malformed instant")
    t = _time(g[3:], "instant")
    if strict and not g[5]:
        raise PayloadError("malformed instant: seconds are always written")
    sec = _days_from_civil(y, mo, day) * 86400 + t.hour * 3600 + t.minute * 60 + t.second
    if not Instant.MIN_SECOND <= sec <= Instant.MAX_SECOND:
        raise PayloadError("malformed instant: beyond Instant's range")
    return _canonical(Instant(sec, t.nano), s, "instant", strict)


_RFC3339_RE = re.compile(_DATE + "[Tt]" + r"([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,9}))?"
                         r"([Zz]|[+-][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)\Z")


def parse_instant_typed(s: str) -> Instant:
    """An instant in a typed position (SPEC.md section 5.2): any RFC 3339 date-time with seconds, ``t``/``z`` in
    either case, ``Z`` or an offset, taken as the instant it names (``2024-01-01T02:00:00+02:00`` is
    ``2024-01-01T00:00:00Z``); the date part canonical."""
    m = _RFC3339_RE.match(s)
    if not m:
        raise PayloadError("malformed instant (an RFC 3339 date-time with seconds)")
    g = m.groups()
    y, mo, day = int(g[0]), int(g[1]), int(g[2])
    _date(("2000", g[1], g[2]), "instant")  # month and day in a leap year, then February 29 in this one
    if mo == 2 and day == 29 and not (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)):
        raise PayloadError("malformed instant")
    if not (-1_000_000_000 <= y <= 1_000_000_000) or g[0] != _year_text(y):
        raise PayloadError("malformed instant: the year is not canonical")
    t = _time(g[3:7], "instant")
    off = g[7]
    offset = 0
    if off not in ("Z", "z"):
        parts = [int(x) for x in off[1:].split(":")]
        if parts[0] > 18 or parts[1] > 59 or (len(parts) > 2 and parts[2] > 59):
            raise PayloadError("malformed instant: offset")
        offset = parts[0] * 3600 + parts[1] * 60 + (parts[2] if len(parts) > 2 else 0)
        if offset > 18 * 3600:
            raise PayloadError("malformed instant: offset beyond 18 hours")
        offset = -offset if off[0] == "-" else offset
    sec = _days_from_civil(y, mo, day) * 86400 + t.hour * 3600 + t.minute * 60 + t.second - offset
    if not Instant.MIN_SECOND <= sec <= Instant.MAX_SECOND:
        raise PayloadError("malformed instant: beyond Instant's range")
    return Instant(sec, t.nano)


def parse_local_time_typed(s: str) -> LocalTime:
    """A local time in a typed position: ``hh:mm``, ``hh:mm:ss`` or ``hh:mm:ss.f`` with 1 to 9 digits."""
    return parse_local_time(s, strict=False)


_UUID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\Z")


def parse_uuid(s: str) -> uuid.UUID:
    if not _UUID_RE.match(s):
        raise PayloadError("malformed UUID (the canonical form is 36 lower-case characters)")
    return uuid.UUID(s)


_LOOSE_INT = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\Z")
_LOOSE_DATETIME = re.compile(_DATE + "[Tt]" + _TIME + r"([Zz]|[+-][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)?\Z")
_LOOSE_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z")


def parse_duration(s: str) -> Duration:
    """A ~P payload: exactly ``Duration.toString()``'s text."""
    try:
        d = Duration.parse(s)
    except ValueError:
        raise PayloadError("malformed duration") from None
    return _canonical(d, s, "duration")


def _another_spelling(tag: str, p: str) -> bool:
    """Whether a refused payload is another spelling of a value of the tag's type (non-canonical) rather than no
    value at all (malformed); only the words of the error depend on it."""
    if tag in "isyn":
        if not _LOOSE_INT.match(p) or len(p) > 100:
            return False
        d = Decimal(p)
        return abs(d.adjusted()) < 40 and d == d.to_integral_value()  # bounded: never expand 1E999999999
    if tag in "fd":
        return JSON_NUMBER.match(p) is not None
    if tag == "t":
        m = _RFC3339_RE.match(p)
        return m is not None and 1 <= int(m.group(2)) <= 12 and 1 <= int(m.group(3)) <= 31
    if tag == "T":
        m = _TIME_RE.match(p)
        return m is not None and int(m.group(1)) < 24 and int(m.group(2)) < 60
    if tag in "LO":
        m = _LOOSE_DATETIME.match(p)
        return m is not None and 1 <= int(m.group(2)) <= 12 and 1 <= int(m.group(3)) <= 31
    if tag == "u":
        return _LOOSE_UUID.match(p) is not None
    if tag == "P":  # any text Duration.parse reads
        try:
            Duration.parse(p)
            return True
        except ValueError:
            return False
    return False


def _tagged_scalar(s: str):
    try:
        return _tagged_payload(s)
    except PayloadError as e:
        tag, p, reason = s[1], s[2:], str(e)
        if tag not in "isyndfftDTLOuP" or reason.startswith(("number", "unknown")):
            raise
        shown = p if len(p) <= 60 else p[:60] + "..."
        if _another_spelling(tag, p):
            canonical = _canonical_of(tag, p)
            reason = f"a value has one spelling, this one's is \"~{tag}{canonical}\"" if canonical else reason
            raise PayloadError(f"non-canonical ~{tag} payload \"{shown}\" ({reason})") from None
        raise PayloadError(f"malformed ~{tag} payload \"{shown}\" ({reason})") from None


def _canonical_of(tag, p):
    """The writer's spelling of another spelling's value, where it has one (else None)."""
    from .writer import dumps
    try:
        if tag in "isyn":
            v = int(Decimal(p))
        elif tag == "f":
            v = Float32(float32_of(p))
        elif tag == "d":
            v = Decimal(p)
        elif tag == "t":
            v = parse_instant_typed(p)
        elif tag == "T":
            v = parse_local_time(p, strict=False)
        elif tag == "u":
            v = uuid.UUID(p)
        elif tag == "P":
            v = Duration.parse(p)
        else:
            return None
        text = dumps(v)
    except (ValueError, OverflowError, ArithmeticError, TypedJsonError):
        return None
    if tag in "isyn" or tag == "d":
        text = text.strip('"').removeprefix("~d")
        return text
    return text.strip('"')[2:]


def _tagged_payload(s: str):
    tag = s[1]
    p = s[2:]
    if tag == "i":
        return Int32(_int_payload(p, -(1 << 31), (1 << 31) - 1, "int32"))
    if tag == "s":
        return Int16(_int_payload(p, -(1 << 15), (1 << 15) - 1, "int16"))
    if tag == "y":
        return Int8(_int_payload(p, -128, 127, "int8"))
    if tag == "n":
        return BigInt(_int_payload(p, INT64_MIN, INT64_MAX, "tagged BigInteger"))
    if tag == "f":
        return parse_float32(p)
    if tag == "z":
        return parse_nonfinite(p)
    if tag == "d":
        return parse_decimal(p)
    if tag == "b":
        return parse_base64(p)
    if tag == "t":
        return parse_instant(p)
    if tag == "D":
        return parse_local_date(p)
    if tag == "T":
        return parse_local_time(p)
    if tag == "L":
        return parse_local_datetime(p)
    if tag == "O":
        return parse_offset_datetime(p)
    if tag == "u":
        return parse_uuid(p)
    if tag == "P":
        return parse_duration(p)
    raise PayloadError(f"unknown tag {s[:2]!r} in {s[:60]!r} (a string starting with '~' is written with the '~' "
                       "doubled)")


def payload(sc: Scanner, parse, text, offset):
    try:
        return parse(text)
    except PayloadError as e:
        reason = str(e)
        if text and not reason.startswith(("unknown", "number", "string", "malformed ~", "non-canonical ~")):
            reason += f" {text[:60]!r}"
        raise sc.error(reason, offset) from None


# ---------------------------------------------------------------------------------------------- the dynamic model

class DynamicReader:
    def __init__(self, sc: Scanner):
        self.sc = sc

    def document(self):
        sc = self.sc
        sc.begin()
        v = self.value()
        sc.end()
        return v

    def value(self):
        sc = self.sc
        c = sc.peek()
        if c >= 0:
            sc.count(sc.pos)
        if c == 0x22:
            start = sc.pos
            s = sc.string()
            if not s or s[0] != "~" or sc.plain:
                return s
            if len(s) == 1:
                raise sc.error('lone tag prefix "~" (a string "~" is written "~~")', start)
            if s[1] == "~":
                return s[1:]
            if s[1] in _NUMBER_TAGS and len(s) - 2 > sc.limits.max_number_length:
                sc.check_number_length(s[2:], start)
            return payload(sc, _tagged_scalar, s, start)
        if c == 0x7B:
            return self.object()
        if c == 0x5B:
            return self.array()
        if c == 0x2D or 0x30 <= c <= 0x39:
            start = sc.pos
            lexeme, integer = sc.number()
            if integer:
                try:
                    v = int(lexeme)
                except ValueError:  # beyond Python's int-string conversion limit (a raised max_number_length)
                    raise sc.error(f"integer of {len(lexeme)} digits is too long to convert", start) from None
                return v if INT64_MIN <= v <= INT64_MAX else BigInt(v)
            return payload(sc, parse_double_lexeme, lexeme, start)
        return sc.literal()

    def array(self):
        out = []
        for _ in self.sc.array():
            out.append(self.value())
        return out

    def object(self):
        sc = self.sc
        if sc.open(0x7D):
            return {}
        key_start = sc.pos
        raw = sc.key()
        if len(raw) > 1 and raw[0] == "~" and raw[1] != "~" and not sc.plain:
            return self.tagged_object(raw, key_start)
        out = {}
        for raw, key_start in sc.object(raw, key_start):
            sc.colon()  # the key's JSON first, then what it says
            if raw[:1] == "~" and not sc.plain:
                if raw[:2] != "~~":
                    raise sc.key_error(f"format key {raw[:60]!r} must be the only key of its object (a key starting "
                                       "with '~' is written with the '~' doubled)", key_start)
                key = raw[1:]
            else:
                key = raw
            value_start = sc.pos
            value = self.value()
            if key in out:  # found once its value is read: named at the value (SPEC.md section 8)
                raise sc.error(f"duplicate key {raw[:60]!r}", value_start)
            out[key] = value
        return out

    def tagged_object(self, tag, key_start):
        sc = self.sc
        sc.path.append(path_segment(tag))
        sc.colon()  # the key's JSON first, then what it says
        if tag not in ("~set", "~map"):
            raise sc.key_error(f"unknown tag {tag[:60]!r} (a key starting with '~' is written with the '~' doubled)",
                               key_start)
        if sc.peek() != 0x5B:
            at = sc.pos
            # a string's or number's JSON is checked first, as the Java reader reads the token before it refuses it
            if sc.peek() == 0x22:
                sc.string()
            elif sc.peek() == 0x2D or 0x30 <= sc.peek() <= 0x39:
                sc.number()
            sc.pos = at
            what = "end-of-input" if sc.peek() < 0 else "a value that is not an array"
            raise sc.error(f"{what} where the array of {tag!r} belongs")
        sc.count(sc.pos)
        elements = []      # the items of the array, in order
        seen = TypedSet()  # the set's elements, or the map's keys, under the model's equality
        for i in sc.array():
            at = sc.pos
            v = self.value()
            elements.append(v)
            if (tag == "~set" or i % 2 == 0) and not seen.add(v):
                raise sc.error("duplicate element in a set" if tag == "~set" else "duplicate key in a ~map", at)
        if tag == "~map" and len(elements) % 2:
            raise sc.error("a ~map array must alternate keys and values, but its last key has no value", sc.pos - 1)
        sc.path.pop()
        if tag == "~set":
            value = seen
        else:
            if all(type(k) is str for k in elements[0::2]):
                raise sc.error("non-canonical ~map: a map whose keys are all strings (or none) is a plain object",
                               key_start)
            value = TypedMap(zip(elements[0::2], elements[1::2]))
        sc.ws()
        c = sc.peek()
        if c == 0x2C:
            # a second key is refused once it and its ':' are read, as any key's JSON is checked first
            sc.pos += 1
            sc.ws()
            at = sc.pos
            sc.path.append(path_segment(sc.key()))
            sc.colon()
            raise sc.key_error(f"a tagged object {tag!r} must have exactly one key", at)
        if c != 0x7D:
            sc.path.append(path_segment(tag))  # a missing ',' or '}' is named at the value before it
            raise sc.unexpected("'}' after the tagged object")
        sc.pos += 1
        sc.depth -= 1
        return value


def loads(document, *, limits: Limits = DEFAULT_LIMITS, plain: bool = False):
    """Reads one typed JSON document (UTF-8 ``bytes`` or a ``str``) to its value in the dynamic model.

    With ``plain=True`` the document is another writer's plain JSON (SPEC.md section 13.1): no string and no key is
    a tag or an escape (``"~~x"`` is the string ``~~x``, ``{"~map":[1]}`` a dict with the key ``~map``).
    Raises :class:`TypedJsonError` naming the path and byte offset of anything that is not the writer's spelling."""
    ensure_stack(limits.max_depth)
    sc = Scanner(document, limits)
    sc.plain = plain
    return DynamicReader(sc).document()


def ensure_stack(max_depth):
    """A few Python frames per level of nesting: make room for the depth limit, not less."""
    import sys
    need = 4 * max_depth + 400
    if sys.getrecursionlimit() < need:
        sys.setrecursionlimit(need)
