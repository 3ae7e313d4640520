#!/usr/bin/env python3
"""Writes events.json, the vectors of SPEC.md section 12 (several event types on one topic). Every document here is
written by hand from the SPEC; they are read with the manifest events-manifest.json (generated from the Java test
classes io.typedjson.serde.events.*, and checked against them by EventVectorsTest) by the Java deserializer, the
TypeScript and the Python readers, and the write cases are checked against the Java serializer.
Run: python3 gen_events.py (in this directory)."""
import json

def v(t, p):
    return [t, p]

def obj(*pairs):
    """A class value: a map of string keys, in the class's key order."""
    return ["map", [[v("string", k), val] for k, val in pairs]]

# ---- three events and their documents (the typed spelling of SPEC.md sections 5 and 10)
CREATED = obj(("orderId", v("int64", "1001")), ("customer", v("string", "Ada")), ("total", v("decimal", "59.80")),
              ("at", v("instant", "2026-11-30T05:35:45.123Z")),
              ("lines", ["list", [obj(("sku", v("string", "A-1")), ("qty", v("int32", "2")), ("price", v("decimal", "19.90"))),
                                  obj(("sku", v("string", "~b")), ("qty", v("int32", "1")), ("price", v("decimal", "20.00")))]]),
              ("priority", v("int32", "3")))
CREATED_DOC = ('{"orderId":1001,"customer":"Ada","total":59.80,"at":"2026-11-30T05:35:45.123Z","lines":'
               '[{"sku":"A-1","qty":2,"price":19.90},{"sku":"~~b","qty":1,"price":20.00}],"priority":3}')

SHIPPED = obj(("orderId", v("int64", "1001")), ("shippedOn", v("date", "2026-12-01")), ("carrier", v("string", "la-poste")),
              ("tracking", v("string", "LP123")), ("parcels", ["set", [v("string", "p1"), v("string", "p2")]]))
SHIPPED_DOC = '{"orderId":1001,"shippedOn":"2026-12-01","carrier":"la-poste","tracking":"LP123","parcels":["p1","p2"]}'

CANCELLED = obj(("orderId", v("int64", "9007199254740993")), ("reason", None), ("after", v("duration", "PT36H30M")),
                ("refunds", ["map", [[v("string", "A-1"), v("int32", "2")]]]),
                ("credits", ["map", [[v("date", "2026-12-02"), v("float64", "12.5")], [v("date", "2026-12-03"), v("float64", "NaN")]]]),
                ("restock", v("bool", True)), ("score", v("float32", "0.1")),
                ("ticket", v("uuid", "123e4567-e89b-12d3-a456-426614174000")), ("attempts", v("int16", "-2")))
CANCELLED_DOC = ('{"orderId":9007199254740993,"reason":null,"after":"PT36H30M","refunds":{"A-1":2},'
                 '"credits":{"2026-12-02":12.5,"2026-12-03":"NaN"},"restock":true,"score":0.1,'
                 '"ticket":"123e4567-e89b-12d3-a456-426614174000","attempts":-2}')

EVENTS = [("order.created", CREATED, CREATED_DOC), ("order.shipped", SHIPPED, SHIPPED_DOC),
          ("order.cancelled", CANCELLED, CANCELLED_DOC)]

def envelope(name, doc):
    return '{"~type":' + json.dumps(name) + ',"~v":' + doc + '}'

read = []
write = []

def case(name, document, expect, headers=(), policy="fail", path=None, location=None, offset=None):
    """An error (expect {"error": reason}) has its position: path and byte offset, both null for an error about the
    record's headers rather than a place in the document."""
    c = {"name": name, "policy": policy, "headers": [list(h) for h in headers], "document": document, "expect": expect}
    if "error" in expect:
        c["path"] = path
        c["offset"] = offset
    else:
        assert path is None and offset is None
    if location is not None:
        c["location"] = location
    read.append(c)

def each_policy(name, document, headers, unknown_name, error, path=None, offset=None):
    """A record whose name is not listed (or missing): refused, skipped, passed through."""
    case(name + " (fail)", document, {"error": error}, headers, "fail", path=path, offset=offset)
    case(name + " (skip)", document, {"skip": True}, headers, "skip")
    case(name + " (pass)", document, {"pass": unknown_name}, headers, "pass")

# ---- the three types in every location, both ways
for type_name, value, doc in EVENTS:
    for policy in ("fail", "skip", "pass"):
        case(f"{type_name} in header ce_type ({policy})", doc, {"type": type_name, "value": value}, [("ce_type", type_name)], policy)
    case(f"{type_name} in an envelope", envelope(type_name, doc), {"type": type_name, "value": value})
    case(f"{type_name} in both", envelope(type_name, doc), {"type": type_name, "value": value}, [("ce_type", type_name)])
    write.append({"name": f"{type_name}, location header", "location": "header", "type": type_name, "value": value,
                  "headers": [["ce_type", type_name]], "document": doc})
    write.append({"name": f"{type_name}, location document", "location": "document", "type": type_name, "value": value,
                  "headers": [], "document": envelope(type_name, doc)})
    write.append({"name": f"{type_name}, location both", "location": "both", "type": type_name, "value": value,
                  "headers": [["ce_type", type_name]], "document": envelope(type_name, doc)})

# other CloudEvents attributes are ignored by readers
case("other CloudEvents headers are ignored", SHIPPED_DOC, {"type": "order.shipped", "value": SHIPPED},
     [("ce_specversion", "1.0"), ("ce_id", "e-1"), ("ce_source", "/orders"), ("ce_type", "order.shipped"),
      ("content-type", "application/json")])

LISTED = "(the topic's types are order.created, order.shipped, order.cancelled)"
NO_NAME = ('no event type: the record has no header ce_type and its value is no event envelope '
           '{"~type":"<name>","~v":<document>} ' + LISTED)

def disagree(header, document):
    return f'event types disagree: header ce_type says "{header}" and the document says "{document}"'

# ---- names that are not listed: never resolved, whatever they look like
SHIPPED_NOT_LISTED = SHIPPED_DOC
for label, name in [("an unlisted name", "order.refunded"),
                    ("a Java class name (of a listed class)", "io.typedjson.serde.events.OrderShipped"),
                    ("a Java class name (of a class with a static initializer)", "io.typedjson.serde.events.NeverLoaded"),
                    ("java.lang.ProcessBuilder", "java.lang.ProcessBuilder"),
                    ("a package", "io.typedjson.serde.events"),
                    ("a package pattern", "io.typedjson.serde.events.*"),
                    ("a name in another case", "Order.Shipped"),
                    ("a name with a trailing space", "order.shipped "),
                    ("the Java simple name of a listed class", "OrderShipped"),
                    ("an empty name", "")]:
    each_policy(f"header names {label}", SHIPPED_NOT_LISTED, [("ce_type", name)], name, f"unknown event type {json.dumps(name)} in header ce_type {LISTED}")
# a name is compared as the header's bytes decode, a byte order mark included (a decoder that drops it reads another name)
each_policy("header names a listed name after a byte order mark", SHIPPED_NOT_LISTED, [("ce_type", "\ufefforder.shipped")],
            "\ufefforder.shipped", 'unknown event type "\ufefforder.shipped" in header ce_type ' + LISTED)
each_policy("envelope names an unlisted name", envelope("order.refunded", '{"orderId":7,"reason":"x"}'), [],
            "order.refunded", 'unknown event type "order.refunded" in the document\'s "~type" ' + LISTED, '$["~type"]', 9)
each_policy("envelope names a Java class", envelope("io.typedjson.serde.events.OrderCreated", CREATED_DOC), [],
            "io.typedjson.serde.events.OrderCreated",
            'unknown event type "io.typedjson.serde.events.OrderCreated" in the document\'s "~type" ' + LISTED, '$["~type"]', 9)
case("an unlisted name's document is not read (pass)", '{"anything":[1,2,"~q"]}', {"pass": "order.refunded"},
     [("ce_type", "order.refunded")], "pass")
case("an unlisted name's value need not be JSON (skip)", 'not json at all', {"skip": True}, [("ce_type", "order.refunded")], "skip")

# ---- no name at all
each_policy("no header and no envelope", SHIPPED_DOC, [], None, NO_NAME)
each_policy("only other headers", SHIPPED_DOC, [("ce_id", "1"), ("type", "order.shipped")], None, NO_NAME)
# a type header with a null value (Kafka headers may have one) holds no name, and is named as what it is
each_policy("a type header with a null value", SHIPPED_DOC, [("ce_type", None)], None,
            "no event type: the record's header ce_type has a null value and its value is no event envelope "
            '{"~type":"<name>","~v":<document>} ' + LISTED)

# ---- refused whatever the policy
for policy in ("fail", "skip", "pass"):
    case(f"header and envelope disagree ({policy})", envelope("order.created", CREATED_DOC),
         {"error": disagree("order.shipped", "order.created")}, [("ce_type", "order.shipped")], policy, path='$["~type"]', offset=9)
    case(f"two type headers ({policy})", SHIPPED_DOC, {"error": "the record has more than one header ce_type (an event has one type)"},
         [("ce_type", "order.shipped"), ("ce_type", "order.shipped")], policy)
    case(f"a listed type's document that is not of it ({policy})", '{"orderId":"1001"}',
         {"error": 'string "1001" where an int64 belongs'}, [("ce_type", "order.shipped")], policy, path="$.orderId", offset=11)
    case(f"the same inside an envelope ({policy})", envelope("order.shipped", '{"orderId":1.5}'),
         {"error": "number 1.5 has a fraction or exponent where an int64 belongs"}, [], policy, path='$["~v"].orderId', offset=41)
    case(f"envelope: ~v before ~type is not an envelope ({policy})", '{"~v":{},"~type":"order.shipped"}',
         {"error": NO_NAME} if policy == "fail" else ({"skip": True} if policy == "skip" else {"pass": None}), [], policy)
    case(f"envelope without ~v ({policy})", '{"~type":"order.shipped"}',
         {"error": "'}' where the key \"~v\" of an event envelope belongs"}, [], policy, path="$", offset=24)
    case(f"envelope with a third key ({policy})", envelope("order.shipped", SHIPPED_DOC)[:-1] + ',"x":1}',
         {"error": 'key "x" after the document of an event envelope (it has only the keys "~type" and "~v")'}, [], policy,
         path="$", offset=134)
    case(f"envelope whose name is not a string ({policy})", '{"~type":7,"~v":{}}',
         {"error": "number 7 where the name of an event type belongs"}, [], policy, path='$["~type"]', offset=9)

# ---- a reader of location document looks at the envelope only (Kafka Streams' state stores hand it other headers)
case("location document: a disagreeing header is not looked at", envelope("order.created", CREATED_DOC),
     {"type": "order.created", "value": CREATED}, [("ce_type", "order.shipped")], location="document")
case("location document: two type headers are not looked at", envelope("order.shipped", SHIPPED_DOC),
     {"type": "order.shipped", "value": SHIPPED}, [("ce_type", "a"), ("ce_type", "b")], location="document")
each_policy_doc = [("fail", {"error": NO_NAME}), ("skip", {"skip": True}), ("pass", {"pass": None})]
for policy, expect in each_policy_doc:
    case(f"location document: a header without an envelope is no name ({policy})", SHIPPED_DOC, expect,
         [("ce_type", "order.shipped")], policy, location="document")
case("location both: the header and the envelope", envelope("order.shipped", SHIPPED_DOC),
     {"type": "order.shipped", "value": SHIPPED}, [("ce_type", "order.shipped")], location="both")
case("location both: a disagreeing header", envelope("order.shipped", SHIPPED_DOC),
     {"error": disagree("order.created", "order.shipped")}, [("ce_type", "order.created")], location="both",
     path='$["~type"]', offset=9)
case("location both: the header alone", SHIPPED_DOC, {"type": "order.shipped", "value": SHIPPED},
     [("ce_type", "order.shipped")], location="both")

# ---- JSON's freedom in an envelope, and a tombstone
case("an envelope spelled with escapes and whitespace", '{ "\\u007etype" : "order.\\u0073hipped" , "\\u007ev" : ' + SHIPPED_DOC + ' }',
     {"type": "order.shipped", "value": SHIPPED})
case("a tombstone is no event", None, {"null": True}, [("ce_type", "order.refunded")])
case("a tombstone without a name", None, {"null": True}, [])

# ---- typed positions: second spellings of SPEC.md 5.2, unknown and missing keys (SPEC.md section 10)
case("second spellings of typed positions", '{"orderId":1001,"customer":"Ada","total":5.980E+1,"at":"2026-11-30T06:35:45.123+01:00",'
     '"lines":[],"priority":3}', {"type": "order.created", "value": obj(
         ("orderId", v("int64", "1001")), ("customer", v("string", "Ada")), ("total", v("decimal", "59.80")),
         ("at", v("instant", "2026-11-30T05:35:45.123Z")), ("lines", ["list", []]), ("priority", v("int32", "3")))},
     [("ce_type", "order.created")])
case("an unknown key is skipped, a missing one is null or zero", '{"orderId":5,"extra":{"a":[1]}}',
     {"type": "order.cancelled", "value": obj(("orderId", v("int64", "5")), ("reason", None), ("after", None),
                                               ("refunds", None), ("credits", None), ("restock", v("bool", False)),
                                               ("score", v("float32", "0.0")), ("ticket", None), ("attempts", v("int16", "0")))},
     [("ce_type", "order.cancelled")])
case("a tag where a typed value belongs is refused", '{"orderId":"~i5"}', {"error": 'string "~i5" where an int64 belongs'},
     [("ce_type", "order.shipped")], path="$.orderId", offset=11)
case("a format key in a class position is refused", '{"orderId":1,"~x":2}',
     {"error": "format key \"~x\" where a field of OrderShipped belongs (a key starting with '~' is written with the '~' doubled)"},
     [("ce_type", "order.shipped")], path="$", offset=13)
case("an enum name not of the enum is refused", '{"orderId":1,"carrier":"LA_POSTE"}',
     {"error": 'unknown constant "LA_POSTE" of Carrier (expected one of UPS, DHL, la-poste)'}, [("ce_type", "order.shipped")],
     path="$.carrier", offset=23)
case("a set with a repeated element is refused", '{"orderId":1,"parcels":["a","a"]}',
     {"error": "duplicate element in a set: the same value as an earlier one (SPEC.md 7.1: byte arrays by content, numbers by "
               "type and bits or scale)"}, [("ce_type", "order.shipped")], path="$.parcels[1]", offset=28)
case("null for a primitive is refused", '{"orderId":null}', {"error": "null where an int64 belongs"}, [("ce_type", "order.shipped")],
     path="$.orderId", offset=11)
# a value that is skipped (an unknown key's, an unlisted type's) is checked as JSON, its refusals named inside it
case("a duplicate key inside an unknown key's value is named at its own path", '{"orderId":1,"x":[0,{"a":1,"a":2}]}',
     {"error": 'duplicate key "a"'}, [("ce_type", "order.shipped")], path="$.x[1].a", offset=31)
case("a duplicate key inside an unlisted type's value is named at its own path", '{"~type":"order.refunded","~v":{"a":{"b":1,"b":2}}}',
     {"error": 'duplicate key "b"'}, [], "pass", path='$["~v"].a.b', offset=47)
# a duplicate key (SPEC.md section 8): a class's (an unknown key's, a skipped object's too) is found at the key and
# named at the value after it once that value's first token is read, nothing after it; a map's once its value is read
S, C, K = [("ce_type", "order.shipped")], [("ce_type", "order.cancelled")], [("ce_type", "order.created")]
case("a duplicate unknown key: named at its value's first token, before malformed JSON after it", '{"orderId":1,"x":1,"x":[}',
     {"error": 'duplicate key "x"'}, S, path="$.x", offset=23)
case("a duplicate field whose value is of the wrong type: the duplicate is named", '{"orderId":1,"orderId":[}',
     {"error": 'duplicate key "orderId"'}, S, path="$.orderId", offset=23)
case("a duplicate field whose value is a string where a number belongs", '{"orderId":1,"orderId":"a"}',
     {"error": 'duplicate key "orderId"'}, S, path="$.orderId", offset=23)
case("a duplicate field whose value is a lone surrogate: the string is read as a token, its Unicode not checked",
     '{"orderId":1,"x":1,"x":"\\uD800"}', {"error": 'duplicate key "x"'}, S, path="$.x", offset=23)
case("a duplicate field whose value is an object with a duplicate key: the outer one is named",
     '{"orderId":1,"carrier":"UPS","carrier":{"a":1,"a":[}}', {"error": 'duplicate key "carrier"'}, S, path="$.carrier", offset=39)
case("a duplicate key in a skipped object: named at its value's first token", '{"orderId":1,"x":{"a":1,"a":[}}',
     {"error": 'duplicate key "a"'}, S, path="$.x.a", offset=28)
case("a duplicate set field: the duplicate key, not the duplicate element after it", '{"orderId":1,"parcels":[],"parcels":["a","a"]}',
     {"error": 'duplicate key "parcels"'}, S, path="$.parcels", offset=36)
case("a duplicate field whose value is a tagged string: the duplicate is named", '{"orderId":1,"tracking":"a","tracking":"~x"}',
     {"error": 'duplicate key "tracking"'}, S, path="$.tracking", offset=39)
case("a duplicate field of a nested class", '{"orderId":1,"lines":[{"sku":"a","sku":[}]}',
     {"error": 'duplicate key "sku"'}, K, path="$.lines[0].sku", offset=39)
case("a duplicate map field: the duplicate key, not its value's type", '{"orderId":1,"refunds":{},"refunds":[}',
     {"error": 'duplicate key "refunds"'}, C, path="$.refunds", offset=36)
case("a duplicate key in an unlisted type's value: named at its value's first token", '{"~type":"order.refunded","~v":{"a":1,"a":[}}',
     {"error": 'duplicate key "a"'}, [], "pass", path='$["~v"].a', offset=42)
case("a map's duplicate key is found once its value is read: a wrong type in it first", '{"orderId":1,"refunds":{"a":1,"a":[}}',
     {"error": "an array where an int32 belongs"}, C, path="$.refunds.a", offset=34)
case("a map's duplicate key: a value out of range first", '{"orderId":1,"refunds":{"a":1,"a":99999999999}}',
     {"error": "number 99999999999 is out of range for int32"}, C, path="$.refunds.a", offset=34)
case("a map's duplicate key, its value read: named at the value with its own path", '{"orderId":1,"refunds":{"a":1,"\\u0061":2}}',
     {"error": 'duplicate key "a"'}, C, path="$.refunds.a", offset=39)
case("a date-keyed map's duplicate key: a wrong type in its value first", '{"orderId":1,"credits":{"2024-01-01":1,"2024-01-01":[}}',
     {"error": "an array where a float64 belongs"}, C, path='$.credits["2024-01-01"]', offset=52)

out = {
    "_about": "Vectors of SPEC.md section 12 (several event types on one topic); written by gen_events.py, read with the "
              "manifest events-manifest.json by EventVectorsTest (Java), events.test.ts and test_events.py.",
    "manifest": "events-manifest.json",
    "read": read,
    "write": write,
}
with open("events.json", "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"events.json: {len(read)} read, {len(write)} write")
