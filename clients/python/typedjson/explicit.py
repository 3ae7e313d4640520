"""The explicit notation of the conformance vectors (SPEC.md appendix A), and exact comparison of values.

``[type, payload]`` pairs in plain JSON say a value without typed JSON: ``["int32", "42"]``, ``["decimal", "1.10"]``,
``["map", [[key, value], ...]]``. The cross-language broker test writes its expected values in it."""
from __future__ import annotations

import base64
import json
import math
import struct
import uuid
from decimal import Decimal

from . import reader as r
from .numbers import float32_of
from .types import BigInt, Duration, Float32, Int8, Int16, Int32, TypedMap, TypedSet


def from_explicit(spec):
    """The Python value of an explicit-notation value (already parsed from JSON)."""
    if spec is None:
        return None
    kind, p = spec
    if kind == "nest":
        n, inner = p
        if type(n) is not int or n < 0:
            raise ValueError(f"nest count {n!r}")
        value = from_explicit(inner)
        for _ in range(n):
            value = [value]
        return value
    if kind == "bool":
        if type(p) is not bool:
            raise ValueError(f"bool payload {p!r}")
        return p
    if kind == "int8":
        return Int8(int(p))
    if kind == "int16":
        return Int16(int(p))
    if kind == "int32":
        return Int32(int(p))
    if kind == "int64":
        v = int(p)
        if not r.INT64_MIN <= v <= r.INT64_MAX:
            raise ValueError(f"int64 payload {p} out of range")
        return v
    if kind == "bigint":
        return BigInt(int(p))
    if kind == "float32":
        return Float32(r.NON_FINITE[p] if p in r.NON_FINITE else float32_of(p))
    if kind == "float64":
        return r.NON_FINITE[p] if p in r.NON_FINITE else float(p)
    if kind == "decimal":
        return Decimal(p)
    if kind == "string":
        return p
    if kind == "bytes":
        return base64.b64decode(p, validate=True)
    if kind == "instant":
        return r.parse_instant(p, strict=False)
    if kind == "date":
        return r.parse_local_date(p, strict=False)
    if kind == "time":
        return r.parse_local_time(p, strict=False)
    if kind == "datetime":
        return r.parse_local_datetime(p, strict=False)
    if kind == "offsetdatetime":
        return r.parse_offset_datetime(p, strict=False)
    if kind == "uuid":
        return uuid.UUID(p)
    if kind == "duration":
        return Duration.parse(p)
    if kind == "list":
        return [from_explicit(e) for e in p]
    if kind == "set":
        s = TypedSet()
        for e in p:
            if not s.add(from_explicit(e)):
                raise ValueError(f"duplicate set element {e!r}")
        return s
    if kind == "map":
        pairs = [(from_explicit(k), from_explicit(v)) for k, v in p]
        if all(type(k) is str for k, _ in pairs):
            return dict(pairs)
        m = TypedMap()
        for k, v in pairs:
            if not m.put_new(k, v):
                raise ValueError(f"duplicate map key {k!r}")
        return m
    raise ValueError(f"unknown explicit type {kind!r}")


def loads_explicit(text):
    return from_explicit(json.loads(text))


def _bits64(x):
    return 0x7FF8000000000000 if math.isnan(x) else struct.unpack("<Q", struct.pack("<d", x))[0]


def difference(a, b, path="$"):
    """None when ``a`` and ``b`` are exactly the same value (same classes, float bits, decimal scale, order of
    lists, sets and maps), else a description of the first difference."""
    ta, tb = type(a), type(b)
    if ta is not tb:
        return f"{path}: {ta.__name__} {a!r} vs {tb.__name__} {b!r}"
    if ta is float or ta is Float32:
        return None if _bits64(a) == _bits64(b) else f"{path}: {a!r} vs {b!r}"
    if ta is Decimal:
        return None if a.as_tuple() == b.as_tuple() else f"{path}: Decimal {a} vs {b}"
    if ta is list or ta is TypedSet:
        a, b = list(a), list(b)
        if len(a) != len(b):
            return f"{path}: {len(a)} vs {len(b)} elements"
        for i, (x, y) in enumerate(zip(a, b)):
            d = difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    if ta is dict or ta is TypedMap:
        ia, ib = list(a.items()), list(b.items())
        if len(ia) != len(ib):
            return f"{path}: {len(ia)} vs {len(ib)} entries"
        for i, ((ka, va), (kb, vb)) in enumerate(zip(ia, ib)):
            d = difference(ka, kb, f"{path}<key {i}>") or difference(va, vb, f"{path}[{ka!r}]")
            if d:
                return d
        return None
    if ta in (bool, int, Int32, Int16, Int8, BigInt):
        return None if int(a) == int(b) else f"{path}: {a!r} vs {b!r}"
    return None if a == b else f"{path}: {a!r} vs {b!r}"
