"""Writing the dynamic model (SPEC.md sections 1, 4, 5, 6 and 7): one spelling per value, no whitespace."""
from __future__ import annotations

import base64
import math
import re
import uuid
from decimal import Decimal

from .errors import TypedJsonError, path_segment, path_text
from .numbers import decimal_text, double_text, float32_text
from .reader import (DEFAULT_LIMITS, document_too_large, number_digits, number_too_long, string_too_long,
                     too_many_elements, utf16_length)
from .types import (BigInt, Duration, Float32, Instant, Int8, Int16, Int32, LocalDate, LocalDateTime, LocalTime,
                    OffsetDateTime, TypedMap, TypedSet)

_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f]')
_SHORT = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_SURROGATE = re.compile("[\ud800-\udfff]")
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
_NUMBER_TAGS = frozenset(("~i", "~s", "~y", "~n", "~f", "~d"))  # a number lexeme for a payload: held to its limit
_TAGS = {Instant: "~t", LocalDate: "~D", LocalTime: "~T", LocalDateTime: "~L", OffsetDateTime: "~O", Duration: "~P"}
# the Java class a tag stands for, named when a plain document refuses the value
_JAVA_TYPES = {"~z": "Double", "~i": "Integer", "~s": "Short", "~y": "Byte", "~n": "BigInteger", "~f": "Float",
               "~d": "BigDecimal", "~b": "byte[]", "~t": "Instant", "~D": "LocalDate", "~T": "LocalTime",
               "~L": "LocalDateTime", "~O": "OffsetDateTime", "~u": "UUID", "~P": "Duration"}
_SUPPORTED = ("None, bool, int, Int32, Int16, Int8, BigInt, float, Float32, Decimal, str, bytes, list, set, "
              "TypedSet, dict, TypedMap, Instant, LocalDate, LocalTime, LocalDateTime, OffsetDateTime, UUID, Duration")


def _escape(c):
    return _SHORT.get(c.group()) or "\\u%04X" % ord(c.group())


def quote(s: str) -> str:
    """A JSON string escaping exactly what JSON requires (SPEC.md 1.3)."""
    if _NEEDS_ESCAPE.search(s):
        s = _NEEDS_ESCAPE.sub(_escape, s)
    return '"' + s + '"'


class _Writer:
    """Holds what it writes to the limits a reader holds documents to (SPEC.md section 9), counting as the reader
    meets the document: what it writes, a reader with the same limits reads."""

    def __init__(self, max_depth, plain=False, max_number_length=DEFAULT_LIMITS.max_number_length,
                 max_string_length=DEFAULT_LIMITS.max_string_length, max_elements=DEFAULT_LIMITS.max_elements):
        self.max_depth = max_depth
        self.max_number_length = max_number_length
        self.max_string_length = max_string_length
        self.max_elements = max_elements
        self.plain = plain  # a plain document (SPEC.md section 13.1): no escapes, and no tags
        self.out = []
        self.path = []
        self.depth = 0
        self.elements = 0  # the values written so far (keys not counted), as the reader counts them

    def fail(self, reason):
        return TypedJsonError(reason, path_text(self.path))

    def string(self, s):
        text = "~" + s if s.startswith("~") and not self.plain else s
        if 2 * len(text) > self.max_string_length:  # (a character beyond the BMP is 2 UTF-16 units)
            self.check_length(text)
        if _SURROGATE.search(s):
            return self.quoted(s, text, "string")
        return quote(text)

    def quoted(self, s, text, what):
        """``text``, the string ``s`` as the document has it, quoted; ``s`` refused when it is not Unicode text."""
        m = _SURROGATE.search(s)
        if m:
            raise self.fail(f"{what} holds a lone surrogate U+{ord(m.group()):04X} at index {m.start()}, which is "
                            "not Unicode text and has no UTF-8 spelling")
        return quote(text)

    def check_length(self, text):
        """Refuses a string or key of more UTF-16 units than the limit, in the reader's words."""
        units = utf16_length(text)
        if units > self.max_string_length:
            raise self.fail(string_too_long(units, self.max_string_length))

    def number(self, lexeme):
        """Refuses a number lexeme of more digits (the exponent's included) than the limit; counted only when it
        is longer than the limit."""
        if len(lexeme) > self.max_number_length:
            digits = number_digits(lexeme)
            if digits > self.max_number_length:
                raise self.fail(number_too_long(digits, self.max_number_length))
        return lexeme

    def integer(self, v):
        """The checked lexeme of an int."""
        try:
            lexeme = str(v)
        except ValueError:  # beyond Python's int-to-string limit (4,300 digits by default)
            raise self.too_long_to_convert(v) from None
        return lexeme if len(lexeme) <= self.max_number_length else self.number(lexeme)

    def too_long_to_convert(self, v):
        """An int str() does not convert, counted without it and refused as a reader refuses its lexeme: beyond the
        number limit, or (under a raised limit) too long to convert."""
        a = abs(v)
        digits = int(a.bit_length() * 0.30102999566398120)  # log10(2): within one of the digits
        while 10 ** digits <= a:
            digits += 1
        if digits > self.max_number_length:
            return self.fail(number_too_long(digits, self.max_number_length))
        return self.fail(f"integer of {digits + (v < 0)} digits is too long to convert")

    def enter(self):
        self.depth += 1
        if self.depth > self.max_depth:
            raise self.fail(f"nesting depth exceeds the limit of {self.max_depth} (a cyclic structure?)")

    def value(self, v):
        self.elements += 1
        if self.elements > self.max_elements:
            raise self.fail(too_many_elements(self.elements, self.max_elements))
        out = self.out
        t = type(v)
        if v is None:
            out.append("null")
        elif t is str:
            out.append(self.string(v))
        elif t is bool:
            out.append("true" if v else "false")
        elif t is int:  # beyond int64 this is a BigInteger's plain lexeme
            try:
                lexeme = str(v)
            except ValueError:
                raise self.too_long_to_convert(v) from None
            out.append(lexeme if len(lexeme) <= self.max_number_length else self.number(lexeme))
        elif t is float:
            out.append(self.number(double_text(v)) if math.isfinite(v) else self.tagged("~z", _nonfinite(v)))
        elif t is dict:
            self.mapping(v)
        elif t is list:
            self.enter()
            out.append("[")
            self.items(v)
            out.append("]")
            self.depth -= 1
        elif t is Int32:
            out.append(self.tagged("~i", str(int(v))))
        elif t is Int16:
            out.append(self.tagged("~s", str(int(v))))
        elif t is Int8:
            out.append(self.tagged("~y", str(int(v))))
        elif t is BigInt:
            out.append(self.tagged("~n", str(int(v))) if INT64_MIN <= v <= INT64_MAX else self.integer(int(v)))
        elif t is Float32:
            out.append(self.tagged("~f", float32_text(v) if math.isfinite(v) else _nonfinite(v)))
        elif t is Decimal:
            out.append(self.tagged("~d", self.decimal(v)))
        elif t is bytes or t is bytearray:
            out.append(self.tagged("~b", base64.b64encode(v).decode("ascii")))
        elif t in _TAGS:
            out.append(self.tagged(_TAGS[t], str(v)))
        elif t is uuid.UUID:
            out.append(self.tagged("~u", str(v)))
        elif t is TypedSet or t is set or t is frozenset:
            if self.plain:
                raise self.needs_tag("Set")
            self.enter()
            self.open_tagged("~set")
            out.append('{"~set":[')
            self.items(v)
            self.path.pop()
            out.append("]}")
            self.depth -= 2
        elif t is TypedMap:
            self.mapping(v)
        else:
            raise self.fail(f"cannot carry {t.__module__}.{t.__qualname__} exactly in the dynamic model "
                            f"(supported: {_SUPPORTED})" + _hint(v))

    def tagged(self, tag, payload):
        if self.plain:
            raise self.needs_tag(_JAVA_TYPES[tag])
        # as a reader meets it: the string's length (tag and payload are ASCII), then a number payload's digits
        if len(tag) + len(payload) > self.max_string_length:
            raise self.fail(string_too_long(len(tag) + len(payload), self.max_string_length))
        if len(payload) > self.max_number_length and tag in _NUMBER_TAGS:
            self.number(payload)
        return '"' + tag + payload + '"'  # payloads never need escaping

    def open_tagged(self, tag):
        """A tagged object's key and its array, as a reader meets them: the key a string (held to the string limit,
        named at the object), the array a value (one more element and one more level, named at the key)."""
        if len(tag) > self.max_string_length:
            raise self.fail(string_too_long(len(tag), self.max_string_length))
        self.path.append(path_segment(tag))
        self.elements += 1
        if self.elements > self.max_elements:
            raise self.fail(too_many_elements(self.elements, self.max_elements))
        self.enter()

    def needs_tag(self, what):
        """A value only a tag carries, in a plain document: a plain reader would read the tag as text (Java's words)."""
        return self.fail(f"{what} where the type does not say it (a dynamic position) needs a tag, which a reader of "
                         "plain JSON would read as text: not written as plain JSON")

    def decimal(self, d):
        if not d.is_finite():
            raise self.fail(f"Decimal {d} is not a number BigDecimal can hold")
        if d.is_zero() and d.is_signed():
            raise self.fail(f"Decimal {d} is a negative zero, which BigDecimal does not have "
                            "(write Decimal('0') with the scale you mean)")
        if not -(1 << 31) < -d.as_tuple().exponent < (1 << 31):
            raise self.fail(f"Decimal {d} has a scale beyond int32")
        return decimal_text(d)

    def items(self, items):
        out, path = self.out, self.path
        for i, e in enumerate(items):
            if i:
                out.append(",")
            path.append(f"[{i}]")
            self.value(e)
            path.pop()

    def mapping(self, m):
        out, path = self.out, self.path
        items = list(m.items())
        self.enter()
        if all(type(k) is str for k, _ in items):
            out.append("{")
            for i, (k, x) in enumerate(items):
                if i:
                    out.append(",")
                escaped = "~" + k if k.startswith("~") and not self.plain else k
                if 2 * len(escaped) > self.max_string_length:
                    self.check_length(escaped)  # named at its object, as a reader names a key
                path.append(path_segment(escaped))
                out.append(self.quoted(k, escaped, "key"))
                out.append(":")
                self.value(x)
                path.pop()
            out.append("}")
        else:
            if self.plain:
                raise self.needs_tag("Map with keys other than strings")
            self.open_tagged("~map")
            out.append('{"~map":[')
            for i, (k, x) in enumerate(items):
                if i:
                    out.append(",")
                path.append(f"[{2 * i}]")
                self.value(k)
                path[-1] = f"[{2 * i + 1}]"
                out.append(",")
                self.value(x)
                path.pop()
            path.pop()
            out.append("]}")
            self.depth -= 1
        self.depth -= 1


def _nonfinite(x):
    return "NaN" if math.isnan(x) else "Infinity" if x > 0 else "-Infinity"


def _hint(v):
    import datetime
    if isinstance(v, datetime.datetime):
        return ("; say which type you mean: Instant.from_datetime(dt), OffsetDateTime.from_datetime(dt) or "
                "LocalDateTime.from_datetime(dt)")
    if isinstance(v, datetime.date):
        return "; use LocalDate.from_date(d)"
    if isinstance(v, datetime.time):
        return "; use LocalTime.from_time(t)"
    if isinstance(v, datetime.timedelta):
        return "; use Duration.from_timedelta(td)"
    if isinstance(v, tuple):
        return "; use a list"
    return ""


def dumps(value, *, max_depth: int = DEFAULT_LIMITS.max_depth,
          max_number_length: int = DEFAULT_LIMITS.max_number_length,
          max_string_length: int = DEFAULT_LIMITS.max_string_length,
          max_document_bytes: int = DEFAULT_LIMITS.max_document_bytes,
          max_elements: int = DEFAULT_LIMITS.max_elements, plain: bool = False) -> str:
    """The one typed JSON document of ``value`` (encode it as UTF-8 for Kafka).

    The limits are those of :class:`Limits`, with its defaults: the writer holds a value to them as a reader with them
    holds its document (SPEC.md section 9), so a value whose document that reader would refuse is refused with the
    reader's reason at the value's path (a document too large at ``$``); depth also catches a cyclic structure.
    With ``plain=True`` a plain document for readers without typed JSON (SPEC.md section 13.1): strings and keys as
    they are, and a value only a tag carries (``Int32``, ``Decimal``, a set, NaN, bytes, ...) refused with its path.
    Raises :class:`TypedJsonError` with the path of a value that cannot be carried exactly."""
    from .reader import ensure_stack
    ensure_stack(max_depth)
    w = _Writer(max_depth, plain, max_number_length, max_string_length, max_elements)
    w.value(value)
    doc = "".join(w.out)
    if 4 * len(doc) > max_document_bytes:  # (a character is 1 to 4 bytes of UTF-8)
        n = len(doc) if doc.isascii() else len(doc.encode("utf-8"))
        if n > max_document_bytes:
            raise TypedJsonError(document_too_large(n, max_document_bytes), "$")
    return doc
