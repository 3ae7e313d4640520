#!/usr/bin/env python3
"""Builds the wheel and the sdist of the Python package (clients/python) with the standard library alone.

    python3 release/python_wheel.py OUT_DIR          # prints the wheel's path
    python3 release/python_wheel.py --sdist OUT_DIR  # also the sdist (what is uploaded to PyPI): prints both paths

PyPI (and so setuptools' build dependencies, wheel among them) is out of reach where typedjson is built and
tested, so the wheel is written here as PEP 427 describes it, from the [project] table of clients/python's
pyproject.toml (PEP 621): the package's modules, and a .dist-info with METADATA (core metadata 2.1), WHEEL,
entry_points.txt (the `typedjson` command), LICENSE and RECORD (each file's sha256 and size). The package is pure
Python, so the tag is py3-none-any. The sdist (PEP 625: NAME-VERSION.tar.gz, with PKG-INFO, pyproject.toml,
README.md, LICENSE and the package's modules) builds the same wheel with setuptools. Entries are sorted and dated 1980-01-01 (or SOURCE_DATE_EPOCH): the same
sources give the same bytes. `pip install ./clients/python` (setuptools) builds the same package where PyPI is
reachable; clients/run-tests.sh installs this wheel into a fresh virtual environment and runs it.
"""
import base64
import hashlib
import os
import re
import gzip
import io
import sys
import tarfile
import time
import tomllib
import urllib.parse
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROJECT = os.path.join(ROOT, "clients", "python")


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def absolute_links(readme, base):
    """README's relative links made absolute: PyPI shows the text without the repository around it."""
    return re.sub(r"\]\((?!https?:|#|mailto:)([^)\s]+)\)",
                  lambda m: "](" + urllib.parse.urljoin(base, m.group(1)) + ")", readme)


def metadata(project, readme):
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
    ]
    license = project.get("license", {})
    if "text" in license:
        lines.append(f"License: {license['text']}")
    for label, url in project.get("urls", {}).items():
        lines.append(f"Project-URL: {label}, {url}")
    for classifier in project.get("classifiers", []):
        lines.append(f"Classifier: {classifier}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    for requirement in project.get("dependencies", []):
        lines.append(f"Requires-Dist: {requirement}")
    for extra, requirements in sorted(project.get("optional-dependencies", {}).items()):
        lines.append(f"Provides-Extra: {extra}")
        for requirement in requirements:
            lines.append(f'Requires-Dist: {requirement}; extra == "{extra}"')
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + readme


def source_date():
    """The date of every entry: SOURCE_DATE_EPOCH, or 1980-01-01 (the earliest a zip can hold)."""
    return max(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800)


def read_project(project_dir):
    """(project table, normalized name, the package's modules as (path, bytes), METADATA text)."""
    with open(os.path.join(project_dir, "pyproject.toml"), "rb") as f:
        pyproject = tomllib.load(f)
    project = pyproject["project"]
    name = re.sub(r"[-_.]+", "_", project["name"]).lower()
    packages = pyproject.get("tool", {}).get("setuptools", {}).get("packages", [name])
    modules = []
    for package in packages:
        directory = os.path.join(project_dir, *package.split("."))
        for file in sorted(os.listdir(directory)):
            if file.endswith(".py"):
                with open(os.path.join(directory, file), "rb") as f:
                    modules.append((f"{package.replace('.', '/')}/{file}", f.read()))
    with open(os.path.join(project_dir, project.get("readme", "README.md")), encoding="utf-8") as f:
        readme = f.read()
    source = project.get("urls", {}).get("Source")
    if source:
        readme = absolute_links(readme, source.replace("/tree/", "/blob/") + "/")
    return project, name, modules, metadata(project, readme)


def build_sdist(out_dir, project_dir=PROJECT, license_file=os.path.join(ROOT, "LICENSE")):
    project, name, modules, meta = read_project(project_dir)
    base = f"{name}-{project['version']}"
    files = [("PKG-INFO", meta.encode("utf-8"))]
    for path in ("pyproject.toml", project.get("readme", "README.md")):
        with open(os.path.join(project_dir, path), "rb") as f:
            files.append((path, f.read()))
    with open(license_file, "rb") as f:
        files.append(("LICENSE", f.read()))
    files += modules
    os.makedirs(out_dir, exist_ok=True)
    sdist = os.path.join(out_dir, f"{base}.tar.gz")
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as t:
        for path, data in sorted(files):
            info = tarfile.TarInfo(f"{base}/{path}")
            info.size, info.mtime, info.mode = len(data), source_date(), 0o644
            t.addfile(info, io.BytesIO(data))
    with open(sdist, "wb") as f, gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=source_date()) as g:
        g.write(raw.getvalue())
    return sdist


def build(out_dir, project_dir=PROJECT, license_file=os.path.join(ROOT, "LICENSE")):
    project, name, files, meta = read_project(project_dir)
    version = project["version"]
    dist_info = f"{name}-{version}.dist-info"
    files.append((f"{dist_info}/METADATA", meta.encode("utf-8")))
    files.append((f"{dist_info}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: typedjson release/python_wheel.py\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n").encode("ascii")))
    scripts = project.get("scripts", {})
    if scripts:
        entry_points = "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(scripts.items()))
        files.append((f"{dist_info}/entry_points.txt", entry_points.encode("utf-8")))
    with open(license_file, "rb") as f:
        files.append((f"{dist_info}/LICENSE", f.read()))
    record = "".join(f"{path},{record_hash(data)},{len(data)}\n" for path, data in files)
    record += f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode("utf-8")))

    date_time = time.gmtime(source_date())[:6]
    os.makedirs(out_dir, exist_ok=True)
    wheel = os.path.join(out_dir, f"{name}-{version}-py3-none-any.whl")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        # RECORD last, as PEP 427 recommends; the rest in the order written (modules, then .dist-info)
        for path, data in files:
            info = zipfile.ZipInfo(path, date_time=date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return wheel


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--sdist":
        print(build(sys.argv[2]))
        print(build_sdist(sys.argv[2]))
    elif len(sys.argv) == 2:
        print(build(sys.argv[1]))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
