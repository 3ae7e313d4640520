#!/usr/bin/env python3
"""Writes plain.json, the vectors of SPEC.md section 13.1 (plain documents: what Jackson and other writers without
typed JSON write, read and written in a dynamic position, section 6). Every case is written by hand from the SPEC and
is one the Java, TypeScript and Python implementations already agreed on in their own plain tests (OtherWritersTest,
plain.test.ts, test_plain.py); PlainVectorsTest, plain-vectors.test.ts and test_plain_vectors.py run them.
Run: python3 gen_plain.py (in this directory)."""
import json


def v(t, p):
    return [t, p]


def s(text):
    return v("string", text)


def i64(n):
    return v("int64", str(n))


def m(*pairs):
    """A map of string keys, in order."""
    return ["map", [[s(k), val] for k, val in pairs]]


def lst(*items):
    return ["list", list(items)]


# As Jackson writes a note: strings and keys as they are, a leading '~' text
NOTE_DOC = ('{"id":9007199254740993,"note":"~5 minutes late","tags":["~s3","~~x","a~b","~"],"counts":{"~k":1,"k":2},'
            '"ratio":"NaN","extra":"~d1","nested":[{"~map":[1]},{"~set":[]}]}')
NOTE = m(("id", i64(9007199254740993)), ("note", s("~5 minutes late")),
         ("tags", lst(s("~s3"), s("~~x"), s("a~b"), s("~"))), ("counts", m(("~k", i64(1)), ("k", i64(2)))),
         ("ratio", s("NaN")), ("extra", s("~d1")),
         ("nested", lst(m(("~map", lst(i64(1)))), m(("~set", lst())))))

# ---- read: a plain reader (dynamic position) reads the document to the value
READ = [
    {"name": "a note as Jackson writes it: a leading ~ is text in strings and keys", "document": NOTE_DOC, "value": NOTE},
    {"name": "a tag's spelling is an object of that key", "document": '{"~map":[1]}', "value": m(("~map", lst(i64(1))))},
    {"name": "a doubled ~ is text as it is", "document": '"~~x"', "value": s("~~x")},
    {"name": "a lone ~", "document": '"~"', "value": s("~")},
    {"name": "NaN in a dynamic position is the string", "document": '"NaN"', "value": s("NaN")},
    {"name": "a ~ spelled with an escape is text too", "document": '{"\\u007ek":"\\u007e5"}',
     "value": m(("~k", s("~5")))},
    {"name": "integers as int64, beyond it bigint, other numbers as float64",
     "document": "[9223372036854775807,9223372036854775808,-0,1e2,1.50]",
     "value": lst(i64(9223372036854775807), v("bigint", "9223372036854775808"), i64(0), v("float64", "100"),
                  v("float64", "1.5"))},
]

# ---- write: a plain writer writes the value as exactly the document (which reads back, plain, to the value)
WRITE = [
    {"name": "a note: strings and keys as they are", "value": NOTE, "document": NOTE_DOC},
    {"name": "a key and a string starting with ~", "value": m(("~k", s("~v"))), "document": '{"~k":"~v"}'},
    {"name": "an integer beyond int64, null, a boolean, a float64",
     "value": lst(v("bigint", str(2 ** 64)), None, v("bool", True), v("float64", "0.1")),
     "document": "[18446744073709551616,null,true,0.1]"},
]

# ---- refused: a plain writer refuses a value that only a tag carries, in a dynamic position, with this reason and path
NEEDS_TAG = ("where the type does not say it (a dynamic position) needs a tag, which a reader of plain JSON would read "
             "as text: not written as plain JSON")
REFUSED = []
for java_type, value in [
        ("Integer", v("int32", "1")), ("Short", v("int16", "1")), ("Byte", v("int8", "1")), ("BigInteger", v("bigint", "5")),
        ("Float", v("float32", "0.5")), ("Double", v("float64", "NaN")), ("Double", v("float64", "-Infinity")),
        ("BigDecimal", v("decimal", "1.5")), ("byte[]", v("bytes", "AQ==")), ("Instant", v("instant", "1970-01-01T00:00:00Z")),
        ("LocalDate", v("date", "2024-01-01")), ("UUID", v("uuid", "123e4567-e89b-12d3-a456-426614174000")),
        ("Duration", v("duration", "PT1S")), ("Set", ["set", [s("a")]]),
        ("Map with keys other than strings", ["map", [[i64(1), i64(2)]]])]:
    REFUSED.append({"name": f"{value[0]} {json.dumps(value[1], separators=(',', ':'))}",
                    "value": m(("id", i64(1)), ("extra", lst(i64(0), value))),
                    "error": f"{java_type} {NEEDS_TAG}", "path": "$.extra[1]"})

# ---- invalid: a plain reader refuses the document as any reader does, naming the path and the byte offset
INVALID = [
    {"name": "a duplicate key starting with ~", "document": '{"~k":1,"~k":2}', "error": "duplicate key",
     "path": '$["~k"]', "offset": 13},
    {"name": "nesting beyond the depth limit", "document": "[[1]]", "limits": {"typedjson.max.depth": 1},
     "error": "exceeds the limit", "path": "$[0]", "offset": 1},
]

ABOUT = ("Vectors of SPEC.md section 13.1 (plain documents, read and written in a dynamic position); written by "
         "gen_plain.py, run by PlainVectorsTest (Java), plain-vectors.test.ts and test_plain_vectors.py.")

with open("plain.json", "w", encoding="utf-8") as f:
    json.dump({"_about": ABOUT, "read": READ, "write": WRITE, "refused": REFUSED, "invalid": INVALID}, f, indent=1,
              ensure_ascii=False)
    f.write("\n")
