"""Consumes a topic from the beginning and compares every record value, read with typedjson, with the expected
values (one line per record, in the explicit notation of SPEC.md appendix A).

    python3 -m typedjson.kafka_check --bootstrap HOST:PORT --topic T --expected FILE [--timeout 60]

Prints ``exact K/N`` and exits 0 iff every one of the N records is exactly its expected value (and, written back
by Python, exactly the bytes the producer wrote). With ``--manifest FILE`` (and ``--unknown``, ``--location``) the
topic carries several event types (SPEC.md section 12): each record is read by ``EventReader`` with its headers and
compared as ``{"type": name, "value": value}``, ``{"unknown": name}`` for a record passed through, or null for one
skipped. Needs confluent_kafka (Debian: python3-confluent-kafka)."""
from __future__ import annotations

import argparse
import sys
import time
import uuid

from . import TypedJsonError, dumps, loads, loads_connect
from .explicit import difference, loads_explicit


def check_record(expected, raw, connect=False):
    """None when the record value ``raw`` (bytes, None for a tombstone) reads to exactly ``expected`` and writes
    back to the same bytes (a Connect document: reads with its schema to exactly ``expected``); else what differs."""
    try:
        if connect:
            value = loads_connect(raw)[1]
        else:
            value = loads(raw) if raw is not None else None
    except TypedJsonError as e:
        return f"refused: {e}"
    diff = difference(expected, value)
    if diff is None and not connect and raw is not None and dumps(value).encode("utf-8") != raw:
        diff = f"read exactly, but written back as {dumps(value)[:200]!r}, not the bytes the producer wrote"
    return diff


def check_event(expected, raw, headers, events):
    """None when the record reads with ``events`` (an EventReader) to exactly ``expected``; else what differs."""
    from .events import Event, UnknownEvent
    try:
        e = events.read(raw, headers)
    except TypedJsonError as err:
        return f"refused: {err}"
    got = ({"type": e.type, "value": e.value} if isinstance(e, Event)
           else {"unknown": e.type} if isinstance(e, UnknownEvent) else None)
    return difference(expected, got)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m typedjson.kafka_check", description=__doc__.split("\n\n")[0])
    ap.add_argument("--bootstrap", required=True)
    ap.add_argument("--topic", required=True)
    ap.add_argument("--expected", required=True, help="file of expected values, one per line (explicit notation)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for all records (default 60)")
    ap.add_argument("--connect", action="store_true",
                    help="the records are Kafka Connect documents (TypedJsonConverter): read them with loads_connect")
    ap.add_argument("--manifest", help="the topic carries several event types: read them by this manifest")
    ap.add_argument("--unknown", default="fail", choices=["fail", "skip", "pass"])
    ap.add_argument("--location", default="header", choices=["header", "document", "both"])
    args = ap.parse_args(argv)
    events = None
    if args.manifest:
        from .events import EventReader
        with open(args.manifest, encoding="utf-8") as f:
            events = EventReader(f.read(), unknown=args.unknown, location=args.location)
    try:
        from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaException, TopicPartition
    except ImportError:
        print("confluent_kafka is not installed (Debian: apt-get install python3-confluent-kafka)", file=sys.stderr)
        return 2
    with open(args.expected, encoding="utf-8") as f:
        # split on "\n" only: str.splitlines() would also split at a U+2028 inside a string
        expected = [loads_explicit(line) for line in f.read().split("\n") if line.strip()]
    n = len(expected)
    consumer = Consumer({
        "bootstrap.servers": args.bootstrap,
        "group.id": f"typedjson-check-{uuid.uuid4()}",
        "enable.auto.commit": False,
        "auto.offset.reset": "earliest",
    })
    exact = read = 0
    shown = 0
    deadline = time.monotonic() + args.timeout
    try:
        consumer.assign([TopicPartition(args.topic, 0, OFFSET_BEGINNING)])
        while read < n and time.monotonic() < deadline:
            msg = consumer.poll(min(1.0, max(0.0, deadline - time.monotonic())))
            if msg is None:
                continue
            if msg.error():
                if msg.error().fatal():
                    raise KafkaException(msg.error())
                continue
            if events is not None:
                diff = check_event(expected[read], msg.value(), msg.headers(), events)
            else:
                diff = check_record(expected[read], msg.value(), connect=args.connect)
            read += 1
            if diff is None:
                exact += 1
            elif shown < 5:
                shown += 1
                print(f"record {read - 1} (offset {msg.offset()}) differs: {diff}", file=sys.stderr)
    finally:
        consumer.close()
    if read < n:
        print(f"only {read} of {n} records arrived within {args.timeout:g} s", file=sys.stderr)
    print(f"exact {exact}/{n}")
    return 0 if exact == n else 1


if __name__ == "__main__":
    sys.exit(main())
