"""Example: read a topic that Kafka Connect's typedjson converter writes with ``typedjson.schema.location=reference``,
with confluent-kafka (Debian: python3-confluent-kafka; pip: confluent-kafka).

A consumer of the schema topic (``_typedjson-schemas``: key = 16 fingerprint bytes, value = the schema notation)
reads it from the beginning into a dict; the resolver answers from it and, for a fingerprint not seen yet (a record
can reach a consumer before its schema's record does), polls the schema topic on for a bounded time. A second
consumer reads the data topic and prints each record's schema and value.

    PYTHONPATH=clients/python python3 clients/python/examples/reference_consumer.py \\
        --bootstrap localhost:9092 --topic orders [--schema-topic _typedjson-schemas] [--max-records 10]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
import uuid

from typedjson import TypedJsonError, dumps
from typedjson.connect import schema_notation
from typedjson.reference import DEFAULT_SCHEMA_TOPIC, FINGERPRINT_BYTES, SchemaResolver, loads_connect_record


class SchemaTopicNotations:
    """The schema topic's records as they arrive (``add``), and a resolver callable over them that polls ``poll``
    (one step of the schema topic's consumer) until the fingerprint arrives or ``wait_s`` seconds have passed."""

    def __init__(self, poll=None, wait_s: float = 10.0):
        self.notations = {}
        self.poll = poll
        self.wait_s = wait_s

    def add(self, key, value):
        """One record of the schema topic; a tombstone or a key that is no fingerprint is skipped (the
        SchemaResolver checks each notation against its fingerprint)."""
        if key is not None and len(key) == FINGERPRINT_BYTES and value is not None:
            self.notations[bytes(key)] = value

    def __call__(self, fingerprint: bytes):
        deadline = time.monotonic() + self.wait_s
        while fingerprint not in self.notations and self.poll is not None and time.monotonic() < deadline:
            self.poll(min(0.5, max(0.0, deadline - time.monotonic())))
        return self.notations.get(fingerprint)


def schema_topic_consumer(bootstrap: str, topic: str, notations: SchemaTopicNotations):
    """A consumer of all of the schema topic, from the beginning, in no group's committed offsets; reads what is there
    now and returns the consumer (keep polling it through ``notations.poll``)."""
    from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaError, TopicPartition

    consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": f"typedjson-schemas-{uuid.uuid4()}",
                         "enable.auto.commit": False, "enable.partition.eof": True})
    partitions = consumer.list_topics(topic, timeout=10).topics[topic].partitions
    consumer.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in partitions])
    at_end = set()

    def poll(timeout):
        msg = consumer.poll(timeout)
        if msg is None:
            return False
        if msg.error():
            if msg.error().code() == KafkaError._PARTITION_EOF:
                at_end.add(msg.partition())
                return True
            raise RuntimeError(f"schema topic {topic}: {msg.error()}")
        notations.add(msg.key(), msg.value())
        return True

    notations.poll = poll
    deadline = time.monotonic() + 30
    while len(at_end) < len(partitions) and time.monotonic() < deadline:
        poll(0.5)
    return consumer


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bootstrap", required=True)
    ap.add_argument("--topic", required=True)
    ap.add_argument("--schema-topic", default=DEFAULT_SCHEMA_TOPIC)
    ap.add_argument("--max-records", type=int, default=10)
    ap.add_argument("--wait-s", type=float, default=10.0)
    a = ap.parse_args(argv)

    from confluent_kafka import Consumer

    notations = SchemaTopicNotations(wait_s=a.wait_s)
    schemas = schema_topic_consumer(a.bootstrap, a.schema_topic, notations)
    resolver = SchemaResolver(notations, topic=a.schema_topic, max_entries=1000)
    records = Consumer({"bootstrap.servers": a.bootstrap, "group.id": f"typedjson-reference-example-{os.getpid()}",
                        "auto.offset.reset": "earliest", "enable.auto.commit": False})
    records.subscribe([a.topic])
    seen = 0
    deadline = time.monotonic() + 60
    try:
        while seen < a.max_records and time.monotonic() < deadline:
            msg = records.poll(1.0)
            if msg is None:
                continue
            if msg.error():
                raise RuntimeError(str(msg.error()))
            seen += 1
            where = f"{msg.partition()}@{msg.offset()}"
            try:
                schema, value = loads_connect_record(msg.value(), msg.headers(), resolver=resolver)
            except TypedJsonError as e:
                print(f"{where} refused: {e}")  # dead-letter it in real code
                continue
            print(f"{where} {'(schemaless)' if schema is None else schema_notation(schema)} {dumps(value)}")
    finally:
        records.close()
        schemas.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
