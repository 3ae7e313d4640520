"""``python3 -m typedjson``: reads one document from standard input and prints its canonical spelling (exit 0),
or the error with its path and byte offset on standard error (exit 1)."""
import sys

from . import TypedJsonError, dumps, loads


def main() -> int:
    data = sys.stdin.buffer.read()
    try:
        value = loads(data)
    except TypedJsonError as e:
        print(f"typedjson: {e}", file=sys.stderr)
        return 1
    sys.stdout.buffer.write(dumps(value).encode("utf-8") + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
