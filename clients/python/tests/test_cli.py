"""``python3 -m typedjson``: one document on standard input, its canonical spelling on standard output (exit 0),
or the error with path and byte offset on standard error (exit 1)."""
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def run(stdin: bytes, *args):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(HERE))
    return subprocess.run([sys.executable, "-m", "typedjson", *args], input=stdin, capture_output=True, env=env,
                          timeout=60)


class CliTest(unittest.TestCase):
    def test_prints_the_canonical_spelling(self):
        p = run(b' { "a" : "\\u007ei5", "b" : [1.50, 1e2, "~~x"] }\n')
        self.assertEqual(0, p.returncode, p.stderr)
        self.assertEqual(b'{"a":"~i5","b":[1.5,100.0,"~~x"]}\n', p.stdout)
        self.assertEqual(b"", p.stderr)

    def test_refuses_with_path_and_offset(self):
        p = run(b'{"a":[1,"~i01"]}')
        self.assertEqual(1, p.returncode)
        self.assertEqual(b"", p.stdout)
        self.assertIn(b'non-canonical ~i payload "01"', p.stderr)
        self.assertIn(b"at $.a[1] (byte offset 8)", p.stderr)

    def test_refuses_invalid_utf8(self):
        p = run(b'["\xff"]')
        self.assertEqual(1, p.returncode)
        self.assertIn(b"Invalid UTF-8", p.stderr)
        self.assertIn(b"at $[0] (byte offset 2)", p.stderr)

    def test_plain_flags(self):
        doc = b'{"~map": [1, "~d1", 1.50], "s": "NaN"}'
        p = run(doc, "--plain")
        self.assertEqual(0, p.returncode, p.stderr)
        self.assertEqual(b'{"~map":[1,"~d1",1.5],"s":"NaN"}\n', p.stdout)
        self.assertEqual(b'{"~~map":[1,"~~d1",1.5],"s":"NaN"}\n', run(doc, "--plain-in").stdout)
        p = run(b'{"a":["~d1.10"]}', "--plain-out")
        self.assertEqual(1, p.returncode)
        self.assertEqual(b"typedjson: BigDecimal where the type does not say it (a dynamic position) needs a tag, which a "
                         b"reader of plain JSON would read as text: not written as plain JSON at $.a[0]\n", p.stderr)
        self.assertEqual(2, run(doc, "--bogus").returncode)

    def test_help_prints_the_usage_and_exits_0(self):
        for flag in ("--help", "-h"):
            p = run(b"", flag)
            self.assertEqual(0, p.returncode, p.stderr)
            self.assertEqual(b"usage: typedjson [--plain | --plain-in | --plain-out] < document\n", p.stdout)
            self.assertEqual(b"", p.stderr)
        bad = run(b"", "--help", "--plain")
        self.assertEqual(2, bad.returncode)
        self.assertIn(b"usage: typedjson", bad.stderr)


if __name__ == "__main__":
    unittest.main()
