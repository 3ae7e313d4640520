#!/usr/bin/env python3
"""What the Python and npm packages of a release hold, checked before they are uploaded (RELEASING.md steps 6, 7).

    python3 release/packages.py check PYTHON_DIR NPM_DIR --version X.Y.Z

PYTHON_DIR holds the wheel and the sdist (release/python_wheel.py --sdist), NPM_DIR the tarball of `npm pack`
(an empty or missing NPM_DIR is left out with a note: no node where this ran; `-` for PYTHON_DIR checks the npm
tarball alone). Fails, naming each problem, unless
  - both Python files carry the documented distribution name (versions.PYTHON_DISTRIBUTION) and the version, a
    LICENSE, the classifiers and the project URLs;
  - the npm tarball is versions.NPM_PACKAGE at the version and holds only what users import and the command:
    package.json, README.md, LICENSE and the dist/ entry points, never the test harness, benchmark or tests.
Standard library only.
"""
import json
import os
import re
import sys
import tarfile
import zipfile

import versions

# what the npm package may hold: the modules users import and the typedjson command (dist/*.js and their types),
# the ES module entry, and the package's own files
NPM_ALLOWED = re.compile(r"package/(package\.json|README\.md|LICENSE|dist/[a-z0-9-]+\.(js|d\.ts)|dist/index\.(mjs|d\.mts))")
# modules of dist/ that are not for users: the broker round trip of the tests, the benchmark
NPM_NOT_FOR_USERS = re.compile(r"package/dist/(kafka-check|bench)\.")


def python_problems(directory, version):
    problems = []
    name = re.sub(r"[-_.]+", "_", versions.PYTHON_DISTRIBUTION).lower()
    python = versions.python_version(version)
    wheel = os.path.join(directory, f"{name}-{python}-py3-none-any.whl")
    sdist = os.path.join(directory, f"{name}-{python}.tar.gz")
    metadata = []
    if not os.path.exists(wheel):
        problems.append(f"no wheel {os.path.basename(wheel)} in {directory}: {sorted(os.listdir(directory))}")
    else:
        with zipfile.ZipFile(wheel) as z:
            info = f"{name}-{python}.dist-info"
            if f"{info}/LICENSE" not in z.namelist():
                problems.append(f"{os.path.basename(wheel)}: no {info}/LICENSE")
            metadata.append((os.path.basename(wheel), z.read(f"{info}/METADATA").decode("utf-8")))
    if not os.path.exists(sdist):
        problems.append(f"no sdist {os.path.basename(sdist)} in {directory}")
    else:
        with tarfile.open(sdist) as t:
            names = t.getnames()
            for required in ("PKG-INFO", "pyproject.toml", "LICENSE", "README.md", "typedjson/__init__.py"):
                if f"{name}-{python}/{required}" not in names:
                    problems.append(f"{os.path.basename(sdist)}: no {name}-{python}/{required}")
            if f"{name}-{python}/PKG-INFO" in names:
                metadata.append((os.path.basename(sdist),
                                 t.extractfile(f"{name}-{python}/PKG-INFO").read().decode("utf-8")))
    for where, text in metadata:
        for line in (f"Name: {versions.PYTHON_DISTRIBUTION}", f"Version: {python}", "License: "):
            if f"\n{line}" not in text:
                problems.append(f"{where}: metadata without '{line}'")
        for field in ("Classifier: License ::", "Project-URL: Source,", "Project-URL: Issues,"):
            if f"\n{field}" not in text:
                problems.append(f"{where}: metadata without '{field} ...'")
    return problems


def npm_problems(directory, version):
    tarball = os.path.join(directory, f"{versions.NPM_PACKAGE}-{versions.npm_version(version)}.tgz")
    if not os.path.exists(tarball):
        return [f"no npm tarball {os.path.basename(tarball)} in {directory}: {sorted(os.listdir(directory))}"]
    problems = []
    with tarfile.open(tarball) as t:
        names = [m.name for m in t.getmembers() if m.isfile()]
        for n in names:
            if not NPM_ALLOWED.fullmatch(n) or NPM_NOT_FOR_USERS.match(n):
                problems.append(f"{os.path.basename(tarball)}: {n} is not for users (the files list of package.json)")
        for required in ("package/package.json", "package/LICENSE", "package/dist/index.js", "package/dist/index.mjs",
                         "package/dist/cli.js"):
            if required not in names:
                problems.append(f"{os.path.basename(tarball)}: no {required}")
        if "package/package.json" in names:
            package = json.load(t.extractfile("package/package.json"))
            if (package.get("name"), package.get("version")) != (versions.NPM_PACKAGE, versions.npm_version(version)):
                problems.append(f"{os.path.basename(tarball)}: package.json is {package.get('name')}@"
                                f"{package.get('version')}, expected {versions.NPM_PACKAGE}@{versions.npm_version(version)}")
    return problems


def main(argv):
    if len(argv) != 6 or argv[1] != "check" or argv[4] != "--version":
        print(__doc__, file=sys.stderr)
        return 2
    python_dir, npm_dir, version = argv[2], argv[3], argv[5]
    problems = python_problems(python_dir, version) if python_dir != "-" else []
    if os.path.isdir(npm_dir) and os.listdir(npm_dir):
        problems += npm_problems(npm_dir, version)
    else:
        print(f"packages: no npm tarball in {npm_dir} (node or clients/typescript/node_modules missing): not checked",
              file=sys.stderr)
    if problems:
        print(f"packages: {len(problems)} problem(s):", file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
