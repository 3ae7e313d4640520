"""The conformance vectors of SPEC.md appendix A, read from spec/vectors/ at test time: each
document of valid.json reads to its value and is written back byte for byte, each document of accepted.json (JSON's
own freedom, SPEC.md section 1.1) reads to its value, and each document of invalid.json is refused naming the same
path as the Java implementation, and the same byte offset where the vector has one."""
import base64
import glob
import json
import os
import unittest

from typedjson import Limits, TypedJsonError, dumps, loads
from typedjson.explicit import difference, from_explicit

VECTORS = os.environ.get("TYPEDJSON_VECTORS") or os.path.join(
    os.path.dirname(__file__), "..", "..", "..", "spec", "vectors")


FILES = ("valid.json", "accepted.json", "invalid.json")


def vectors():
    """(file, entry) for every entry of the three vector files."""
    out = []
    for name in FILES:
        with open(os.path.join(VECTORS, name), encoding="utf-8") as fh:
            for entry in json.load(fh):
                out.append((name, entry))
    return out


# the Java properties of SPEC.md section 9 that a vector's "limits" may name, and the Limits fields for them
LIMIT_FIELDS = {"typedjson.max.depth": "max_depth", "typedjson.max.number.length": "max_number_length",
                "typedjson.max.string.length": "max_string_length", "typedjson.max.document.bytes": "max_document_bytes",
                "typedjson.max.elements": "max_elements"}


def limits_of(v):
    """The limits a vector is read with: those it gives, the defaults for the others."""
    return Limits(**{LIMIT_FIELDS[name]: value for name, value in v.get("limits", {}).items()})


def document_bytes(v):
    return base64.b64decode(v["document_base64"]) if "document_base64" in v else v["document"].encode("utf-8")


class VectorFilesTest(unittest.TestCase):
    def test_vector_files_are_there(self):
        # connect.json beside them is SPEC section 11's (test_connect_vectors.py), reference.json test_reference.py's,
        # events.json and events-manifest.json SPEC section 12's (test_events.py), plain.json 13.1's (test_plain_vectors.py)
        self.assertEqual(sorted(FILES + ("connect.json", "reference.json", "events.json", "events-manifest.json",
                                         "plain.json")),
                         sorted(os.path.basename(f) for f in glob.glob(os.path.join(VECTORS, "*.json"))),
                         "a vector file this test does not know")
        counts = {name: sum(1 for f, _ in vectors() if f == name) for name in FILES}
        self.assertGreater(counts["valid.json"], 100, VECTORS)
        self.assertGreater(counts["accepted.json"], 20, VECTORS)
        self.assertGreater(counts["invalid.json"], 100, VECTORS)


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
        read = loads(v["document"].encode("utf-8"), limits=limits_of(v))
        self.assertIsNone(difference(value, read), "value read back")
        self.assertEqual(v["document"], dumps(read), "document round trip")


class AcceptedVector(ValidVector):
    """A document of JSON's freedom reads to the value; the value writes back as the canonical document, which
    reads to the same value."""

    def check(self):
        v = self.vector
        value = from_explicit(v["value"])
        doc = document_bytes(v)
        read = loads(doc, limits=limits_of(v))
        self.assertIsNone(difference(value, read), "value read")
        canonical = dumps(read)
        self.assertIsNone(difference(value, loads(canonical)), f"canonical document {canonical} read back")


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
        doc = document_bytes(v)
        with self.assertRaises(TypedJsonError) as ctx:
            loads(doc, limits=limits_of(v))
        e = ctx.exception
        self.assertEqual(v["path"], e.path, str(e))
        self.assertTrue(0 <= e.offset <= len(doc), str(e))
        if "offset" in v:
            self.assertEqual(v["offset"], e.offset, str(e))


def load_tests(loader, tests, pattern):
    """One test per vector, so that the counts say how many vectors pass."""
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(VectorFilesTest))
    kinds = {"valid.json": ValidVector, "accepted.json": AcceptedVector, "invalid.json": InvalidVector}
    for f, v in vectors():
        suite.addTest(kinds[f](f, v))
    return suite


if __name__ == "__main__":
    unittest.main()
