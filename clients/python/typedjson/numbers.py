"""Number spellings (SPEC.md section 5 and 5.1): doubles and floats in the shortest decimal that reads back to the
same bits, laid out as Java's ``Double.toString`` / ``Float.toString`` (JDK 19+); decimals as
``BigDecimal.toString()``; float32 read from a decimal lexeme with one correct rounding."""
from __future__ import annotations

import math
import re
import struct
from decimal import Decimal
from fractions import Fraction

JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\Z")
_F32 = struct.Struct("<f")
_U32 = struct.Struct("<I")
_F64 = struct.Struct("<d")
_U64 = struct.Struct("<Q")


def _layout(negative: bool, digits: str, exp10: int) -> str:
    """Java's layout of the decimal 0.d1d2... x 10^(exp10+1), i.e. d1.d2... x 10^exp10."""
    sign = "-" if negative else ""
    if -3 <= exp10 < 7:
        if exp10 >= 0:
            whole = digits[: exp10 + 1].ljust(exp10 + 1, "0")
            frac = digits[exp10 + 1:] or "0"
        else:
            whole, frac = "0", "0" * (-exp10 - 1) + digits
        return f"{sign}{whole}.{frac}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{exp10}"


def _shortest_exact(v: Fraction, lo: Fraction, hi: Fraction, inclusive: bool, max_digits: int):
    """Java's choice (JDK 19+ Double.toString): among decimals in the rounding interval of v, those of minimal
    length m (with m = 1 also those of length 2); the closest to v, ties to an even last digit.
    Returns (digits, exp10) with digits free of trailing zeros."""
    def inside(c):
        return (lo <= c <= hi) if inclusive else (lo < c < hi)

    # decimal exponent of v: 10^e <= v < 10^(e+1)
    e = math.floor(math.log10(v.numerator) - math.log10(v.denominator))
    while Fraction(10) ** e > v:
        e -= 1
    while Fraction(10) ** (e + 1) <= v:
        e += 1
    for p in range(1, max_digits + 2):
        chosen = _closest(v, e - p + 1, inside)
        if chosen is not None:
            if p == 1:
                two = _closest(v, e - 1, inside)
                if two is not None:
                    chosen = two
            n, k = chosen
            s = str(n).rstrip("0")
            return s, k + len(str(n)) - 1
    raise AssertionError("no decimal rounds back")


def _closest(v: Fraction, k: int, inside):
    scale = Fraction(10) ** k
    n0 = math.floor(v / scale)
    best = None
    for n in (n0, n0 + 1):
        c = n * scale
        if n > 0 and inside(c):
            d = abs(c - v)
            if best is None or d < best[0] or (d == best[0] and n % 2 == 0):
                best = (d, n)
    return None if best is None else (best[1], k)


def _interval(v: float, bits: int, prev: float, nxt: float):
    fv = Fraction(v)
    lo = (Fraction(prev) + fv) / 2
    hi = (fv + Fraction(nxt)) / 2 if math.isfinite(nxt) else fv + (fv - Fraction(prev)) / 2
    return fv, lo, hi, bits % 2 == 0


def double_text(x: float) -> str:
    """The spelling of a finite double, e.g. ``1.0``, ``0.1``, ``1.0E10``, ``4.9E-324``, ``-0.0``."""
    if x == 0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    r = repr(abs(x))  # shortest digits, closest to the value (David Gay's mode 0)
    mant, _, ex = r.partition("e")
    ip, _, fp = mant.partition(".")
    digits = (ip + fp).lstrip("0")
    lead = len(ip.lstrip("0")) if ip.lstrip("0") else -(len(fp) - len(fp.lstrip("0")))
    exp10 = (int(ex) if ex else 0) + (lead - 1 if ip.lstrip("0") else lead - 1)
    digits = digits.rstrip("0")
    if len(digits) == 1:
        # Java also looks at two-digit decimals when one digit is enough, and takes the closest (4.9E-324)
        a = abs(x)
        bits = _U64.unpack(_F64.pack(a))[0]
        if bits & 0xFFFFFFFFFFFFF:
            # a symmetric rounding interval holds the nearest two-digit decimal whenever it holds a one-digit one
            digits, exp10 = _digits_of("%.1e" % a)
        else:
            fv, lo, hi, inc = _interval(a, bits, math.nextafter(a, 0.0), math.nextafter(a, math.inf))
            digits, exp10 = _shortest_exact(fv, lo, hi, inc, 17)
    return _layout(x < 0, digits, exp10)


def _digits_of(sci: str):
    """(digits without trailing zeros, exponent) of '%e' output such as '4.9e-324'."""
    mant, _, ex = sci.partition("e")
    return mant.replace(".", "").rstrip("0") or "0", int(ex)


def _f32_neighbours(a: float):
    bits = _U32.unpack(_F32.pack(a))[0]
    prev = _F32.unpack(_U32.pack(bits - 1))[0] if bits > 0 else 0.0
    nxt = _F32.unpack(_U32.pack(bits + 1))[0] if bits < 0x7F7FFFFF else math.inf
    return bits, prev, nxt


def float32_text(x: float) -> str:
    """The spelling of a finite float32 value (given as the Python float that holds it exactly)."""
    if x == 0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    a = abs(x)
    bits, prev, nxt = _f32_neighbours(a)
    if bits & 0x7FFFFF:
        # symmetric rounding interval: the nearest p-digit decimal is in it if any p-digit decimal is, so the
        # first p whose correctly rounded p digits read back is Java's choice (p = 1 widened to 2, as Java does)
        for p in range(2, 10):
            sci = "%.*e" % (p - 1, a)
            if _reads_back32(sci, a):
                digits, exp10 = _digits_of(sci)
                return _layout(x < 0, digits, exp10)
    fv, lo, hi, inc = _interval(a, bits, prev, nxt)
    digits, exp10 = _shortest_exact(fv, lo, hi, inc, 9)
    return _layout(x < 0, digits, exp10)


def _reads_back32(lexeme, a):
    try:
        return float32_of(lexeme) == a
    except OverflowError:  # near the largest float32, fewer digits may round beyond it
        return False


def float32_of(lexeme: str) -> float:
    """The float32 nearest the decimal lexeme (one correct rounding, as Java's Float.parseFloat), as a Python
    float; raises OverflowError when it rounds to infinity."""
    d = float(lexeme)  # correctly rounded double
    if math.isinf(d):
        raise OverflowError(lexeme)
    try:
        f = _F32.unpack(_F32.pack(d))[0]
    except OverflowError:
        raise OverflowError(lexeme) from None
    if f != d and d != 0:
        # double rounding is wrong only when the double lands exactly on a float32 midpoint: decide exactly
        a = abs(f)
        bits, prev, nxt = _f32_neighbours(a)
        other = nxt if abs(d) > a else prev
        if abs(d) * 2 == a + other:
            exact = abs(Fraction(Decimal(lexeme)))
            mid = (Fraction(a) + Fraction(other)) / 2
            if exact == mid:
                pick = a if bits % 2 == 0 else other
            else:
                pick = other if (exact > mid) == (other > a) else a
            if math.isinf(pick):
                raise OverflowError(lexeme)
            f = math.copysign(pick, d)
    return f


def decimal_text(d: Decimal) -> str:
    """``BigDecimal.toString()`` of a finite decimal: plain when the exponent is <= 0 and the adjusted exponent
    >= -6, scientific (``1E+3``, ``1.23E-8``) otherwise. Context-independent."""
    sign, digits, exp = d.as_tuple()
    coeff = "".join(map(str, digits)).lstrip("0") or "0"
    s = "-" if sign else ""
    adjusted = exp + len(coeff) - 1
    if exp <= 0 and adjusted >= -6:
        if exp == 0:
            return s + coeff
        point = len(coeff) + exp
        if point > 0:
            return s + coeff[:point] + "." + coeff[point:]
        return s + "0." + "0" * (-point) + coeff
    body = coeff[0] + ("." + coeff[1:] if len(coeff) > 1 else "")
    return f"{s}{body}E{'+' if adjusted >= 0 else ''}{adjusted}"
