# Source of valid.json, invalid.json, accepted.json and reference.json: run `python3 gen.py` after editing. Each valid vector is a value in the
# explicit notation of SPEC.md appendix A and the exact document a writer must produce for it; readers must read
# the document back to exactly that value. Each invalid vector is a document every reader must refuse.
import json, base64
from fractions import Fraction

# ---- an independent oracle for float spellings (SPEC.md section 5.1), in exact rational arithmetic: the float
# documents below are computed by it, not copied from the Java writer, and the hand-written ones are checked by it.

def exact(x):  # Fraction of a Python float
    return Fraction(x)

def round_binary(fr, p, emin):
    """nearest binary float with p-bit significand, min normal exponent emin, ties to even (no overflow handling)"""
    if fr == 0:
        return Fraction(0)
    s = -1 if fr < 0 else 1
    a = abs(fr)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    elif Fraction(2) ** (e + 1) <= a:
        e += 1
    q = max(e - (p - 1), emin - (p - 1))
    scaled = a / Fraction(2) ** q
    n = scaled.numerator // scaled.denominator
    rem = scaled - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
        n += 1
    return s * n * Fraction(2) ** q

F64 = (53, -1022)
F32 = (24, -126)

def parse(text, fmt):
    """a decimal string read with round-to-nearest straight into the format"""
    return round_binary(Fraction(text), *fmt)

def shortest(x, fmt):
    """JDK 19 Double.toString / Float.toString digits for a nonzero finite x (a Fraction on the format's grid):
    the decimals of minimal length n that round to x (n at least 2), the closest to x, ties to even digit."""
    a = abs(x)
    k = len(str(a.numerator)) - len(str(a.denominator))  # estimate of floor(log10 a)
    while Fraction(10) ** k > a: k -= 1
    while Fraction(10) ** (k + 1) <= a: k += 1
    for n in range(2, 20):
        scale = Fraction(10) ** (k - n + 1)
        lo = a / scale
        f = lo.numerator // lo.denominator
        cands = []
        for d in (f, f + 1):
            if d <= 0: continue
            if round_binary(d * scale, *fmt) == a:
                cands.append(d)
        if cands:
            best = min(cands, key=lambda d: (abs(d * scale - a), d % 2))
            digits, exp10 = best, k - n + 1   # value = digits * 10^exp10
            return digits, exp10
    raise ValueError(x)

def java_text(x, fmt):
    if x == 0:
        return "-0.0" if str(x).startswith("-") else "0.0"
    sign = "-" if x < 0 else ""
    digits, e = shortest(x, fmt)
    ds = str(digits).rstrip("0")
    e += len(str(digits)) - len(ds)
    # value = ds * 10^e; decimal exponent of the first digit:
    point = len(ds) + e  # digits before the point in plain notation
    a = abs(x)
    if Fraction(1, 1000) <= a < 10 ** 7:
        if point <= 0:
            s = "0." + "0" * (-point) + ds
        elif point >= len(ds):
            s = ds + "0" * (point - len(ds)) + ".0"
        else:
            s = ds[:point] + "." + ds[point:]
    else:
        s = ds[0] + "." + (ds[1:] or "0") + "E" + str(point - 1)
    return sign + s


def f64doc(text):
    """the document of the float64 a decimal string reads as"""
    x = parse(text, F64)
    return java_text(x, F64) if not (x == 0 and text.lstrip().startswith("-")) else "-0.0"

def f32doc(text):
    x = parse(text, F32)
    return '"~f' + (java_text(x, F32) if not (x == 0 and text.startswith("-")) else "-0.0") + '"'

V = []
def v(name, value, doc, limits=None):
    e = {"name": name, "value": value, "document": doc}
    if limits is not None:
        e["limits"] = limits
    V.append(e)

# null, booleans, the untagged numbers
v("null", None, 'null')
v("true", ["bool", True], 'true')
v("false", ["bool", False], 'false')
v("int64 zero", ["int64", "0"], '0')
v("int64 negative", ["int64", "-42"], '-42')
v("int64 max", ["int64", "9223372036854775807"], '9223372036854775807')
v("int64 min", ["int64", "-9223372036854775808"], '-9223372036854775808')
v("int64 beyond 2^53", ["int64", "9007199254740993"], '9007199254740993')
v("float64 one", ["float64", "1"], '1.0')
v("float64 tenth", ["float64", "0.1"], '0.1')
v("float64 two decimals", ["float64", "19.99"], '19.99')
v("float64 negative zero", ["float64", "-0.0"], '-0.0')
v("float64 large uses exponent", ["float64", "1e10"], '1.0E10')
v("float64 1e7 uses exponent", ["float64", "10000000"], '1.0E7')
v("float64 below 1e7 is plain", ["float64", "9999999"], '9999999.0')
v("float64 small uses exponent", ["float64", "0.0001"], '1.0E-4')
v("float64 0.001 is plain", ["float64", "0.001"], '0.001')
v("float64 shortest 2e-3 not 0.0020", ["float64", "0.002"], '0.002')
v("float64 JDK17 non-shortest case", ["float64", "2.0E23"], '2.0E23')
v("float64 max", ["float64", "1.7976931348623157E308"], '1.7976931348623157E308')
v("float64 min subnormal", ["float64", "4.9E-324"], '4.9E-324')
v("float64 full precision", ["float64", "0.30000000000000004"], '0.30000000000000004')
v("float64 NaN", ["float64", "NaN"], '"~zNaN"')
v("float64 Infinity", ["float64", "Infinity"], '"~zInfinity"')
v("float64 -Infinity", ["float64", "-Infinity"], '"~z-Infinity"')
v("bigint beyond int64", ["bigint", "123456789012345678901234567890"], '123456789012345678901234567890')
v("bigint negative beyond int64", ["bigint", "-9223372036854775809"], '-9223372036854775809')
v("bigint within int64 is tagged", ["bigint", "42"], '"~n42"')
# the narrow and exact types, tagged
v("int32", ["int32", "42"], '"~i42"')
v("int32 min", ["int32", "-2147483648"], '"~i-2147483648"')
v("int16", ["int16", "-7"], '"~s-7"')
v("int8", ["int8", "127"], '"~y127"')
v("float32", ["float32", "1.5"], '"~f1.5"')
v("float32 shortest", ["float32", "0.1"], '"~f0.1"')
v("float32 NaN", ["float32", "NaN"], '"~fNaN"')
v("float32 -Infinity", ["float32", "-Infinity"], '"~f-Infinity"')
v("float32 negative zero", ["float32", "-0.0"], '"~f-0.0"')
v("decimal keeps scale", ["decimal", "1.10"], '"~d1.10"')
v("decimal integer", ["decimal", "100"], '"~d100"')
v("decimal negative scale", ["decimal", "1E+3"], '"~d1E+3"')
v("decimal zero with scale", ["decimal", "0E-10"], '"~d0E-10"')
v("decimal small", ["decimal", "-0.000001234"], '"~d-0.000001234"')
v("decimal 40 digits", ["decimal", "1234567890123456789012345678901234567.890"], '"~d1234567890123456789012345678901234567.890"')
v("bytes", ["bytes", "AQID"], '"~bAQID"')
v("bytes empty", ["bytes", ""], '"~b"')
v("bytes padded", ["bytes", "/w=="], '"~b/w=="')
v("instant", ["instant", "2024-01-01T00:00:00Z"], '"~t2024-01-01T00:00:00Z"')
v("instant nanos", ["instant", "2024-02-29T23:59:59.123456789Z"], '"~t2024-02-29T23:59:59.123456789Z"')
v("instant millis", ["instant", "1969-12-31T23:59:59.999Z"], '"~t1969-12-31T23:59:59.999Z"')
v("local date", ["date", "2024-06-30"], '"~D2024-06-30"')
v("local time", ["time", "10:15"], '"~T10:15"')
v("local time nanos", ["time", "23:59:59.000000001"], '"~T23:59:59.000000001"')
v("local date-time", ["datetime", "2024-06-30T10:15:30"], '"~L2024-06-30T10:15:30"')
v("offset date-time", ["offsetdatetime", "2024-06-30T10:15:30.5+02:00"], '"~O2024-06-30T10:15:30.500+02:00"')
v("offset date-time Z", ["offsetdatetime", "2024-06-30T10:15Z"], '"~O2024-06-30T10:15Z"')
v("uuid", ["uuid", "123e4567-e89b-12d3-a456-426614174000"], '"~u123e4567-e89b-12d3-a456-426614174000"')
# strings: plain unless they start with the prefix
v("string", ["string", "hello"], '"hello"')
v("string empty", ["string", ""], '""')
v("string unicode", ["string", "caf\u00e9 \u65e5\u672c \U0001F600"], '"caf\u00e9 \u65e5\u672c \U0001F600"')
v("string NUL and controls", ["string", "a\u0000b\u001fc\nd\te"], '"a\\u0000b\\u001Fc\\nd\\te"')
v("string short escapes", ["string", "\b\f\r\u007f\u0085"], '"\\b\\f\\r\u007f\u0085"')
v("string U+2028 raw", ["string", "a\u2028b\u2029c"], '"a\u2028b\u2029c"')
v("string quote and backslash", ["string", "say \"hi\" \\o/"], '"say \\"hi\\" \\\\o/"')
v("string that looks like a tag", ["string", "~t"], '"~~t"')
v("string of two prefixes", ["string", "~~"], '"~~~"')
v("string lone prefix", ["string", "~"], '"~~"')
v("string looks like NaN tag", ["string", "~zNaN"], '"~~zNaN"')
v("string looks like number", ["string", "42"], '"42"')
v("string NaN is just a string", ["string", "NaN"], '"NaN"')
v("string $type is plain", ["string", "$type"], '"$type"')
v("string @class is plain", ["string", "@class"], '"@class"')
v("string prefix inside", ["string", "a~b"], '"a~b"')
# composites
v("list empty", ["list", []], '[]')
v("list mixed", ["list", [["int64", "1"], ["string", "a"], None, ["float64", "2.5"], ["int32", "3"]]], '[1,"a",null,2.5,"~i3"]')
v("list nested", ["list", [["list", [["list", []]]]]], '[[[]]]')
v("set", ["set", [["int64", "1"], ["string", "a"]]], '{"~set":[1,"a"]}')
v("set empty", ["set", []], '{"~set":[]}')
v("map empty", ["map", []], '{}')
v("map string keys keeps order", ["map", [[["string", "b"], ["int64", "1"]], [["string", "a"], ["int64", "2"]]]], '{"b":1,"a":2}')
v("map values of every kind", ["map", [[["string", "id"], ["int64", "7"]], [["string", "price"], ["decimal", "9.90"]], [["string", "tags"], ["list", [["string", "x"]]]], [["string", "none"], None]]], '{"id":7,"price":"~d9.90","tags":["x"],"none":null}')
v("map key looks like a tag", ["map", [[["string", "~t"], ["int64", "1"]], [["string", "~set"], ["int64", "2"]]]], '{"~~t":1,"~~set":2}')
v("map key $type is plain", ["map", [[["string", "$type"], ["string", "x"]], [["string", "@class"], ["string", "y"]]]], '{"$type":"x","@class":"y"}')
v("map empty key", ["map", [[["string", ""], ["bool", True]]]], '{"":true}')
v("map int32 keys", ["map", [[["int32", "1"], ["string", "a"]], [["int32", "2"], ["string", "b"]]]], '{"~map":["~i1","a","~i2","b"]}')
v("map mixed keys", ["map", [[["string", "a"], ["int64", "1"]], [["int64", "2"], ["int64", "3"]]]], '{"~map":["a",1,2,3]}')
v("map null key", ["map", [[None, ["string", "n"]]]], '{"~map":[null,"n"]}')
v("map list key", ["map", [[["list", [["int64", "1"]]], ["string", "k"]]]], '{"~map":[[1],"k"]}')
v("nested document", ["map", [[["string", "blocks"], ["list", [["map", [[["string", "position"], ["map", [[["string", "x"], ["float64", "1.5"]], [["string", "y"], ["float64", "-2"]]]]], [["string", "n"], ["int32", "8"]]]]]]], [["string", "at"], ["instant", "2024-01-01T00:00:00Z"]]]], '{"blocks":[{"position":{"x":1.5,"y":-2.0},"n":"~i8"}],"at":"~t2024-01-01T00:00:00Z"}')

# ---- issue 11: edges of every type
def vf64(name, text): v("float64 " + name, ["float64", text], f64doc(text))
def vf32(name, text): v("float32 " + name, ["float32", text], f32doc(text))
vf64("tie rule: two digits, the closer (4.9E-324, not 5.0E-324), from 5e-324", "5e-324")
vf64("twice the smallest subnormal", "9.88e-324")
vf64("three times the smallest subnormal", "1.48e-323")
vf64("largest subnormal", "2.225073858507201E-308")
vf64("smallest normal", "2.2250738585072014E-308")
vf64("negative max", "-1.7976931348623157E308")
vf64("1e23 (one digit is shown as two)", "1e23")
vf64("2^53+1 reads as 2^53", "9007199254740993")
vf64("just below 1e-3 uses exponent", "9.999999999999998E-4")
vf64("just below 1e7 is plain", "9999999.999999998")
vf64("1e22", "1e22")
vf64("17 significant digits", "123456789012345680")
vf64("one hundred", "100")
vf32("smallest subnormal", "1.4E-45")
vf32("twice the smallest subnormal", "2.8E-45")
vf32("three times the smallest subnormal", "4.2E-45")
vf32("smallest normal (JDK 19 spelling)", "1.17549435E-38")
vf32("max", "3.4028235E38")
vf32("16777217 parsed straight to float32 is 2^24", "16777217")
vf32("0.3", "0.3")
vf32("1e10", "1e10")
vf32("negative max", "-3.4028235E38")
v("int32 max", ["int32", "2147483647"], '"~i2147483647"')
v("int32 zero", ["int32", "0"], '"~i0"')
v("int16 min", ["int16", "-32768"], '"~s-32768"')
v("int16 max", ["int16", "32767"], '"~s32767"')
v("int8 min", ["int8", "-128"], '"~y-128"')
v("int8 zero", ["int8", "0"], '"~y0"')
v("bigint int64 min is tagged", ["bigint", "-9223372036854775808"], '"~n-9223372036854775808"')
v("bigint int64 max is tagged", ["bigint", "9223372036854775807"], '"~n9223372036854775807"')
v("bigint 2^63 is plain", ["bigint", "9223372036854775808"], '9223372036854775808')
v("bigint zero is tagged", ["bigint", "0"], '"~n0"')
v("decimal zero with negative scale", ["decimal", "0E+3"], '"~d0E+3"')
v("decimal negative with negative scale", ["decimal", "-1.23E+5"], '"~d-1.23E+5"')
v("decimal 1E-7 uses exponent", ["decimal", "1E-7"], '"~d1E-7"')
v("decimal 0.000001 is plain", ["decimal", "0.000001"], '"~d0.000001"')
v("decimal huge exponent kept", ["decimal", "1E+999999999"], '"~d1E+999999999"')
v("decimal scale int32 max", ["decimal", "1E-2147483647"], '"~d1E-2147483647"')
v("decimal scale -(2^31-1)", ["decimal", "1E+2147483647"], '"~d1E+2147483647"')
v("decimal zero scale 2", ["decimal", "0.00"], '"~d0.00"')
v("instant year 10000", ["instant", "+10000-01-01T00:00:00Z"], '"~t+10000-01-01T00:00:00Z"')
v("instant year -1", ["instant", "-0001-12-31T23:59:59Z"], '"~t-0001-12-31T23:59:59Z"')
v("instant year 0", ["instant", "0000-01-01T00:00:00Z"], '"~t0000-01-01T00:00:00Z"')
v("instant min", ["instant", "-1000000000-01-01T00:00:00Z"], '"~t-1000000000-01-01T00:00:00Z"')
v("instant max", ["instant", "+1000000000-12-31T23:59:59.999999999Z"], '"~t+1000000000-12-31T23:59:59.999999999Z"')
v("instant micros", ["instant", "2024-01-01T00:00:00.123456Z"], '"~t2024-01-01T00:00:00.123456Z"')
v("instant 100 ms has 3 digits", ["instant", "2024-01-01T00:00:00.1Z"], '"~t2024-01-01T00:00:00.100Z"')
v("local date year 10000", ["date", "+10000-01-01"], '"~D+10000-01-01"')
v("local date before year 0", ["date", "-0001-12-31"], '"~D-0001-12-31"')
v("local date min", ["date", "-999999999-01-01"], '"~D-999999999-01-01"')
v("local date max", ["date", "+999999999-12-31"], '"~D+999999999-12-31"')
v("local time midnight", ["time", "00:00"], '"~T00:00"')
v("local time seconds", ["time", "10:15:30"], '"~T10:15:30"')
v("local time 100 ms", ["time", "10:15:00.1"], '"~T10:15:00.100"')
v("local time micros", ["time", "10:15:00.000001"], '"~T10:15:00.000001"')
v("local time max", ["time", "23:59:59.999999999"], '"~T23:59:59.999999999"')
v("local date-time before year 0", ["datetime", "-0001-01-01T00:00"], '"~L-0001-01-01T00:00"')
v("offset date-time offset with seconds", ["offsetdatetime", "2024-01-01T00:00+01:30:15"], '"~O2024-01-01T00:00+01:30:15"')
v("offset date-time max offset", ["offsetdatetime", "2024-01-01T00:00:01-18:00"], '"~O2024-01-01T00:00:01-18:00"')
v("offset date-time nanos", ["offsetdatetime", "2024-01-01T00:00:00.000000001+05:45"], '"~O2024-01-01T00:00:00.000000001+05:45"')
v("uuid nil", ["uuid", "00000000-0000-0000-0000-000000000000"], '"~u00000000-0000-0000-0000-000000000000"')
v("uuid max", ["uuid", "ffffffff-ffff-ffff-ffff-ffffffffffff"], '"~uffffffff-ffff-ffff-ffff-ffffffffffff"')
v("bytes one padding", ["bytes", "AQI="], '"~bAQI="')
v("bytes all values", ["bytes", base64.b64encode(bytes(range(256))).decode()], '"~b' + base64.b64encode(bytes(range(256))).decode() + '"')
# escaping inside ~map and ~set
v("~map string key that looks like a tag", ["map", [[["string", "~x"], ["int64", "1"]], [["int32", "1"], ["int64", "2"]]]], '{"~map":["~~x",1,"~i1",2]}')
v("~map string keys ~ and ~~", ["map", [[["string", "~"], ["int64", "1"]], [["string", "~~"], ["int64", "2"]], [["int8", "3"], ["int64", "3"]]]], '{"~map":["~~",1,"~~~",2,"~y3",3]}')
v("~map key with quote and control characters", ["map", [[["string", "a\"b\u0001"], ["int64", "1"]], [["bool", True], ["int64", "2"]]]], '{"~map":["a\\"b\\u0001",1,true,2]}')
v("set of a string that looks like a tag", ["set", [["string", "~t"], ["string", "~"]]], '{"~set":["~~t","~~"]}')
v("map key that looks like a format key", ["map", [[["string", "~map"], ["list", []]]]], '{"~~map":[]}')
# equality: values that are not equal may share a set or be keys of one map
v("set: Long 1, Integer 1, BigInteger 1, Double 1.0 are four values", ["set", [["int64", "1"], ["int32", "1"], ["bigint", "1"], ["float64", "1"]]], '{"~set":[1,"~i1","~n1",1.0]}')
v("set: 0.0 and -0.0 are two values", ["set", [["float64", "0.0"], ["float64", "-0.0"]]], '{"~set":[0.0,-0.0]}')
v("set: float32 and float64 NaN are two values", ["set", [["float32", "NaN"], ["float64", "NaN"]]], '{"~set":["~fNaN","~zNaN"]}')
v("set: decimals 1.0 and 1.00 are two values", ["set", [["decimal", "1.0"], ["decimal", "1.00"]]], '{"~set":["~d1.0","~d1.00"]}')
v("set: one instant at two offsets is two values", ["set", [["offsetdatetime", "2024-01-01T02:00+02:00"], ["offsetdatetime", "2024-01-01T00:00Z"]]], '{"~set":["~O2024-01-01T02:00+02:00","~O2024-01-01T00:00Z"]}')
v("set: byte arrays of different content", ["set", [["bytes", "AQ=="], ["bytes", "Ag=="]]], '{"~set":["~bAQ==","~bAg=="]}')
v("set: lists in different order are two values", ["set", [["list", [["int64", "1"], ["int64", "2"]]], ["list", [["int64", "2"], ["int64", "1"]]]]], '{"~set":[[1,2],[2,1]]}')
v("~map: byte array keys of different content", ["map", [[["bytes", "AQ=="], ["int64", "1"]], [["bytes", "AQI="], ["int64", "2"]]]], '{"~map":["~bAQ==",1,"~bAQI=",2]}')
v("~map: string key and int32 key", ["map", [[["string", "1"], ["int64", "1"]], [["int32", "1"], ["int64", "2"]]]], '{"~map":["1",1,"~i1",2]}')
# depth: exactly at the limit of 500 (arrays and objects both count)
v("depth exactly 500", ["nest", [499, ["list", []]]], "[" * 500 + "]" * 500)
v("elements exactly at the limit", ["list", [["int64", "1"], ["list", [["int64", "2"], ["int64", "3"]]],
    ["map", [[["string", "a"], ["int64", "4"]]]]]], '[1,[2,3],{"a":4}]', limits={"typedjson.max.elements": 7})
v("elements exactly at the limit in a tagged object", ["set", [["int64", "1"], ["int64", "2"]]], '{"~set":[1,2]}',
    limits={"typedjson.max.elements": 4})
v("depth exactly 500 through a ~set", ["nest", [498, ["set", []]]], "[" * 498 + '{"~set":[]}' + "]" * 498)

# ---- issue 23: java.time.Duration, tag ~P (SPEC.md sections 5 and 7). The documents are checked below against
# an independent port of Duration.toString() (the algorithm SPEC.md section 5 gives), from seconds and nanos.
def tdiv(a, b):  # Java's long division: truncates toward zero
    return -((-a) // b) if a < 0 else a // b

def duration_text(seconds, nanos):
    assert -(1 << 63) <= seconds < (1 << 63) and 0 <= nanos < 10 ** 9
    if seconds == 0 and nanos == 0:
        return "PT0S"
    eff = seconds + 1 if seconds < 0 and nanos > 0 else seconds
    h = tdiv(eff, 3600)
    m = tdiv(eff - 3600 * h, 60)
    s = eff - 60 * tdiv(eff, 60)
    out = "PT" + (f"{h}H" if h else "") + (f"{m}M" if m else "")
    if s == 0 and nanos == 0 and len(out) > 2:
        return out
    out += ("-0" if s == 0 else str(s)) if seconds < 0 and nanos > 0 else str(s)
    if nanos > 0:
        frac = str(2 * 10 ** 9 - nanos if seconds < 0 else nanos + 10 ** 9).rstrip("0")
        out += "." + frac[1:]
    return out + "S"

DURATIONS = {}  # document payload -> (seconds, nanos), for the check below
def vd(name, seconds, nanos, payload=None):
    text = duration_text(seconds, nanos)
    DURATIONS[text] = (seconds, nanos)
    v("duration " + name, ["duration", payload or text], '"~P' + text + '"')
vd("zero", 0, 0)
vd("one and a half seconds", 1, 500_000_000)
vd("hours minutes seconds millis", 8 * 3600 + 6 * 60 + 12, 345_000_000)
vd("hours are not folded into days", 48 * 3600, 0)
vd("minus half a second", -1, 500_000_000)
vd("negative with every field", -(3600 + 120 + 4), 500_000_000)
vd("one nanosecond", 0, 1)
vd("minus one nanosecond", -1, 999_999_999)
vd("minus one second", -1, 0)
vd("one minute", 60, 0)
vd("micros", 0, 123_456_000)
vd("max", (1 << 63) - 1, 999_999_999)
vd("min", -(1 << 63), 0)
vd("from days in the notation (P2D is read as Java's Duration.parse reads it)", 2 * 86400, 0, payload="P2D")
v("duration in a list", ["list", [["duration", "PT1S"], ["int64", "1"], ["duration", "PT-1S"]]], '["~PPT1S",1,"~PPT-1S"]')
v("duration in a set", ["set", [["duration", "PT1M"], ["duration", "PT60.5S"]]], '{"~set":["~PPT1M","~PPT1M0.5S"]}')
v("duration as a ~map key", ["map", [[["duration", "PT1H"], ["string", "an hour"]], [["string", "PT1H"], ["string", "a string"]]]], '{"~map":["~PPT1H","an hour","PT1H","a string"]}')
v("duration in an object", ["map", [[["string", "timeout"], ["duration", "PT30S"]]]], '{"timeout":"~PPT30S"}')
v("string that looks like a duration tag", ["string", "~PPT1S"], '"~~PPT1S"')

for vec in V:  # every float document, hand-written or not, agrees with the oracle
    val = vec["value"]
    if val and val[0] in ("float64", "float32") and val[1] not in ("NaN", "Infinity", "-Infinity"):
        want = f64doc(val[1]) if val[0] == "float64" else f32doc(val[1])
        assert vec["document"] == want, (vec["name"], vec["document"], want)

for vec in V:  # every duration document is the oracle's text of a (seconds, nanos) it was made from
    val = vec["value"]
    if val and val[0] == "duration" and vec["document"].startswith('"~P'):
        text = vec["document"][3:-1]
        if text in DURATIONS:
            assert duration_text(*DURATIONS[text]) == text, vec["name"]

I = []
def bad(name, doc, path, error, raw=None, offset=None, limits=None):
    e = {"name": name, "path": path, "error": error}
    if offset is not None:
        e["offset"] = offset
    if limits is not None:
        e["limits"] = limits
    if raw is not None:
        e["document_base64"] = base64.b64encode(raw).decode()
    else:
        e["document"] = doc
    I.append(e)

bad("empty document", "", "$", "empty document")
bad("unknown tag", '"~q1"', "$", "unknown tag")
bad("unknown tag in array", '[1,"~Q"]', "$[1]", "unknown tag")
bad("lone prefix", '"~"', "$", "lone tag prefix")
bad("unknown tagged object", '{"~bag":[1]}', "$", "unknown tag")
bad("format key not alone", '{"~set":[1],"a":2}', "$", "exactly one key")
bad("format key after a plain key", '{"a":1,"~set":[2]}', "$", "must be the only key")
bad("duplicate key", '{"a":1,"a":2}', "$.a", "duplicate key")
bad("duplicate key after escape", '{"~~a":1,"~~a":2}', '$["~~a"]', "duplicate key")
bad("duplicate set element", '{"~set":[1,1]}', '$["~set"][1]', "duplicate element")
bad("odd ~map array", '{"~map":[1,2,3]}', '$["~map"]', "alternate keys and values", offset=14)
bad("set of non-array", '{"~set":1}', '$["~set"]', "array of")
bad("int32 out of range", '"~i2147483648"', "$", "out of range for int32")
bad("int16 out of range", '"~s40000"', "$", "out of range for int16")
bad("int8 out of range", '"~y128"', "$", "out of range for int8")
bad("int32 with plus sign", '"~i+1"', "$", "non-canonical ~i")
bad("int32 with leading zero", '"~i01"', "$", "non-canonical ~i")
bad("int32 with fraction", '"~i1.0"', "$", "non-canonical ~i")
bad("tagged BigInteger beyond int64", '"~n9223372036854775808"', "$", "out of range")
bad("float32 hex", '"~f0x1p3"', "$", "malformed ~f")
bad("float32 malformed exponent (found by fuzzing)", '"~f1.4-45"', "$", "malformed ~f")
bad("float32 with plus sign", '"~f+1.5"', "$", "malformed ~f")
bad("decimal with leading dot", '"~d.5"', "$", "malformed decimal")
bad("decimal with plus sign", '"~d+1"', "$", "malformed decimal")
bad("float32 out of range", '"~f1e39"', "$", "out of range for float32")
bad("float64 tag on finite", '"~z1.5"', "$", "where a number belongs")
bad("float64 overflow lexeme", '1e999', "$", "out of range for float64")
bad("decimal malformed", '"~d1.2.3"', "$", "malformed decimal")
bad("bytes malformed", '"~b!!!"', "$", "malformed base64")
bad("bytes without padding", '"~b/w"', "$", "malformed base64")
bad("instant malformed", '"~t2024-13-01T00:00:00Z"', "$", "malformed ~t")
bad("uuid short groups", '"~u1-2-3-4-5"', "$", "malformed UUID")
bad("trailing content", '1 2', "$", "trailing content")
bad("truncated", '{"a":[1,', "$.a[1]", "end-of-input")
bad("NaN literal", 'NaN', "$", "Non-standard token")
bad("single quotes", "{'a':1}", "$", "double-quote")
bad("comment", '[1]/*x*/', "$", "comment")
bad("leading zero", '01', "$", "Leading zeroes")
bad("invalid UTF-8", None, "$", "Invalid UTF-8", raw=b'"\xff"')
bad("UTF-8 encoded surrogate", None, "$", "Invalid UTF-8", raw=b'"\xed\xa0\x80"')
bad("escaped lone high surrogate", '"a\\uD800b"', "$", "lone surrogate")
bad("escaped lone low surrogate", '["\\uDC00"]', "$[0]", "lone surrogate")
bad("escaped lone surrogate in a key", '{"\\uDC00":1}', "$", "surrogate")
bad("overlong UTF-8", None, "$", "Invalid UTF-8", raw=b'"\xc0\xaf"')

# ---- issue 11: one spelling per value, UTF-8 only, equality, limits
bad("UTF-8 byte order mark", None, "$", "byte order mark", raw=b'\xef\xbb\xbf[1]', offset=0)
bad("UTF-16LE", None, "$", "UTF-16", raw='[1]'.encode('utf-16-le'), offset=1)
bad("UTF-16BE", None, "$", "UTF-16", raw='[1]'.encode('utf-16-be'), offset=0)
bad("UTF-16 with byte order mark", None, "$", "UTF-16", raw=b'\xff\xfe' + '1'.encode('utf-16-le'), offset=0)
bad("UTF-32LE", None, "$", "UTF-16", raw='1'.encode('utf-32-le'), offset=1)
bad("NUL byte right after the value", None, "$", "NUL", raw=b'1\x00', offset=1)
bad("NUL byte after the value and whitespace", None, "$", "CTRL-CHAR, code 0", raw=b'[1]  \x00', offset=5)
bad("NUL byte after a longer value", None, "$", "CTRL-CHAR, code 0", raw=b'123456\x00', offset=6)
bad("non-breaking space is not JSON whitespace", None, "$", "Unexpected character", raw=b'\xc2\xa0[1]', offset=0)
bad("bytes DE AD BE EF", None, "$", "Unexpected character", raw=b'\xde\xad\xbe\xef', offset=0)
bad("lone continuation byte", None, "$", "Invalid UTF-8", raw=b'"\x80"', offset=1)
bad("truncated 3-byte sequence", None, "$", "Invalid UTF-8", raw=b'"\xe2\x82"', offset=1)
bad("5-byte lead byte", None, "$", "Invalid UTF-8", raw=b'"\xf8\x88\x80\x80\x80"', offset=1)
bad("beyond U+10FFFF", None, "$", "Invalid UTF-8", raw=b'"\xf4\x90\x80\x80"', offset=1)
bad("overlong 3-byte", None, "$", "Invalid UTF-8", raw=b'"\xe0\x80\xaf"', offset=1)
bad("invalid byte after multi-byte text", None, "$[1]", "Invalid UTF-8", raw='["é","a'.encode() + b'\xff"]', offset=8)
bad("trailing token after multi-byte text", '"€" x', "$", "Unrecognized token", offset=6)
bad("int32 -0", '"~i-0"', "$", "non-canonical ~i", offset=0)
bad("int16 -0", '"~s-0"', "$", "non-canonical ~s")
bad("int8 with leading zeros", '"~y007"', "$", "non-canonical ~y")
bad("int32 with exponent", '"~i1E2"', "$", "non-canonical ~i")
bad("int32 empty payload", '"~i"', "$", "malformed ~i")
bad("int32 with space", '"~i 1"', "$", "malformed ~i")
bad("tagged BigInteger -0", '"~n-0"', "$", "non-canonical ~n")
bad("tagged BigInteger with plus", '"~n+5"', "$", "non-canonical ~n")
bad("tagged BigInteger with leading zero", '"~n05"', "$", "non-canonical ~n")
bad("tagged BigInteger below int64", '"~n-9223372036854775809"', "$", "out of range")
bad("float32 trailing zero", '"~f1.50"', "$", "non-canonical ~f")
bad("float32 not shortest", '"~f0.10000000149011612"', "$", "non-canonical ~f")
bad("float32 without point", '"~f1"', "$", "non-canonical ~f")
bad("float32 exponent where plain is written", '"~f1.0E0"', "$", "non-canonical ~f")
bad("float32 lower-case e", '"~f1.0e10"', "$", "non-canonical ~f")
bad("float32 underflow to zero", '"~f1e-50"', "$", "non-canonical ~f")
bad("float32 -0", '"~f-0"', "$", "non-canonical ~f")
bad("float32 lower-case nan", '"~fnan"', "$", "malformed ~f")
bad("float64 tag lower-case nan", '"~znan"', "$", "where a number belongs")
bad("float64 tag +Infinity", '"~z+Infinity"', "$", "where a number belongs")
bad("float64 tag Inf", '"~zInf"', "$", "where a number belongs")
bad("decimal trailing exponent form", '"~d1.0E+1"', "$", "non-canonical ~d")
bad("decimal lower-case e", '"~d1e+3"', "$", "non-canonical ~d")
bad("decimal exponent without sign", '"~d1E3"', "$", "non-canonical ~d")
bad("decimal plain where toString uses an exponent", '"~d0.0000001"', "$", "non-canonical ~d")
bad("decimal -0", '"~d-0"', "$", "non-canonical ~d")
bad("decimal -0.00", '"~d-0.00"', "$", "non-canonical ~d")
bad("decimal leading zero", '"~d00.5"', "$", "malformed decimal")
bad("decimal scale beyond int32", '"~d1E-2147483648"', "$", "malformed decimal")
bad("decimal negative scale beyond int32", '"~d1E+2147483649"', "$", "malformed decimal")
bad("decimal scale -2^31", '"~d1E+2147483648"', "$", "malformed decimal")
bad("bytes non-zero padding bits (==)", '"~b/x=="', "$", "malformed base64")
bad("bytes non-zero padding bits (=)", '"~bAAB="', "$", "malformed base64")
bad("bytes base64url alphabet", '"~b-_8="', "$", "malformed base64")
bad("bytes with line break", '"~bAQID\\nAQID"', "$", "malformed base64")
bad("instant with offset", '"~t2024-01-01T00:00:00+02:00"', "$", "non-canonical ~t", offset=0)
bad("instant lower-case t", '"~t2024-01-01t00:00:00Z"', "$", "non-canonical ~t")
bad("instant lower-case z", '"~t2024-01-01T00:00:00z"', "$", "non-canonical ~t")
bad("instant JavaScript toISOString", '"~t2024-01-01T00:00:00.000Z"', "$", "non-canonical ~t")
bad("instant 6 digits where 3 are written", '"~t2024-01-01T00:00:00.100000Z"', "$", "non-canonical ~t")
bad("instant 2 fraction digits", '"~t2024-01-01T00:00:00.10Z"', "$", "non-canonical ~t")
bad("instant leap second", '"~t2024-01-01T23:59:60Z"', "$", "non-canonical ~t")
bad("instant without seconds", '"~t2024-01-01T00:00Z"', "$", "malformed ~t")
bad("instant 4-digit year with sign", '"~t+2024-01-01T00:00:00Z"', "$", "~t")
bad("local time with zero seconds", '"~T10:15:00"', "$", "non-canonical ~T")
bad("local time 6 digits where 3 are written", '"~T10:15:30.100000"', "$", "non-canonical ~T")
bad("local time one-digit hour", '"~T1:02"', "$", "malformed ~T")
bad("local date one-digit month", '"~D2024-6-30"', "$", "malformed ~D")
bad("local date-time lower-case t", '"~L2024-06-30t10:15"', "$", "non-canonical ~L")
bad("local date-time with zero seconds", '"~L2024-06-30T10:15:00"', "$", "non-canonical ~L")
bad("offset date-time +00:00 for Z", '"~O2024-06-30T10:15:30+00:00"', "$", "non-canonical ~O")
bad("offset date-time lower-case z", '"~O2024-06-30T10:15:30z"', "$", "non-canonical ~O")
bad("offset date-time offset without colon", '"~O2024-06-30T10:15:30+0200"', "$", "~O")
bad("uuid upper case", '"~u123E4567-E89B-12D3-A456-426614174000"', "$", "non-canonical ~u")
bad("uuid in braces", '"~u{123e4567-e89b-12d3-a456-426614174000}"', "$", "malformed UUID")
bad("uuid with a sign in a group", '"~u+0000000-0000-0191-ffff-fffffffff73e"', "$", "malformed UUID")
bad("~map with string keys only", '{"~map":["a",1]}', "$", "non-canonical ~map", offset=1)
bad("~map empty", '{"~map":[]}', "$", "non-canonical ~map")
bad("~map string keys after unescaping", '{"~map":["~~a",1,"b",2]}', "$", "non-canonical ~map")
bad("set of two equal byte arrays", '{"~set":["~bAQ==","~bAQ=="]}', '$["~set"][1]', "duplicate element", offset=18)
bad("set of two equal lists", '{"~set":[[1,"~bAQ=="],[1,"~bAQ=="]]}', '$["~set"][1]', "duplicate element", offset=22)
bad("set of two maps equal in another order", '{"~set":[{"a":1,"b":2},{"b":2,"a":1}]}', '$["~set"][1]', "duplicate element")
bad("set of two sets equal in another order", '{"~set":[{"~set":[1,2]},{"~set":[2,1]}]}', '$["~set"][1]', "duplicate element")
bad("set of 1.0 and 1E0 (one Double)", '{"~set":[1.0,1E0]}', '$["~set"][1]', "duplicate element")
bad("set of two NaN", '{"~set":["~zNaN","~zNaN"]}', '$["~set"][1]', "duplicate element")
bad("set of two equal decimals", '{"~set":["~d1.10","~d1.10"]}', '$["~set"][1]', "duplicate element")
bad("~map with two equal byte array keys", '{"~map":["~bAQ==",1,"~bAQ==",2]}', '$["~map"][2]', "duplicate key")
bad("~map with two equal list keys", '{"~map":[[1],1,[1],2]}', '$["~map"][2]', "duplicate key")
bad("format key written with an escape", '{"\\u007eset":[1,1]}', '$["~set"][1]', "duplicate element")
bad("duplicate key spelled with an escape", '{"a":1,"\\u0061":2}', "$.a", "duplicate key")
bad("depth 501", "[" * 501 + "]" * 501, "$" + "[0]" * 32 + "...(468 more)", "typedjson.max.depth", offset=500)
bad("depth 501 through objects", '{"a":' * 501 + "1" + "}" * 501, "$" + ".a" * 32 + "...(468 more)", "typedjson.max.depth", offset=2500)
bad("number of 1001 digits", "1" * 1001, "$", "typedjson.max.number.length", offset=0)
bad("decimal payload of 1001 digits", '"~d' + "1" * 1001 + '"', "$", "typedjson.max.number.length", offset=0)
# elements (section 9): every value counts, the document's own included; refused at the first byte of the one too many
ELEMENTS = "typedjson.max.elements"
bad("one element beyond the limit", '[1,[2,3],{"a":4}]', "$[2].a", ELEMENTS, offset=14, limits={ELEMENTS: 6})
bad("elements beyond the limit: an empty array counts", '[[],[]]', "$[1]", ELEMENTS, offset=4, limits={ELEMENTS: 2})
bad("elements beyond the limit in a tagged object", '{"~set":[1,2]}', '$["~set"][1]', ELEMENTS, offset=11,
    limits={ELEMENTS: 3})
bad("elements beyond the limit: an object's member counts once", '{"a":1,"b":2}', "$.b", ELEMENTS, offset=11,
    limits={ELEMENTS: 2})
bad("float64 negative overflow lexeme", '-1e400', "$", "out of range for float64")
bad("second value after an object", '{} x', "$", "Unrecognized token", offset=3)
bad("second value", '[] []', "$", "trailing content")
bad("extra closing bracket", '[]]', "$", "Unexpected close marker")

# ---- issue 23: ~P, a Duration: only Duration.toString()'s text. Another text java.time.Duration.parse reads is
# non-canonical (the error names the one spelling); a text it cannot read is malformed.
bad("duration zero minutes", '"~PPT1H0M"', "$", 'non-canonical ~P payload "PT1H0M"', offset=0)
bad("duration 60 minutes", '"~PPT60M"', "$", 'non-canonical ~P payload "PT60M"')
bad("duration in days", '"~PP1D"', "$", 'non-canonical ~P payload "P1D"')
bad("duration lower case", '"~Ppt1S"', "$", 'non-canonical ~P payload "pt1S"')
bad("duration lower-case s", '"~PPT1s"', "$", 'non-canonical ~P payload "PT1s"')
bad("duration trailing zero in the fraction", '"~PPT1.50S"', "$", 'non-canonical ~P payload "PT1.50S"')
bad("duration with plus sign", '"~PPT+1S"', "$", 'non-canonical ~P payload "PT+1S"')
bad("duration with a sign before P", '"~P-PT1S"', "$", 'non-canonical ~P payload "-PT1S"')
bad("duration comma for the point", '"~PPT1,5S"', "$", 'non-canonical ~P payload "PT1,5S"')
bad("duration seconds beyond a minute", '"~PPT90S"', "$", 'non-canonical ~P payload "PT90S"')
bad("duration in an object, 60 minutes", '{"d":"~PPT60M"}', "$.d", 'non-canonical ~P payload "PT60M"', offset=5)
bad("duration PT alone", '"~PPT"', "$", 'malformed ~P payload "PT"')
bad("duration P alone", '"~PP"', "$", 'malformed ~P payload "P"')
bad("duration empty payload", '"~P"', "$", 'malformed ~P payload ""')
bad("duration with trailing text", '"~PPT1S extra"', "$", 'malformed ~P payload "PT1S extra"')
bad("duration ten fraction digits", '"~PPT0.0000000001S"', "$", 'malformed ~P payload "PT0.0000000001S"')
bad("duration seconds beyond int64", '"~PPT9223372036854775808S"', "$", 'malformed ~P payload "PT9223372036854775808S"')
bad("duration hours beyond int64 seconds", '"~PPT2562047788015216H"', "$", 'malformed ~P payload "PT2562047788015216H"')
bad("duration beyond max by a nanosecond sum", '"~PPT2562047788015215H30M8S"', "$", 'malformed ~P payload "PT2562047788015215H30M8S"')
bad("duration in a ~set twice", '{"~set":["~PPT1S","~PPT1S"]}', '$["~set"][1]', "duplicate element")

# ---- accepted.json: documents a reader takes although a writer never produces them (JSON's own freedom:
# whitespace, escapes, any number lexeme for a plain number). Each maps to a value; writing the value back gives
# another (the canonical) document, so these are read-only vectors.
A = []
def acc(name, doc, value, raw=None):
    e = {"name": name, "value": value}
    if raw is not None:
        e["document_base64"] = base64.b64encode(raw).decode()
    else:
        e["document"] = doc
    A.append(e)

acc("whitespace around and between tokens", ' \t\n\r[ 1 ,\n2 ]\r\n ', ["list", [["int64", "1"], ["int64", "2"]]])
acc("whitespace inside a tagged object", '{ "~set" : [ 1 ] }', ["set", [["int64", "1"]]])
acc("tag written with an escaped prefix", '"\\u007ei42"', ["int32", "42"])
acc("tag payload written with escapes", '"~i4\\u0032"', ["int32", "42"])
acc("escaped prefix twice is a plain string", '"\\u007e\\u007et"', ["string", "~t"])
acc("format key written with an escape", '{"\\u007eset":[1]}', ["set", [["int64", "1"]]])
acc("escaped key that looks like a tag", '{"\\u007e\\u007ea":1}', ["map", [[["string", "~a"], ["int64", "1"]]]])
acc("escaped solidus", '"\\/"', ["string", "/"])
acc("escaped non-ASCII", '"caf\\u00e9"', ["string", "caf\u00e9"])
acc("escaped surrogate pair", '"\\uD83D\\uDE00"', ["string", "\U0001F600"])
acc("lower-case hex escape", '"\\u001f"', ["string", "\u001f"])
acc("upper-case exponent", '1E3', ["float64", "1000"])
acc("lower-case exponent with sign", '1e+3', ["float64", "1000"])
acc("fraction and exponent", '1.0e3', ["float64", "1000"])
acc("trailing zeros", '10.00', ["float64", "10"])
acc("negative zero integer is Long 0", '-0', ["int64", "0"])
acc("negative zero with exponent", '-0.0e0', ["float64", "-0.0"])
acc("underflow reads as 0.0", '1e-400', ["float64", "0.0"])
acc("negative underflow reads as -0.0", '-1e-400', ["float64", "-0.0"])
# ---- malformed JSON (SPEC.md section 8): the offset of the offending character or token, or the document's length
# where it ends too soon; the path of the value being read, of the value before a missing ',' or closing bracket, and
# of the object where a key belongs
# separators and brackets
bad("array cut after an element", '[1', "$[0]", "end-of-input", offset=2)
bad("array cut after a string element", '["a"', "$[0]", "end-of-input", offset=4)
bad("array cut after the second element", '[1,2', "$[1]", "end-of-input", offset=4)
bad("array cut after a nested array", '[[1,2]', "$[0]", "end-of-input", offset=6)
bad("array cut after an object element", '[{"a":1}', "$[0]", "end-of-input", offset=8)
bad("array cut after its '['", '[', "$[0]", "end-of-input", offset=1)
bad("array cut after a ','", '[1,', "$[1]", "end-of-input", offset=3)
bad("missing ',' in an array", '[1 2]', "$[0]", "comma", offset=3)
bad("missing ',' between strings", '["a" "b"]', "$[0]", "comma", offset=5)
bad("missing ',' after a nested array", '[[1] 2]', "$[0]", "comma", offset=5)
bad("missing ',' in a nested array", '{"a":[1 2]}', "$.a[0]", "comma", offset=8)
bad("missing ',' in the second member's array", '{"a":[1,2],"b":[3 4]}', "$.b[0]", "comma", offset=18)
bad("'}' closing an array", '[1}', "$[0]", "comma", offset=2)
bad("trailing ',' in an array", '[1,]', "$[1]", "close marker", offset=3)
bad("trailing ',' and spaces in an array", '[ 1 ,  ]', "$[1]", "close marker", offset=7)
bad("leading ',' in an array", '[,1]', "$[0]", "Unexpected character", offset=1)
bad("two ',' in an array", '[1,,2]', "$[1]", "Unexpected character", offset=3)
bad("object cut after a value", '{"a":1', "$.a", "end-of-input", offset=6)
bad("object cut after a nested value", '{"a":{"b":1', "$.a.b", "end-of-input", offset=11)
bad("object cut after a key", '{"a"', "$.a", "end-of-input", offset=4)
bad("object cut after a ':'", '{"a":', "$.a", "end-of-input", offset=5)
bad("object cut after the second key's ':'", '{"a":1,"b":', "$.b", "end-of-input", offset=11)
bad("object cut after its '{'", '{', "$", "end-of-input", offset=1)
bad("object cut after a ','", '{"a":1,', "$", "end-of-input", offset=7)
bad("missing ',' in an object", '{"a":1 "b":2}', "$.a", "comma", offset=7)
bad("missing ',' in a nested object", '{"a":{"b":1 "c":2}}', "$.a.b", "comma", offset=12)
bad("']' closing an object", '{"a":1]', "$.a", "comma", offset=6)
bad("trailing ',' in an object", '{"a":1,}', "$", "double-quote", offset=7)
bad("trailing ',' and a tab in an object", '{"a":1,\t}', "$", "double-quote", offset=8)
bad("leading ',' in an object", '{,"a":1}', "$", "double-quote", offset=1)
bad("number as a key", '{1:2}', "$", "double-quote", offset=1)
bad("unquoted key", '{a:1}', "$", "double-quote", offset=1)
bad("missing ':'", '{"a" 1}', "$.a", "colon", offset=5)
bad("missing ':' before '}'", '{"a":1,"b"}', "$.b", "colon", offset=10)
bad("two ':'", '{"a"::1}', "$.a", "Unexpected character", offset=5)
bad("missing value before '}'", '{"a":}', "$.a", "close marker", offset=5)
bad("extra '}' after the document", '{"a":1}}', "$", "close marker", offset=7)
bad("',' after the document", '[1,2]  ,', "$", "Unexpected character", offset=7)
bad("second value cut in a string", '[1] "abc', "$", "end-of-input", offset=8)
bad("second value a malformed number", '[1] -]', "$", "digit", offset=5)
bad("word after the document", '[1]x', "$", "Unrecognized token", offset=3)
# numbers: a character that cannot continue the number is named, or the end
bad("lone minus", '-', "$", "end-of-input", offset=1)
bad("number cut after its point", '1.', "$", "end-of-input", offset=2)
bad("negative number cut after its point", '-1.', "$", "end-of-input", offset=3)
bad("number cut after its exponent's e", '1e', "$", "end-of-input", offset=2)
bad("number cut after its exponent's sign", '1e+', "$", "end-of-input", offset=3)
bad("minus before ']'", '[-]', "$[0]", "digit", offset=2)
bad("minus before ']' at the top", '-]', "$", "digit", offset=1)
bad("point before ']'", '[1.]', "$[0]", "Decimal point", offset=3)
bad("point before an exponent", '[1.e5]', "$[0]", "Decimal point", offset=3)
bad("letter after a point", '1.x', "$", "Decimal point", offset=2)
bad("exponent before ']'", '[1.5e]', "$[0]", "Exponent", offset=5)
bad("letter after an exponent's sign", '1e+x', "$", "Exponent", offset=3)
bad("two exponent signs", '1E+-3', "$", "Exponent", offset=3)
bad("leading zero in an array", '[00]', "$[0]", "Leading zeroes", offset=1)
bad("negative leading zero", '[-01]', "$[0]", "Leading zeroes", offset=1)
bad("letter after a number", '[1x]', "$[0]", "comma", offset=2)
bad("hex number", '[0x1]', "$[0]", "comma", offset=2)
bad("second point", '[1.5.3]', "$[0]", "comma", offset=4)
bad("second point at the top", '1.5.3', "$", "Unexpected character", offset=3)
bad("second exponent", '[1e5e]', "$[0]", "comma", offset=4)
bad("plus sign", '[+1]', "$[0]", "Unexpected character", offset=1)
bad("leading point", '[.5]', "$[0]", "Unexpected character", offset=1)
bad("minus and a letter is a word", '-x', "$", "Unrecognized token '-x'", offset=0)
bad("-Infinity", '[-Infinity]', "$[0]", "Non-standard token", offset=1)
# words: a word that is not exactly true, false or null is named at its first byte
bad("tru", 'tru', "$", "Unrecognized token 'tru'", offset=0)
bad("tru in an array", '[tru]', "$[0]", "Unrecognized token 'tru'", offset=1)
bad("nul", 'nul', "$", "Unrecognized token 'nul'", offset=0)
bad("n as a member's value", '{"a":n}', "$.a", "Unrecognized token 'n'", offset=5)
bad("t before a quote", '[t"]', "$[0]", "Unrecognized token 't'", offset=1)
bad("true1", '[true1]', "$[0]", "Unrecognized token 'true1'", offset=1)
bad("truefalse", '[truefalse]', "$[0]", "Unrecognized token 'truefalse'", offset=1)
bad("nulll", '[nulll]', "$[0]", "Unrecognized token 'nulll'", offset=1)
bad("true-", 'true-', "$", "Unrecognized token 'true-'", offset=0)
bad("true_", 'true_', "$", "Unrecognized token 'true_'", offset=0)
bad("falsey", 'falsey', "$", "Unrecognized token 'falsey'", offset=0)
bad("two literals", '[true false]', "$[0]", "comma", offset=6)
# strings: the escape's offending character, a control character, ill-formed UTF-8, or the end
bad("non-hex digit in a \\u escape", '"\\u12x4"', "$", "hex-digit", offset=5)
bad("quote in a \\u escape", '"\\u12"', "$", "hex-digit", offset=5)
bad("quote in a second \\u escape", '"\\u00e9\\u"', "$", "hex-digit", offset=9)
bad("non-hex digit in a low surrogate's escape", '"\\uD800\\uDC0x"', "$", "hex-digit", offset=12)
bad("string cut in a \\u escape", '"\\u1', "$", "end-of-input", offset=4)
bad("unknown escape", '"a\\q"', "$", "escape", offset=3)
bad("unknown escape after a multi-byte character", '"é\\q"', "$", "escape", offset=4)
bad("\\x escape", '"\\x"', "$", "escape", offset=2)
bad("upper-case \\U escape", '"\\U0041"', "$", "escape", offset=2)
bad("unknown escape in a key", '{"a\\q":1}', "$", "escape", offset=4)
bad("unknown escape in a member's value", '{"a":"\\q"}', "$.a", "escape", offset=7)
bad("unknown escape after a lone surrogate", '"\\uD800\\q"', "$", "escape", offset=8)
bad("control character after a lone surrogate", None, "$", "CTRL-CHAR", raw=b'"\\uD800\x01"', offset=7)
bad("string cut after a lone surrogate", '"\\uD800x', "$", "end-of-input", offset=8)
bad("string cut", '"abc', "$", "end-of-input", offset=4)
bad("string cut after an escaped quote", '"abc\\"', "$", "end-of-input", offset=6)
bad("string cut after a backslash", '"a\\', "$", "end-of-input", offset=3)
bad("tab in a string", '["a\tb"]', "$[0]", "CTRL-CHAR", offset=3)
bad("tab in a key", '{"a\t":1}', "$", "CTRL-CHAR", offset=3)
bad("NUL byte in a string", None, "$[0]", "CTRL-CHAR", raw=b'["ab\x00"]', offset=4)
bad("NUL byte where a value belongs", None, "$[1]", "CTRL-CHAR", raw=b'[1, \x00]', offset=4)
bad("NUL byte where a ',' belongs", None, "$.a", "CTRL-CHAR", raw=b'{"a":1 \x00}', offset=7)
bad("NUL byte in the first four bytes", None, "$", "NUL", raw=b'[1,\x00]', offset=3)
bad("invalid UTF-8 before a control character", None, "$", "Invalid UTF-8", raw=b'"\xff\x01"', offset=1)
bad("string cut after an invalid byte", None, "$", "Invalid UTF-8", raw=b'"\xff', offset=1)
bad("string cut in a multi-byte character", None, "$", "Invalid UTF-8", raw=b'"a\xc3', offset=2)
bad("invalid byte where a ',' belongs", None, "$.a", "Invalid UTF-8", raw=b'{"a":1 \xff}', offset=7)
bad("multi-byte character where a ',' belongs", '[1 é]', "$[0]", "comma", offset=3)
bad("multi-byte character where a value belongs", '[é]', "$[0]", "Unexpected character", offset=1)
# ~set and ~map: the JSON around them as anywhere; an odd ~map array at its ']', where the last value belongs
bad("missing ',' in a ~set", '{"~set":[1 2]}', '$["~set"][0]', "comma", offset=11)
bad("~set cut after its array", '{"~set":[1]', '$["~set"]', "end-of-input", offset=11)
bad("~set cut after its key", '{"~set"', '$["~set"]', "end-of-input", offset=7)
bad("~set and a key without ':'", '{"~set":[1],"a"}', "$.a", "colon", offset=15)
bad("~set and a key cut after it", '{"~set":[1],"a"', "$.a", "end-of-input", offset=15)
bad("~set and a trailing ','", '{"~set":[1],}', "$", "double-quote", offset=12)
bad("~set and a second key", '{"~set":[1],"a":[1 2]}', "$", "exactly one key", offset=12)
bad("~set cut after its ':'", '[{"~set":', '$[0]["~set"]', "end-of-input", offset=9)
bad("~set cut after its ':' and a space", '{"~set": ', '$["~set"]', "end-of-input", offset=9)
bad("word where the array of a ~set belongs", '{"~set":x', '$["~set"]', "Unrecognized token", offset=8)
bad("unknown tag without ':'", '{"~bag"x', '$["~bag"]', "colon", offset=7)
bad("unknown tag cut after its ':'", '{"~bag":', "$", "unknown tag", offset=1)
bad("lone prefix key without ':'", '{"~"x', '$["~"]', "colon", offset=4)
bad("format key after a plain key without ':'", '{"a":1,"~set"x', '$["~set"]', "colon", offset=13)
bad("tab in a string where the array of a ~set belongs", '{"~set":"a\tb"}', '$["~set"]', "CTRL-CHAR", offset=10)
bad("minus before '[' where the array of a ~map belongs", '{"~map":-[1]}', '$["~map"]', "digit", offset=9)
bad("duplicate key with a malformed value", '{"a":1,"a":tru}', "$.a", "Unrecognized token", offset=11)
bad("~map cut after a key", '{"~map":[1,2,3', '$["~map"][2]', "end-of-input", offset=14)
bad("trailing ',' in a ~map", '{"~map":[1,2,]}', '$["~map"][2]', "close marker", offset=13)
bad("odd ~map array with a space", '{"~map":[1,2,3 ]}', '$["~map"]', "alternate keys and values", offset=15)
bad("odd ~map array of one key", '{"~map":[1]}', '$["~map"]', "alternate keys and values", offset=10)
bad("odd ~map array in an object", '{"a":{"~map":[1,2,3]}}', '$.a["~map"]', "alternate keys and values", offset=19)
acc("below half the smallest subnormal reads as 0.0", '2.4e-324', ["float64", "0.0"])
acc("above half the smallest subnormal reads as it", '2.5e-324', ["float64", "4.9E-324"])
acc("rounds down to max, not to infinity", '1.7976931348623158e308', ["float64", "1.7976931348623157E308"])
acc("more digits than a double holds", '0.1000000000000000055511151231257827', ["float64", "0.1"])
acc("integer lexeme beyond int64 with exponent is a Double", '1000000000000000000000e0', ["float64", "1e21"])
acc("number in a map with spaces", '{"a" : 2.50 }', ["map", [[["string", "a"], ["float64", "2.5"]]]])

with open("valid.json", "w", encoding="utf-8") as f:
    json.dump(V, f, ensure_ascii=False, indent=1)
    f.write("\n")
with open("invalid.json", "w", encoding="utf-8") as f:
    json.dump(I, f, ensure_ascii=False, indent=1)
    f.write("\n")
with open("accepted.json", "w", encoding="utf-8") as f:
    json.dump(A, f, ensure_ascii=False, indent=1)
    f.write("\n")
# ---- reference.json: schema fingerprints of the Connect location `reference` (SPEC.md section 11): the first 16
# bytes of SHA-256 over the UTF-8 bytes of the canonical notation, as 32 lower-case hex digits. Each implementation
# computes them with its own SHA-256 (Java's MessageDigest, Node's crypto, Python's hashlib) and parses the notation.
import hashlib
R = []
def ref(name, notation):
    R.append({"name": name, "notation": notation, "fingerprint_hex": hashlib.sha256(notation.encode("utf-8")).digest()[:16].hex()})

ref("the orders schema", "{id:i64,name,status,amount:f64,tags:[str],ts}")
ref("a bare type", "i32")
ref("non-ASCII field names and a doc beyond the BMP", "{`pr\u00e9nom`,`\u540d\u524d`:i32?,note!`caf\u00e9 \u2615 \U0001F600`?}")
ref("a decimal with a default, a date, a map", "{amount:dec(10,2)=1.50,day:date?,tags:<str,i64>}")
ref("a non-ASCII schema name with a version", "str@`\u00fcn\u00efcode.N\u00e2me`#2?")
with open("reference.json", "w", encoding="utf-8") as f:
    json.dump(R, f, ensure_ascii=False, indent=1)
    f.write("\n")

print(len(V), "valid,", len(I), "invalid,", len(A), "accepted,", len(R), "schema fingerprints")
