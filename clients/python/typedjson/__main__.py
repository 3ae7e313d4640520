"""``python3 -m typedjson``: reads one document from standard input and prints its canonical spelling (exit 0),
or the error with its path and byte offset on standard error (exit 1). ``--plain`` reads and writes a plain
document (SPEC.md section 13.1); ``--plain-in`` reads one and prints its typed JSON, ``--plain-out`` prints a typed
document's value as a plain document. ``--help`` prints the usage (exit 0); anything else is a usage error (exit 2)."""
import sys

from . import TypedJsonError, dumps, loads

_FLAGS = ("--plain", "--plain-in", "--plain-out")
_USAGE = "usage: typedjson [--plain | --plain-in | --plain-out] < document"


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args in (["--help"], ["-h"]):
        print(_USAGE)
        return 0
    if len(args) > 1 or args and args[0] not in _FLAGS:
        print(_USAGE, file=sys.stderr)
        return 2
    flag = args[0] if args else None
    data = sys.stdin.buffer.read()
    try:
        value = loads(data, plain=flag in ("--plain", "--plain-in"))
        doc = dumps(value, plain=flag in ("--plain", "--plain-out"))
    except TypedJsonError as e:
        print(f"typedjson: {e}", file=sys.stderr)
        return 1
    sys.stdout.buffer.write(doc.encode("utf-8") + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
