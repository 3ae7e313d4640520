"""typedjson: typed JSON for Kafka topics, in Python (standard library only).

``loads(document)`` reads a document to its value, ``dumps(value)`` writes the one document of a value, and
``loads_connect(document)`` reads a Kafka Connect inline document ``{"~s": schema, "~v": value}``. See
README.md for the type mapping.
"""
from .errors import TypedJsonError
from .reader import Limits, loads
from .types import (BigInt, Duration, Float32, Instant, Int8, Int16, Int32, LocalDate, LocalDateTime, LocalTime,
                    OffsetDateTime, TypedMap, TypedSet, model_key)
from .writer import dumps


def loads_connect(document, *, schema=None, location="inline", limits=None):
    """Reads a document of Kafka Connect's TypedJsonConverter to ``(schema, value)``; see :mod:`typedjson.connect`."""
    from .connect import loads_connect as _lc
    return _lc(document, schema=schema, location=location, limits=limits)


def read_event(manifest, value, headers=None, **options):
    """Reads one record of a topic of several event types (SPEC.md section 12); see :mod:`typedjson.events`."""
    from .events import EventReader
    return EventReader(manifest, **options).read(value, headers)


__all__ = ["read_event", "loads", "dumps", "loads_connect", "TypedJsonError", "Limits", "Int32", "Int16", "Int8", "BigInt",
           "Float32", "Instant", "Duration", "LocalDate", "LocalTime", "LocalDateTime", "OffsetDateTime", "TypedSet",
           "TypedMap", "model_key"]
__version__ = "0.1.0.dev0"
