"""java.time.Duration in the dynamic model (tag ~P, SPEC.md sections 5 and 7): Duration.parse reads what Java's
Duration.parse reads, str() is Duration.toString(), and a ~P payload is only that text."""
import datetime
import json
import os
import random
import unittest

from typedjson import Duration, TypedJsonError, dumps, loads, loads_connect

from .test_vectors import VECTORS

NANOS = 1_000_000_000
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


class DurationTextTest(unittest.TestCase):
    def test_java_examples(self):
        # Duration.toString() of these values, as printed by java.time (JDK 17)
        cases = [((0, 0), "PT0S"), ((1, 500_000_000), "PT1.5S"), ((29172, 345_000_000), "PT8H6M12.345S"),
                 ((172800, 0), "PT48H"), ((-1, 500_000_000), "PT-0.5S"), ((-3724, 500_000_000), "PT-1H-2M-3.5S"),
                 ((0, 1), "PT0.000000001S"), ((-1, 999_999_999), "PT-0.000000001S"), ((-60, 0), "PT-1M"),
                 ((3601, 0), "PT1H1S"), ((INT64_MAX, 999_999_999), "PT2562047788015215H30M7.999999999S"),
                 ((INT64_MIN, 0), "PT-2562047788015215H-30M-8S"), ((-61, 100_000_000), "PT-1M-0.9S")]
        for (s, n), text in cases:
            with self.subTest(text=text):
                self.assertEqual(text, str(Duration(s, n)))
                self.assertEqual(Duration(s, n), Duration.parse(text))

    def test_parse_reads_what_java_reads(self):
        self.assertEqual(Duration(2 * 86400), Duration.parse("P2D"))
        self.assertEqual(Duration(-86400 + 3600), Duration.parse("-P1DT-1H"))  # the sign before P negates it all
        self.assertEqual(Duration(90), Duration.parse("pt1m30s"))
        self.assertEqual(Duration(1, 500_000_000), Duration.parse("PT1,5S"))
        self.assertEqual(Duration(1), Duration.parse("PT1.S"))
        self.assertEqual(Duration(-1, 500_000_000), Duration.parse("PT-0.5S"))
        self.assertEqual(Duration(3600), Duration.parse("PT0000000000000000000000001H"))
        for text in ["", "P", "PT", "PT1", "T1S", "PT1S ", "P1DT", "PT0.0000000001S", "PT1.5M", "P1W", "PT٣S",
                     "PT9223372036854775808S", "PT2562047788015216H", "PT2562047788015215H30M8S", "-PT-9223372036854775808S"]:
            with self.subTest(text=text), self.assertRaises(ValueError):
                Duration.parse(text)
        self.assertEqual(Duration(INT64_MIN), Duration.parse("PT-9223372036854775808S"))

    def test_round_trip_and_other_spellings_of_random_durations(self):
        r = random.Random(23)
        for _ in range(3000):
            nanos = r.choice([r.randint(-10**12, 10**12), r.randint(-10**20, 10**20), r.randint(-10**9, 10**9)])
            unit = r.choice([1, 1000, 10**6, 10**9])  # fewer fraction digits
            nanos = nanos // unit * unit
            d = Duration.of_nanos(nanos)
            self.assertEqual(nanos, d.to_nanos())
            self.assertEqual(d, Duration.parse(str(d)), str(d))
            self.assertEqual(f'"~P{d}"', dumps(d))
            self.assertEqual(d, loads(dumps(d)))
            # the same amount spelled as Java's parser also reads it: all in seconds, with a fraction
            sign = "-" if nanos < 0 else ""
            whole, frac = divmod(abs(nanos), NANOS)
            other = f"PT{sign}{whole}.{frac:09d}S"
            self.assertEqual(d, Duration.parse(other), other)
            if other != str(d):
                with self.assertRaises(TypedJsonError) as ctx:
                    loads(f'"~P{other}"')
                self.assertIn(f'non-canonical ~P payload "{other[:60]}', str(ctx.exception))
                self.assertIn(f'"~P{d}"', str(ctx.exception))

    def test_range_and_immutability(self):
        for s, n in [(INT64_MAX + 1, 0), (INT64_MIN - 1, 0), (0, NANOS), (0, -1)]:
            with self.assertRaises(ValueError):
                Duration(s, n)
        with self.assertRaises(TypeError):
            Duration(1.5)
        with self.assertRaises(AttributeError):
            Duration(1).seconds = 2
        self.assertNotEqual(Duration(1), 1)
        self.assertEqual(2, len({Duration(1), Duration(1), Duration(1, 1)}))

    def test_timedelta(self):
        td = datetime.timedelta(days=-1, seconds=5, microseconds=7)
        self.assertEqual(td, Duration.from_timedelta(td).to_timedelta())
        self.assertEqual("PT-23H-59M-54.999993S", str(Duration.from_timedelta(td)))
        with self.assertRaises(ValueError):
            Duration(0, 1).to_timedelta()
        with self.assertRaises(TypedJsonError) as ctx:
            dumps({"t": td})
        self.assertIn("Duration.from_timedelta", str(ctx.exception))
        self.assertEqual("$.t", ctx.exception.path)


class DurationVectorsTest(unittest.TestCase):
    def test_invalid_duration_vectors_name_the_java_phrase(self):
        with open(os.path.join(VECTORS, "invalid.json"), encoding="utf-8") as fh:
            vectors = [v for v in json.load(fh) if "~P" in v.get("document", "")]
        self.assertGreaterEqual(len(vectors), 15)
        for v in vectors:
            with self.subTest(v["name"]), self.assertRaises(TypedJsonError) as ctx:
                loads(v["document"])
            self.assertIn(v["error"], ctx.exception.reason)


class DurationConnectTest(unittest.TestCase):
    def test_schemaless_duration_travels_tagged_and_derives_no_schema(self):
        # Connect has no Duration type: location none derives no schema for it, as for a UUID
        for location in ("inline", "header", "none"):
            schema, value = loads_connect(b'{"timeout":"~PPT30S","n":1}', location=location)
            self.assertIsNone(schema)
            self.assertEqual({"timeout": Duration(30), "n": 1}, value)


if __name__ == "__main__":
    unittest.main()
