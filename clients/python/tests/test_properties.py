"""Both contracts of SPEC.md section 2 on seeded random values: value round trip (read(write(v)) is v, same
classes, bits, scales and order) and document round trip (write(read(d)) is d byte for byte). Set
TYPEDJSON_SEED to replay a run and TYPEDJSON_TRIES to run more."""
import math
import os
import random
import struct
import unittest
import uuid
from decimal import Decimal
from fractions import Fraction

from typedjson import (BigInt, Duration, Float32, Instant, Int8, Int16, Int32, LocalDate, LocalDateTime, LocalTime,
                       OffsetDateTime, TypedJsonError, TypedMap, TypedSet, dumps, loads)
from typedjson.explicit import difference
from typedjson.numbers import _interval, _shortest_exact, double_text, float32_of, float32_text

SEED = int(os.environ.get("TYPEDJSON_SEED", "20260101"))
TRIES = int(os.environ.get("TYPEDJSON_TRIES", "2000"))

EDGE_INTS = [0, 1, -1, 2**31 - 1, -2**31, 2**53 + 1, 2**63 - 1, -2**63]
TEXT = ["", "~", "~~", "~t", "~set", "a~b", "$type", "\x00", "\x1f", "\u2028", "😀", "é", '"', "\\", "\x7f", "日本"]


def rand_double(r):
    k = r.random()
    if k < 0.5:
        return struct.unpack("<d", struct.pack("<Q", r.getrandbits(64)))[0]
    if k < 0.8:
        return round(r.uniform(-1e6, 1e6), r.randint(0, 6))
    return r.choice([0.0, -0.0, math.nan, math.inf, -math.inf, 5e-324, 1.7976931348623157e308, 0.1, 1e7, 1e-3,
                     9999999.999999998, 0.001 - 1e-19, 2e23, 1e22, 1e23, 2.2250738585072014e-308])


def rand_float32(r):
    bits = r.getrandbits(32)
    return Float32(struct.unpack("<f", struct.pack("<I", bits))[0])


def rand_str(r):
    parts = []
    for _ in range(r.randint(0, 6)):
        k = r.random()
        if k < 0.4:
            parts.append(r.choice(TEXT))
        elif k < 0.8:
            parts.append(chr(r.randint(0x20, 0x7e)))
        else:
            c = r.randint(0, 0x10FFFF)
            parts.append(chr(c) if not 0xD800 <= c <= 0xDFFF else "x")
    return "".join(parts)


def rand_decimal(r):
    n = r.choice([0, 1, -1, r.randint(-10**6, 10**6), r.randint(-10**40, 10**40)])
    scale = r.choice([0, 1, 2, r.randint(-30, 30)])
    return Decimal(n).scaleb(-scale) if n else Decimal((0, (0,), -scale))


def rand_time(r):
    nano = r.choice([0, r.randint(0, 999) * 1_000_000, r.randint(0, 999_999) * 1000, r.randint(0, 999_999_999)])
    return LocalTime(r.randint(0, 23), r.randint(0, 59), r.choice([0, r.randint(0, 59)]), nano)


def rand_date(r):
    y = r.choice([r.randint(1900, 2100), r.randint(-10000, 20000), r.randint(-999_999_999, 999_999_999)])
    m = r.randint(1, 12)
    return LocalDate(y, m, r.randint(1, 28))


def rand_scalar(r):
    k = r.randrange(20)
    if k == 0:
        return None
    if k == 1:
        return r.random() < 0.5
    if k == 2:
        return r.choice(EDGE_INTS + [r.randint(-2**63, 2**63 - 1)])
    if k == 3:
        return BigInt(r.choice([r.randint(-2**63, 2**63 - 1), r.randint(2**63, 2**100), -r.randint(2**63 + 1, 2**90)]))
    if k == 4:
        return Int32(r.randint(-2**31, 2**31 - 1))
    if k == 5:
        return Int16(r.randint(-2**15, 2**15 - 1))
    if k == 6:
        return Int8(r.randint(-128, 127))
    if k == 7:
        return rand_double(r)
    if k == 8:
        return rand_float32(r)
    if k == 9:
        return rand_decimal(r)
    if k == 10:
        return rand_str(r)
    if k == 11:
        return bytes(r.getrandbits(8) for _ in range(r.randint(0, 9)))
    if k == 12:
        return uuid.UUID(int=r.getrandbits(128))
    if k == 13:
        return Instant(r.randint(-10**11, 10**11), rand_time(r).nano)
    if k == 14:
        return rand_date(r)
    if k == 15:
        return rand_time(r)
    if k == 16:
        return LocalDateTime(rand_date(r), rand_time(r))
    if k == 17:
        return OffsetDateTime(LocalDateTime(rand_date(r), rand_time(r)),
                              r.choice([0, 3600, -19800, r.randint(-18 * 3600, 18 * 3600)]))
    if k == 18:
        return Duration(r.choice(EDGE_INTS + [r.randint(-10**6, 10**6)]), rand_time(r).nano)
    return rand_str(r)


def rand_value(r, depth=0):
    k = r.random()
    if depth > 3 or k < 0.55:
        return rand_scalar(r)
    n = r.randint(0, 4)
    if k < 0.7:
        return [rand_value(r, depth + 1) for _ in range(n)]
    if k < 0.8:
        return TypedSet(rand_value(r, depth + 1) for _ in range(n))
    if k < 0.92:
        return {rand_str(r): rand_value(r, depth + 1) for _ in range(n)}
    m = TypedMap()
    for _ in range(n):
        m[rand_value(r, depth + 1)] = rand_value(r, depth + 1)
    if all(type(key) is str for key in m):
        m = dict(m.items())  # a map whose keys are all strings is a plain object and reads back as a dict
    return m


class ContractsTest(unittest.TestCase):
    def test_value_round_trip(self):
        r = random.Random(SEED)
        for i in range(TRIES):
            v = rand_value(r)
            doc = dumps(v)
            back = loads(doc.encode("utf-8"))
            self.assertIsNone(difference(v, back), f"seed {SEED} try {i}: {doc}")

    def test_document_round_trip(self):
        r = random.Random(SEED + 1)
        for i in range(TRIES):
            doc = dumps(rand_value(r)).encode("utf-8")
            self.assertEqual(doc, dumps(loads(doc)).encode("utf-8"), f"seed {SEED} try {i}")

    def test_mutated_documents_are_refused_or_read_never_crash(self):
        r = random.Random(SEED + 2)
        refused = 0
        for i in range(TRIES):
            doc = bytearray(dumps(rand_value(r)).encode("utf-8"))
            for _ in range(r.randint(1, 3)):
                at = r.randrange(len(doc) + 1)
                op = r.randrange(3)
                if op == 0 and doc:
                    del doc[min(at, len(doc) - 1)]
                elif op == 1:
                    doc[at:at] = bytes([r.choice(b'~"\\{}[],:0-.eE \x00\xff') if r.random() < 0.7 else r.getrandbits(8)])
                elif doc:
                    doc[min(at, len(doc) - 1)] = r.getrandbits(8)
            try:
                loads(bytes(doc))
            except TypedJsonError as e:
                refused += 1
                self.assertTrue(e.path.startswith("$"), str(e))
                self.assertTrue(0 <= e.offset <= len(doc), str(e))
        self.assertGreater(refused, TRIES // 4)


class NumbersTest(unittest.TestCase):
    def test_doubles_are_shortest_and_closest_as_java_chooses(self):
        r = random.Random(SEED + 3)
        for _ in range(TRIES):
            x = abs(rand_double(r))
            if not math.isfinite(x) or x == 0:
                continue
            text = double_text(x)
            self.assertEqual(x, float(text), text)
            bits = struct.unpack("<Q", struct.pack("<d", x))[0]
            fv, lo, hi, inc = _interval(x, bits, math.nextafter(x, 0), math.nextafter(x, math.inf))
            digits, exp10 = _shortest_exact(fv, lo, hi, inc, 17)
            mant = text.split("E")[0].replace(".", "").lstrip("0").rstrip("0")
            self.assertEqual(digits, mant, f"{x!r}: {text}")

    def test_fast_paths_agree_with_the_exact_search(self):
        from typedjson.numbers import _f32_neighbours
        r = random.Random(SEED + 5)
        for _ in range(TRIES):
            f = abs(rand_float32(r))
            if math.isfinite(f) and f:
                bits, prev, nxt = _f32_neighbours(f)
                fv, lo, hi, inc = _interval(f, bits, prev, nxt)
                digits, exp10 = _shortest_exact(fv, lo, hi, inc, 9)
                self.assertEqual(float32_text(f), float32_text(float32_of(digits[0] + "." + (digits[1:] or "0")
                                                                          + "e" + str(exp10))), f)
                mant = float32_text(f).split("E")[0].replace(".", "").lstrip("0").rstrip("0")
                self.assertEqual(digits, mant, repr(f))
        for x in [1.0, 2.0, 5e-324, 1e23, 3e-5, 7e100, 0.5, 8.0, 2.0**-1074 * 3, 9e15]:
            bits = struct.unpack("<Q", struct.pack("<d", x))[0]
            fv, lo, hi, inc = _interval(x, bits, math.nextafter(x, 0), math.nextafter(x, math.inf))
            digits, _ = _shortest_exact(fv, lo, hi, inc, 17)
            self.assertEqual(digits, double_text(x).split("E")[0].replace(".", "").lstrip("0").rstrip("0"), x)

    def test_float32_is_shortest_and_reads_back(self):
        r = random.Random(SEED + 4)
        for _ in range(TRIES):
            f = rand_float32(r)
            if not math.isfinite(f):
                continue
            text = float32_text(f)
            self.assertEqual(struct.pack("<f", f), struct.pack("<f", float32_of(text)), text)
            digits = len(text.split("E")[0].replace("-", "").replace(".", "").strip("0"))
            if digits > 2 and f != 0:
                shorter = "%.*e" % (digits - 2, f)
                self.assertNotEqual(struct.pack("<f", f), struct.pack("<f", float32_of(shorter)), text)

    def test_same_text_as_java(self):
        """2,000 random doubles and floats (random bits, short decimals, powers of ten) with the text the Java
        writer gives them (jackson-core's Schubfach, NumberOutput.toString(x, true)), in tests/data/java-numbers.txt."""
        path = os.path.join(os.path.dirname(__file__), "data", "java-numbers.txt")
        checked = 0
        with open(path, encoding="ascii") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                db, ds, fb, fs = line.split()
                d = struct.unpack("<d", struct.pack("<Q", int(db, 16)))[0]
                self.assertEqual(ds, double_text(d), repr(d))
                if fb != "-":
                    f32 = struct.unpack("<f", struct.pack("<I", int(fb, 16)))[0]
                    self.assertEqual(fs, float32_text(f32), repr(f32))
                checked += 1
        self.assertEqual(2000, checked)

    def test_float32_rounds_once_from_the_decimal(self):
        # 1 + 2^-24 + 2^-60 is just above a float32 midpoint; the double nearest it is the midpoint itself,
        # so rounding through a double would give 1.0 (ties to even) instead of the next float32
        lexeme = str(Decimal(1) + Decimal(2) ** -24 + Decimal(2) ** -60)
        self.assertEqual(1 + 2**-23, float32_of(lexeme))
        self.assertEqual(1.0, float32_of(str(Decimal(1) + Decimal(2) ** -24)))
        self.assertEqual(Fraction(1), Fraction(float32_of("1.00000005960464477539062499")))


if __name__ == "__main__":
    unittest.main()
