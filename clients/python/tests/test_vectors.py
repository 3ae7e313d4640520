"""The conformance vectors of SPEC.md, read from serde/src/test/resources/vectors/ at test time (every *.json
there): each valid document reads to its value and is written back byte for byte, each invalid one is refused
naming the same path as the Java implementation."""
import base64
import glob
import json
import os
import unittest

from typedjson import TypedJsonError, dumps, loads
from typedjson.explicit import difference, from_explicit

VECTORS = os.environ.get("TYPEDJSON_VECTORS") or os.path.join(
    os.path.dirname(__file__), "..", "..", "..", "serde", "src", "test", "resources", "vectors")


def vectors():
    """(file, entry) for every entry of every vector file; a file is a list of valid or invalid vectors."""
    files = sorted(glob.glob(os.path.join(VECTORS, "*.json")))
    out = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            for entry in json.load(fh):
                out.append((os.path.basename(f), entry))
    return out


class VectorFilesTest(unittest.TestCase):
    def test_vector_files_are_there(self):
        all_vectors = vectors()
        self.assertGreater(sum(1 for _, e in all_vectors if "value" in e), 50, VECTORS)
        self.assertGreater(sum(1 for _, e in all_vectors if "path" in e), 30, VECTORS)


class ValidVector(unittest.TestCase):
    """The value writes exactly the document, and the document reads exactly the value."""

    def __init__(self, file, vector):
        super().__init__("check")
        self.file, self.vector = file, vector

    def id(self):
        return f"vectors/{self.file}: {self.vector['name']}"

    __str__ = id

    def check(self):
        v = self.vector
        value = from_explicit(v["value"])
        self.assertEqual(v["document"], dumps(value), "written document")
        read = loads(v["document"].encode("utf-8"))
        self.assertIsNone(difference(value, read), "value read back")
        self.assertEqual(v["document"], dumps(read), "document round trip")


class InvalidVector(unittest.TestCase):
    """The document is refused, naming the same path as the Java implementation and an offset inside it."""

    def __init__(self, file, vector):
        super().__init__("check")
        self.file, self.vector = file, vector

    def id(self):
        return f"vectors/{self.file}: {self.vector['name']}"

    __str__ = id

    def check(self):
        v = self.vector
        doc = base64.b64decode(v["document_base64"]) if "document_base64" in v else v["document"].encode("utf-8")
        with self.assertRaises(TypedJsonError) as ctx:
            loads(doc)
        e = ctx.exception
        self.assertEqual(v["path"], e.path, str(e))
        self.assertTrue(0 <= e.offset <= len(doc), str(e))


def load_tests(loader, tests, pattern):
    """One test per vector, so that the counts say how many vectors pass."""
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(VectorFilesTest))
    for f, v in vectors():
        if "value" in v and "document" in v:
            suite.addTest(ValidVector(f, v))
        elif "path" in v:
            suite.addTest(InvalidVector(f, v))
    return suite


if __name__ == "__main__":
    unittest.main()
