"""The Connect reader on the documents SPEC.md section 11 shows (written by the Java TypedJsonConverter)."""
import unittest
from decimal import Decimal

from typedjson import (Float32, Instant, Int8, Int16, Int32, LocalDate, LocalTime, TypedJsonError, TypedMap,
                       loads_connect)
from typedjson.connect import DATE, DECIMAL, PRECISION, TIMESTAMP, NotationError, parse_schema
from typedjson.explicit import difference

ROWS = (b'{"~s":"{id:i32,customer_id:i64,qty:i16,price:dec(2),created:ts,ship_date:date?,note?,active:bool,'
        b'score:f32,payload:bytes?}","~v":[100000,8255519,94,9771.82,"2026-11-24T05:19:08.205Z","2026-11-27",'
        b'"gift wrap",false,0.8032,"4bvnrijARQzkPAhPS7sr8YOd7g=="]}')
ORDERS = (b'{"~s":"{id:i64,name,status,amount:f64,tags:[str],ts}","~v":[1000000,"Eve Novak","NEW",875.25,'
          b'["priority","priority"],"2026-11-23T08:25:23.618Z"]}')


class ConnectTest(unittest.TestCase):
    def test_rows_example_reads_with_its_types(self):
        schema, value = loads_connect(ROWS)
        self.assertEqual("STRUCT", schema.type)
        self.assertEqual([("price", DECIMAL), ("created", TIMESTAMP), ("ship_date", DATE)],
                         [(n, s.name) for n, s in schema.fields if s.name])
        self.assertTrue(schema.field("note").optional)
        self.assertEqual("2", schema.field("price").parameters["scale"])
        import base64
        expected = {"id": Int32(100000), "customer_id": 8255519, "qty": Int16(94), "price": Decimal("9771.82"),
                    "created": Instant.parse("2026-11-24T05:19:08.205Z"), "ship_date": LocalDate(2026, 11, 27),
                    "note": "gift wrap", "active": False, "score": Float32(0.8032),
                    "payload": base64.b64decode("4bvnrijARQzkPAhPS7sr8YOd7g==")}
        self.assertIsNone(difference(expected, value))

    def test_orders_example_and_header_mode(self):
        schema, value = loads_connect(ORDERS)
        self.assertEqual(["id", "name", "status", "amount", "tags", "ts"], [n for n, _ in schema.fields])
        self.assertEqual("ARRAY", schema.field("tags").type)
        self.assertIsNone(difference({"id": 1000000, "name": "Eve Novak", "status": "NEW", "amount": 875.25,
                                      "tags": ["priority", "priority"], "ts": "2026-11-23T08:25:23.618Z"}, value))
        header_value = (b'{"id":1000000,"name":"Eve Novak","status":"NEW","amount":875.25,'
                        b'"tags":["priority","priority"],"ts":"2026-11-23T08:25:23.618Z"}')
        _, same = loads_connect(header_value, schema=b"{id:i64,name,status,amount:f64,tags:[str],ts}")
        self.assertIsNone(difference(value, same))
        # a format key where a field belongs, in Java's converter's words (not a tag, not a map's key)
        with self.assertRaises(TypedJsonError) as ctx:
            loads_connect(b'{"a":1,"~x":2}', schema=b"{a:i32,b?}")
        self.assertEqual("format key \"~x\" where a field of a struct belongs (a key starting with '~' is written with "
                         "the '~' doubled) at $ (byte offset 7)", str(ctx.exception))
        self.assertEqual({"a": Int32(1), "~b": "x"}, loads_connect(b'{"a":1,"~~b":"x"}', schema=b"{a:i32,`~b`?}")[1])

    def test_schemaless_documents_and_tombstones(self):
        self.assertEqual((None, None), loads_connect(None))
        schema, value = loads_connect(b'{"a":"~i5","~~s":1}')
        self.assertIsNone(schema)
        self.assertIsNone(difference({"a": Int32(5), "~s": 1}, value))

    def test_every_connect_type(self):
        doc = ('{"~s":"{a:i8,b:i16,c:i32,d:i64,e:f32,f:f64,g:bool,h,i:bytes,j:dec(-3),k:date,l:time,m:ts,'
               'n:[f32],o:<str,i32>,p:<i32,str>,q:{x?}?,r:f64,s:i32?=7}",'
               '"~v":[-128,-32768,5,9223372036854775807,"NaN",-0.0,true,"~~t","AP9/",1E+3,"2026-11-30",'
               '"05:35:45.123","1969-12-31T23:59:59.999Z",[0.1,"-Infinity"],{"~~a":1},[1,"one",2,"two"],null,'
               '1e2,null]}').encode()
        schema, v = loads_connect(doc)
        import math
        self.assertEqual(Int8(-128), v["a"])
        self.assertIs(Int16, type(v["b"]))
        self.assertEqual(9223372036854775807, v["d"])
        self.assertTrue(math.isnan(v["e"]) and type(v["e"]) is Float32)
        self.assertEqual("-0.0", repr(v["f"]))
        self.assertEqual("~t", v["h"])
        self.assertEqual(b"\x00\xff\x7f", v["i"])
        self.assertEqual(Decimal("1E+3"), v["j"])
        self.assertEqual(3, v["j"].as_tuple().exponent)  # scale -3
        self.assertEqual(LocalTime(5, 35, 45, 123_000_000), v["l"])
        self.assertEqual(Instant.of_epoch_milli(-1), v["m"])
        self.assertEqual([Float32(0.1), Float32(float("-inf"))], v["n"])
        self.assertEqual({"~a": Int32(1)}, v["o"])
        self.assertEqual(TypedMap([(Int32(1), "one"), (Int32(2), "two")]), v["p"])
        self.assertIsNone(v["q"])
        self.assertEqual(100.0, v["r"])  # any JSON number lexeme for a float
        self.assertIsNone(v["s"])  # a null beside a default stays null
        self.assertEqual(Int32(7), schema.field("s").default)

    def test_errors_name_path_and_offset(self):
        cases = [
            (b'{"~s":"{a:i32,b:[i16]}","~v":[1,[2,70000]]}', '$["~v"][1][1]', 35, "out of range for int16"),
            (b'{"~s":"{a:i32}","~v":["1"]}', '$["~v"][0]', 22, "a string where an int32 belongs"),
            (b'{"~s":"{a:i32}","~v":[1.0]}', '$["~v"][0]', 22, "fraction"),
            (b'{"~s":"{a:i32}","~v":[1,2]}', '$["~v"][1]', 24, "more values"),
            (b'{"~s":"dec(2)","~v":1.5}', '$["~v"]', 20, "scale"),
            (b'{"~s":"ts","~v":"2024-01-01T00:00:00.000001Z"}', '$["~v"]', 16, "finer than the millisecond"),
            (b'{"~s":"ts","~v":"2024-01-01T00:00Z"}', '$["~v"]', 16, "malformed instant"),
            (b'{"~s":"ts","~v":"2024-01-01 00:00:00Z"}', '$["~v"]', 16, "malformed instant"),
            (b'{"~s":"str","~v":"~t1"}', '$["~v"]', 17, "where a plain string belongs"),
            (b'{"~s":"<str,i32>","~v":{"a":1,"a":2}}', '$["~v"].a', 34, "duplicate key"),
            (b'{"~s":"{a:i32","~v":1}', '$["~s"]', 6, "invalid schema notation at character 6"),
            (b'{"~s":"i32","~v":1,"x":2}', "$", 19, "only the keys"),  # the key, once it and its ":" are read, as Java names it
            (b'{"~s":"f32","~v":1e39}', '$["~v"]', 17, "out of range for float32"),
            (b'{"~s":"{a:i32}","~v":{"a":1}}', '$["~v"]', 21, "an object where an array belongs"),
            (b'{"~s":"date","~v":"+6000000-01-01"}', '$["~v"]', 18, "INT32 days"),
            (b'{"~s":"dec(2)","~v":1E-2147483648}', '$["~v"]', 20, "scale beyond"),
            (b'{"~s":"<i8,i8>","~v":[1,2,1,3]}', '$["~v"][2]', 26, "duplicate key"),
            (b'{"~s":"<i8,i8>","~v":[1,2,3]}', '$["~v"]', 27, "a map array must alternate keys and values"),
        ]
        for doc, path, offset, word in cases:
            with self.subTest(doc=doc):
                with self.assertRaises(TypedJsonError) as ctx:
                    loads_connect(doc)
                e = ctx.exception
                self.assertEqual(path, e.path, str(e))
                self.assertEqual(offset, e.offset, str(e))
                self.assertIn(word, str(e))


class LocationTest(unittest.TestCase):
    def test_a_duplicate_field_is_named_at_its_values_first_token_a_maps_duplicate_key_once_its_value_is_read(self):
        # SPEC.md section 8: a struct's at the key, once the value's first token is read; a map's after the value
        for doc, schema, reason, path, offset in [
                (b'{"a":1,"a":[}', b"{a:i8}", "duplicate field a", "$.a", 11),
                (b'{"a":1,"a":300}', b"{a:i8}", "duplicate field a", "$.a", 11),
                (b'{"a":1,"a":tru}', b"{a:i8}", "Unrecognized token 'tru': expected a value", "$.a", 11),
                (b'{"a":{"x":1,"x":[}}', b"{a:<str,i8>}", "an array where an int8 belongs", "$.a.x", 16),
                (b'{"a":{"x":1,"x":2}}', b"{a:<str,i8>}", "duplicate key 'x'", "$.a.x", 16)]:
            with self.subTest(doc=doc):
                with self.assertRaises(TypedJsonError) as ctx:
                    loads_connect(doc, schema=schema)
                e = ctx.exception
                self.assertEqual((reason, path, offset), (e.reason, e.path, e.offset))

    def test_location_none_derives_a_schema_or_gives_the_dynamic_value(self):
        schema, value = loads_connect(b'{"a":"~i5","b":null,"c":{"~set":["~D2024-06-30"]}}', location="none")
        from typedjson.connect import schema_notation
        self.assertEqual("{a:i32,b?,c:[date]}", schema_notation(schema))
        self.assertIsNone(difference({"a": Int32(5), "b": None, "c": [LocalDate(2024, 6, 30)]}, value))
        # the document null (what the converter writes for a null value with a schema): a null value, not a tombstone
        schema, value = loads_connect(b"null", location="none")
        self.assertEqual(("str?", None), (schema_notation(schema), value))
        # nothing to derive, anywhere in the document
        for doc in [b'[1,"a"]', b'"~u123e4567-e89b-12d3-a456-426614174000"', b'"~t2024-01-01T00:00:00.000001Z"',
                    b'"~n5"', b'{"a":"~L2024-06-30T10:15"}', b'"~t+292278994-08-17T07:12:55.808Z"',
                    b'{"a":["~t-300000000-01-01T00:00:00Z"]}', b'{"":1}', b'[{"a":{"":null}}]']:
            with self.subTest(doc=doc):
                schema, value = loads_connect(doc, location="none")
                self.assertIsNone(schema)
        self.assertEqual((None, [1, "a"]), loads_connect(b'[1,"a"]', location="inline"))

    def test_a_schema_header_that_is_not_utf8_is_refused(self):
        for header in [b"i3\xff", b"\xef\xbb\xbfi32"]:
            with self.subTest(header=header):
                with self.assertRaises(TypedJsonError):
                    loads_connect(b"5", schema=header)


class NotationTest(unittest.TestCase):
    def test_spec_examples(self):
        self.assertTrue(parse_schema("str?").optional)
        s = parse_schema("{name,note?}")
        self.assertEqual([("name", "STRING", False), ("note", "STRING", True)],
                         [(n, f.type, f.optional) for n, f in s.fields])
        d = parse_schema("dec(-3)?")
        self.assertEqual(("BYTES", DECIMAL, 1, {"scale": "-3"}, True), (d.type, d.name, d.version, d.parameters, d.optional))
        self.assertEqual({"scale": "2", PRECISION: "10"}, parse_schema("dec(10,2)").parameters)
        i = parse_schema("i32?=7")
        self.assertEqual((True, Int32(7)), (i.optional, i.default))
        self.assertEqual("a b", parse_schema('str=`"a b"`').default)
        x = parse_schema("i64(k=v)@com.acme.Id#1!`an id`")
        self.assertEqual(("INT64", {"k": "v"}, "com.acme.Id", 1, "an id"), (x.type, x.parameters, x.name, x.version, x.doc))
        m = parse_schema("<i32,{a:i32,b?}@com.acme.Inner#2>")
        self.assertEqual(("MAP", "INT32", "com.acme.Inner", 2), (m.type, m.key_schema.type, m.value_schema.name,
                                                                 m.value_schema.version))
        self.assertEqual("FLOAT32", parse_schema("[[f32]]").value_schema.value_schema.type)
        self.assertEqual("a`b", parse_schema("{`a``b`:i8}").fields[0][0])
        self.assertEqual({"id": 1, "n": None}, parse_schema("{id:i64,n?}=`{\"id\":1,\"n\":null}`").default)

    def test_one_spelling_per_schema(self):
        """A notation that is not the writer's is refused where it first differs from the writer's."""
        for text, at, canonical in [("{a:str}", 2, "{a}"), ("i8?@n", 2, "i8@n?"),
                                    ("i32@org.apache.kafka.connect.data.Date#1", 0, "date"),
                                    ("dec(2)(connect.decimal.precision=10)", 4, "dec(10,2)"),
                                    ("{`a`:i32}", 1, "{a:i32}"), ('{id:i64,n?}=`{"id":1}`', 20, None),
                                    ('i32=`7 `', 4, "i32=7"), ("i64#01", 4, "i64#1")]:
            with self.subTest(text=text):
                with self.assertRaises(NotationError) as ctx:
                    parse_schema(text)
                self.assertIn(f"at character {at}", str(ctx.exception))
                if canonical:
                    self.assertIn(f"written {canonical}", str(ctx.exception))

    def test_notation_depth_counts_composites(self):
        parse_schema("[" * 500 + "i32" + "]" * 500)
        with self.assertRaises(NotationError) as ctx:
            parse_schema("[" * 501 + "i32" + "]" * 501)
        self.assertIn("at character 500", str(ctx.exception))
        with self.assertRaises(NotationError):
            parse_schema("{a:" * 100_000 + "i32" + "}" * 100_000)

    def test_bad_notation(self):
        for text, at in [("i33", 0), ("{a:i32,a:i64}", 7), ("i32??", 4), ("[i32", 4), ("dec(x)", 4), ("i32=`x`", 7),
                         ("{a:i32} ", 7), ("{`a:i8}", 7)]:
            with self.subTest(text=text):
                with self.assertRaises(NotationError) as ctx:
                    parse_schema(text)
                self.assertIn(f"at character {at}", str(ctx.exception))


if __name__ == "__main__":
    unittest.main()
