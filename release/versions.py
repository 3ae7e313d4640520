#!/usr/bin/env python3
"""One version for every package typedjson publishes, and a check that they agree.

    release/set-version 0.1.0            # a release: poms, npm, Python, docs, CHANGELOG, build timestamp
    release/set-version 0.2.0-SNAPSHOT   # back to development after a release
    python3 release/versions.py check    # what the test command runs: exit 1 naming each disagreement

The Java version is the source. Other ecosystems spell a development version their own way:

    Java (Maven)        npm            Python (PEP 440)
    0.1.0               0.1.0          0.1.0
    0.1.0-SNAPSHOT      0.1.0-dev      0.1.0.dev0

Both spellings sort before 0.1.0 in their ecosystems, as a SNAPSHOT does in Maven. Standard library only.
"""
import datetime
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAVA_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)(-SNAPSHOT)?$")
REPO_URL = "https://github.com/typedjson/typedjson"

# every pom whose <parent> is typedjson-parent (the root pom carries the version itself)
MODULE_POMS = [
    "serde/pom.xml", "connect-converter/pom.xml", "flink-format/pom.xml", "processor/pom.xml", "bench/pom.xml", "clients/pom.xml",
    "examples/spring-boot/pom.xml", "examples/kafka-streams/pom.xml", "release/pom.xml",
]
PACKAGE_JSON = "clients/typescript/package.json"
PACKAGE_LOCK = "clients/typescript/package-lock.json"
PYPROJECT = "clients/python/pyproject.toml"
PY_INIT = "clients/python/typedjson/__init__.py"
# every page a user reads: their snippets name the Java version (a dependency's <version>, a Gradle coordinate, a jar
# or the plugin archive's file name), and no other X.Y.Z-SNAPSHOT may stand anywhere in them
DOC_PAGES = sorted(["README.md", "SECURITY.md", "CONTRIBUTING.md", "clients/typescript/README.md",
                    "clients/python/README.md", "bench/README.md"]
                   + ["docs/" + f for f in os.listdir(os.path.join(ROOT, "docs")) if f.endswith(".md")])

# the names typedjson publishes under (RELEASING.md, "Names"): `typedjson` is someone else's on both PyPI and npm
NPM_PACKAGE = "typedjson-kafka"
PYTHON_DISTRIBUTION = "typedjson-kafka"
# what no page may tell users to install: the other projects' packages, a scope nobody claimed
WRONG_NAMES = [
    re.compile(r"@typedjson/"),
    re.compile(r"\b(?:pip|pip3|npm|pnpm|yarn) (?:install|add) (?:-U )?typedjson(?![\w.-])"),
]

# What a page says of whether this version is published: between <!-- status:KEY --> and <!-- /status -->, written
# by set-version from here (a development version, a release), so that no release text says "not published" and no
# snapshot's text points at a registry. {version}: Java's; {npm}, {python}: their spellings.
STATUS = {
    "readme": (
        "Version `{version}`, **not published** to Maven Central yet: build and install it into your local Maven\n"
        "repository first (`mvn -q install -DskipTests` in this directory), then:",
        "Version `{version}`, on Maven Central:"),
    "limitations": (
        "**Not published**, one version (`{version}`), tested with Kafka 4.4.0 and Java 17 and 25 (above); the\n"
        "  release is prepared ([RELEASING.md](RELEASING.md)) but not made.",
        "**Version `{version}`**, tested with Kafka 4.4.0 and Java 17 and 25 (above)."),
    "connect": (
        "typedjson is not published yet: build it from this repository (JDK 17 and Maven):",
        "Download the plugin archive `typedjson-connect-converter-{version}-plugin.zip` from\n"
        "[Maven Central](https://repo1.maven.org/maven2/io/typedjson/typedjson-connect-converter/{version}/) or the\n"
        "GitHub release `v{version}`, or install it with `confluent connect plugin install\n"
        "typedjson/connect-converter:{version}`; or build it from this repository (JDK 17 and Maven):"),
    "flink": (
        "Not on Maven Central yet: `mvn -q install -DskipTests` in the checkout, then depend on",
        "From Maven Central:"),
    "security": (
        "Only the current development version (`{version}`, the main branch) receives fixes.",
        "The latest release (`{version}`) and the main branch receive fixes."),
    "python": (
        "Not on PyPI yet: install it from a checkout, `pip install ./clients/python`, or build the wheel with nothing\n"
        "downloaded (`python3 release/python_wheel.py dist` from the repository root) and\n"
        "`pip install dist/typedjson_kafka-*.whl`.",
        "`pip install typedjson-kafka=={python}`, or from a checkout: `pip install ./clients/python`."),
    "typescript": (
        "Not on npm yet: in another project, after the build, `npm install /path/to/typedjson/clients/typescript`,\n"
        "or `npm pack` here and install the tarball.",
        "`npm install typedjson-kafka@{npm}`, or from a checkout after the build:\n"
        "`npm install /path/to/typedjson/clients/typescript`."),
}
STATUS_BLOCK = re.compile(r"(<!-- status:([a-z]+) -->)(.*?)(<!-- /status -->)", re.S)
# the page that holds each block (each must be there: a block deleted with its marker would go unnoticed)
STATUS_PAGES = {"readme": "README.md", "limitations": "README.md", "connect": "docs/connect.md",
                "flink": "docs/flink.md", "security": "SECURITY.md", "python": "clients/python/README.md",
                "typescript": "clients/typescript/README.md"}
ANY_SNAPSHOT = re.compile(r"\b\d+\.\d+\.\d+-SNAPSHOT\b|\b\d+\.\d+\.\d+(?:-dev\b|\.dev0)")


def npm_version(java):
    return java[: -len("-SNAPSHOT")] + "-dev" if java.endswith("-SNAPSHOT") else java


def python_version(java):
    return java[: -len("-SNAPSHOT")] + ".dev0" if java.endswith("-SNAPSHOT") else java


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def write(path, text):
    with open(os.path.join(ROOT, path), "w", encoding="utf-8") as f:
        f.write(text)


ROOT_VERSION = re.compile(r"(<artifactId>typedjson-parent</artifactId>\s*<version>)([^<]*)(</version>)")
PARENT_VERSION = re.compile(r"(<parent>(?:(?!</parent>).)*?<version>)([^<]*)(</version>)", re.S)
TIMESTAMP = re.compile(r"(<project\.build\.outputTimestamp>)([^<]*)(</project\.build\.outputTimestamp>)")
PYPROJECT_VERSION = re.compile(r'(?m)^(version\s*=\s*")([^"]*)(")')
PY_INIT_VERSION = re.compile(r'(?m)^(__version__\s*=\s*")([^"]*)(")')
# what a page says of typedjson's own version: <artifactId>typedjson-x</artifactId> <version>V</version>, the plugin
# archive's name, and "`V`" right after the word Version or version
V = r"(\d+\.\d+\.\d+(?:-SNAPSHOT)?)"
DOC_VERSIONS = [
    re.compile(r"(<artifactId>typedjson-[a-z-]+</artifactId>\s*<version>)([^<]*)(</version>)"),
    re.compile(r"(typedjson-(?:serde|connect-converter|flink-format|processor)-)" + V + r"(\.jar|-plugin\.zip|\.zip)"),
    re.compile(r"(io\.typedjson:typedjson-[a-z-]+:)" + V + r"(['\"`]|$)", re.M),
    re.compile(r"(typedjson/connect-converter:)" + V + r"(`|\s|$)", re.M),
    re.compile(r"([Vv]ersion \(?`)" + V + r"(`)"),
]


def status_text(key, java):
    snapshot, release = STATUS[key]
    text = snapshot if java.endswith("-SNAPSHOT") else release
    return text.format(version=java, npm=npm_version(java), python=python_version(java))


def set_status(text, java):
    return STATUS_BLOCK.sub(lambda m: m.group(1) + status_text(m.group(2), java) + m.group(4), text)


def sub_one(pattern, text, value, path):
    new, n = pattern.subn(lambda m: m.group(1) + value + m.group(3), text, count=1)
    if n != 1:
        sys.exit(f"set-version: {path}: no version found where expected ({pattern.pattern})")
    return new


def current():
    """The Java version and what each file says, as (file, what, found, expected) rows."""
    java = ROOT_VERSION.search(read("pom.xml")).group(2)
    rows = [("pom.xml", "project version", java, java)]
    for pom in MODULE_POMS:
        m = PARENT_VERSION.search(read(pom))
        rows.append((pom, "parent version", m.group(2) if m else None, java))
    package = json.loads(read(PACKAGE_JSON))
    rows.append((PACKAGE_JSON, "version", package.get("version"), npm_version(java)))
    lock = json.loads(read(PACKAGE_LOCK))
    rows.append((PACKAGE_LOCK, "version", lock.get("version"), npm_version(java)))
    rows.append((PACKAGE_LOCK, 'packages[""].version', lock.get("packages", {}).get("", {}).get("version"),
                 npm_version(java)))
    m = PYPROJECT_VERSION.search(read(PYPROJECT))
    rows.append((PYPROJECT, "version", m.group(2) if m else None, python_version(java)))
    m = PY_INIT_VERSION.search(read(PY_INIT))
    rows.append((PY_INIT, "__version__", m.group(2) if m else None, python_version(java)))
    for page in DOC_PAGES:
        text = read(page)
        for pattern in DOC_VERSIONS:
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                rows.append((f"{page}:{line}", "typedjson version", m.group(2), java))
        for m in ANY_SNAPSHOT.finditer(text):
            if m.group(0) not in (java, npm_version(java), python_version(java)):
                line = text.count("\n", 0, m.start()) + 1
                rows.append((f"{page}:{line}", "a development version", m.group(0), java))
        for m in STATUS_BLOCK.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            expected = status_text(m.group(2), java) if m.group(2) in STATUS else "(a key of versions.STATUS)"
            rows.append((f"{page}:{line}", f"the status text {m.group(2)}", m.group(3), expected))
    for key, page in STATUS_PAGES.items():
        if f"<!-- status:{key} -->" not in read(page):
            rows.append((page, f"the status text {key}", None, f"<!-- status:{key} -->...<!-- /status -->"))
    return java, rows


def check_names():
    """The names in package.json, package-lock.json and pyproject.toml are the documented ones (RELEASING.md), and
    no page tells users to install a name that is not ours."""
    problems = []
    package = json.loads(read(PACKAGE_JSON))
    lock = json.loads(read(PACKAGE_LOCK))
    for where, found in ((PACKAGE_JSON + ": name", package.get("name")),
                         (PACKAGE_LOCK + ": name", lock.get("name")),
                         (PACKAGE_LOCK + ': packages[""].name', lock.get("packages", {}).get("", {}).get("name"))):
        if found != NPM_PACKAGE:
            problems.append(f"{where} is {found!r}, expected {NPM_PACKAGE!r} (RELEASING.md, Names)")
    m = re.search(r'(?m)^name\s*=\s*"([^"]*)"', read(PYPROJECT))
    if not m or m.group(1) != PYTHON_DISTRIBUTION:
        problems.append(f"{PYPROJECT}: name is {m and m.group(1)!r}, expected {PYTHON_DISTRIBUTION!r} (RELEASING.md, Names)")
    releasing = read("RELEASING.md")
    for what, name in (("npm package", NPM_PACKAGE), ("Python distribution", PYTHON_DISTRIBUTION)):
        if f"`{name}`" not in releasing:
            problems.append(f"RELEASING.md: does not name the {what} `{name}`")
    for page in DOC_PAGES:
        text = read(page)
        for pattern in WRONG_NAMES:
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"{page}:{line}: '{m.group(0)}' is not a name typedjson publishes under")
    return problems


def check_changelog(java):
    """Keep a Changelog 1.1.0: an [Unreleased] section first, then released versions newest first, each
    '## [X.Y.Z] - YYYY-MM-DD', and a link definition for every heading. A release version has its own section."""
    problems = []
    text = read("CHANGELOG.md")
    headings = re.findall(r"(?m)^## (.*)$", text)
    if not text.startswith("# Changelog\n"):
        problems.append("CHANGELOG.md: starts with '# Changelog'")
    if not headings or headings[0] != "[Unreleased]":
        problems.append(f"CHANGELOG.md: the first section is '## [Unreleased]', found {headings[:1]}")
    released = []
    for h in headings[1:]:
        m = re.fullmatch(r"\[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})", h)
        if not m:
            problems.append(f"CHANGELOG.md: '## {h}' is not '## [X.Y.Z] - YYYY-MM-DD'")
            continue
        released.append(m.group(1))
    keys = [tuple(int(p) for p in v.split(".")) for v in released]
    if keys != sorted(keys, reverse=True) or len(set(keys)) != len(keys):
        problems.append(f"CHANGELOG.md: released sections not newest first and once each: {released}")
    for name in ["Unreleased"] + released:
        if not re.search(rf"(?m)^\[{re.escape(name)}\]: https://\S+$", text):
            problems.append(f"CHANGELOG.md: no link definition '[{name}]: https://...' at the end")
    for h in re.findall(r"(?m)^### (.*)$", text):
        if h not in ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"):
            problems.append(f"CHANGELOG.md: '### {h}' is not one of Keep a Changelog's kinds of change")
    if not java.endswith("-SNAPSHOT") and java not in released:
        problems.append(f"CHANGELOG.md: no section '## [{java}] - <date>' for the release version {java}")
    section = re.search(rf"(?ms)^## \[{re.escape(java)}\] - [^\n]*\n(.*?)(?=^## |^\[)", text)
    if section and re.search(r"(?i)not (?:yet )?published|published yet", section.group(1)):
        problems.append(f"CHANGELOG.md: the release notes of {java} say it is not published")
    return problems


def check():
    java, rows = current()
    problems = [f"{f}: {what} is {found!r}, expected {expected!r}" for f, what, found, expected in rows
                if found != expected]
    if not JAVA_VERSION.match(java):
        problems.append(f"pom.xml: version {java!r} is not X.Y.Z or X.Y.Z-SNAPSHOT")
    problems += check_changelog(java)
    problems += check_names()
    if problems:
        print("versions: these disagree with the Java version " + java + " (set all with release/set-version):",
              file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        return 1
    return 0


def release_changelog(version, date):
    """Moves what is under [Unreleased] into a new section for the release, and adds its link."""
    text = read("CHANGELOG.md")
    if re.search(rf"(?m)^## \[{re.escape(version)}\]", text):
        return
    # what is said under [Unreleased] before its first '### ' (the coming version, "not published yet") describes the
    # development state: it is dropped, never moved into the release notes
    text = re.sub(r"(?ms)^## \[Unreleased\][^\n]*\n.*?(?=^### |^## |^\[)", f"## [Unreleased]\n\n## [{version}] - {date}\n\n",
                  text, count=1)
    links = re.search(r"(?m)^\[Unreleased\]: .*$", text)
    previous = re.findall(r"(?m)^## \[(\d+\.\d+\.\d+)\] - ", text)[1:2]
    since = f"{REPO_URL}/compare/v{previous[0]}...v{version}" if previous else f"{REPO_URL}/releases/tag/v{version}"
    block = f"[Unreleased]: {REPO_URL}/compare/v{version}...HEAD\n[{version}]: {since}"
    text = text[: links.start()] + block + text[links.end():] if links else text.rstrip("\n") + "\n\n" + block + "\n"
    write("CHANGELOG.md", text)


def set_version(version, timestamp=None):
    if not JAVA_VERSION.match(version):
        sys.exit(f"set-version: {version!r} is not X.Y.Z or X.Y.Z-SNAPSHOT")
    old, _ = current()
    root = sub_one(ROOT_VERSION, read("pom.xml"), version, "pom.xml")
    release = not version.endswith("-SNAPSHOT")
    if release or timestamp:
        # the time in every archive of this release (reproducible builds): now, unless given
        stamp = timestamp or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        root = sub_one(TIMESTAMP, root, stamp, "pom.xml")
    write("pom.xml", root)
    for pom in MODULE_POMS:
        write(pom, sub_one(PARENT_VERSION, read(pom), version, pom))
    for path in (PACKAGE_JSON, PACKAGE_LOCK):
        text = read(path)
        data = json.loads(text)
        data["version"] = npm_version(version)
        if path == PACKAGE_LOCK:
            data["packages"][""]["version"] = npm_version(version)
        # npm's own layout: two spaces, a newline at the end
        write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    write(PYPROJECT, sub_one(PYPROJECT_VERSION, read(PYPROJECT), python_version(version), PYPROJECT))
    write(PY_INIT, sub_one(PY_INIT_VERSION, read(PY_INIT), python_version(version), PY_INIT))
    for page in DOC_PAGES:
        text = read(page)
        for pattern in DOC_VERSIONS:
            text = pattern.sub(lambda m: m.group(1) + version + m.group(3), text)
        write(page, set_status(text, version))
    if release:
        release_changelog(version, (timestamp or datetime.date.today().isoformat())[:10])
    print(f"version {old} -> {version} (npm {npm_version(version)}, Python {python_version(version)})")


def main(argv):
    if len(argv) >= 2 and argv[1] == "check":
        return check()
    if len(argv) >= 3 and argv[1] == "set":
        timestamp = None
        for a in argv[3:]:
            if a.startswith("--timestamp="):
                timestamp = a.split("=", 1)[1]
            else:
                sys.exit(f"set-version: unknown option {a}")
        set_version(argv[2], timestamp)
        return check()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
