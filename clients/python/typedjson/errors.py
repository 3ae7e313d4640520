"""The one exception type: reason, JSON path (SPEC.md section 8) and, when reading, the UTF-8 byte offset."""
from __future__ import annotations

import functools
import re

MAX_PATH_SEGMENTS = 32
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")


class TypedJsonError(ValueError):
    """A document that is not valid typed JSON, or a value that cannot be carried exactly.

    ``reason`` says what is wrong, ``path`` where (``$``, ``$.a``, ``$.blocks[3]``, ``$["a key"]``,
    ``$["~set"][1]``), and ``offset`` the byte offset in the UTF-8 document where the offending token starts
    (``None`` for errors while writing)."""

    def __init__(self, reason: str, path: str = "$", offset: int | None = None):
        self.reason = reason
        self.path = path
        self.offset = offset
        where = f" at {path}" + (f" (byte offset {offset})" if offset is not None else "")
        super().__init__(reason + where)


def _is_identifier(key: str) -> bool:
    """An ASCII identifier, so that a path reads the same in every language (``$["é"]``, not ``$.é``)."""
    return _IDENTIFIER.match(key) is not None


@functools.lru_cache(maxsize=4096)
def path_segment(key: str) -> str:
    """``.name`` for an identifier, ``["any key"]`` otherwise (as the Java implementation names keys)."""
    if _is_identifier(key):
        return "." + key
    out = []
    for c in key:
        if c in '"\\':
            out.append("\\" + c)
        elif c < " ":
            out.append("?")
        else:
            out.append(c)
    return '["' + "".join(out) + '"]'


def path_text(segments) -> str:
    """``$`` and the segments; past 32 segments the first 32 and ``...(n more)``, so that a path into a deep
    (hostile) document stays short."""
    if len(segments) > MAX_PATH_SEGMENTS:
        return "$" + "".join(segments[:MAX_PATH_SEGMENTS]) + f"...({len(segments) - MAX_PATH_SEGMENTS} more)"
    return "$" + "".join(segments)
