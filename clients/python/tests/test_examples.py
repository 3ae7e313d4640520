"""The confluent-kafka example (examples/reference_consumer.py) imports without a broker and without confluent-kafka;
its schema-topic store feeds the resolver, polling for a schema that comes later. No broker is started."""
import importlib.util
import os
import unittest

from typedjson import Int32, TypedJsonError
from typedjson.connect import parse_schema
from typedjson.reference import SchemaResolver, dumps_connect_reference, loads_connect_record, schema_topic_record

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "reference_consumer.py")


def load_example():
    spec = importlib.util.spec_from_file_location("reference_consumer", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class ReferenceConsumerExampleTest(unittest.TestCase):
    def test_a_schema_that_comes_later_is_polled_for(self):
        example = load_example()
        schema = parse_schema("{id:i32,name}")
        headers, value = dumps_connect_reference(schema, {"id": Int32(1), "name": "a"})
        key, notation = schema_topic_record(schema)
        pending = [(b"not a fingerprint", b"i8"), (key, notation)]
        notations = example.SchemaTopicNotations(poll=lambda timeout: notations.add(*pending.pop(0)), wait_s=5)
        self.assertEqual({"id": Int32(1), "name": "a"},
                         loads_connect_record(value, headers, resolver=SchemaResolver(notations))[1])
        self.assertEqual([], pending)
        self.assertEqual({key: notation}, notations.notations)

    def test_a_schema_that_never_comes_is_refused_after_the_wait(self):
        example = load_example()
        notations = example.SchemaTopicNotations(poll=lambda timeout: None, wait_s=0.05)
        key, _ = schema_topic_record("i64")
        with self.assertRaisesRegex(TypedJsonError, f"unknown schema fingerprint {key.hex()}"):
            loads_connect_record(b"1", [("typedjson.schema.ref", key)], resolver=SchemaResolver(notations))

    def test_the_confluent_kafka_names_it_uses_exist_where_it_is_installed(self):
        try:
            import confluent_kafka
        except ImportError:
            self.skipTest("confluent-kafka is not installed (Debian: python3-confluent-kafka)")
        for name in ("Consumer", "TopicPartition", "OFFSET_BEGINNING", "KafkaError"):
            self.assertTrue(hasattr(confluent_kafka, name), name)
        self.assertTrue(hasattr(confluent_kafka.KafkaError, "_PARTITION_EOF"))


if __name__ == "__main__":
    unittest.main()
