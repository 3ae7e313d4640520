"""Record values on a topic shared with writers of plain JSON (SPEC.md section 13), for confluent-kafka or any
client that gives headers as ``(key, bytes)`` pairs or a dict::

    value = loads_record(msg.value(), msg.headers(), other_writers="json")   # the header typedjson-format decides
    headers, data = dumps_record(value, format_header="typed")              # typed JSON marked typed
    producer.produce("orders", value=data, headers=headers)

With the defaults (``other_writers="none"``, ``format_header="none"``) no header is looked at or written: the
records are those of ``loads`` and ``dumps``."""
from .errors import TypedJsonError
from .reader import DEFAULT_LIMITS, loads
from .writer import dumps

FORMAT_HEADER = "typedjson-format"
_MARKS = {b"typed": "typed", b"plain": "plain"}


def _header_pairs(headers):
    """Headers as ``(key, bytes or None)`` pairs: confluent-kafka's list of tuples, or a dict (a list value: each)."""
    out = []
    for k, v in (headers.items() if isinstance(headers, dict) else headers or ()):
        for one in v if isinstance(v, list) else [v]:
            out.append((k, one.encode("utf-8") if isinstance(one, str) else None if one is None else bytes(one)))
    return out


def format_mark(headers):
    """The record's mark: ``"typed"``, ``"plain"``, or None without the header; the header given twice, or with
    another value, is refused with :class:`TypedJsonError`."""
    values = [v for k, v in _header_pairs(headers) if k == FORMAT_HEADER]
    if not values:
        return None
    if len(values) > 1:
        raise TypedJsonError(f"the header {FORMAT_HEADER} is given twice")
    v = values[0]
    if v in _MARKS:
        return _MARKS[v]
    shown = "null" if v is None else "'" + v.decode("utf-8", "replace") + "'"
    raise TypedJsonError(f"the header {FORMAT_HEADER} is {shown}, neither 'typed' nor 'plain'")


def loads_record(value, headers=None, *, other_writers="none", limits=DEFAULT_LIMITS):
    """A record value's value, None for a tombstone. ``other_writers="json"`` (Java: typedjson.other.writers=json):
    a record marked ``typedjson-format: typed`` is typed JSON, one marked ``plain`` or unmarked a plain document
    (``loads(..., plain=True)``). ``"none"`` (the default): typed JSON, no header looked at."""
    if other_writers not in ("none", "json"):
        raise ValueError(f"other_writers must be none or json, not {other_writers!r}")
    if value is None:
        return None
    plain = other_writers == "json" and format_mark(headers) != "typed"
    return loads(value, limits=limits, plain=plain)


def dumps_record(value, headers=None, *, format_header="none", **limits):
    """``(headers, value_bytes)`` for a producer; ``value_bytes`` None for a tombstone (its headers as given). ``format_header`` (Java:
    typedjson.format.header): ``"typed"`` typed JSON marked ``typedjson-format: typed``, ``"plain"`` a plain document
    (``dumps(..., plain=True)``: a value only a tag carries is refused with its path) marked ``plain``; the mark
    replaces one in ``headers`` (copied from a record read). ``"none"`` (the default): typed JSON, the headers as
    given. ``headers`` are kept in order as ``(key, bytes)`` pairs. ``limits`` are those of ``dumps``
    (``max_depth``, ``max_number_length``, ``max_string_length``, ``max_document_bytes``, ``max_elements``)."""
    if format_header not in ("none", "typed", "plain"):
        raise ValueError(f"format_header must be none, typed or plain, not {format_header!r}")
    pairs = _header_pairs(headers)
    if value is None:  # a tombstone: no document to mark
        return pairs, None
    data = dumps(value, plain=format_header == "plain", **limits).encode("utf-8")
    if format_header != "none":
        pairs = [(k, v) for k, v in pairs if k != FORMAT_HEADER] + [(FORMAT_HEADER, format_header.encode("ascii"))]
    return pairs, data
