"""Several event types on one topic (SPEC.md section 12).

A record says its type by a logical name: in the header ``ce_type`` (a CloudEvents binary-mode event), in an
envelope ``{"~type": "<name>", "~v": <document>}``, or both. A reader maps the name to a type through the manifest
generated from the Java classes (``io.typedjson.jsonschema.EventManifests``) and reads the document in the typed
spelling of that type (SPEC.md sections 5 and 10). Nothing is ever resolved from a record.

    reader = EventReader(open("orders.manifest.json").read(), unknown="pass")
    event = reader.read(msg.value(), msg.headers())   # confluent_kafka's message
    if isinstance(event, Event): ...                    # event.type, event.value (a class as a dict)
    elif isinstance(event, UnknownEvent): ...           # event.type (or None), event.value (bytes), event.headers
    # None: a tombstone, or a record skipped (unknown="skip")
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from decimal import Decimal

from . import reader as r
from .errors import TypedJsonError, path_segment
from .kafka import format_mark
from .numbers import double_text, float32_of
from .reader import DEFAULT_LIMITS, PayloadError, Scanner
from .types import BigInt, Float32, Int8, Int16, Int32, TypedMap, TypedSet

DEFAULT_TYPE_HEADER = "ce_type"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/-]{0,254}\Z")
SCALARS = frozenset(["boolean", "int8", "int16", "int32", "int64", "bigint", "float32", "float64", "decimal", "char",
                     "string", "bytes", "instant", "date", "time", "datetime", "offsetdatetime", "uuid", "duration"])
_TAGS = {"int8": "y", "int16": "s", "int32": "i", "bigint": "n", "float32": "f", "decimal": "d", "bytes": "b",
         "instant": "t", "date": "D", "time": "T", "datetime": "L", "offsetdatetime": "O", "uuid": "u",
         "duration": "P"}
_ZERO = {"boolean": False, "int8": Int8(0), "int16": Int16(0), "int32": Int32(0), "int64": 0, "float32": Float32(0.0),
         "float64": 0.0, "char": "\u0000"}


@dataclass(frozen=True)
class Event:
    """A record of a listed type: its name and its value (a class as a dict from key to value, in key order)."""
    type: str
    value: object


@dataclass(frozen=True)
class UnknownEvent:
    """A record whose name is not listed (``type`` None when it has none), under ``unknown="pass"``: its raw bytes
    and its headers, to forward or dead-letter in order."""
    type: str | None
    value: bytes
    headers: list


def is_event_type_name(name) -> bool:
    """Whether ``name`` is an event type name (SPEC.md section 12.1)."""
    return isinstance(name, str) and _NAME.match(name) is not None


def quote_name(name) -> str:
    """A name from a record, for a message: quoted, control characters escaped, at most 100 characters shown."""
    if name is None:
        return "(none)"
    shown = name[:100]
    out = ['"']
    for c in shown:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) == 0x7F or c in "\u2028\u2029":
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    out.append('"')
    text = "".join(out)
    return text + f"...({len(name) - 100} more characters)" if len(name) > 100 else text


def parse_manifest(manifest):
    """Checks a manifest's structure (names, shapes and their references); takes JSON text or the parsed dict."""
    m = json.loads(manifest) if isinstance(manifest, (str, bytes)) else manifest
    if not isinstance(m, dict) or not isinstance(m.get("types"), list) or not isinstance(m.get("shapes"), dict):
        raise ValueError('a manifest is {"types": [...], "shapes": {...}}')
    shapes = m["shapes"]

    def check(s, where):
        if isinstance(s, str):
            if s.removesuffix("!") not in SCALARS and s != "dynamic":
                raise ValueError(f"{where}: unknown shape {s!r}")
        elif isinstance(s, dict) and len(s) == 1:
            (kind, arg), = s.items()
            if kind in ("list", "set"):
                check(arg, where)
            elif kind == "map" and isinstance(arg, list) and len(arg) == 2:
                check(arg[0], where)
                check(arg[1], where)
            elif kind == "ref":
                if arg not in shapes:
                    raise ValueError(f'{where}: shape {arg!r} is not in "shapes"')
            else:
                raise ValueError(f"{where}: unknown shape {s!r}")
        else:
            raise ValueError(f"{where}: unknown shape {s!r}")

    seen = set()
    for t in m["types"]:
        if not is_event_type_name(t.get("name")):
            raise ValueError(f"{t.get('name')!r} is not an event type name")
        if t["name"] in seen:
            raise ValueError(f"the event type {t['name']} is listed twice")
        seen.add(t["name"])
        check(t.get("shape"), t["name"])
    for name, s in shapes.items():
        if "object" in s:
            for _, f in s["object"]:
                check(f, name)
        elif "variants" in s:
            for _, f in s["variants"]:
                check(f, name)
        elif "enum" not in s:
            raise ValueError(f"{name}: unknown named shape")
    return m


def _header_pairs(headers):
    """Record headers as pairs (key, bytes or None): confluent_kafka's list of tuples, or a dict."""
    if headers is None:
        return []
    items = headers.items() if isinstance(headers, dict) else headers
    out = []
    for k, v in items:
        values = v if isinstance(v, list) else [v]
        for one in values:
            out.append((k, one.encode("utf-8") if isinstance(one, str) else None if one is None else bytes(one)))
    return out


class EventReader:
    """Reads the records of a topic of several event types by the manifest.

    ``unknown``: ``"fail"`` (the default) raises :class:`TypedJsonError` naming the name; ``"skip"`` returns None;
    ``"pass"`` returns an :class:`UnknownEvent`. ``location``: ``"header"`` (the default) and ``"both"`` read the
    name from the header and the envelope (two names that disagree are refused); ``"document"`` from the envelope
    only. ``header`` renames ``ce_type``. ``other_writers="json"`` (Java: typedjson.other.writers=json): a record
    marked ``typedjson-format: plain`` or unmarked is a plain document (SPEC.md section 13: no envelope, no string or
    key a tag or an escape), one marked ``typed`` typed JSON."""

    def __init__(self, manifest, *, unknown="fail", location="header", header=DEFAULT_TYPE_HEADER, limits=None,
                 other_writers="none"):
        if other_writers not in ("none", "json"):
            raise ValueError(f"other_writers must be none or json, not {other_writers!r}")
        if unknown not in ("fail", "skip", "pass"):
            raise ValueError(f"unknown must be fail, skip or pass, not {unknown!r}")
        if location not in ("header", "document", "both"):
            raise ValueError(f"location must be header, document or both, not {location!r}")
        self.manifest = parse_manifest(manifest)
        self.types = {t["name"]: t["shape"] for t in self.manifest["types"]}
        self.shapes = self.manifest["shapes"]
        self.unknown = unknown
        self.location = location
        self.header = header
        self.limits = limits or DEFAULT_LIMITS
        self.other_writers = other_writers

    @property
    def names(self):
        return list(self.types)

    def read(self, value, headers=None):
        """The record's event, None for a tombstone or a skipped record; raises TypedJsonError."""
        if value is None:
            return None
        data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
        plain = self.other_writers == "json" and format_mark(headers) != "typed"
        pairs = _header_pairs(headers)
        from_header = None
        null_header = False
        not_utf8 = None
        if self.location != "document":
            values = [v for k, v in pairs if k == self.header]
            if len(values) > 1:
                raise TypedJsonError(f"the record has more than one header {self.header} (an event has one type)")
            null_header = len(values) == 1 and values[0] is None
            if values and values[0] is not None:
                try:
                    from_header = values[0].decode("utf-8")
                except UnicodeDecodeError as e:
                    # a name in no list (SPEC.md 12.2), said to be what it is when refused
                    from_header = values[0].decode("utf-8", "replace")
                    not_utf8 = (f"the record's header {self.header} is not UTF-8 (byte {values[0][e.start]:02X} at index "
                                f"{e.start}): it names no listed event type")
        r.ensure_stack(self.limits.max_depth)
        try:
            sc = Scanner(data, self.limits)
            sc.plain = plain
            sc.begin()
            bad_start = None
        except TypedJsonError as e:  # no document (empty, a byte order mark, ...): no envelope, its name is the header's
            bad_start = e
        envelope = bad_start is None and _starts_envelope(sc)
        if plain and envelope:
            # typedjson's envelope, unmarked (a writer with no headers), met by a reader of plain JSON: refused, never
            # read as an object of its keys (SPEC.md 13.2)
            raise TypedJsonError(_PLAIN_ENVELOPE)
        if not envelope:
            shape = self.types.get(from_header) if from_header is not None else None
            if shape is None:
                if not_utf8 is not None and self.unknown == "fail":
                    raise TypedJsonError(f"{not_utf8} (the topic's types are {', '.join(self.names)})")
                header = (f"'s header {self.header} has a null value" if null_header
                          else f" has no header {self.header}")
                where = f"in header {self.header}" if from_header is not None else (
                    f"no event type: the record{header} and its value is no event envelope "
                    '{"~type":"<name>","~v":<document>}')
                return self._unlisted(from_header, where, data, pairs)
            if bad_start is not None:
                raise bad_start
            v = _ShapeReader(sc, self.shapes).value(shape)
            sc.end()
            return Event(from_header, v)
        # {"~type": name, "~v": document}: _starts_envelope read up to the name's string
        sc.path.append(path_segment("~type"))
        start = sc.pos
        if sc.peek() != 0x22:
            raise sc.error(f"{describe(sc)} where the name of an event type belongs")
        name = sc.string()
        if from_header is not None and from_header != name:
            raise sc.error(f"event types disagree: header {self.header} says {quote_name(from_header)} and the "
                           f"document says {quote_name(name)}", start)
        shape = self.types.get(name)
        if shape is None and self.unknown == "fail":
            raise sc.error(self._unknown_message(name, 'in the document\'s "~type"'), start)
        # malformed JSON where a ',' or '}' belongs is named at the value before it, and a key once it and its ':'
        # are read (SPEC.md section 8)
        sc.ws()
        if sc.peek() == 0x7D:
            sc.path.pop()
            raise sc.error("'}' where the key \"~v\" of an event envelope belongs")
        if sc.peek() != 0x2C:
            raise sc.unexpected("',' and the key \"~v\" of an event envelope")
        sc.path.pop()
        sc.pos += 1
        sc.ws()
        key_start = sc.pos
        key = self._key_and_colon(sc)
        if key != "~v":
            raise sc.error(f'key {quote_name(key)} where the key "~v" of an event envelope belongs', key_start)
        sc.path.append(path_segment("~v"))
        v = _skip(sc) if shape is None else _ShapeReader(sc, self.shapes).value(shape)
        sc.ws()
        if sc.peek() == 0x2C:
            sc.path.pop()
            sc.pos += 1
            sc.ws()
            key_start = sc.pos
            key = self._key_and_colon(sc)
            raise sc.error(f'key {quote_name(key)} after the document of an event envelope (it has only the keys '
                           '"~type" and "~v")', key_start)
        if sc.peek() != 0x7D:
            raise sc.unexpected("'}' after the document of an event envelope")
        sc.path.pop()
        sc.pos += 1
        sc.depth -= 1
        sc.end()
        if shape is None:
            return self._unlisted(name, 'in the document\'s "~type"', data, pairs)
        return Event(name, v)

    @staticmethod
    def _key_and_colon(sc):
        key = sc.key()
        sc.path.append(path_segment(key))
        sc.colon()
        sc.path.pop()
        return key

    def _unknown_message(self, name, where):
        return f"unknown event type {quote_name(name)} {where} (the topic's types are {', '.join(self.names)})"

    def _unlisted(self, name, where, data, pairs):
        if self.unknown == "skip":
            return None
        if self.unknown == "pass":
            return UnknownEvent(name, data, pairs)
        raise TypedJsonError(f"{where} (the topic's types are {', '.join(self.names)})" if name is None
                             else self._unknown_message(name, where))


_PLAIN_ENVELOPE = ('an event envelope (first key "~type") in a record read as plain JSON (typedjson.other.writers=json, '
                   "no header typedjson-format): typedjson's writers mark their records while other writers share the "
                   "topic (typedjson.format.header=typed)")


def _starts_envelope(sc: Scanner) -> bool:
    """Whether the document is an object whose first key is ``~type``; if so the scanner is on the name's value,
    else where it started."""
    start, depth = sc.pos, sc.depth
    if sc.peek() != 0x7B:
        return False
    try:
        sc.enter(sc.pos)
        sc.pos += 1
        sc.ws()
        if sc.peek() == 0x22 and sc.key() == "~type":
            sc.colon()
            return True
    except TypedJsonError:
        pass
    sc.pos, sc.depth = start, depth
    return False


# the messages name the offending token and quote text as the Java reader does (ReadErrors.describe and quote), so
# that the three readers give the same reason for the same record (spec/vectors/events.json)
_DUPLICATE_ELEMENT = ("duplicate element in a set: the same value as an earlier one (SPEC.md 7.1: byte arrays by "
                      "content, numbers by type and bits or scale)")


def _quote(s: str) -> str:
    """Text in a message: at most 60 characters, in double quotes, control characters, '"' and '\\' as \\u00xx."""
    cut = s[:60] + "..." if len(s) > 60 else s
    return '"' + "".join(f"\\u{ord(c):04x}" if ord(c) < 0x20 or c in '"\\' else c for c in cut) + '"'


def _abbreviate(text: str) -> str:
    return f"{text[:40]}...({len(text)} chars)" if len(text) > 40 else text


def describe(sc: Scanner) -> str:
    """The token at the scanner's position, for a message (``string "abc"``, ``number 1.5``, ``an object``,
    ``key "k"`` after an object's comma, ``'}'``); the scanner stays where it was."""
    c = sc.peek()
    start = sc.pos
    if c < 0:
        return "end of document"
    if c == 0x22:
        try:
            text = sc.string()
            sc.ws()
            key = sc.peek() == 0x3A
        finally:
            sc.pos = start
        return ("key " if key else "string ") + _quote(_abbreviate(text))
    if c == 0x2D or 0x30 <= c <= 0x39:
        try:
            lexeme = sc.number()[0]
        finally:
            sc.pos = start
        return "number " + _abbreviate(lexeme)
    for word in ("true", "false", "null"):
        if sc.data.startswith(word.encode(), start):
            return word
    return {0x7B: "an object", 0x5B: "an array", 0x7D: "'}'", 0x5D: "']'"}.get(c, "a literal")


class _ShapeReader:
    """Values in the typed spelling of a shape (SPEC.md 12.5)."""

    def __init__(self, sc: Scanner, shapes):
        self.sc = sc
        self.shapes = shapes
        self.dynamic = r.DynamicReader(sc)

    def wrong(self, what):
        raise self.sc.error(f"{describe(self.sc)} where {what} belongs")

    def value(self, shape):
        sc = self.sc
        sc.ws()
        if sc.peek() == 0x6E and sc.data.startswith(b"null", sc.pos):
            if sc.pos + 4 < sc.n and sc.data[sc.pos + 4] in r._WORD:  # "nullx": one word, named at its first byte
                raise sc.unrecognized(sc.pos)
            if isinstance(shape, str) and shape.endswith("!"):
                raise sc.error(f"null where {_article(shape[:-1])} belongs")
            sc.pos += 4
            return None
        if isinstance(shape, str):
            return self.scalar(shape.removesuffix("!"))
        (kind, arg), = shape.items()
        if kind in ("list", "set"):
            seen = TypedSet() if kind == "set" else None
            out = []

            def element(i):
                at = sc.pos
                v = self.value(arg)
                if seen is not None and not seen.add(v):
                    raise sc.error(_DUPLICATE_ELEMENT, at)
                out.append(v)
            self.array(element)
            return seen if seen is not None else out
        if kind == "map":
            return self.map(arg[0], arg[1])
        named = self.shapes[arg]
        if "enum" in named:
            start = sc.pos
            s = self.string("an enum constant")
            name = s[1:] if s.startswith("~~") and not sc.plain else s
            if (s.startswith("~") and not s.startswith("~~") and not sc.plain) or name not in named["enum"]:
                raise sc.error(f"unknown constant {_quote(s)} of {arg} (expected one of {', '.join(named['enum'])})",
                               start)
            return name
        if sc.peek() != 0x7B:
            self.wrong(f"an object ({arg})")
        if "variants" in named:
            variants = dict((n, s) for n, s in named["variants"])
            got = self.object(lambda key: variants.get(key), unknown="refuse", what=arg)
            if len(got) != 1:
                raise sc.error(f"a variant of {arg} is an object with exactly one key")
            (n, v), = got.items()
            if v is None:
                raise sc.error(f"null where the value of variant {n} belongs")
            return got
        fields = dict((n, s) for n, s in named["object"])
        got = self.object(lambda key: fields.get(key), unknown="skip", what=arg, duplicate_at_key=True)
        out = {}
        for n, s in named["object"]:
            out[n] = got[n] if n in got else (_ZERO.get(s[:-1]) if isinstance(s, str) and s.endswith("!") else None)
        return out

    def string(self, what):
        if self.sc.peek() != 0x22:
            self.wrong(what)
        return self.sc.string()

    def number(self, what):
        c = self.sc.peek()
        if not (c == 0x2D or 0x30 <= c <= 0x39):
            self.wrong(what)
        return self.sc.number()

    def integer(self, what, lo, hi):
        sc = self.sc
        start = sc.pos
        lexeme, integer = self.number(_article(what))
        if not integer:
            raise sc.error(f"number {lexeme[:40]} has a fraction or exponent where {_article(what)} belongs", start)
        v = int(lexeme)
        if lo is not None and not lo <= v <= hi:
            raise sc.error(f"number {lexeme[:40]} is out of range for {what}", start)
        return v

    def scalar(self, t):
        sc = self.sc
        start = sc.pos
        if t == "dynamic":
            return self.dynamic.value()
        if t == "boolean":
            if sc.peek() not in (ord("t"), ord("f")):
                self.wrong("a boolean")
            return sc.literal()
        if t == "int8":
            return Int8(self.integer("int8", -128, 127))
        if t == "int16":
            return Int16(self.integer("int16", -(1 << 15), (1 << 15) - 1))
        if t == "int32":
            return Int32(self.integer("int32", -(1 << 31), (1 << 31) - 1))
        if t == "int64":
            return self.integer("int64", r.INT64_MIN, r.INT64_MAX)
        if t == "bigint":
            return BigInt(self.integer("integer", None, None))
        if t in ("float32", "float64"):
            if sc.peek() == 0x22:
                text = sc.string()
                return r.payload(sc, lambda x: (Float32 if t == "float32" else float)(r.parse_nonfinite(x)), text,
                                 start)
            lexeme, _ = self.number(_article(t))
            if t == "float64":
                return r.payload(sc, r.parse_double_lexeme, lexeme, start)
            try:
                return Float32(float32_of(lexeme))
            except OverflowError:
                raise sc.error(f"number {lexeme[:40]} is out of range for float32", start) from None
        if t == "decimal":
            lexeme, _ = self.number("a decimal")
            d = Decimal(lexeme)
            if not -(1 << 31) < -d.as_tuple().exponent < (1 << 31):
                raise sc.error(f"decimal {lexeme[:40]} has a scale beyond -2147483647...2147483647", start)
            return -d if d.is_zero() and d.is_signed() else d
        if t == "string":
            s = self.string("a string")
            if s.startswith("~") and not sc.plain:
                if not s.startswith("~~"):
                    raise sc.error(f"tagged value {_quote(s)} where a plain string belongs (a string starting with "
                                   "'~' is written with the '~' doubled)", start)
                return s[1:]
            return s
        if t == "char":
            s = self.string("a char")
            c = "~" if s == "~~" and not sc.plain else s
            if len(c.encode("utf-16-le", "surrogatepass")) != 2 or s == "~" and not sc.plain:
                raise sc.error(f"string {_quote(s)} where a char (one UTF-16 unit) belongs", start)
            return c
        if t == "bytes":
            return r.payload(sc, r.parse_base64, self.string("base64 bytes"), start)
        parse = {
            "instant": r.parse_instant_typed,
            "date": r.parse_local_date,
            "time": r.parse_local_time_typed,
            "datetime": lambda s: r.parse_local_datetime(re.sub(r"^([^Tt]+)t", r"\1T", s), strict=False),
            "offsetdatetime": lambda s: r.parse_offset_datetime(
                re.sub(r"-00:00\Z", "+00:00", re.sub(r"z\Z", "Z", re.sub(r"^([^Tt]+)t", r"\1T", s))), strict=False),
            "uuid": lambda s: r.parse_uuid(s.lower()),
            "duration": r.parse_duration,
        }.get(t)
        if parse is None:
            raise sc.error(f"unknown shape {t!r}")
        return r.payload(sc, parse, self.string(_article(t)), start)

    def array(self, element):
        if self.sc.peek() != 0x5B:
            self.wrong("an array")
        for i in self.sc.array():
            element(i)

    def object(self, shape_of, unknown, what, key_of=None, duplicate_at_key=False):
        """An object's keys and values; ``shape_of(key)`` None: skipped (``unknown="skip"``) or refused. A duplicate
        key is named at the value after it: a class's (``duplicate_at_key``) once that value's first token is read, a
        map's once the value is read (SPEC.md section 8)."""
        sc = self.sc
        if sc.peek() != 0x7B:
            self.wrong("an object")
        out = {} if key_of is None else TypedMap()
        seen = set()
        for raw, key_start in sc.object():
            sc.colon()  # the key and its ':' are read first (SPEC.md section 8)
            if key_of is not None:
                key = key_of(raw, key_start)
            elif raw.startswith("~") and not sc.plain:
                if not raw.startswith("~~"):
                    raise sc.key_error(f"format key {_quote(raw)} where a field of {what} belongs (a key starting with "
                                       "'~' is written with the '~' doubled)", key_start)
                key = raw[1:]
            else:
                key = raw
            value_start = sc.pos
            if duplicate_at_key and raw in seen:
                _duplicate(sc, raw)
            s = shape_of(key)
            if s is None:
                if unknown != "skip":
                    raise sc.error(f"unknown variant {_quote(raw)} of {what}", key_start)
                _skip(sc)
                value = None
            else:
                value = self.value(s)
            if raw in seen:
                raise sc.error(f"duplicate key {_quote(raw)}", value_start)
            seen.add(raw)
            if s is not None:
                if key_of is None:
                    out[key] = value
                else:
                    out.put_new(key, value)
        return out

    def map(self, key, value):
        sc = self.sc
        key_type = key.removesuffix("!") if isinstance(key, str) else None
        named = self.shapes[key["ref"]] if isinstance(key, dict) and "ref" in key else None
        if key_type == "string":
            return self.object(lambda k: value, unknown="skip", what="a map")
        if (key_type is not None and key_type != "dynamic") or (named is not None and "enum" in named):
            m = self.object(lambda k: value, unknown="skip", what="a map",
                            key_of=lambda raw, at: self.map_key(key_type, named, raw, at))
            return m if len(m) else {}  # an empty map is a dict, as the dynamic model reads {}
        items = []
        keys = TypedSet()

        def item(i):
            at = sc.pos
            v = self.value(key if i % 2 == 0 else value)
            if i % 2 == 0 and not keys.add(v):
                raise sc.error("duplicate key in a map", at)
            items.append(v)
        self.array(item)
        if len(items) % 2:
            raise sc.error("a map's array must alternate keys and values, but its last key has no value",
                           sc.pos - 1)  # at its ']', where the value belongs, as the Java reader
        return TypedMap(zip(items[0::2], items[1::2])) if items else {}

    def map_key(self, key_type, named, raw, at):
        """An object key of a typed map: the canonical text of the key type (SPEC.md section 10), nothing else."""
        sc = self.sc
        if named is not None:
            name = raw[1:] if raw.startswith("~~") and not sc.plain else raw
            if (raw.startswith("~") and not raw.startswith("~~") and not sc.plain) or name not in named["enum"]:
                raise sc.key_error(f"unknown constant {_quote(raw)} as a map key", at)
            return name
        bad = sc.key_error(f"key {_quote(raw)} is not the canonical text of {_article(key_type)}", at)
        if key_type == "boolean":
            if raw not in ("true", "false"):
                raise bad
            return raw == "true"
        if key_type == "char":
            if raw == "~~" and not sc.plain:
                return "~"
            if len(raw.encode("utf-16-le", "surrogatepass")) != 2 or raw == "~" and not sc.plain:
                raise bad
            return raw
        if key_type == "int64":
            if not re.match(r"(0|-?[1-9][0-9]*)\Z", raw) or not r.INT64_MIN <= int(raw) <= r.INT64_MAX:
                raise bad
            return int(raw)
        if key_type == "float64":
            if raw in r.NON_FINITE:
                return r.NON_FINITE[raw]
            try:
                d = float(raw)
            except ValueError:
                raise bad from None
            if not re.match(r"-?[0-9]", raw) or math.isinf(d) or double_text(d) != raw:
                raise bad
            return d
        tag = _TAGS.get(key_type)
        if tag is None:
            raise bad
        try:
            return r._tagged_payload("~" + tag + raw)
        except PayloadError:
            raise bad from None


def _article(t):
    return ("an " if t[:1] in "aeiouAEIOU" else "a ") + t


def _duplicate(sc: Scanner, raw):
    """Refuses a class's (or a skipped object's) duplicate key ``raw``, the scanner after its ':': by its own path at
    the value that follows it, once that value's first token is read (SPEC.md section 8)."""
    sc.ws()
    at = sc.pos
    sc.first_token()
    raise sc.error(f"duplicate key {_quote(raw)}", at)


def _skip(sc: Scanner):
    """A value that is not read as any type (an unknown key's, an unlisted type's): only checked to be JSON, without
    duplicate keys, as the Java reader skips it; its refusals name their path inside it, as Java's do."""
    sc.ws()
    c = sc.peek()
    if c == 0x22:
        sc.string()
    elif c == 0x2D or 0x30 <= c <= 0x39:
        sc.number()
    elif c == 0x5B:
        for _ in sc.array():
            _skip(sc)
    elif c == 0x7B:
        seen = set()
        for key, _ in sc.object():
            sc.colon()
            if key in seen:
                _duplicate(sc, key)
            seen.add(key)
            _skip(sc)
    else:
        sc.literal()


__all__ = ["EventReader", "Event", "UnknownEvent", "parse_manifest", "is_event_type_name", "quote_name",
           "DEFAULT_TYPE_HEADER"]
