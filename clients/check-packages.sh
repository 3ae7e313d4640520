#!/usr/bin/env bash
# The TypeScript and Python implementations as their users install them (run-tests.sh runs this after the tests):
#   npm:    `npm pack` of clients/typescript, installed offline from the tarball into an empty folder; there
#           require() and import (one copy of the classes for both), the `typedjson` command and the types of both
#           entry points (tsc, node16 resolution) must work;
#   Python: the wheel (release/python_wheel.py, no download), installed into a fresh virtual environment; there the
#           module (from the environment, not the source tree), its version and the `typedjson` command must work.
# A language whose tool is missing is skipped with a note, as in run-tests.sh; python3 without the venv module is
# a failure that names the package to install (Debian: python3-venv). Exit 1 if any check fails.
set -uo pipefail
cd "$(dirname "$0")"
clients=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/typedjson-packages.XXXXXX")
trap 'rm -rf "$work"' EXIT
status=0

# one document in, its canonical spelling out (exit 0); a non-canonical payload refused (exit 1, path and offset)
document='{ "a" : "~i5", "b" : [1.50, "~d1.10"] }'
canonical='{"a":"~i5","b":[1.5,"~d1.10"]}'
cli_works() { # name, command...
  local name=$1 out err
  shift
  out=$(printf '%s' "$document" | (cd "$work" && "$@")) || { echo "$name: exit $? on a good document" >&2; return 1; }
  [ "$out" = "$canonical" ] || { echo "$name: printed $out, expected $canonical" >&2; return 1; }
  if err=$(printf '{"a":"~i01"}' | (cd "$work" && "$@") 2>&1 >/dev/null); then
    echo "$name: exit 0 on a non-canonical document" >&2; return 1
  fi
  case "$err" in *'at $.a (byte offset 5)'*) ;; *) echo "$name: error without path and offset: $err" >&2; return 1 ;; esac
}

if command -v npm >/dev/null 2>&1 && command -v node >/dev/null 2>&1; then
  (
    set -e
    tarball=$(cd typescript && npm pack --silent --pack-destination "$work" 2>/dev/null | tail -1)
    version=$(node -p 'require("./typescript/package.json").version')
    # only what users import, the command and the package's own files: no test harness, benchmark or tests
    extra=$(tar -tzf "$work/$tarball" | grep -Ev '^package/(package\.json|README\.md|LICENSE|dist/[a-z0-9-]+\.(js|d\.ts)|dist/index\.(mjs|d\.mts))$' \
      || true)
    extra="$extra$(tar -tzf "$work/$tarball" | grep -E '^package/dist/(kafka-check|bench)\.' || true)"
    [ -z "$extra" ] || { echo "npm package: files users do not import: $extra" >&2; exit 1; }
    mkdir "$work/npm-app"
    cd "$work/npm-app"
    printf '{"name":"typedjson-package-check","private":true}\n' >package.json
    npm install --offline --no-audit --no-fund --loglevel=error "$work/$tarball" >/dev/null
    node -e '
      const assert = require("node:assert");
      const t = require("typedjson-kafka");
      assert.strictEqual(t.stringify(t.parse("{\"n\":\"~i5\",\"d\":\"~d1.10\"}")), "{\"n\":\"~i5\",\"d\":\"~d1.10\"}");
      assert.throws(() => t.parse("\"~i01\""), t.TypedJsonError);
      assert.strictEqual(require("typedjson-kafka/package.json").version, process.argv[1]);' "$version"
    node --input-type=module -e '
      import assert from "node:assert";
      import { createRequire } from "node:module";
      import { parse, stringify, Decimal, TypedJsonError } from "typedjson-kafka";
      const required = createRequire(import.meta.url)("typedjson-kafka");
      assert.strictEqual(stringify(parse("[\"~d1.10\"]")), "[\"~d1.10\"]");
      assert.ok(parse("\"~d1.10\"") instanceof required.Decimal, "import and require share the classes");
      assert.strictEqual(TypedJsonError, required.TypedJsonError);
      assert.strictEqual(Decimal, required.Decimal);'
    cli_works "npm package's typedjson command" "$work/npm-app/node_modules/.bin/typedjson"
    # the types, as a TypeScript user resolves them: "import" in an ES module, "require" in a CommonJS one
    printf 'import { parse, Decimal, TypedJsonError } from "typedjson-kafka";\nconst v: unknown = parse("1");\nexport const d: typeof Decimal = Decimal;\nexport const e: typeof TypedJsonError = TypedJsonError;\nexport { v };\n' >check.mts
    printf 'import t = require("typedjson-kafka");\nexport const s: string = t.stringify(t.parse("1"));\n' >check.cts
    printf '{"compilerOptions":{"module":"node16","moduleResolution":"node16","strict":true,"noEmit":true,"skipLibCheck":true,"types":[]},"files":["check.mts","check.cts"]}\n' >tsconfig.json
    "$clients/typescript/node_modules/.bin/tsc" -p tsconfig.json
    echo "npm package: $tarball ($(( $(wc -c <"$work/$tarball") / 1024 )) KB) installed offline into an empty folder:" \
      "require, import (one copy of the classes), the typedjson command and the types of both work"
  ) || { echo "clients: the npm package check failed" >&2; status=1; }
else
  echo "clients: node/npm not found: the npm package is not built or checked" >&2
fi

if command -v python3 >/dev/null 2>&1; then
  (
    set -e
    wheel=$(python3 ../release/python_wheel.py "$work/wheel")
    version=$(python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' python/pyproject.toml)
    if ! python3 -m venv --without-pip "$work/venv" 2>"$work/venv.log"; then
      echo "clients: python3 cannot make a virtual environment (Debian: apt-get install python3-venv):" >&2
      cat "$work/venv.log" >&2
      exit 1
    fi
    # the machine's pip installs into the environment (--python; no pip is bootstrapped into it: seconds faster);
    # without one, the environment gets its own pip (ensurepip, offline)
    if python3 -m pip --version >/dev/null 2>&1; then
      python3 -m pip --python "$work/venv/bin/python" install --no-index --no-deps --disable-pip-version-check \
        --quiet "$wheel"
    else
      rm -rf "$work/venv"
      python3 -m venv "$work/venv"
      "$work/venv/bin/python" -m pip install --no-index --no-deps --disable-pip-version-check --quiet "$wheel"
    fi
    (cd "$work" && venv/bin/python - "$version" <<'PY')
import importlib.metadata, os, sys
import typedjson
assert typedjson.__file__.startswith(os.path.realpath(sys.prefix)) or typedjson.__file__.startswith(sys.prefix), typedjson.__file__
assert importlib.metadata.version("typedjson-kafka") == sys.argv[1] == typedjson.__version__, importlib.metadata.version("typedjson-kafka")
assert typedjson.dumps(typedjson.loads(b'{"n":"~i5","d":"~d1.10"}')) == '{"n":"~i5","d":"~d1.10"}'
PY
    cli_works "Python wheel's typedjson command" "$work/venv/bin/typedjson"
    cli_works "python -m typedjson (installed)" "$work/venv/bin/python" -m typedjson
    echo "Python wheel: $(basename "$wheel") ($(( $(wc -c <"$wheel") / 1024 )) KB) installed into a fresh virtual" \
      "environment: the module, its version and the typedjson command work"
  ) || { echo "clients: the Python wheel check failed" >&2; status=1; }
else
  echo "clients: python3 not found: the Python wheel is not built or checked" >&2
fi
exit $status
