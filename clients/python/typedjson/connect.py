"""Kafka Connect documents (SPEC.md section 11): the schema notation and the typed values it gives.

``loads_connect(document)`` reads what ``io.typedjson.connect.TypedJsonConverter`` writes: an inline document
``{"~s": "<schema notation>", "~v": <value>}`` gives ``(schema, value)`` with the value typed by the schema (structs
as dicts in field order, INT32 as Int32, Decimal with the schema's scale, Timestamp as Instant...); a document
without a schema (a schemaless value) gives ``(None, value)`` in the dynamic model. In header mode pass the record
header ``typedjson.schema`` as ``schema``.
"""
from __future__ import annotations

import base64
import math
from decimal import Decimal, InvalidOperation

from . import reader as r
from .errors import TypedJsonError, path_segment
from .numbers import decimal_text, double_text, float32_of, float32_text
from .reader import DEFAULT_LIMITS, Scanner
from .types import Float32, Instant, Int8, Int16, Int32, LocalDate, LocalTime, TypedMap, TypedSet
from .writer import quote

DECIMAL = "org.apache.kafka.connect.data.Decimal"
DATE = "org.apache.kafka.connect.data.Date"
TIME = "org.apache.kafka.connect.data.Time"
TIMESTAMP = "org.apache.kafka.connect.data.Timestamp"
PRECISION = "connect.decimal.precision"
_INT_RANGES = {"INT8": (8, Int8, "int8"), "INT16": (16, Int16, "int16"), "INT32": (32, Int32, "int32"),
               "INT64": (64, int, "int64")}


class Schema:
    """A Connect schema as the notation carries it: ``type`` (INT8 ... STRING, BYTES, ARRAY, MAP, STRUCT),
    ``optional``, ``default`` (``has_default``), ``name``, ``version``, ``doc``, ``parameters``, and ``fields``
    (STRUCT: list of (name, Schema)), ``key_schema`` / ``value_schema`` (MAP, ARRAY)."""

    def __init__(self, type_, **kw):
        self.type = type_
        self.optional = False
        self.has_default = False
        self.default = None
        self.name = kw.get("name")
        self.version = kw.get("version")
        self.doc = None
        self.parameters = dict(kw.get("parameters") or {})
        self.fields = kw.get("fields")
        self.key_schema = kw.get("key_schema")
        self.value_schema = kw.get("value_schema")

    @property
    def logical(self):
        """'decimal', 'date', 'time', 'timestamp' or None."""
        if self.name == DECIMAL and self.type == "BYTES":
            return "decimal"
        if self.name == DATE and self.type == "INT32":
            return "date"
        if self.name == TIME and self.type == "INT32":
            return "time"
        if self.name == TIMESTAMP and self.type == "INT64":
            return "timestamp"
        return None

    def field(self, name):
        for n, s in self.fields or ():
            if n == name:
                return s
        raise KeyError(name)

    def __repr__(self):
        parts = [self.type]
        if self.name:
            parts.append(f"name={self.name}")
        if self.optional:
            parts.append("optional")
        if self.fields is not None:
            parts.append("fields=[" + ", ".join(f"{n}: {s!r}" for n, s in self.fields) + "]")
        if self.value_schema is not None:
            parts.append(f"value={self.value_schema!r}")
        if self.key_schema is not None:
            parts.append(f"key={self.key_schema!r}")
        return "Schema(" + ", ".join(parts) + ")"


class NotationError(ValueError):
    pass


_SUFFIX_ORDER = "(@#!?="
_BARE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.$-+")
_BASE = {"i8": "INT8", "i16": "INT16", "i32": "INT32", "i64": "INT64", "f32": "FLOAT32", "f64": "FLOAT64",
         "bool": "BOOLEAN", "str": "STRING", "bytes": "BYTES"}


class _NotationParser:
    def __init__(self, text, limits):
        self.text = text
        self.pos = 0
        self.limits = limits
        self.depth = 0
        self.complaint = None

    def error(self, reason):
        t = self.text if len(self.text) <= 200 else self.text[:200] + "..."
        return NotationError(f"invalid schema notation at character {self.pos}: {reason} in {t}")

    def complain(self, reason):
        """A spelling the writer does not use: parsing goes on, and the notation is refused where it first
        differs from the writer's, with the first such reason."""
        if self.complaint is None:
            self.complaint = reason

    def peek(self):
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def accept(self, c):
        if self.peek() == c:
            self.pos += 1
            return True
        return False

    def expect(self, c):
        if not self.accept(c):
            raise self.error(f"expected '{c}' but " + (f"found '{self.peek()}'" if self.peek() else "the text ended"))

    def parse(self):
        s = self.schema()
        if self.pos != len(self.text):
            raise self.error(f"unexpected '{self.peek()}' after the schema")
        return s

    def schema(self):
        return self.suffixes(self.base())

    def base(self):
        c = self.peek()
        if c in ("[", "<", "{"):
            self.depth += 1
            if self.depth > self.limits.max_depth:
                raise self.error(f"schema nested deeper than the limit of {self.limits.max_depth} levels (raise "
                                 "Limits.max_depth, typedjson.max.depth in Java, to allow deeper schemas)")
            s = self.composite(c)
            self.depth -= 1
            return s
        return self.primitive()

    def composite(self, c):
        if c == "[":
            self.pos += 1
            element = self.schema()
            self.expect("]")
            return Schema("ARRAY", value_schema=element)
        if c == "<":
            self.pos += 1
            key = self.schema()
            self.expect(",")
            value = self.schema()
            self.expect(">")
            return Schema("MAP", key_schema=key, value_schema=value)
        if c == "{":
            self.pos += 1
            fields = []
            if not self.accept("}"):
                while True:
                    at = self.pos
                    name = self.word()
                    if self.accept(":"):
                        if self.text.startswith("str", self.pos) and not self.text[self.pos + 3:self.pos + 4].isalnum():
                            self.complain("a string field is written without ':str'")
                        fs = self.schema()
                    else:
                        fs = self.suffixes(Schema("STRING"))
                    if name == "":
                        self.pos = at
                        # Connect's words: a field name is non-empty (SPEC.md section 11)
                        raise self.error("fieldName cannot be null.")
                    if any(n == name for n, _ in fields):
                        self.pos = at
                        raise self.error(f"Cannot create field because of field name duplication {name}")
                    fields.append((name, fs))
                    if not self.accept(","):
                        break
                self.expect("}")
            return Schema("STRUCT", fields=fields)

    def primitive(self):
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos].isalnum():
            self.pos += 1
        t = self.text[start:self.pos]
        if t in _BASE:
            return Schema(_BASE[t])
        if t == "date":
            return Schema("INT32", name=DATE, version=1)
        if t == "time":
            return Schema("INT32", name=TIME, version=1)
        if t == "ts":
            return Schema("INT64", name=TIMESTAMP, version=1)
        if t == "dec":
            self.expect("(")
            first = self.integer()
            if self.accept(","):
                scale = self.integer()
                self.expect(")")
                return Schema("BYTES", name=DECIMAL, version=1,
                              parameters={"scale": str(scale), PRECISION: str(first)})
            self.expect(")")
            return Schema("BYTES", name=DECIMAL, version=1, parameters={"scale": str(first)})
        self.pos = start
        raise self.error("expected a type" if not t else f"unknown type '{t}'")

    def suffixes(self, s):
        seen = set()
        default_text = None
        while True:
            c = self.peek()
            if not c or c not in _SUFFIX_ORDER:
                break
            key = {"@": "name", "#": "version", "!": "doc", "(": "parameters", "=": "default", "?": "optional"}[c]
            if c in seen:
                self.complain(f"duplicate suffix '{c}'")
            later = [x for x in seen if _SUFFIX_ORDER.index(x) > _SUFFIX_ORDER.index(c)]
            if later:
                self.complain(f"suffix '{c}' after '{max(later, key=_SUFFIX_ORDER.index)}' (the order is "
                              f"{' '.join(_SUFFIX_ORDER)})")
            if (key == "name" and s.name is not None) or (key == "version" and s.version is not None):
                raise self.error(f"duplicate {key}")
            self.pos += 1
            seen.add(c)
            if c == "?":
                s.optional = True
            elif c == "@":
                s.name = self.word()
            elif c == "#":
                s.version = self.integer()
            elif c == "!":
                s.doc = self.word()
            elif c == "(":
                params = {}
                if not self.accept(")"):
                    while True:
                        k = self.word()
                        self.expect("=")
                        if k in params:
                            raise self.error(f"duplicate parameter '{k}'")
                        params[k] = self.word()
                        if not self.accept(","):
                            break
                    self.expect(")")
                s.parameters.update(params)
            else:
                default_text = self.word()
        if s.logical == "decimal":
            scale = s.parameters.get("scale")
            if scale is None or not r._INT_LEXEME.match(scale) or not -(1 << 31) <= int(scale) < (1 << 31):
                raise self.error(f"a Decimal needs an int scale parameter, not {scale!r}")
        if default_text is not None:
            try:
                s.default = read_typed(default_text.encode("utf-8"), s, self.limits, structs_as_objects=True)
            except TypedJsonError as e:
                raise self.error(f"invalid default value {default_text}: {e}") from None
            s.has_default = True
        return s

    def integer(self):
        start = self.pos
        self.accept("-")
        while self.peek().isdigit() and self.peek() in "0123456789":
            self.pos += 1
        text = self.text[start:self.pos]
        if text in ("-", ""):
            self.pos = start
            raise self.error("expected an integer")
        if not _canonical_int(text) and len(text) < 40 and -(1 << 31) <= int(text) < (1 << 31):
            self.complain(f"non-canonical integer '{text}' (written {int(text)})")
        try:
            v = int(text)
            if not -(1 << 31) <= v < (1 << 31):
                raise ValueError
            return v
        except ValueError:
            self.pos = start
            raise self.error("expected an integer") from None

    def word(self):
        start = self.pos
        if self.accept("`"):
            out = []
            while True:
                if self.pos >= len(self.text):
                    raise self.error("unterminated `quoted` word")
                c = self.text[self.pos]
                self.pos += 1
                if c == "`":
                    if self.peek() != "`":
                        w = "".join(out)
                        if w and all(x in _BARE for x in w):
                            self.complain(f"the word {w[:60]} is written without backticks")
                        return w
                    self.pos += 1
                out.append(c)
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _BARE:
            self.pos += 1
        if self.pos == start:
            raise self.error("expected a name or a `quoted` word")
        return self.text[start:self.pos]


def parse_schema(notation: str, limits=DEFAULT_LIMITS) -> Schema:
    """Parses the schema notation of SPEC.md section 11; raises NotationError naming the character offset.

    One spelling per schema: a text that is not exactly what :func:`schema_notation` writes for the schema it
    describes is refused at the first character where the two differ."""
    units = r.utf16_length(notation)
    if units > limits.max_string_length:
        raise NotationError(f"invalid schema notation at character 0: a notation of {units} UTF-16 units is longer "
                            f"than the limit of {limits.max_string_length} (raise Limits.max_string_length, "
                            "typedjson.max.string.length in Java)")
    parser = _NotationParser(notation, limits)
    schema = parser.parse()
    canonical = schema_notation(schema)
    if canonical != notation:
        at = next((i for i, (a, b) in enumerate(zip(canonical, notation)) if a != b),
                  min(len(canonical), len(notation)))
        shown = canonical if len(canonical) <= 200 else canonical[:200] + "..."
        reason = f"{parser.complaint}: " if parser.complaint else ""
        raise NotationError(f"invalid schema notation at character {at}: {reason}non-canonical notation: a schema "
                            f"has one spelling, and this one is written {shown}")
    return schema


# ---------------------------------------------------------------------------------------------- the one spelling

_LOGICAL_ABBREVIATIONS = {("INT32", DATE): "date", ("INT32", TIME): "time", ("INT64", TIMESTAMP): "ts"}
_BASE_OF = {v: k for k, v in _BASE.items()}


def _word(w: str) -> str:
    if w and all(c in _BARE for c in w):
        return w
    return "`" + w.replace("`", "``") + "`"


def _canonical_int(text) -> bool:
    return (text is not None and r._INT_LEXEME.match(text) is not None and text != "-0"
            and -(1 << 31) <= int(text) < (1 << 31))


def schema_notation(schema: Schema) -> str:
    """The one notation of ``schema`` (SPEC.md section 11, "The writer")."""
    out = []
    _write_schema(schema, out, field=False)
    return "".join(out)


def _write_schema(s: Schema, out, field):
    params = dict(s.parameters)
    name, version = s.name, s.version
    base = None
    if name is not None and version == 1:
        if s.type == "BYTES" and name == DECIMAL and _canonical_int(params.get("scale")):
            scale = params.pop("scale")
            precision = params.get(PRECISION)
            if _canonical_int(precision):
                del params[PRECISION]
                base = f"dec({precision},{scale})"
            else:
                base = f"dec({scale})"
            name = version = None
        elif not params and (s.type, name) in _LOGICAL_ABBREVIATIONS:
            base = _LOGICAL_ABBREVIATIONS[(s.type, name)]
            name = version = None
    if base is not None:
        out.append(":" + base if field else base)
    elif field and s.type == "STRING":
        pass  # a STRING field is its name and suffixes alone
    else:
        if field:
            out.append(":")
        if s.type == "ARRAY":
            out.append("[")
            _write_schema(s.value_schema, out, field=False)
            out.append("]")
        elif s.type == "MAP":
            out.append("<")
            _write_schema(s.key_schema, out, field=False)
            out.append(",")
            _write_schema(s.value_schema, out, field=False)
            out.append(">")
        elif s.type == "STRUCT":
            out.append("{")
            for i, (n, fs) in enumerate(s.fields):
                if i:
                    out.append(",")
                out.append(_word(n))
                _write_schema(fs, out, field=True)
            out.append("}")
        else:
            out.append(_BASE_OF[s.type])
    if params:
        out.append("(" + ",".join(f"{_word(k)}={_word(v)}" for k, v in params.items()) + ")")
    if name is not None:
        out.append("@" + _word(name))
    if version is not None:
        out.append(f"#{version}")
    if s.doc is not None:
        out.append("!" + _word(s.doc))
    if s.optional:
        out.append("?")
    if s.has_default:
        out.append("=" + _word(_typed_text(s.default, s)))


def dumps_typed(value, s: Schema, positional: bool = False, limits=None) -> str:
    """The typed spelling of ``value`` under ``s``, no tags: structs as objects (header mode, and a default value's
    text), or with ``positional`` as arrays of their field values (what the inline location writes under "~v" and
    the reference location writes as the record value). Held to ``limits`` (SPEC.md section 9) as ``dumps`` is: a
    value whose document a reader with those limits refuses is refused with that reader's reason at the value's
    path (the document is read back with its schema, as a reader reads it)."""
    text = _typed_text(value, s, positional)
    try:
        read_typed(text, s, limits or DEFAULT_LIMITS, structs_as_objects=not positional)
    except TypedJsonError as e:
        raise TypedJsonError(e.reason, e.path) from None  # a writer's error: no byte offset, nothing was written
    return text


def names_limit(reason: str) -> bool:
    """Whether a refusal is a limit's (SPEC.md section 9): each names the Java property that raises it."""
    return "typedjson.max." in reason


def _typed_text(value, s: Schema, positional: bool = False) -> str:
    """:func:`dumps_typed` without the limits: a default value in a schema's notation, or a document read back by its
    caller."""
    out = []
    _write_typed(value, s, out, positional)
    return "".join(out)


def _write_typed(v, s: Schema, out, positional=False):
    if v is None:
        out.append("null")
        return
    logical, t = s.logical, s.type
    if logical == "decimal":
        out.append(decimal_text(v))
    elif logical in ("date", "time", "timestamp"):
        out.append(quote(str(v)))
    elif t in _INT_RANGES:
        out.append(str(int(v)))
    elif t in ("FLOAT32", "FLOAT64"):
        if math.isfinite(v):
            out.append(float32_text(v) if t == "FLOAT32" else double_text(v))
        else:
            out.append('"NaN"' if math.isnan(v) else '"Infinity"' if v > 0 else '"-Infinity"')
    elif t == "BOOLEAN":
        out.append("true" if v else "false")
    elif t == "STRING":
        out.append(_quote_escaped(v))
    elif t == "BYTES":
        out.append(quote(base64.b64encode(v).decode("ascii")))
    elif t == "ARRAY":
        out.append("[")
        for i, e in enumerate(v):
            if i:
                out.append(",")
            _write_typed(e, s.value_schema, out, positional)
        out.append("]")
    elif t == "MAP":
        ks = s.key_schema
        if ks.type == "STRING" and not ks.optional and ks.name is None:
            out.append("{")
            for i, (k, x) in enumerate(v.items()):
                if i:
                    out.append(",")
                out.append(_quote_escaped(k) + ":")
                _write_typed(x, s.value_schema, out, positional)
            out.append("}")
        else:
            out.append("[")
            for i, (k, x) in enumerate(v.items()):
                if i:
                    out.append(",")
                _write_typed(k, ks, out, positional)
                out.append(",")
                _write_typed(x, s.value_schema, out, positional)
            out.append("]")
    elif t == "STRUCT" and positional:
        out.append("[")
        for i, (n, fs) in enumerate(s.fields):
            if i:
                out.append(",")
            _write_typed(v.get(n), fs, out, True)
        out.append("]")
    elif t == "STRUCT":
        out.append("{")
        for i, (n, fs) in enumerate(s.fields):
            if i:
                out.append(",")
            out.append(_quote_escaped(n) + ":")
            _write_typed(v.get(n), fs, out)
        out.append("}")
    else:
        raise ValueError(f"unsupported schema type {t}")


def _quote_escaped(text: str) -> str:
    return quote("~" + text if text.startswith("~") else text)


# ---------------------------------------------------------------------------------------------- typed values

class _TypedReader:
    def __init__(self, sc: Scanner, structs_as_objects: bool):
        self.sc = sc
        self.objects = structs_as_objects

    def value(self, s: Schema):
        sc = self.sc
        c = sc.peek()
        if c >= 0:
            sc.count(sc.pos)
        if c == ord("n") and sc.data.startswith(b"null", sc.pos):
            if sc.pos + 4 < sc.n and sc.data[sc.pos + 4] in r._WORD:  # "nullx": one word, named at its first byte
                raise sc.unrecognized(sc.pos)
            if not (s.optional or s.has_default):
                raise sc.error(f"null for a required {s.type} (a schema that is not optional and has no default)")
            sc.pos += 4
            return None
        logical = s.logical
        t = s.type
        start = sc.pos
        if t in _INT_RANGES and logical is None:
            bits, cls, what = _INT_RANGES[t]
            lexeme, integer = self.number(f"an {what}")
            if not integer:
                raise sc.error(f"number {lexeme[:40]} has a fraction or exponent where an {what} belongs", start)
            v = int(lexeme)
            if not -(1 << (bits - 1)) <= v < (1 << (bits - 1)):
                raise sc.error(f"number {lexeme[:40]} is out of range for {what}", start)
            return cls(v)
        if t in ("FLOAT32", "FLOAT64"):
            what = t.lower()
            if c == 0x22:
                text = sc.string()
                return r.payload(sc, lambda x: (Float32 if t == "FLOAT32" else float)(r.parse_nonfinite(x)), text,
                                 start)
            lexeme, _ = self.number(f"a {what}")
            if t == "FLOAT64":
                return r.payload(sc, r.parse_double_lexeme, lexeme, start)
            try:
                return Float32(float32_of(lexeme))
            except OverflowError:
                raise sc.error(f"number {lexeme[:40]} is out of range for float32", start) from None
        if t == "BOOLEAN":
            v = sc.literal() if c in (ord("t"), ord("f")) else self.wrong("a boolean")
            if type(v) is not bool:
                raise sc.error("null where a boolean belongs", start)
            return v
        if t == "STRING":
            text = self.string("a string")
            if text.startswith("~"):
                if not text.startswith("~~"):
                    raise sc.error(f"tagged value {text[:60]!r} where a plain string belongs (a string starting "
                                   "with '~' is written with the '~' doubled)", start)
                return text[1:]
            return text
        if logical == "decimal":
            lexeme, _ = self.number("a decimal")
            try:
                d = Decimal(lexeme)
            except InvalidOperation:
                raise sc.error(f"malformed decimal {lexeme[:40]}", start) from None
            scale = int(s.parameters["scale"])
            if not -(1 << 31) < -d.as_tuple().exponent < (1 << 31):
                raise sc.error(f"decimal {lexeme[:40]} has a scale beyond -2147483647...2147483647", start)
            if -d.as_tuple().exponent != scale:
                raise sc.error(f"decimal {lexeme[:40]} has scale {-d.as_tuple().exponent}, but the schema's is "
                               f"{scale}", start)
            if d.is_zero() and d.is_signed():
                d = -d  # BigDecimal has no negative zero: "-0.00" is the number 0.00
            return d
        if t == "BYTES":
            return r.payload(sc, r.parse_base64, self.string("base64 bytes"), start)
        if logical == "date":
            v = r.payload(sc, r.parse_local_date, self.string("a date"), start)
            if not -(1 << 31) <= v.epoch_day() < (1 << 31):
                raise sc.error(f"date {v} is beyond the INT32 days Connect's Date holds", start)
            return v
        if logical == "time":
            v = r.payload(sc, r.parse_local_time_typed, self.string("a time"), start)
            if v.nano % 1_000_000:
                raise sc.error(f"time {v} is finer than the millisecond Connect's Time holds", start)
            return v
        if logical == "timestamp":
            v = r.payload(sc, r.parse_instant_typed, self.string("a timestamp"), start)
            if v.nano % 1_000_000:
                raise sc.error(f"timestamp {v} is finer than the millisecond Connect's Timestamp holds", start)
            return v
        if t == "ARRAY":
            return self.array(lambda i: self.value(s.value_schema))
        if t == "MAP":
            ks = s.key_schema
            if ks.type == "STRING" and not ks.optional and ks.name is None:
                return self.object(lambda key: s.value_schema, unescape=True)
            items = []
            keys = TypedSet()  # under the format's equality (SPEC.md section 7.1)

            def item(i):
                at = sc.pos
                v = self.value(ks if i % 2 == 0 else s.value_schema)
                if i % 2 == 0 and not keys.add(v):
                    raise sc.error(f"duplicate key {v!r} in a map", at)
                items.append(v)
            self.array(item)
            if len(items) % 2:
                raise sc.error("a map array must alternate keys and values, but its last key has no value",
                               sc.pos - 1)  # at its ']', where the value belongs, as the Java reader
            return TypedMap(zip(items[0::2], items[1::2]))
        if t == "STRUCT":
            names = [n for n, _ in s.fields]
            if self.objects:
                known = dict(s.fields)

                def field_schema(key):
                    if key not in known:
                        raise sc.key_error(f"unknown field {key[:60]!r} (expected one of {', '.join(names)})", self.key_start)
                    return known[key]
                got = self.object(field_schema, unescape=False, struct=True)
                for n, fs in s.fields:
                    if n not in got and not (fs.optional or fs.has_default):
                        # at the object's '}', where it is found missing (as Java names it)
                        raise sc.error(f"missing required field {n} (it is not optional and has no default)", sc.pos - 1)
                return {n: got.get(n) for n in names}
            values = self.array(lambda i: self.value(s.fields[i][1]) if i < len(names) else self.too_many(len(names)))
            if len(values) != len(names):
                raise sc.error(f"a struct of {len(names)} fields has only {len(values)} values", sc.pos - 1)  # at its ']'
            return dict(zip(names, values))
        raise sc.error(f"unsupported schema type {t}")

    def too_many(self, n):
        sc = self.sc
        at = sc.pos
        _read_scalar(sc)  # read first: malformed JSON in it is named as such (SPEC.md section 8)
        raise sc.error(f"more values than the struct's {n} fields", at)

    def wrong(self, what):
        sc = self.sc
        c = sc.peek()
        kind = ("end-of-input" if c < 0 else "a string" if c == 0x22 else "an object" if c == 0x7B
                else "an array" if c == 0x5B else "a number" if c == 0x2D or 0x30 <= c <= 0x39
                else "true" if c == 0x74 else "false" if c == 0x66 else "a token")
        at = sc.pos
        _read_scalar(sc)  # a scalar is read first: malformed JSON in it is named as such (SPEC.md section 8)
        raise sc.error(f"{kind} where {what} belongs", at)

    def number(self, what):
        c = self.sc.peek()
        if not (c == 0x2D or 0x30 <= c <= 0x39):
            self.wrong(what)
        return self.sc.number()

    def string(self, what):
        if self.sc.peek() != 0x22:
            self.wrong(what)
        return self.sc.string()

    def array(self, element):
        if self.sc.peek() != 0x5B:
            self.wrong("an array")
        out = []
        for i in self.sc.array():
            out.append(element(i))
        return out

    def object(self, schema_of, unescape, struct=False):
        sc = self.sc
        if sc.peek() != 0x7B:
            self.wrong("an object")
        out = {}
        for raw, key_start in sc.object():
            sc.colon()  # the key and its ':' are read first (SPEC.md section 8)
            self.key_start = key_start
            key = raw
            if raw.startswith("~"):
                if not raw.startswith("~~") and struct:  # as Java's converter words it
                    raise sc.key_error(f"format key {_quote(raw)} where a field of a struct belongs (a key starting "
                                       "with '~' is written with the '~' doubled)", key_start)
                if not raw.startswith("~~"):
                    raise sc.key_error(f"format key {raw[:60]!r} where a key belongs (a key starting with '~' is "
                                       "written with the '~' doubled)", key_start)
                key = raw[1:]
            vs = schema_of(key)
            sc.ws()
            value_start = sc.pos
            if struct and key in out:  # named at the value after it, once that value's first token is read
                sc.first_token()      # (SPEC.md section 8)
                raise sc.error(f"duplicate field {raw}", value_start)
            value = self.value(vs)
            if key in out:  # a map's: found once its value is read, named at the value (SPEC.md section 8)
                raise sc.error(f"duplicate key {raw[:60]!r}", value_start)
            out[key] = value
        return out


def _quote(s: str) -> str:
    """Text in a message as Java quotes it: at most 60 characters, in double quotes, control characters, '"' and '\\'
    as \\u00xx."""
    cut = s[:60] + "..." if len(s) > 60 else s
    return '"' + "".join(f"\\u{ord(c):04x}" if ord(c) < 0x20 or c in '"\\' else c for c in cut) + '"'


def read_typed(document, schema: Schema, limits=DEFAULT_LIMITS, structs_as_objects=False):
    """Reads a document in the typed spelling of ``schema`` (no tags)."""
    r.ensure_stack(limits.max_depth)
    sc = Scanner(document, limits)
    sc.begin()
    v = _TypedReader(sc, structs_as_objects).value(schema)
    sc.end()
    return v


def loads_connect(document, *, schema=None, location="inline", limits=None):
    """``(schema, value)`` of a document written by TypedJsonConverter.

    - with ``schema`` (the ``typedjson.schema`` header, bytes or text; location header): the plain typed value;
    - ``{"~s": notation, "~v": value}`` (schema location inline, the default): the value typed by that schema;
    - any other document: a value of the dynamic model; ``location`` (the converter's
      ``typedjson.schema.location``) says what it means: ``inline``, ``header`` and ``reference`` give ``(None, value)``
      (a schemaless value), ``none`` derives the schema (SPEC.md section 11, "Derived schemas"), or gives
      ``(None, value)`` where none can be derived;
    - ``None`` (a tombstone): ``(None, None)``.
    Raises TypedJsonError with the path (``$["~v"][1]``) and byte offset, or for a bad notation its character offset."""
    limits = limits or DEFAULT_LIMITS
    if location not in ("inline", "header", "reference", "none"):
        raise ValueError(f"location {location!r} is not one of inline, header, reference, none")
    if document is None:
        return None, None
    if schema is not None:
        try:
            text = schema.decode("utf-8") if isinstance(schema, (bytes, bytearray)) else schema
            s = parse_schema(text, limits)
        except UnicodeDecodeError as e:
            raise TypedJsonError(f"the schema header is not UTF-8: {e.reason} at byte {e.start}", "$", 0) from None
        except NotationError as e:
            raise TypedJsonError(f"the schema header: {e}", "$", 0) from None
        return s, read_typed(document, s, limits, structs_as_objects=True)
    r.ensure_stack(limits.max_depth)
    sc = Scanner(document, limits)
    sc.begin()
    start = sc.pos
    if not sc.data.startswith(b'{', start) or not _starts_inline(sc):
        sc.pos = start
        value = r.DynamicReader(sc).document()
        if location == "none":
            derived = derive_schema(value)
            if derived is not None:
                return derived, _as_connect_value(value, derived)
        return None, value
    # {"~s": notation, "~v": value}: exactly these two format keys, in this order
    sc.count(start)
    sc.enter(start)
    sc.pos = start + 1
    sc.ws()
    sc.key()
    sc.path.append('["~s"]')
    sc.colon()
    notation_at = sc.pos
    if sc.peek() != 0x22:
        _read_scalar(sc)
        raise sc.error("the schema notation must be a string", notation_at)
    sc.count(notation_at)
    notation = sc.string()
    try:
        s = parse_schema(notation, limits)
    except NotationError as e:
        raise sc.error(str(e), notation_at) from None
    sc.ws()
    if sc.peek() == 0x7D:
        sc.path.pop()
        raise sc.error("'}' where the key \"~v\" belongs")
    if sc.peek() != 0x2C:
        raise sc.unexpected("',' and the key \"~v\" after the schema")  # named at the notation before it
    sc.path.pop()
    sc.pos += 1
    sc.ws()
    key_at = sc.pos
    key = sc.key()
    sc.path.append(path_segment(key))
    sc.colon()  # the key and its ':' are read first (SPEC.md section 8)
    sc.path.pop()
    if key != "~v":
        raise sc.error('where the key "~v" belongs: an inline document has only the keys "~s" and "~v", in this '
                       'order', key_at)
    sc.path.append('["~v"]')
    value = _TypedReader(sc, False).value(s)
    sc.ws()
    if sc.peek() == 0x2C:
        sc.path.pop()
        sc.pos += 1
        sc.ws()
        key_at = sc.pos
        sc.path.append(path_segment(sc.key()))
        sc.colon()
        sc.path.pop()
        raise sc.error('an inline document has only the keys "~s" and "~v", in this order', key_at)
    if sc.peek() != 0x7D:
        raise sc.unexpected("'}'")  # named at the value before it
    sc.path.pop()
    sc.pos += 1
    sc.depth -= 1
    sc.end()
    return s, value


def _read_scalar(sc):
    """Reads the string, number or word at pos, if one starts there."""
    c = sc.peek()
    if c == 0x22:
        sc.string()
    elif c == 0x2D or 0x30 <= c <= 0x39:
        sc.number()
    elif c >= 0 and c not in (0x5B, 0x7B):
        sc.literal()


def _starts_inline(sc):
    """Whether the object at pos starts with the key "~s" (after JSON unescaping)."""
    save = sc.pos
    try:
        sc.pos += 1
        sc.ws()
        if sc.peek() != 0x22:
            return False
        try:
            return sc.string() == "~s"
        except TypedJsonError:
            return False
    finally:
        sc.pos = save


# ---------------------------------------------------------------------------------------------- derived schemas

def derive_schema(value):
    """The schema a converter in location ``none`` derives from a value of the dynamic model (SPEC.md section
    11): required, no annotations; the document null an optional STRING; ``None`` where nothing can be derived,
    anywhere in the value (mixed element types, a BigInt, a time finer than a millisecond, a timestamp beyond the
    epoch milliseconds of an int64, a date beyond INT32 days, an object with an empty key, a LocalDateTime,
    OffsetDateTime, UUID or Duration)."""
    r.ensure_stack(DEFAULT_LIMITS.max_depth)
    try:
        return _derive(value)
    except _Underivable:
        return None


class _Underivable(Exception):
    pass


def _derive(v):
    t = type(v)
    if v is None:
        s = Schema("STRING")
        s.optional = True
        return s
    simple = {bool: "BOOLEAN", int: "INT64", Int32: "INT32", Int16: "INT16", Int8: "INT8", float: "FLOAT64",
              Float32: "FLOAT32", str: "STRING", bytes: "BYTES"}
    if t in simple:
        return Schema(simple[t])
    if t is Decimal:
        return Schema("BYTES", name=DECIMAL, version=1, parameters={"scale": str(-v.as_tuple().exponent)})
    if t is Instant and v.nano % 1_000_000 == 0 and r.INT64_MIN <= v.to_epoch_milli() <= r.INT64_MAX:
        # Connect's Timestamp is a java.util.Date: epoch milliseconds in an int64
        return Schema("INT64", name=TIMESTAMP, version=1)
    if t is LocalDate and -(1 << 31) <= v.epoch_day() < (1 << 31):
        return Schema("INT32", name=DATE, version=1)
    if t is LocalTime and v.nano % 1_000_000 == 0:
        return Schema("INT32", name=TIME, version=1)
    if t is dict:
        if "" in v:
            raise _Underivable()  # Connect has no field named ""
        return Schema("STRUCT", fields=[(k, _derive(x)) for k, x in v.items()])
    if t is list or t is TypedSet:
        return Schema("ARRAY", value_schema=_common(list(v)))
    if t is TypedMap:
        return Schema("MAP", key_schema=_common(list(v.keys())), value_schema=_common(list(v.values())))
    raise _Underivable()


def _common(values):
    """The one schema of all the values (nulls make it optional); an empty list derives STRING."""
    schemas = [_derive(x) for x in values if x is not None]
    if not schemas:
        s = Schema("STRING")
        s.optional = any(x is None for x in values)
        return s
    first = schema_notation(schemas[0])
    if any(schema_notation(x) != first for x in schemas[1:]):
        raise _Underivable()
    s = schemas[0]
    s.optional = len(schemas) < len(values)
    return s


def _as_connect_value(v, s):
    """The dynamic value as loads_connect gives it for its derived schema (a set is an ARRAY's list)."""
    if v is None:
        return None
    if s.type == "ARRAY":
        return [_as_connect_value(x, s.value_schema) for x in v]
    if s.type == "STRUCT":
        return {n: _as_connect_value(v[n], fs) for n, fs in s.fields}
    if s.type == "MAP":
        return TypedMap((_as_connect_value(k, s.key_schema), _as_connect_value(x, s.value_schema))
                        for k, x in v.items())
    return v
