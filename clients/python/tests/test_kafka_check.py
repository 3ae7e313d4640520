"""The comparison the broker test's checker makes, on records that differ in each way it must notice."""
import unittest
from decimal import Decimal

from typedjson import Int32
from typedjson.explicit import loads_explicit
from typedjson.kafka_check import check_record


class CheckRecordTest(unittest.TestCase):
    def test_exact(self):
        self.assertIsNone(check_record(loads_explicit('["map",[[["string","a"],["int32","1"]]]]'), b'{"a":"~i1"}'))
        self.assertIsNone(check_record(None, None))

    def test_differences(self):
        expected = loads_explicit('["map",[[["string","a"],["int32","1"]],[["string","p"],["decimal","1.10"]]]]')
        self.assertIn("Int32", check_record(expected, b'{"a":1,"p":"~d1.10"}'))  # int64 where int32 was sent
        self.assertIn("Decimal", check_record(expected, b'{"a":"~i1","p":"~d1.1"}'))  # scale lost
        self.assertIn("refused", check_record(expected, b'{"a":"~i01","p":"~d1.10"}'))
        self.assertIn("written back", check_record(expected, b'{"a":"~i1", "p":"~d1.10"}'))  # not writer bytes
        self.assertIn("entries", check_record(expected, b'{"p":"~d1.10"}'))
        self.assertIsNotNone(check_record({"a": Int32(1), "p": Decimal("1.10")}, None))


    def test_connect_documents(self):
        expected = loads_explicit('["map",[[["string","id"],["int32","1"]],[["string","p"],["decimal","1.10"]]]]')
        self.assertIsNone(check_record(expected, b'{"~s":"{id:i32,p:dec(2)}","~v":[1,1.10]}', connect=True))
        self.assertIn("int", check_record(expected, b'{"~s":"{id:i64,p:dec(2)}","~v":[1,1.10]}', connect=True))
        self.assertIn("scale", check_record(expected, b'{"~s":"{id:i32,p:dec(2)}","~v":[1,1.1]}', connect=True))


if __name__ == "__main__":
    unittest.main()
