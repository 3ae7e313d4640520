#!/usr/bin/env python3
"""Writes connect.json, the vectors of SPEC.md section 11 (Kafka Connect documents). Every document here is
written by hand from the SPEC; ConnectVectorsTest checks the Java converter against them both ways.
Run: python3 gen_connect.py (in this directory)."""
import hashlib
import json

def v(t, p):
    return [t, p]

def struct(*fields):
    return ["struct", list(fields)]

valid = []

def case(name, location, schema, value, document, header=None):
    c = {"name": name, "location": location, "schema": schema, "value": value, "document": document}
    if header is not None:
        c["header"] = header
    valid.append(c)

# location reference (SPEC.md section 11, "reference"): the record value is exactly the body of "~v", and the header
# typedjson.schema.ref holds the fingerprint, the first 16 bytes of SHA-256 over the notation's UTF-8 bytes (hex here)
reference = []

def fingerprint(notation):
    return hashlib.sha256(notation.encode("utf-8")).hexdigest()[:32]

def inline(name, schema, value, body):
    case(name, "inline", schema, value, '{"~s":' + json.dumps(schema, ensure_ascii=False) + ',"~v":' + body + '}')
    if body != "null" or schema.endswith("?") or "=" in schema:
        reference.append({"name": name, "schema": schema, "fingerprint": fingerprint(schema), "value": value,
                          "document": body})

def header(name, schema, value, body):
    case(name, "header", schema, value, body, schema)

# ---- every Connect type, inline
inline("int8 min", "i8", v("int8", "-128"), "-128")
inline("int16 max", "i16", v("int16", "32767"), "32767")
inline("int32 min", "i32", v("int32", "-2147483648"), "-2147483648")
inline("int64 max", "i64", v("int64", "9223372036854775807"), "9223372036854775807")
inline("float32 tenth, shortest for float32", "f32", v("float32", "0.1"), "0.1")
inline("float32 NaN", "f32", v("float32", "NaN"), '"NaN"')
inline("float64 negative zero", "f64", v("float64", "-0.0"), "-0.0")
inline("float64 -Infinity", "f64", v("float64", "-Infinity"), '"-Infinity"')
inline("float64 large uses exponent", "f64", v("float64", "1e300"), "1.0E300")
inline("boolean", "bool", v("bool", True), "true")
inline("string starting with the prefix is escaped", "str", v("string", "~t"), '"~~t"')
inline("string with escapes and non-ASCII", "str", v("string", "a\"b\\c\n\u0001\u00e9\U0001F600"), '"a\\"b\\\\c\\n\\u0001\u00e9\U0001F600"')
inline("bytes", "bytes", v("bytes", "AP9/"), '"AP9/"')
inline("bytes empty", "bytes", v("bytes", ""), '""')
inline("Decimal scale 2 keeps its trailing zero", "dec(2)", v("decimal", "12.30"), "12.30")
inline("Decimal negative scale", "dec(-3)", v("decimal", "1E+3"), "1E+3")
inline("Decimal with precision", "dec(10,2)", v("decimal", "-0.05"), "-0.05")
inline("Decimal zero with scale 10", "dec(10)", v("decimal", "0E-10"), "0E-10")
inline("Date", "date", v("date", "2026-11-30"), '"2026-11-30"')
inline("Date before 1970", "date", v("date", "1969-12-31"), '"1969-12-31"')
inline("Time with milliseconds", "time", v("time", "05:35:45.123"), '"05:35:45.123"')
inline("Time midnight", "time", v("time", "00:00"), '"00:00"')
inline("Timestamp with milliseconds", "ts", v("instant", "2026-11-30T05:35:45.123Z"), '"2026-11-30T05:35:45.123Z"')
inline("Timestamp before 1970", "ts", v("instant", "1969-12-31T23:59:59.999Z"), '"1969-12-31T23:59:59.999Z"')
inline("Timestamp on a whole second has no fraction", "ts", v("instant", "2024-01-01T00:00:00Z"), '"2024-01-01T00:00:00Z"')
inline("Array", "[i32]", ["list", [v("int32", "1"), v("int32", "2"), v("int32", "3")]], "[1,2,3]")
inline("Array of optional strings", "[str?]", ["list", [v("string", "a"), None]], '["a",null]')
inline("Array of arrays of float32", "[[f32]]", ["list", [["list", [v("float32", "1.5")]], ["list", []]]], "[[1.5],[]]")
inline("Map with string keys is an object, keys escaped", "<str,f64>", ["map", [[v("string", "x"), v("float64", "1.5")], [v("string", "~y"), v("float64", "-0.0")]]], '{"x":1.5,"~~y":-0.0}')
inline("Map with int32 keys alternates keys and values", "<i32,str>", ["map", [[v("int32", "1"), v("string", "one")], [v("int32", "2"), v("string", "two")]]], '[1,"one",2,"two"]')
inline("Map with optional string keys is not an object", "<str?,i8>", ["map", [[None, v("int8", "1")], [v("string", "a"), v("int8", "2")]]], '[null,1,"a",2]')
inline("Map with struct keys", "<{a:i32},bool>", ["map", [[struct(v("int32", "1")), v("bool", True)]]], "[[1],true]")
inline("Map with bytes keys", "<bytes,i8>", ["map", [[v("bytes", "AQ=="), v("int8", "1")], [v("bytes", "Ag=="), v("int8", "2")]]], '["AQ==",1,"Ag==",2]')
inline("Map with Date keys", "<date,f32>", ["map", [[v("date", "2024-02-29"), v("float32", "0.5")]]], '["2024-02-29",0.5]')
inline("Empty map", "<i64,i64>", ["map", []], "[]")
inline("Struct is positional inline", "{id:i64,name,tags:[str]}", struct(v("int64", "1"), v("string", "Eve"), ["list", [v("string", "a")]]), '[1,"Eve",["a"]]')
inline("Nested struct with name, version and doc", "{id:i64,inner:{a:i32,b?}@com.acme.Inner#2!`an inner struct`}",
       struct(v("int64", "5"), struct(v("int32", "1"), None)), "[5,[1,null]]")
inline("Empty struct", "{}", struct(), "[]")
inline("Struct field names that need backticks", "{`a b`:i8,`back``tick`,`~x`?}", struct(v("int8", "1"), v("string", "x"), None), '[1,"x",null]')
inline("Optional struct, null", "{a:i32}?", None, "null")
inline("Optional with a default, null stays null", "i32?=7", None, "null")
inline("Optional with a default, a value", "i32?=7", v("int32", "8"), "8")
inline("Required field with a default, unset stays unset", "{a:i32=7,b=`\"x y\"`}", struct(None, v("string", "z")), '[null,"z"]')
inline("Schema name, version, doc and parameters", "i64(k=v,empty=``)@com.acme.Id#1!`an id`", v("int64", "42"), "42")
inline("Struct annotations and parameters", "{a:i8}(p=`v w`)@com.acme.All#3!`every \"type\"`", struct(v("int8", "0")), "[0]")
inline("Decimal default", "dec(1)?=2.5", v("decimal", "-1.0"), "-1.0")
inline("Timestamp default", "ts=`\"1969-12-31T23:59:59.999Z\"`", v("instant", "1970-01-01T00:00:00.001Z"), '"1970-01-01T00:00:00.001Z"')
inline("Bytes default", "bytes?=`\"AQID\"`", None, "null")
inline("Map default with an escaped key", "<str,bool>=`{\"~~k\":true}`", ["map", []], "{}")
inline("Array default", "[i16]?=`[1,-2]`", ["list", [v("int16", "-1")]], "[-1]")
inline("Date without its version is written in full and is still a Date", "i32@org.apache.kafka.connect.data.Date", v("date", "1970-01-06"), '"1970-01-06"')
inline("Decimal with an extra parameter keeps the abbreviation", "dec(2)(other=x)", v("decimal", "0.01"), "0.01")
inline("Negative version", "i32#-5", v("int32", "0"), "0")
inline("Empty doc", "str!``", v("string", ""), '""')
inline("float64 NaN default", "f64=`\"NaN\"`", v("float64", "1"), "1.0")

# ---- header mode: the value is plain typed JSON, structs as objects; the header holds the notation
header("header: int32", "i32", v("int32", "-5"), "-5")
header("header: Decimal", "dec(2)", v("decimal", "9771.82"), "9771.82")
header("header: Timestamp", "ts", v("instant", "2026-11-24T05:19:08.205Z"), '"2026-11-24T05:19:08.205Z"')
header("header: Date and Time in a struct", "{d:date,t:time?}", struct(v("date", "2026-11-27"), v("time", "23:59:59.999")), '{"d":"2026-11-27","t":"23:59:59.999"}')
header("header: nested struct is an object", "{id:i64,inner:{a:i32,b?}@com.acme.Inner#2}", struct(v("int64", "5"), struct(v("int32", "1"), None)), '{"id":5,"inner":{"a":1,"b":null}}')
header("header: struct field names escaped like keys", "{`a b`:i8,`back``tick`,`~x`?}", struct(v("int8", "1"), v("string", "x"), None), '{"a b":1,"back`tick":"x","~~x":null}')
header("header: empty struct", "{}", struct(), "{}")
header("header: map with struct keys", "<{a:i32},bool>", ["map", [[struct(v("int32", "1")), v("bool", False)]]], '[{"a":1},false]')
header("header: map with string keys", "<str,[i8]>", ["map", [[v("string", "k"), ["list", [v("int8", "1")]]]]], '{"k":[1]}')
header("header: optional null", "i32?", None, "null")
header("header: float32 and bytes", "{f:f32,b:bytes}", struct(v("float32", "3.4028235E38"), v("bytes", "/w==")), '{"f":3.4028235E38,"b":"/w=="}')
header("header: the rows shape", "{id:i32,customer_id:i64,qty:i16,price:dec(2),created:ts,ship_date:date?,note?,active:bool,score:f32,payload:bytes?}",
       struct(v("int32", "100000"), v("int64", "8255519"), v("int16", "94"), v("decimal", "9771.82"), v("instant", "2026-11-24T05:19:08.205Z"),
              v("date", "2026-11-27"), v("string", "gift wrap"), v("bool", False), v("float32", "0.8032"), None),
       '{"id":100000,"customer_id":8255519,"qty":94,"price":9771.82,"created":"2026-11-24T05:19:08.205Z","ship_date":"2026-11-27","note":"gift wrap","active":false,"score":0.8032,"payload":null}')

header("header: int8", "i8", v("int8", "127"), "127")
header("header: int64 beyond 2^53", "i64", v("int64", "9007199254740993"), "9007199254740993")
header("header: float64 NaN", "f64", v("float64", "NaN"), '"NaN"')
header("header: float64 smallest", "f64", v("float64", "4.9E-324"), "4.9E-324")
header("header: boolean", "bool", v("bool", False), "false")
header("header: string with the prefix", "str", v("string", "~~"), '"~~~"')
header("header: Decimal negative scale", "dec(-2)", v("decimal", "1.23E+4"), "1.23E+4")
header("header: Time", "time", v("time", "00:00:01"), '"00:00:01"')
header("header: array of Dates", "[date]", ["list", [v("date", "0001-01-01"), v("date", "9999-12-31")]], '["0001-01-01","9999-12-31"]')
header("header: map with int64 keys", "<i64,bytes>", ["map", [[v("int64", "-1"), v("bytes", "")]]], '[-1,""]')
header("header: schema annotations and a default", "i32(k=v)@com.acme.N#2!`a doc`?=`5`".replace("`5`", "5"), None, "null")
header("header: struct with defaults, unset fields are null", "{a:i32=7,b?=`\"d\"`}", struct(None, None), '{"a":null,"b":null}')
# ---- schemaless values (schema null) in inline and header locations: the dynamic model, no envelope, no header
case("schemaless Integer keeps its type", "inline", None, v("int32", "5"), '"~i5"')
case("schemaless map with a Short", "header", None, ["map", [[v("string", "a"), v("int16", "1")]]], '{"a":"~s1"}')
case("schemaless map whose user key is ~s is escaped", "inline", None, ["map", [[v("string", "~s"), v("int64", "1")]]], '{"~~s":1}')
case("tombstone: null schema and null value are a null record value", "inline", None, None, None)

# ---- location none: the dynamic model, and a schema derived from lexemes and tags
case("none: every derivable type", "none",
     "{a:i32,b:f32,c:dec(2),d:ts,e:date,f:time,g:bytes,h:[i16],i:<i8,str>,j,k:i64,l:f64,m:bool}",
     struct(v("int32", "5"), v("float32", "1.5"), v("decimal", "1.25"), v("instant", "2024-01-01T00:00:00Z"), v("date", "2024-06-30"),
            v("time", "10:15"), v("bytes", "AQID"), ["list", [v("int16", "1")]], ["map", [[v("int8", "1"), v("string", "one")]]],
            v("string", "~x"), v("int64", "7"), v("float64", "0.5"), v("bool", True)),
     '{"a":"~i5","b":"~f1.5","c":"~d1.25","d":"~t2024-01-01T00:00:00Z","e":"~D2024-06-30","f":"~T10:15","g":"~bAQID","h":["~s1"],"i":{"~map":["~y1","one"]},"j":"~~x","k":7,"l":0.5,"m":true}')
case("none: a null field derives an optional string", "none", "{a?}", struct(None), '{"a":null}')
case("none: int64", "none", "i64", v("int64", "5"), "5")
case("none: array of int32", "none", "[i32]", ["list", [v("int32", "1"), v("int32", "2")]], '["~i1","~i2"]')
case("none: Decimal of negative scale", "none", "dec(-2)", v("decimal", "1E+2"), '"~d1E+2"')
# the document null is what none writes for a null value with a schema: it derives an optional STRING with a null
# value, not a tombstone (a tombstone has no document), so it is written back as null (SPEC.md 11, "Derived schemas")
case("none: the document null derives an optional string, not a tombstone", "none", "str?", None, "null")
# nothing can be derived, anywhere in the document: the record comes back schemaless with the dynamic model's value
# (written here schemaless, so the document is the dynamic model's). Connect has no field named "":
case("none: an object with an empty key is schemaless", "none", None,
     ["map", [[v("string", ""), v("int32", "1")]]], '{"":"~i1"}')
case("none: an object with an empty key anywhere is schemaless", "none", None,
     ["map", [[v("string", "a"), v("int64", "1")],
              [v("string", "b"), ["list", [["map", [[v("string", "c"), ["map", [[v("string", ""), v("string", "x")]]]]]]]]]]],
     '{"a":1,"b":[{"c":{"":"x"}}]}')
case("none: an object with an empty key as a map's key is schemaless", "none", None,
     ["map", [[["map", [[v("string", ""), v("int32", "1")]]], v("bool", True)]]], '{"~map":[{"":"~i1"},true]}')
# Connect's Timestamp is a java.util.Date, epoch milliseconds in an int64: the last of them, each way, is a
# Timestamp; one millisecond beyond is schemaless
case("none: the last epoch millisecond of an int64 is a Timestamp", "none", "ts",
     v("instant", "+292278994-08-17T07:12:55.807Z"), '"~t+292278994-08-17T07:12:55.807Z"')
case("none: the first epoch millisecond of an int64 is a Timestamp", "none", "ts",
     v("instant", "-292275055-05-16T16:47:04.192Z"), '"~t-292275055-05-16T16:47:04.192Z"')
case("none: a timestamp a millisecond beyond an int64's epoch millis is schemaless", "none", None,
     v("instant", "+292278994-08-17T07:12:55.808Z"), '"~t+292278994-08-17T07:12:55.808Z"')
case("none: a timestamp a millisecond before an int64's epoch millis is schemaless", "none", None,
     v("instant", "-292275055-05-16T16:47:04.191Z"), '"~t-292275055-05-16T16:47:04.191Z"')
case("none: a timestamp beyond an int64's epoch millis anywhere is schemaless", "none", None,
     ["map", [[v("string", "a"), ["list", [v("instant", "2024-01-01T00:00:00Z"), v("instant", "+300000000-01-01T00:00:00Z")]]]]],
     '{"a":["~t2024-01-01T00:00:00Z","~t+300000000-01-01T00:00:00Z"]}')

# ---- accepted: documents a reader takes (JSON's freedom, section 5.2's second spellings in typed positions)
accepted = []

def acc(name, location, schema, value, document, header=None):
    c = {"name": name, "location": location, "schema": schema, "value": value, "document": document}
    if header is not None:
        c["header"] = header
    accepted.append(c)

acc("whitespace around the envelope", "inline", "i32", v("int32", "5"), ' {\n "~s" : "i32" ,\t"~v" : 5 }\r\n')
acc("format keys spelled with escapes", "inline", "i32", v("int32", "5"), '{"\\u007es":"i32","\\u007Ev":5}')
acc("notation spelled with escapes", "inline", "{a:i8}", struct(v("int8", "1")), '{"~s":"{a:i\\u0038}","~v":[1]}')
acc("float64 from an integer lexeme with exponent", "inline", "f64", v("float64", "1000"), '{"~s":"f64","~v":1E3}')
acc("int32 -0", "inline", "i32", v("int32", "0"), '{"~s":"i32","~v":-0}')
acc("Decimal of the schema's scale in another lexeme", "inline", "dec(2)", v("decimal", "12.30"), '{"~s":"dec(2)","~v":1230E-2}')
acc("Timestamp as JavaScript's toISOString writes it", "inline", "ts", v("instant", "2024-01-01T00:00:00Z"), '{"~s":"ts","~v":"2024-01-01T00:00:00.000Z"}')
acc("Timestamp with an offset", "header", "ts", v("instant", "2024-01-01T00:00:00Z"), '"2024-01-01T02:00:00+02:00"', "ts")
acc("Time with zero seconds", "inline", "time", v("time", "10:15"), '{"~s":"time","~v":"10:15:00"}')
acc("header mode: struct keys in another order", "header", "{a:i8,b:i8}", struct(v("int8", "1"), v("int8", "2")), '{"b":2,"a":1}', "{a:i8,b:i8}")
acc("header mode: an absent optional field", "header", "{a:i8,b?}", struct(v("int8", "1"), None), '{"a":1}', "{a:i8,b?}")

# ---- invalid
invalid = []

def bad(name, location, document, error, header=None, path=None):
    c = {"name": name, "location": location, "document": document, "error": error}
    if header is not None:
        c["header"] = header
    if path is not None:
        c["path"] = path
    invalid.append(c)

def bad_notation(name, notation, error):
    bad(name + " (inline)", "inline", '{"~s":' + json.dumps(notation, ensure_ascii=False) + ',"~v":null}', error, path='$["~s"]')
    bad(name + " (header)", "header", "null", error, header=notation)

bad_notation("notation nested 501 arrays deep", "[" * 501 + "i32" + "]" * 501, "typedjson.max.depth")
bad_notation("notation nested 501 structs deep", "{a:" * 501 + "i32" + "}" * 501, "typedjson.max.depth")
bad_notation("notation nested 501 maps deep", "<i32," * 501 + "i32" + ">" * 501, "typedjson.max.depth")
bad_notation("unknown type", "{a:i33}", "unknown type 'i33'")
bad_notation("whitespace in a notation", "{a:i32, b:i8}", "character 7")
bad_notation("trailing whitespace", "i32 ", "character 3")
bad_notation("suffixes out of order", "i8?@n", "suffix '@' after '?'")
bad_notation("duplicate suffix", "i32??", "duplicate suffix '?'")
bad_notation("a string field with :str", "{a:str}", "without ':str'")
bad_notation("a word quoted that needs no quotes", "{`a`:i32}", "without backticks")
bad_notation("a default quoted that needs no quotes", "i32=`7`", "without backticks")
bad_notation("version with a leading zero", "i32#01", "non-canonical integer")
bad_notation("version -0", "i32#-0", "non-canonical integer")
bad_notation("decimal scale with a plus", "dec(+2)", "expected an integer")
bad_notation("Date written in full", "i32@org.apache.kafka.connect.data.Date#1", "non-canonical notation")
bad_notation("Decimal written in full", "bytes(scale=2)@org.apache.kafka.connect.data.Decimal#1", "non-canonical notation")
bad_notation("Decimal precision as a parameter", "dec(2)(connect.decimal.precision=10)", "non-canonical notation")
bad_notation("default value JSON with a space", "<str,i8>=`{\"a\": 1}`", "non-canonical notation")
bad_notation("default value not of the schema", "i8=300", "invalid default value")
bad_notation("duplicate field", "{a:i8,a:i8}", "character 6")
bad_notation("unterminated quoted word", "str!`open", "unterminated")
bad_notation("empty notation", "", "expected a type")
bad("inline: value before schema", "inline", '{"~v":1,"~s":"i32"}', "~v")
bad("inline: no value", "inline", '{"~s":"i32"}', '"~v"')
bad("inline: a third key", "inline", '{"~s":"i32","~v":1,"~x":2}', "only the keys")
bad("inline: the value twice", "inline", '{"~s":"i32","~v":1,"~v":1}', "only the keys")
bad("inline: schema not a string", "inline", '{"~s":1,"~v":1}', "schema notation")
bad("int8 out of range", "inline", '{"~s":"i8","~v":128}', "out of range", path='$["~v"]')
bad("int32 with a fraction", "inline", '{"~s":"i32","~v":1.0}', "fraction", path='$["~v"]')
bad("null for a required int32", "inline", '{"~s":"i32","~v":null}', "null for a required", path='$["~v"]')
bad("Decimal of another scale", "inline", '{"~s":"dec(2)","~v":1.5}', "scale", path='$["~v"]')
bad("Timestamp finer than a millisecond", "inline", '{"~s":"ts","~v":"2024-01-01T00:00:00.000001Z"}', "millisecond", path='$["~v"]')
bad("float32 overflow", "inline", '{"~s":"f32","~v":1e39}', "out of range", path='$["~v"]')
bad("a tag in a typed position", "inline", '{"~s":"i32","~v":"~i5"}', "where an int32 belongs", path='$["~v"]')
bad("an unescaped ~ string", "inline", '{"~s":"str","~v":"~t"}', "tagged value", path='$["~v"]')
bad("struct with too few values", "inline", '{"~s":"{a:i8,b:i8}","~v":[1]}', "has only 1 values")
bad("struct with too many values", "inline", '{"~s":"{a:i8}","~v":[1,2]}', "more values")
bad("struct as an object inline", "inline", '{"~s":"{a:i8}","~v":{"a":1}}', "an object where")
bad("header mode: unknown field", "header", '{"a":1,"c":2}', "unknown field", header="{a:i8}")
bad("header mode: a format key where a field belongs", "header", '{"a":1,"~x":2}',
    'format key "~x" where a field of a struct belongs', header="{a:i8}", path="$")
bad("header mode: missing required field", "header", '{}', "missing required field a", header="{a:i8}")
bad("map with an odd number of items", "inline", '{"~s":"<i8,i8>","~v":[1,2,3]}', "alternate")
bad("map keys that are the same bytes", "inline", '{"~s":"<bytes,i8>","~v":["AQ==",1,"AQ==",2]}', "duplicate key", path='$["~v"][2]')
bad("map keys that are the same map in another order", "inline", '{"~s":"<<str,i8>,i8>","~v":[{"a":1,"b":2},1,{"b":2,"a":1},2]}', "duplicate key", path='$["~v"][2]')
# found by a differential fuzz of the three readers: where each is named (SPEC.md sections 8 and 11)
bad_notation("a struct field with an empty name", "{``:i8}", "fieldName cannot be null")
bad("struct with too many values: named at the first one too many", "inline", '{"~s":"{a:i8}","~v":[1,2]}', "more values",
    path='$["~v"][1]')
bad("inline: malformed JSON after the notation, named at it", "inline", '{"~s":"i32" 1}', "Unexpected character", path='$["~s"]')
bad("inline: malformed JSON after the value, named at it", "inline", '{"~s":"i32","~v":1 2}', "Unexpected character", path='$["~v"]')
bad("inline: a key without its ':', named at its value", "inline", '{"~s":"i32","~x" 1}', "Unexpected character", path='$["~x"]')
bad("header mode: an unknown field, named by the struct", "header", '{"a":1,"c":2}', "unknown field", header="{a:i8}", path="$")
bad("header mode: a duplicate field, named by its own path", "header", '{"a":1,"a":2}', "duplicate field a", header="{a:i8}",
    path="$.a")
# a duplicate key (SPEC.md section 8): a header-mode struct's is named at the value after it once that value's first
# token is read; a map's once its value is read (a wrong type in it first)
bad("header mode: a duplicate field whose value is of the wrong type: the duplicate is named", "header", '{"a":1,"a":[}',
    "duplicate field a", header="{a:i8}", path="$.a")
bad("header mode: a duplicate field whose value is a string", "header", '{"a":1,"a":"x"}', "duplicate field a", header="{a:i8}",
    path="$.a")
bad("header mode: a duplicate field whose value is out of range", "header", '{"a":1,"a":300}', "duplicate field a",
    header="{a:i8}", path="$.a")
bad("header mode: a duplicate field whose value is an object with a duplicate key", "header", '{"a":1,"a":{"b":1,"b":[}}',
    "duplicate field a", header="{a:i8}", path="$.a")
bad("header mode: a map's duplicate key, a wrong type in its value first", "header", '{"a":{"x":1,"x":[}}',
    "an array where an int8 belongs", header="{a:<str,i8>}", path="$.a.x")
bad("header mode: a map's duplicate key, named at its value", "header", '{"a":{"x":1,"x":2}}', "duplicate key",
    header="{a:<str,i8>}", path="$.a.x")
bad("inline: a map's duplicate key, a wrong type in its value first", "inline", '{"~s":"<str,i8>","~v":{"x":1,"x":[}}',
    "an array where an int8 belongs", path='$["~v"].x')
bad("location none: a duplicate key is found once its value is read: malformed JSON in it first", "none", '{"x":1,"x":[}',
    "a value", path="$.x[0]")
bad("document nested deeper than the limit", "inline", '{"~s":"' + "[" * 500 + "i8" + "]" * 500 + '","~v":' + "[" * 500 + "]" * 500 + "}", "typedjson.max.depth")

doc = {
    "_about": "Vectors of SPEC.md section 11 (Kafka Connect documents); written by gen_connect.py, read by ConnectVectorsTest.",
    "valid": valid,
    "accepted": accepted,
    "invalid": invalid,
    "reference": reference,
}
with open("connect.json", "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(len(valid), "valid,", len(accepted), "accepted,", len(invalid), "invalid,", len(reference), "reference")
