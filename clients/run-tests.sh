#!/usr/bin/env bash
# Builds and tests the TypeScript and Python implementations as part of `mvn verify` (the clients module runs this
# script in its test phase, `build` then `test`, skipped by -DskipTests; clients comes first in the reactor, so
# CrossLanguageIT finds dist/kafka-check.js).
# A language whose tool is missing is skipped with a note, never counted as passed; both languages always run, and a
# failure in either fails the build at the end. After the tests, check-packages.sh installs the npm package and the
# Python wheel as users do and runs them.
set -uo pipefail
cd "$(dirname "$0")"
step=${1:?usage: run-tests.sh build|test}
status=0

if command -v npm >/dev/null 2>&1 && command -v node >/dev/null 2>&1; then
  if [ "$step" = build ]; then
    (cd typescript && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent) || status=1
  else
    (cd typescript && npm test --silent) || status=1
  fi
else
  echo "clients: node/npm not found: the TypeScript implementation is not built or tested (CrossLanguageIT skips Node)" >&2
fi

if [ "$step" = test ]; then
  if command -v python3 >/dev/null 2>&1; then
    (cd python && python3 - <<'PY') || status=1
import sys, unittest
suite = unittest.defaultTestLoader.discover("tests", top_level_dir=".")
result = unittest.TextTestRunner(stream=open("/dev/null", "w")).run(suite)
for test, trace in result.failures + result.errors:
    print(f"FAILED {test.id()}\n{trace}", file=sys.stderr)
bad = len(result.failures) + len(result.errors)
print(f"python tests: {result.testsRun - bad - len(result.skipped)} passed, {bad} failed, {len(result.skipped)} skipped")
sys.exit(1 if bad else 0)
PY
  else
    echo "clients: python3 not found: the Python implementation is not tested" >&2
  fi
  # the packages as users install them: npm pack and the Python wheel, installed into empty places and run
  bash check-packages.sh || status=1
fi
exit $status
