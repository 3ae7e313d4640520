"""Kafka Connect's schema location ``reference`` (SPEC.md section 11): a record carries the 16-byte fingerprint of
its schema in a header and the value as the inline location writes it under "~v" (typed positions, no tags, structs
as arrays); each schema's notation is a record of a compacted schema topic, keyed by its fingerprint.

The caller brings the way to look a fingerprint up (a consumer of the schema topic, a dict, a service): a callable
``resolve(fingerprint: bytes) -> str | bytes | None`` that bounds its own wait. Its answers are checked, never
trusted: every notation is parsed and its fingerprint recomputed, so whoever can write to the schema topic cannot
change the meaning of records already written.

    resolver = SchemaResolver(notations.get)          # or a function that consumes the schema topic
    schema, value = loads_connect_record(msg.value(), msg.headers(), resolver=resolver)
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict

from . import reader as r
from .connect import (NotationError, Schema, _TypedReader, _typed_text, loads_connect, names_limit, parse_schema,
                      schema_notation)
from .errors import TypedJsonError
from .reader import DEFAULT_LIMITS, Scanner

SCHEMA_REF_HEADER = "typedjson.schema.ref"
KEY_SCHEMA_REF_HEADER = "typedjson.key.schema.ref"
SCHEMA_HEADER = "typedjson.schema"
KEY_SCHEMA_HEADER = "typedjson.key.schema"
DEFAULT_SCHEMA_TOPIC = "_typedjson-schemas"
FINGERPRINT_BYTES = 16


def schema_fingerprint(notation: str) -> bytes:
    """The first 16 bytes of SHA-256 over the notation's UTF-8 bytes: the schema's fingerprint."""
    return hashlib.sha256(notation.encode("utf-8")).digest()[:FINGERPRINT_BYTES]


def _error(reason):
    return TypedJsonError(reason, "$", 0)


class SchemaResolver:
    """Resolves fingerprints to schemas through ``resolve`` (a callable: fingerprint bytes to the notation as
    ``str`` or UTF-8 ``bytes``, or ``None`` when there is none), verifying each and keeping the last
    ``max_entries`` in a cache. ``topic`` names the schema topic in errors. Not thread-safe: one per consumer."""

    def __init__(self, resolve, *, topic: str = DEFAULT_SCHEMA_TOPIC, max_entries: int = 1000, limits=None):
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self._resolve = resolve
        self.topic = topic
        self.max_entries = max_entries
        self.limits = limits or DEFAULT_LIMITS
        self._cache = OrderedDict()  # hex -> (notation, Schema), least recently used first

    def __len__(self):
        return len(self._cache)

    def add(self, key: bytes, notation) -> Schema:
        """Takes a record of the schema topic (key: the fingerprint, value: the notation) into the cache, as a
        consumer of the topic does; raises TypedJsonError for one whose key is not its notation's fingerprint."""
        hex_ = self._hex(key, "the schema topic's record key")
        return self._remember(hex_, self._verify(hex_, notation))[1]

    def schema(self, fingerprint: bytes) -> Schema:
        """The schema of a fingerprint: from the cache, else resolved, verified and cached."""
        return self._resolved(fingerprint)[1]

    def notation(self, fingerprint: bytes) -> str:
        return self._resolved(fingerprint)[0]

    def _resolved(self, fingerprint):
        hex_ = self._hex(fingerprint, f"the header {SCHEMA_REF_HEADER}")
        hit = self._cache.get(hex_)
        if hit is not None:
            self._cache.move_to_end(hex_)
            return hit
        try:
            answer = self._resolve(bytes(fingerprint))
        except TypedJsonError:
            raise
        except Exception as e:
            raise _error(f"resolving schema fingerprint {hex_} from the schema topic {self.topic} failed: {e}") from e
        if answer is None:
            raise _error(f"unknown schema fingerprint {hex_}: the schema topic {self.topic} has no notation for it")
        return self._remember(hex_, self._verify(hex_, answer))

    @staticmethod
    def _hex(fingerprint, what):
        if not isinstance(fingerprint, (bytes, bytearray, memoryview)) or len(fingerprint) != FINGERPRINT_BYTES:
            n = len(fingerprint) if isinstance(fingerprint, (bytes, bytearray, memoryview, str)) else 0
            raise _error(f"{what} holds {n} bytes, not the {FINGERPRINT_BYTES} bytes of a schema fingerprint")
        return bytes(fingerprint).hex()

    def _verify(self, hex_, notation):
        if isinstance(notation, (bytes, bytearray, memoryview)):
            try:
                notation = bytes(notation).decode("utf-8")
            except UnicodeDecodeError:
                raise _error(f"the notation of schema fingerprint {hex_} is not well-formed UTF-8") from None
        if not isinstance(notation, str):
            raise _error(f"the resolver gave a {type(notation).__name__} for schema fingerprint {hex_}, not the "
                         "notation (str or UTF-8 bytes)")
        actual = schema_fingerprint(notation).hex()
        if actual != hex_:
            raise _error(f"the notation given for schema fingerprint {hex_} (schema topic {self.topic}) has the "
                         f"fingerprint {actual}: refused, so that the schema topic cannot change the meaning of "
                         "records already written")
        try:
            return notation, parse_schema(notation, self.limits)
        except NotationError as e:
            raise _error(f"the notation of schema fingerprint {hex_}: {e}") from None

    def _remember(self, hex_, entry):
        self._cache[hex_] = entry
        self._cache.move_to_end(hex_)
        while len(self._cache) > self.max_entries:
            self._cache.popitem(last=False)
        return entry


def _resolver_of(resolver, limits):
    return resolver if isinstance(resolver, SchemaResolver) else SchemaResolver(resolver, limits=limits)


def loads_connect_reference(document, fingerprint: bytes, resolver, *, limits=None):
    """``(schema, value)`` of a record value written in location ``reference``: ``fingerprint`` is the header
    ``typedjson.schema.ref`` (``typedjson.key.schema.ref`` for keys), resolved to its schema; the value is read as
    the inline location's "~v". ``None`` (a tombstone) gives ``(None, None)``. Raises TypedJsonError for a header
    that is not 16 bytes, a fingerprint nobody resolves (named in hex), a notation whose fingerprint differs, a
    value not of the schema. Pass one SchemaResolver for all records (a bare callable gets no lasting cache)."""
    limits = limits or DEFAULT_LIMITS
    schema = _resolver_of(resolver, limits).schema(fingerprint)
    if document is None:
        return None, None
    r.ensure_stack(limits.max_depth)
    sc = Scanner(document, limits)
    sc.begin()
    value = _TypedReader(sc, False).value(schema)
    sc.end()
    return schema, value


def _header(headers, name):
    """The last header of that name (as Connect's lastWithName), from a list of (name, value) pairs (what
    confluent-kafka's ``msg.headers()`` gives) or a dict."""
    if not headers:
        return None
    found = None
    for k, v in (headers.items() if isinstance(headers, dict) else headers):
        if k == name:
            found = v
    return found.encode("utf-8") if isinstance(found, str) else found


def loads_connect_record(document, headers=None, *, resolver=None, key=False, location="inline", limits=None):
    """``(schema, value)`` of a record value (or key, with ``key=True``) written by the Connect converter in any
    location, as the converter reads it: the reference header, resolved through ``resolver``; else the schema
    header (location header); else the document (inline, or schemaless as ``location`` says)."""
    ref = _header(headers, KEY_SCHEMA_REF_HEADER if key else SCHEMA_REF_HEADER)
    if ref is not None:
        if resolver is None:
            raise _error(f"a record with the header {KEY_SCHEMA_REF_HEADER if key else SCHEMA_REF_HEADER} "
                         "(location reference) needs a resolver")
        return loads_connect_reference(document, ref, resolver, limits=limits)
    notation = _header(headers, KEY_SCHEMA_HEADER if key else SCHEMA_HEADER)
    return loads_connect(document, schema=notation, location=location, limits=limits)


def schema_topic_record(schema) -> tuple[bytes, bytes]:
    """The schema topic's record of a schema (a Schema or its notation): (key, value) = (the 16 fingerprint bytes,
    the notation in UTF-8)."""
    notation = schema_notation(parse_schema(schema) if isinstance(schema, str) else schema)
    return schema_fingerprint(notation), notation.encode("utf-8")


def dumps_connect_reference(schema: Schema, value, *, key=False, limits=None):
    """What a producer sends for ``value`` in location ``reference``: ``(headers, value_bytes)`` with headers a
    list of one (name, 16 bytes) pair (none for a tombstone, ``value`` None). Produce
    :func:`schema_topic_record` of the schema to the schema topic first (once per schema). The written value is
    read back with its schema, so a value that does not fit it is refused (TypedJsonError with its path)."""
    notation = schema_notation(schema)
    if value is None:
        return [], None
    try:
        text = _typed_text(value, schema, positional=True)
        limits = limits or DEFAULT_LIMITS
        sc = Scanner(text, limits)
        sc.begin()
        _TypedReader(sc, False).value(schema)
        sc.end()
    except TypedJsonError as e:
        if names_limit(e.reason):  # a limit exceeded is no misfit: refused as dumps and the reader refuse it
            raise TypedJsonError(e.reason, e.path) from None
        raise TypedJsonError(f"the value does not fit the schema {notation[:200]}: {e.reason}", e.path) from None
    except (TypeError, ValueError, AttributeError, KeyError) as e:
        raise TypedJsonError(f"the value does not fit the schema {notation[:200]}: {e}", "$") from None
    name = KEY_SCHEMA_REF_HEADER if key else SCHEMA_REF_HEADER
    return [(name, schema_fingerprint(notation))], text.encode("utf-8")
