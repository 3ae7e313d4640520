"""The value classes of the dynamic model that Python's own types cannot say (SPEC.md sections 6 and 7).

Plain Python carries what plain JSON carries: None, bool, int (int64), float (float64), str, list and dict with
str keys. Everything else keeps its type in a small class here, so that a document read and written again is the
same document byte for byte, and a value written and read again is the same value of the same class.
"""
from __future__ import annotations

import math
import re
import struct

__all__ = [
    "Int32", "Int16", "Int8", "BigInt", "Float32",
    "Instant", "LocalDate", "LocalTime", "LocalDateTime", "OffsetDateTime", "Duration",
    "TypedSet", "TypedMap", "model_key",
]


class _RangedInt(int):
    _bits = 64
    _java = ""

    def __new__(cls, value=0):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{cls.__name__} takes an int, not {type(value).__name__}")
        lo, hi = -(1 << (cls._bits - 1)), (1 << (cls._bits - 1)) - 1
        if not lo <= value <= hi:
            raise OverflowError(f"{value} is out of range for {cls.__name__} ({lo} to {hi})")
        return super().__new__(cls, value)

    def __repr__(self):
        return f"{type(self).__name__}({int(self)})"

    __str__ = __repr__


class Int32(_RangedInt):
    """A Java ``int`` / Connect INT32: written ``"~i42"``."""
    _bits = 32


class Int16(_RangedInt):
    """A Java ``short`` / Connect INT16: written ``"~s-7"``."""
    _bits = 16


class Int8(_RangedInt):
    """A Java ``byte`` / Connect INT8: written ``"~y127"``."""
    _bits = 8


class BigInt(int):
    """A Java ``BigInteger``: ``"~n42"`` within int64 range, a plain integer lexeme beyond it.

    A plain ``int`` beyond int64 range is written the same way and so reads back as a BigInt (an int subclass).
    """

    def __repr__(self):
        return f"BigInt({int(self)})"

    __str__ = __repr__


_F32 = struct.Struct("<f")


def _to_float32(x: float) -> float:
    """Rounds a double to the nearest float32 (ties to even); raises OverflowError beyond float32 range."""
    return _F32.unpack(_F32.pack(x))[0]


class Float32(float):
    """A Java ``float`` / Connect FLOAT32, kept as a float32: ``Float32(0.1)`` is the float32 nearest 0.1 and is
    written ``"~f0.1"``. Arithmetic on it gives a plain (float64) float."""

    def __new__(cls, value=0.0):
        x = float(value)
        if math.isfinite(x):
            x = _to_float32(x)
        return super().__new__(cls, x)

    def __repr__(self):
        from .numbers import float32_text
        return f"Float32({float32_text(self) if math.isfinite(self) else repr(float(self))})"

    __str__ = __repr__

    def bits(self) -> int:
        return 0x7FC00000 if math.isnan(self) else struct.unpack("<I", _F32.pack(self))[0]


# ---------------------------------------------------------------------------------------------- dates and times

def _days_from_civil(y: int, m: int, d: int) -> int:
    """Days since 1970-01-01 of a proleptic Gregorian date (any year)."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _civil_from_days(z: int):
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return y + (m <= 2), m, d


def _is_leap(y: int) -> bool:
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _month_length(y: int, m: int) -> int:
    return (31, 29 if _is_leap(y) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[m - 1]


def _year_text(y: int) -> str:
    # as java.time prints it: four digits, a sign beyond 9999, a '-' and four digits below 0
    if y > 9999:
        return f"+{y}"
    if y < 0:
        return f"-{-y:04d}"
    return f"{y:04d}"


def _fraction_text(nano: int) -> str:
    if nano == 0:
        return ""
    if nano % 1_000_000 == 0:
        return f".{nano // 1_000_000:03d}"
    if nano % 1_000 == 0:
        return f".{nano // 1_000:06d}"
    return f".{nano:09d}"


def _check_int(name, v, lo, hi):
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    if not lo <= v <= hi:
        raise ValueError(f"{name} {v} is out of range {lo} to {hi}")


class LocalDate:
    """A date without a time zone (Java ``LocalDate``), any year java.time supports: ``"~D2024-06-30"``."""
    __slots__ = ("year", "month", "day")
    MIN_YEAR, MAX_YEAR = -999_999_999, 999_999_999

    def __init__(self, year: int, month: int, day: int):
        _check_int("year", year, self.MIN_YEAR, self.MAX_YEAR)
        _check_int("month", month, 1, 12)
        _check_int("day", day, 1, _month_length(year, month))
        object.__setattr__(self, "year", year)
        object.__setattr__(self, "month", month)
        object.__setattr__(self, "day", day)

    def __setattr__(self, k, v):
        raise AttributeError("LocalDate is immutable")

    @classmethod
    def of_epoch_day(cls, day: int) -> "LocalDate":
        return cls(*_civil_from_days(day))

    def epoch_day(self) -> int:
        return _days_from_civil(self.year, self.month, self.day)

    @classmethod
    def from_date(cls, d) -> "LocalDate":
        return cls(d.year, d.month, d.day)

    def to_date(self):
        import datetime
        return datetime.date(self.year, self.month, self.day)

    @classmethod
    def parse(cls, text: str) -> "LocalDate":
        """ISO ``yyyy-mm-dd`` (years beyond 9999 with a sign)."""
        from .reader import parse_local_date
        return parse_local_date(text, strict=False)

    def __str__(self):
        return f"{_year_text(self.year)}-{self.month:02d}-{self.day:02d}"

    def __repr__(self):
        return f"LocalDate({self})"

    def _t(self):
        return (self.year, self.month, self.day)

    def __eq__(self, o):
        return type(o) is type(self) and o._t() == self._t()

    def __lt__(self, o):
        return self._t() < o._t()

    def __hash__(self):
        return hash(("D", self._t()))


class LocalTime:
    """A time of day with nanoseconds (Java ``LocalTime``): ``"~T10:15"``, ``"~T23:59:59.000000001"``."""
    __slots__ = ("hour", "minute", "second", "nano")

    def __init__(self, hour: int, minute: int, second: int = 0, nano: int = 0):
        _check_int("hour", hour, 0, 23)
        _check_int("minute", minute, 0, 59)
        _check_int("second", second, 0, 59)
        _check_int("nano", nano, 0, 999_999_999)
        object.__setattr__(self, "hour", hour)
        object.__setattr__(self, "minute", minute)
        object.__setattr__(self, "second", second)
        object.__setattr__(self, "nano", nano)

    def __setattr__(self, k, v):
        raise AttributeError("LocalTime is immutable")

    @classmethod
    def of_nano_of_day(cls, n: int) -> "LocalTime":
        _check_int("nano of day", n, 0, 86_400 * 10**9 - 1)
        s, nano = divmod(n, 10**9)
        return cls(s // 3600, s // 60 % 60, s % 60, nano)

    @classmethod
    def parse(cls, text: str) -> "LocalTime":
        """``hh:mm[:ss[.fffffffff]]``."""
        from .reader import parse_local_time
        return parse_local_time(text, strict=False)

    def nano_of_day(self) -> int:
        return (self.hour * 3600 + self.minute * 60 + self.second) * 10**9 + self.nano

    @classmethod
    def from_time(cls, t) -> "LocalTime":
        return cls(t.hour, t.minute, t.second, t.microsecond * 1000)

    def to_time(self):
        """A ``datetime.time``; refuses to drop nanoseconds it cannot hold."""
        import datetime
        if self.nano % 1000:
            raise ValueError(f"{self} has nanoseconds that datetime.time cannot hold")
        return datetime.time(self.hour, self.minute, self.second, self.nano // 1000)

    def __str__(self):
        s = f"{self.hour:02d}:{self.minute:02d}"
        if self.second or self.nano:
            s += f":{self.second:02d}" + _fraction_text(self.nano)
        return s

    def __repr__(self):
        return f"LocalTime({self})"

    def _t(self):
        return (self.hour, self.minute, self.second, self.nano)

    def __eq__(self, o):
        return type(o) is type(self) and o._t() == self._t()

    def __lt__(self, o):
        return self._t() < o._t()

    def __hash__(self):
        return hash(("T", self._t()))


class LocalDateTime:
    """A date and time without a zone (Java ``LocalDateTime``): ``"~L2024-06-30T10:15:30"``."""
    __slots__ = ("date", "time")

    def __init__(self, date: LocalDate, time: LocalTime):
        if type(date) is not LocalDate or type(time) is not LocalTime:
            raise TypeError("LocalDateTime(LocalDate, LocalTime)")
        object.__setattr__(self, "date", date)
        object.__setattr__(self, "time", time)

    def __setattr__(self, k, v):
        raise AttributeError("LocalDateTime is immutable")

    @classmethod
    def of(cls, year, month, day, hour=0, minute=0, second=0, nano=0) -> "LocalDateTime":
        return cls(LocalDate(year, month, day), LocalTime(hour, minute, second, nano))

    @classmethod
    def parse(cls, text: str) -> "LocalDateTime":
        from .reader import parse_local_datetime
        return parse_local_datetime(text, strict=False)

    @classmethod
    def from_datetime(cls, dt) -> "LocalDateTime":
        return cls(LocalDate.from_date(dt), LocalTime.from_time(dt))

    def to_datetime(self):
        import datetime
        return datetime.datetime.combine(self.date.to_date(), self.time.to_time())

    def __str__(self):
        return f"{self.date}T{self.time}"

    def __repr__(self):
        return f"LocalDateTime({self})"

    def _t(self):
        return (self.date._t(), self.time._t())

    def __eq__(self, o):
        return type(o) is type(self) and o._t() == self._t()

    def __lt__(self, o):
        return self._t() < o._t()

    def __hash__(self):
        return hash(("L", self._t()))


def _offset_text(seconds: int) -> str:
    if seconds == 0:
        return "Z"
    sign = "-" if seconds < 0 else "+"
    a = abs(seconds)
    s = f"{sign}{a // 3600:02d}:{a // 60 % 60:02d}"
    return s + f":{a % 60:02d}" if a % 60 else s


class OffsetDateTime:
    """A date-time with an offset from UTC (Java ``OffsetDateTime``): ``"~O2024-06-30T10:15:30.500+02:00"``.
    Equal only with the same local date-time and the same offset, as in Java."""
    __slots__ = ("local", "offset_seconds")

    def __init__(self, local: LocalDateTime, offset_seconds: int):
        if type(local) is not LocalDateTime:
            raise TypeError("OffsetDateTime(LocalDateTime, offset_seconds)")
        _check_int("offset", offset_seconds, -18 * 3600, 18 * 3600)
        object.__setattr__(self, "local", local)
        object.__setattr__(self, "offset_seconds", offset_seconds)

    def __setattr__(self, k, v):
        raise AttributeError("OffsetDateTime is immutable")

    @classmethod
    def parse(cls, text: str) -> "OffsetDateTime":
        """``2024-06-30T10:15:30.5+02:00`` or with ``Z``."""
        from .reader import parse_offset_datetime
        return parse_offset_datetime(text, strict=False)

    @classmethod
    def from_datetime(cls, dt) -> "OffsetDateTime":
        off = dt.utcoffset()
        if off is None:
            raise ValueError("a naive datetime has no offset: use LocalDateTime.from_datetime")
        return cls(LocalDateTime.from_datetime(dt), int(off.total_seconds()))

    def to_datetime(self):
        import datetime
        return self.local.to_datetime().replace(tzinfo=datetime.timezone(datetime.timedelta(seconds=self.offset_seconds)))

    def __str__(self):
        return f"{self.local}{_offset_text(self.offset_seconds)}"

    def __repr__(self):
        return f"OffsetDateTime({self})"

    def _t(self):
        return (self.local._t(), self.offset_seconds)

    def __eq__(self, o):
        return type(o) is type(self) and o._t() == self._t()

    def __hash__(self):
        return hash(("O", self._t()))


class Instant:
    """A point on the UTC time line with nanoseconds (Java ``Instant``): ``"~t2024-02-29T23:59:59.123456789Z"``.
    ``datetime`` holds only microseconds, so this keeps epoch seconds and nanoseconds."""
    __slots__ = ("epoch_second", "nano")
    MIN_SECOND = -31557014167219200  # -1000000000-01-01T00:00:00Z
    MAX_SECOND = 31556889864403199   # +1000000000-12-31T23:59:59Z

    def __init__(self, epoch_second: int, nano: int = 0):
        _check_int("epoch second", epoch_second, self.MIN_SECOND, self.MAX_SECOND)
        _check_int("nano", nano, 0, 999_999_999)
        object.__setattr__(self, "epoch_second", epoch_second)
        object.__setattr__(self, "nano", nano)

    def __setattr__(self, k, v):
        raise AttributeError("Instant is immutable")

    @classmethod
    def of_epoch_milli(cls, ms: int) -> "Instant":
        s, m = divmod(ms, 1000)
        return cls(s, m * 1_000_000)

    def to_epoch_milli(self) -> int:
        return self.epoch_second * 1000 + self.nano // 1_000_000

    @classmethod
    def from_datetime(cls, dt) -> "Instant":
        if dt.utcoffset() is None:
            raise ValueError("a naive datetime is no instant: give it a tzinfo")
        import datetime
        delta = dt - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        return cls(delta.days * 86400 + delta.seconds, delta.microseconds * 1000)

    def to_datetime(self):
        """An aware UTC ``datetime``; refuses to drop nanoseconds it cannot hold."""
        import datetime
        if self.nano % 1000:
            raise ValueError(f"{self} has nanoseconds that datetime cannot hold")
        return datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
            seconds=self.epoch_second, microseconds=self.nano // 1000)

    @classmethod
    def parse(cls, text: str) -> "Instant":
        """ISO-8601 in UTC with ``Z``: ``2024-01-01T00:00:00.5Z`` (seconds and fraction optional)."""
        from .reader import parse_instant
        return parse_instant(text, strict=False)

    def __str__(self):
        day, sec = divmod(self.epoch_second, 86400)
        y, m, d = _civil_from_days(day)
        return (f"{_year_text(y)}-{m:02d}-{d:02d}T{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"
                f"{_fraction_text(self.nano)}Z")

    def __repr__(self):
        return f"Instant({self})"

    def _t(self):
        return (self.epoch_second, self.nano)

    def __eq__(self, o):
        return type(o) is type(self) and o._t() == self._t()

    def __lt__(self, o):
        return self._t() < o._t()

    def __hash__(self):
        return hash(("t", self._t()))


_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
# java.time.Duration.parse's grammar (JDK 17): a sign, P, days, T, hours, minutes, seconds with a fraction of up to
# 9 digits after '.' or ','; any case. Its texts are all the spellings Java reads; only one is canonical.
_DURATION_RE = re.compile(r"([-+]?)P(?:([-+]?[0-9]+)D)?(T(?:([-+]?[0-9]+)H)?(?:([-+]?[0-9]+)M)?"
                          r"(?:([-+]?[0-9]+)(?:[.,]([0-9]{0,9}))?S)?)?\Z", re.IGNORECASE | re.ASCII)


def _exact_int64(v):
    if not _INT64_MIN <= v <= _INT64_MAX:
        raise OverflowError("beyond int64")
    return v


def _duration_number(text, multiplier):
    """Long.parseLong then Math.multiplyExact, as Duration.parse does (leading zeros and '+' taken)."""
    if text is None:
        return 0
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > 19:  # beyond int64 whatever the sign: never convert a huge number
        raise OverflowError("beyond int64")
    return _exact_int64(_exact_int64(int(text)) * multiplier)


def _tdiv(a, b):
    """Java's division of longs: truncates toward zero."""
    return -((-a) // b) if a < 0 else a // b


class Duration:
    """An amount of time (Java ``Duration``): ``"~PPT1.5S"``, ``"~PPT-1H-2M-3.5S"``. Kept as Java keeps it: whole
    ``seconds`` (int64) and ``nano`` 0..999999999 added to them, so -0.5 s is ``Duration(-1, 500000000)``.
    ``timedelta`` holds only microseconds (and days), so this class keeps the nanoseconds exactly."""
    __slots__ = ("seconds", "nano")
    MIN_SECONDS, MAX_SECONDS = _INT64_MIN, _INT64_MAX

    def __init__(self, seconds: int = 0, nano: int = 0):
        _check_int("seconds", seconds, self.MIN_SECONDS, self.MAX_SECONDS)
        _check_int("nano", nano, 0, 999_999_999)
        object.__setattr__(self, "seconds", seconds)
        object.__setattr__(self, "nano", nano)

    def __setattr__(self, k, v):
        raise AttributeError("Duration is immutable")

    @classmethod
    def of_nanos(cls, nanos: int) -> "Duration":
        """The duration of ``nanos`` nanoseconds (any int whose seconds fit int64)."""
        s, n = divmod(nanos, 1_000_000_000)
        return cls(s, n)

    def to_nanos(self) -> int:
        return self.seconds * 1_000_000_000 + self.nano

    @classmethod
    def from_timedelta(cls, td) -> "Duration":
        return cls.of_nanos(((td.days * 86400 + td.seconds) * 1_000_000 + td.microseconds) * 1000)

    def to_timedelta(self):
        """A ``datetime.timedelta``; refuses to drop nanoseconds it cannot hold."""
        import datetime
        if self.nano % 1000:
            raise ValueError(f"{self} has nanoseconds that timedelta cannot hold")
        return datetime.timedelta(seconds=self.seconds, microseconds=self.nano // 1000)

    @classmethod
    def parse(cls, text: str) -> "Duration":
        """Any text Java's ``Duration.parse`` reads (``P2D``, ``pt1m30s``, ``PT1,5S``), as it reads it; raises
        ValueError for any other. The document form is only ``str(duration)``: readers refuse the others."""
        m = _DURATION_RE.match(text) if isinstance(text, str) else None
        if m is None or m.group(3) == "T" or m.group(3) == "t" or not any(m.group(i) for i in (2, 4, 5, 6)):
            raise ValueError(f"Text cannot be parsed to a Duration: {text!r}")
        sign, days, _, hours, minutes, secs, fraction = m.groups()
        try:
            total = _duration_number(days, 86400)
            for part in (_duration_number(hours, 3600), _duration_number(minutes, 60), _duration_number(secs, 1)):
                total = _exact_int64(total + part)  # Java adds days + (hours + (minutes + seconds)): same checks
            nanos = int(fraction.ljust(9, "0")) if fraction else 0
            if secs is not None and secs.startswith("-"):
                nanos = -nanos
            seconds, nano = divmod(total * 1_000_000_000 + nanos, 1_000_000_000)
            _exact_int64(seconds)
            if sign == "-":
                seconds, nano = (-seconds, 0) if nano == 0 else (-seconds - 1, 1_000_000_000 - nano)
                _exact_int64(seconds)
        except OverflowError:
            raise ValueError(f"Text cannot be parsed to a Duration: overflow: {text!r}") from None
        return cls(seconds, nano)

    def __str__(self):
        """Java's ``Duration.toString()``: ``PT``, hours, minutes, seconds with the fewest fraction digits."""
        seconds, nano = self.seconds, self.nano
        if seconds == 0 and nano == 0:
            return "PT0S"
        eff = seconds + 1 if seconds < 0 and nano > 0 else seconds
        h = _tdiv(eff, 3600)
        m = _tdiv(eff - 3600 * h, 60)
        s = eff - 60 * _tdiv(eff, 60)
        out = "PT" + (f"{h}H" if h else "") + (f"{m}M" if m else "")
        if s == 0 and nano == 0 and len(out) > 2:
            return out
        out += ("-0" if s == 0 else str(s)) if seconds < 0 and nano > 0 else str(s)
        if nano > 0:
            out += "." + str(2_000_000_000 - nano if seconds < 0 else nano + 1_000_000_000).rstrip("0")[1:]
        return out + "S"

    def __repr__(self):
        return f"Duration({self})"

    def _t(self):
        return (self.seconds, self.nano)

    def __eq__(self, o):
        return type(o) is type(self) and o._t() == self._t()

    def __lt__(self, o):
        return self._t() < o._t()

    def __hash__(self):
        return hash(("P", self._t()))


# ---------------------------------------------------------------------------------------------- equality of the model

def model_key(v):
    """A hashable key with Java's equality of the model: ``Int32(1)``, ``1``, ``True`` and ``1.0`` are four
    different values; doubles and floats compare by bits (all NaNs alike, ``-0.0`` apart from ``0.0``); decimals
    by digits and scale (``1.10`` is not ``1.1``); bytes by content; sets and maps regardless of order.
    Raises TypeError for a value outside the model."""
    import decimal
    import uuid
    t = type(v)
    if v is None:
        return ("null",)
    if t is bool:
        return ("bool", v)
    if t is int:
        return ("i64", v) if -(1 << 63) <= v < (1 << 63) else ("big", v)
    if t is str:
        return ("str", v)
    if t is float:
        return ("f64", 0x7FF8000000000000 if math.isnan(v) else struct.unpack("<q", struct.pack("<d", v))[0])
    if t is Int32:
        return ("i32", int(v))
    if t is Int16:
        return ("i16", int(v))
    if t is Int8:
        return ("i8", int(v))
    if t is BigInt:
        return ("big", int(v))
    if t is Float32:
        return ("f32", v.bits())
    if t is decimal.Decimal:
        sign, digits, exp = v.as_tuple()
        if not isinstance(exp, int):
            raise TypeError(f"Decimal {v} is not a number")
        n = int("".join(map(str, digits)) or "0")
        return ("dec", -n if sign else n, exp)
    if t is bytes or t is bytearray:
        return ("bytes", bytes(v))
    if t is uuid.UUID:
        return ("uuid", v.int)
    if t in (Instant, LocalDate, LocalTime, LocalDateTime, OffsetDateTime, Duration):
        return (t.__name__, v._t())
    if t is list:
        return ("list", tuple(model_key(e) for e in v))
    if t is TypedSet or t is set or t is frozenset:
        return ("set", frozenset(model_key(e) for e in v))
    if t is dict or t is TypedMap:
        return ("map", frozenset((model_key(k), model_key(x)) for k, x in v.items()))
    raise TypeError(f"{t.__name__} is not a value of the typed JSON model")


class TypedSet:
    """A set of model values in insertion order (Java's ``LinkedHashSet``), written ``{"~set":[...]}``.

    Elements are compared with the model's equality (:func:`model_key`), so it holds lists, dicts, bytes and
    both ``1`` and ``Int32(1)`` or ``True``, which a Python ``set`` cannot."""
    __slots__ = ("_items", "_keys")

    def __init__(self, items=()):
        self._items = []
        self._keys = {}
        for e in items:
            self.add(e)

    def add(self, e) -> bool:
        """Adds ``e`` unless an equal element is present; returns whether it was added."""
        k = model_key(e)
        if k in self._keys:
            return False
        self._keys[k] = len(self._items)
        self._items.append(e)
        return True

    def __contains__(self, e):
        try:
            return model_key(e) in self._keys
        except TypeError:
            return False

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)

    def __eq__(self, o):
        if isinstance(o, (TypedSet, set, frozenset)):
            return model_key(self) == model_key(o)
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return f"TypedSet({self._items!r})"


class TypedMap:
    """A map with keys of any model type, in insertion order (Java's ``LinkedHashMap``). A map with a key that is
    not a ``str`` is written ``{"~map":[k1,v1,k2,v2,...]}``; one whose keys are all strings is a plain object and
    reads back as a ``dict``. Keys are compared with the model's equality (:func:`model_key`)."""
    __slots__ = ("_keys", "_values", "_index")

    def __init__(self, pairs=()):
        self._keys = []
        self._values = []
        self._index = {}
        items = pairs.items() if isinstance(pairs, (dict, TypedMap)) else pairs
        for k, v in items:
            self[k] = v

    def __setitem__(self, k, v):
        mk = model_key(k)
        i = self._index.get(mk)
        if i is None:
            self._index[mk] = len(self._keys)
            self._keys.append(k)
            self._values.append(v)
        else:
            self._values[i] = v

    def put_new(self, k, v) -> bool:
        """Adds the pair unless an equal key is present; returns whether it was added."""
        mk = model_key(k)
        if mk in self._index:
            return False
        self._index[mk] = len(self._keys)
        self._keys.append(k)
        self._values.append(v)
        return True

    def __getitem__(self, k):
        return self._values[self._index[model_key(k)]]

    def get(self, k, default=None):
        i = self._index.get(model_key(k))
        return default if i is None else self._values[i]

    def __contains__(self, k):
        try:
            return model_key(k) in self._index
        except TypeError:
            return False

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def keys(self):
        return list(self._keys)

    def values(self):
        return list(self._values)

    def items(self):
        return list(zip(self._keys, self._values))

    def __eq__(self, o):
        if isinstance(o, (TypedMap, dict)):
            return model_key(self) == model_key(o)
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return f"TypedMap({self.items()!r})"
