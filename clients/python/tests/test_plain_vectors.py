"""The vectors of SPEC.md section 13.1 (spec/vectors/plain.json, written by gen_plain.py): plain documents read and
written in a dynamic position, the values a plain writer refuses (the whole reason and the path, in Java's words),
and documents a plain reader refuses (a phrase, the path and the byte offset). Java and TypeScript run the same file."""
import json
import os
import unittest

from typedjson import TypedJsonError, dumps, loads
from typedjson.explicit import difference, from_explicit

from .test_vectors import VECTORS, limits_of

with open(os.path.join(VECTORS, "plain.json"), encoding="utf-8") as fh:
    FILE = json.load(fh)


class PlainVector(unittest.TestCase):
    def __init__(self, kind, vector):
        super().__init__("check_" + kind)
        self.kind, self.vector = kind, vector

    def id(self):
        return f"vectors/plain.json {self.kind}: {self.vector['name']}"

    __str__ = id

    def check_read(self):
        v = self.vector
        value = from_explicit(v["value"])
        self.assertIsNone(difference(value, loads(v["document"], plain=True, limits=limits_of(v))), "value read")
        self.assertIsNone(difference(value, loads(v["document"].encode("utf-8"), plain=True, limits=limits_of(v))),
                          "value read from bytes")

    def check_write(self):
        v = self.vector
        value = from_explicit(v["value"])
        self.assertEqual(v["document"], dumps(value, plain=True), "document written")
        self.assertIsNone(difference(value, loads(v["document"], plain=True)), "read back")

    def check_refused(self):
        v = self.vector
        value = from_explicit(v["value"])
        with self.assertRaises(TypedJsonError) as c:
            dumps(value, plain=True)
        self.assertEqual(f"{v['error']} at {v['path']}", str(c.exception))
        self.assertEqual(v["path"], c.exception.path)
        dumps(value)  # typed JSON carries it

    def check_invalid(self):
        v = self.vector
        doc = v["document"].encode("utf-8")
        with self.assertRaises(TypedJsonError) as c:
            loads(doc, plain=True, limits=limits_of(v))
        e = c.exception
        self.assertIn(v["error"], str(e))
        self.assertEqual((v["path"], v["offset"]), (e.path, e.offset), str(e))


class PlainFileTest(unittest.TestCase):
    def test_the_plain_vectors_are_there(self):
        self.assertGreaterEqual(sum(len(FILE[k]) for k in ("read", "write", "refused", "invalid")), 25)


def load_tests(loader, tests, pattern):
    """One test per vector."""
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(PlainFileTest))
    for kind in ("read", "write", "refused", "invalid"):
        for v in FILE[kind]:
            suite.addTest(PlainVector(kind, v))
    return suite


if __name__ == "__main__":
    unittest.main()
