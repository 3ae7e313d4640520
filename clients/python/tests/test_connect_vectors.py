"""The Connect vectors of SPEC.md section 11 (spec/vectors/connect.json, read at
test time) through ``loads_connect``: every valid and accepted document (inline, or in location header with its
``typedjson.schema`` header) reads to the vector's schema and value; every invalid one is refused, naming the
vector's path where it has one. Location ``none`` derives a schema from a dynamic-model document
(``loads_connect(..., location="none")``)."""
import json
import os
import unittest

from typedjson import TypedJsonError, TypedMap, loads_connect
from typedjson.connect import dumps_typed, schema_notation
from typedjson.writer import quote
from typedjson.explicit import difference, from_explicit

VECTORS = os.environ.get("TYPEDJSON_CONNECT_VECTORS") or os.path.join(
    os.path.dirname(__file__), "..", "..", "..", "spec", "vectors", "connect.json")


def load():
    with open(VECTORS, encoding="utf-8") as fh:
        return json.load(fh)


def expected_value(spec, schema):
    """The Python value ``loads_connect`` gives for the explicit notation ``spec`` read against ``schema``."""
    if spec is None:
        return None
    if schema is None:
        return from_explicit(spec)
    kind, payload = spec
    if kind == "struct":
        return {name: expected_value(v, fs) for (name, fs), v in zip(schema.fields, payload)}
    if kind == "list":
        return [expected_value(e, schema.value_schema) for e in payload]
    if kind == "map":
        pairs = [(expected_value(k, schema.key_schema), expected_value(v, schema.value_schema)) for k, v in payload]
        ks = schema.key_schema
        if ks.type == "STRING" and not ks.optional and ks.name is None:
            return dict(pairs)
        return TypedMap(pairs)
    return from_explicit(spec)


def read(v):
    document = None if v["document"] is None else v["document"].encode("utf-8")
    if v["location"] == "header" and "header" in v:
        return loads_connect(document, schema=v["header"].encode("utf-8"))
    return loads_connect(document, location=v["location"])


class ConnectVectorFileTest(unittest.TestCase):
    def test_the_three_lists_are_there(self):
        vectors = load()
        self.assertGreater(len(vectors["valid"]), 50)
        self.assertGreater(len(vectors["accepted"]), 5)
        self.assertGreater(len(vectors["invalid"]), 40)


class ConnectVector(unittest.TestCase):
    def __init__(self, kind, vector):
        super().__init__("check_" + kind)
        self.kind, self.vector = kind, vector

    def id(self):
        return f"connect.json {self.kind}: {self.vector['name']} ({self.vector['location']})"

    __str__ = id

    def check_valid(self):
        v = self.vector
        schema, value = read(v)
        if v["schema"] is None:
            self.assertIsNone(schema, "schemaless")
        else:
            self.assertIsNotNone(schema, "a schema")
            self.assertEqual(v["schema"], schema_notation(schema), "schema read")
        self.assertIsNone(difference(expected_value(v["value"], schema), value), "value read")
        if self.kind == "valid" and v["document"] is not None and schema is not None:
            # the typed writer gives the document: "~v" of an inline one (structs as arrays, also the value of
            # location reference), the whole of a header one (structs as objects)
            expected = expected_value(v["value"], schema)
            if v["location"] == "inline":
                written = '{"~s":' + quote(v["schema"]) + ',"~v":' + dumps_typed(expected, schema, positional=True) + "}"
                self.assertEqual(v["document"], written, "written back")
            elif "header" in v:
                self.assertEqual(v["document"], dumps_typed(expected, schema), "written back")

    check_accepted = check_valid

    def check_invalid(self):
        v = self.vector
        with self.assertRaises(TypedJsonError) as ctx:
            read(v)
        if "path" in v:
            self.assertEqual(v["path"], ctx.exception.path, str(ctx.exception))


def load_tests(loader, tests, pattern):
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(ConnectVectorFileTest))
    vectors = load()
    for kind in ("valid", "accepted", "invalid"):
        for v in vectors[kind]:
            suite.addTest(ConnectVector(kind, v))
    return suite


if __name__ == "__main__":
    unittest.main()
