"""Tests of the release scripts: each thing the bundle check must refuse is refused, with its reason; the version
spellings and the CHANGELOG's release step. Run by release/check-release (python3 -m unittest in release/)."""
import hashlib
import io
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
import time
import unittest
import unittest.mock
import zipfile

import central_bundle
import packages
import python_wheel
import sbom_embedded
import versions

GROUP = "io/typedjson"
PARENT = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" child.project.url.inherit.append.path="false">
  <modelVersion>4.0.0</modelVersion>
  <groupId>io.typedjson</groupId>
  <artifactId>typedjson-parent</artifactId>
  <version>1.2.3</version>
  <packaging>pom</packaging>
  <name>parent</name>
  <description>the parent</description>
  <url>https://example.org/typedjson</url>
  <licenses><license><name>Apache-2.0</name><url>https://www.apache.org/licenses/LICENSE-2.0.txt</url></license></licenses>
  <developers><developer><name>The typedjson developers</name></developer></developers>
  <properties><asm.version>9.9.1</asm.version></properties>
  <scm child.scm.connection.inherit.append.path="false" child.scm.developerConnection.inherit.append.path="false"
       child.scm.url.inherit.append.path="false">
    <url>https://example.org/typedjson</url><connection>scm:git:https://example.org/typedjson.git</connection>
  </scm>
</project>
"""
CHILD = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent><groupId>io.typedjson</groupId><artifactId>typedjson-parent</artifactId><version>1.2.3</version></parent>
  <artifactId>typedjson-connect-converter</artifactId>
  <name>converter</name>
  <description>the converter</description>
</project>
"""
MANIFEST = {
    "name": "connect-converter", "version": "1.2.3", "title": "t", "description": "d",
    "owner": {"username": "typedjson", "name": "n"}, "component_types": ["converter"],
    "license": [{"name": "Apache License 2.0", "url": "https://www.apache.org/licenses/LICENSE-2.0.txt"}],
    "documentation_url": "https://example.org/docs", "support": {"summary": "s"},
}
THIRD_PARTY = ("Lists of 1 third-party dependencies.\n     (The Apache Software License, Version 2.0) Jackson-core "
               "(com.fasterxml.jackson.core:jackson-core:2.23.0 - https://github.com/FasterXML/jackson-core)\n")


def zip_of(entries):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return out.getvalue()


def plugin_archive(root="typedjson-connect-converter-1.2.3", manifest=None, lib=None, third_party=THIRD_PARTY,
                   extra=None):
    entries = {f"{root}/manifest.json": json.dumps(manifest or MANIFEST), f"{root}/doc/LICENSE": "Apache",
               f"{root}/doc/licenses/THIRD-PARTY.txt": third_party,
               f"{root}/doc/licenses/jackson-core/LICENSE": "Apache"}
    for jar in lib or ["typedjson-connect-converter-1.2.3.jar", "jackson-core-2.23.0.jar"]:
        entries[f"{root}/lib/{jar}"] = zip_of({"io/A.class": "x"})
    entries.update(extra or {})
    return zip_of(entries)


def component_files(artifact, pom):
    prefix = f"{GROUP}/{artifact}/1.2.3/{artifact}-1.2.3"
    files = {f"{prefix}.pom": pom.encode()}
    if "<packaging>pom</packaging>" not in pom:
        files[f"{prefix}.jar"] = zip_of({"META-INF/MANIFEST.MF": "Manifest-Version: 1.0\n", "io/A.class": "x"})
        files[f"{prefix}-sources.jar"] = zip_of({"io/A.java": "class A {}"})
        files[f"{prefix}-javadoc.jar"] = zip_of({"index.html": "<html/>"})
        files[f"{prefix}-cyclonedx.json"] = json.dumps({"metadata": {"component": {
            "purl": f"pkg:maven/io.typedjson/{artifact}@1.2.3?type=jar"}}}).encode()
    return files


class BundleCheckTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.home = tempfile.mkdtemp(prefix="typedjson-test-gpg-")
        cls.env = dict(os.environ, GNUPGHOME=cls.home)
        for uid in ("signer <signer@typedjson.invalid>", "stranger <stranger@typedjson.invalid>"):
            subprocess.run(["gpg", "--batch", "--quiet", "--passphrase", "", "--quick-gen-key", uid, "ed25519",
                            "sign", "1d"], env=cls.env, check=True, capture_output=True)
        cls.key = os.path.join(cls.home, "signer.asc")
        with open(cls.key, "wb") as f:
            f.write(subprocess.run(["gpg", "--batch", "--armor", "--export", "signer@typedjson.invalid"],
                                   env=cls.env, check=True, capture_output=True).stdout)

    @classmethod
    def tearDownClass(cls):
        subprocess.run(["gpgconf", "--kill", "all"], env=cls.env, capture_output=True)
        shutil.rmtree(cls.home, ignore_errors=True)

    def sign(self, data, who="signer@typedjson.invalid"):
        return subprocess.run(["gpg", "--batch", "--armor", "--detach-sign", "--local-user", who, "--output", "-"],
                              input=data, env=self.env, check=True, capture_output=True).stdout

    def bundle(self, parent=PARENT, child=CHILD, plugin=None, change=None):
        files = {}
        files.update(component_files("typedjson-parent", parent))
        files.update(component_files("typedjson-connect-converter", child))
        files[f"{GROUP}/typedjson-connect-converter/1.2.3/typedjson-connect-converter-1.2.3-plugin.zip"] = \
            plugin if plugin is not None else plugin_archive()
        for name, data in list(files.items()):
            files[name + ".asc"] = self.sign(data)
            files[name + ".md5"] = hashlib.md5(data).hexdigest().encode()
            files[name + ".sha1"] = hashlib.sha1(data).hexdigest().encode()
        if change:
            change(files)
        path = os.path.join(self.home, "bundle.zip")
        with open(path, "wb") as f:
            f.write(zip_of(files))
        problems, *_ = central_bundle.check_bundle(path, self.key, ["typedjson-parent", "typedjson-connect-converter"],
                                                   "1.2.3")
        return problems

    def refused(self, fragment, **kwargs):
        problems = self.bundle(**kwargs)
        self.assertTrue(any(fragment in p for p in problems), f"no problem mentions {fragment!r}: {problems}")

    def test_a_complete_bundle_passes(self):
        self.assertEqual([], self.bundle())

    def test_a_missing_signature(self):
        jar = f"{GROUP}/typedjson-connect-converter/1.2.3/typedjson-connect-converter-1.2.3.jar"
        self.refused("no typedjson-connect-converter-1.2.3.jar.asc", change=lambda f: f.pop(jar + ".asc"))

    def test_a_signature_by_another_key(self):
        pom = f"{GROUP}/typedjson-parent/1.2.3/typedjson-parent-1.2.3.pom"
        self.refused("not a good signature",
                     change=lambda f: f.update({pom + ".asc": self.sign(f[pom], "stranger@typedjson.invalid")}))

    def test_a_signature_of_other_bytes(self):
        pom = f"{GROUP}/typedjson-parent/1.2.3/typedjson-parent-1.2.3.pom"
        self.refused("not a good signature", change=lambda f: f.update({pom + ".asc": self.sign(b"other")}))

    def test_a_wrong_checksum(self):
        jar = f"{GROUP}/typedjson-connect-converter/1.2.3/typedjson-connect-converter-1.2.3.jar"
        self.refused(".jar.sha1: ", change=lambda f: f.update({jar + ".sha1": b"0" * 40}))

    def test_a_missing_md5(self):
        pom = f"{GROUP}/typedjson-parent/1.2.3/typedjson-parent-1.2.3.pom"
        self.refused("no typedjson-parent-1.2.3.pom.md5", change=lambda f: f.pop(pom + ".md5"))

    def test_no_javadoc(self):
        javadoc = f"{GROUP}/typedjson-connect-converter/1.2.3/typedjson-connect-converter-1.2.3-javadoc.jar"
        self.refused("no typedjson-connect-converter-1.2.3-javadoc.jar",
                     change=lambda f: [f.pop(javadoc + e) for e in ("", ".asc", ".md5", ".sha1")])

    def test_sources_without_sources(self):
        def empty_sources(f):
            name = f"{GROUP}/typedjson-connect-converter/1.2.3/typedjson-connect-converter-1.2.3-sources.jar"
            f[name] = zip_of({"META-INF/MANIFEST.MF": "x"})
            f[name + ".asc"] = self.sign(f[name])
            f[name + ".md5"] = hashlib.md5(f[name]).hexdigest().encode()
            f[name + ".sha1"] = hashlib.sha1(f[name]).hexdigest().encode()
        self.refused("no .java source", change=empty_sources)

    def test_a_module_without_its_own_name(self):
        self.refused("no <name>", child=CHILD.replace("<name>converter</name>", ""))

    def test_an_address_inherited_with_the_artifact_appended(self):
        self.refused("inherits <url> https://example.org/typedjson/typedjson-connect-converter",
                     parent=PARENT.replace(' child.project.url.inherit.append.path="false"', ""))

    def test_no_licenses(self):
        self.refused("no <licenses>", parent=PARENT.replace(PARENT[PARENT.index("<licenses>"):
                                                                   PARENT.index("</licenses>") + 11], ""))

    def test_a_snapshot(self):
        self.refused("names the version 1.2.3-SNAPSHOT", child=CHILD.replace(
            "<description>", "<dependencies><dependency><groupId>x</groupId><artifactId>y</artifactId>"
                             "<version>1.2.3-SNAPSHOT</version></dependency></dependencies><description>"))

    def test_a_dependency_left_out(self):
        self.refused("typedjson-serde:1.2.3 (compile), which is not in the bundle", child=CHILD.replace(
            "<description>", "<dependencies><dependency><groupId>io.typedjson</groupId>"
                             "<artifactId>typedjson-serde</artifactId></dependency></dependencies><description>"))

    def replaced(self, artifact, kind, entries):
        """A change: the artifact's file of this kind (".jar", "-sources.jar", ...) made of these entries."""
        def change(f):
            name = f"{GROUP}/{artifact}/1.2.3/{artifact}-1.2.3{kind}"
            f[name] = zip_of(entries)
            f[name + ".asc"] = self.sign(f[name])
            f[name + ".md5"] = hashlib.md5(f[name]).hexdigest().encode()
            f[name + ".sha1"] = hashlib.sha1(f[name]).hexdigest().encode()
        return change

    JAR = {"META-INF/MANIFEST.MF": "Manifest-Version: 1.0\n", "io/A.class": "x"}

    def test_asm_not_relocated(self):
        self.refused("ASM not relocated (org/objectweb/ entries)", change=self.replaced(
            "typedjson-connect-converter", ".jar", dict(self.JAR, **{"org/objectweb/asm/ClassWriter.class": "x"})))

    def test_asm_without_its_license_or_with_another_version(self):
        asm = dict(self.JAR, **{"io/typedjson/internal/asm/ClassWriter.class": "x"})
        self.refused("holds ASM without its license", change=self.replaced("typedjson-connect-converter", ".jar", asm))
        self.refused("does not name ASM 9.9.1", change=self.replaced(
            "typedjson-connect-converter", ".jar", dict(asm, **{"META-INF/licenses/asm.txt": "ASM 9.8 (org.ow2.asm)"})))
        problems = self.bundle(change=self.replaced(
            "typedjson-connect-converter", ".jar", dict(asm, **{"META-INF/licenses/asm.txt": "ASM 9.9.1 (org.ow2)"})))
        self.assertEqual([], [p for p in problems if "license" in p or "relocated" in p])

    def test_an_sbom_that_calls_embedded_asm_optional(self):
        asm = dict(self.JAR, **{"io/typedjson/internal/asm/ClassWriter.class": "x",
                                "META-INF/licenses/asm.txt": "ASM 9.9.1 (org.ow2)"})
        bom = {"metadata": {"component": {"purl": "pkg:maven/io.typedjson/typedjson-connect-converter@1.2.3?type=jar"}},
               "components": [{"type": "library", "bom-ref": "pkg:maven/org.ow2.asm/asm@9.9.1?type=jar",
                               "group": "org.ow2.asm", "name": "asm", "version": "9.9.1", "scope": "optional"}]}
        def change(marked):
            def apply(f):
                self.replaced("typedjson-connect-converter", ".jar", asm)(f)
                name = f"{GROUP}/typedjson-connect-converter/1.2.3/typedjson-connect-converter-1.2.3-cyclonedx.json"
                data = json.loads(json.dumps(bom))
                if marked:
                    sbom_embedded.mark(data, "org.ow2.asm:asm", "io.typedjson.internal.asm")
                f[name] = json.dumps(data).encode()
                f[name + ".asc"] = self.sign(f[name])
                f[name + ".md5"] = hashlib.md5(f[name]).hexdigest().encode()
                f[name + ".sha1"] = hashlib.sha1(f[name]).hexdigest().encode()
            return apply
        self.refused("the jar holds ASM, which the SBOM does not list as embedded (scope ['optional'])",
                     change=change(False))
        self.assertEqual([], self.bundle(change=change(True)))

    def test_a_module_whose_javadoc_documents_what_it_does_not_export(self):
        sources = {"module-info.java": "module m { exports io.a; // exports io.c;\n exports io.b to other; }",
                   "io/a/A.java": "x"}
        javadoc = {"index.html": "x", "m/io/a/package-summary.html": "x", "m/io/b/package-summary.html": "x"}
        def change(f):
            self.replaced("typedjson-connect-converter", "-sources.jar", sources)(f)
            self.replaced("typedjson-connect-converter", "-javadoc.jar", javadoc)(f)
        problems = self.bundle(change=change)
        self.assertIn("documents io.b, which the module does not export to everyone", " ".join(problems))
        self.assertNotIn("documents io.a", " ".join(problems))
        self.assertIn("no module-info.class (its sources have module-info.java)", " ".join(problems))

    def test_a_parent_pom_with_a_path_of_the_machine_or_an_unpublished_artifact(self):
        self.refused("names a path of the build machine: /usr/lib/jvm/temurin-25-jdk-amd64", parent=PARENT.replace(
            "<asm.version>", "<newest.jdk>/usr/lib/jvm/temurin-25-jdk-amd64</newest.jdk><asm.version>"))
        self.refused("manages io.typedjson:typedjson-serde:test-jar, which is not published", parent=PARENT.replace(
            "<scm ", "<dependencyManagement><dependencies><dependency><groupId>io.typedjson</groupId>"
                     "<artifactId>typedjson-serde</artifactId><version>1.2.3</version><type>test-jar</type>"
                     "</dependency></dependencies></dependencyManagement><scm "))

    def test_a_plugin_jar_holding_asm_without_its_license(self):
        lib = ["typedjson-connect-converter-1.2.3.jar", "jackson-core-2.23.0.jar", "typedjson-serde-1.2.3.jar"]
        serde = zip_of({"io/typedjson/internal/asm/ClassWriter.class": "x"})
        third_party = THIRD_PARTY + "     (Apache-2.0) typedjson serde (io.typedjson:typedjson-serde:1.2.3 - https://t)\n"
        def archive(**kw):
            data = io.BytesIO()
            with zipfile.ZipFile(io.BytesIO(plugin_archive(lib=lib, **kw))) as src, zipfile.ZipFile(data, "w") as z:
                for n in src.namelist():
                    z.writestr(n, serde if n.endswith("/lib/typedjson-serde-1.2.3.jar") else src.read(n))
            return data.getvalue()
        problems = " ".join(self.bundle(plugin=archive(third_party=third_party)))
        self.assertIn("holds ASM, which doc/licenses/THIRD-PARTY.txt does not name", problems)
        self.assertIn("holds ASM, whose license is not under doc/licenses/asm/", problems)
        self.assertEqual([], self.bundle(plugin=archive(
            third_party=third_party + "     (BSD-3-Clause) ASM (org.ow2.asm:asm:9.9.1 - https://asm.ow2.io/)\n",
            extra={"typedjson-connect-converter-1.2.3/doc/licenses/asm/LICENSE": "BSD"})))

    def test_a_plugin_jar_without_a_license(self):
        self.refused("lib/extra-1.0.jar is not in doc/licenses/THIRD-PARTY.txt", plugin=plugin_archive(
            lib=["typedjson-connect-converter-1.2.3.jar", "jackson-core-2.23.0.jar", "extra-1.0.jar"]))

    def test_a_plugin_archive_outside_the_hub_layout(self):
        self.refused("expected <owner>-<name>-<version>", plugin=plugin_archive(root="connect-converter"))

    def test_a_plugin_component_type_the_hub_does_not_know(self):
        self.refused("component_types", plugin=plugin_archive(manifest=dict(MANIFEST,
                                                                            component_types=["header-converter"])))

    def test_kafka_in_the_plugin(self):
        self.refused("Kafka's own", plugin=plugin_archive(
            lib=["typedjson-connect-converter-1.2.3.jar", "jackson-core-2.23.0.jar", "kafka-clients-4.4.0.jar"],
            third_party=THIRD_PARTY + "     (Apache-2.0) kafka (org.apache.kafka:kafka-clients:4.4.0 - https://k)\n"))


class VersionsTest(unittest.TestCase):
    def test_spellings(self):
        self.assertEqual(("0.1.0-dev", "0.1.0.dev0"), (versions.npm_version("0.1.0-SNAPSHOT"),
                                                       versions.python_version("0.1.0-SNAPSHOT")))
        self.assertEqual(("0.1.0", "0.1.0"), (versions.npm_version("0.1.0"), versions.python_version("0.1.0")))

    def with_changelog(self, text):
        root = tempfile.mkdtemp(prefix="typedjson-test-versions-")
        self.addCleanup(shutil.rmtree, root)
        with open(os.path.join(root, "CHANGELOG.md"), "w") as f:
            f.write(text)
        saved = versions.ROOT
        versions.ROOT = root
        self.addCleanup(setattr, versions, "ROOT", saved)

    def test_a_release_moves_unreleased_into_its_section(self):
        self.with_changelog("# Changelog\n\n## [Unreleased]\n\nThe coming 0.1.0 (`0.1.0-SNAPSHOT`), not published yet.\n\n"
                            "### Added\n\n- x\n\n"
                            "[Unreleased]: https://github.com/typedjson/typedjson/commits/main\n")
        versions.release_changelog("0.1.0", "2026-12-05")
        text = versions.read("CHANGELOG.md")
        self.assertIn("## [Unreleased]\n\n## [0.1.0] - 2026-12-05\n\n### Added\n\n- x", text)
        self.assertNotIn("not published", text)
        self.assertIn("[Unreleased]: https://github.com/typedjson/typedjson/compare/v0.1.0...HEAD\n"
                      "[0.1.0]: https://github.com/typedjson/typedjson/releases/tag/v0.1.0", text)
        self.assertEqual([], versions.check_changelog("0.1.0"))
        versions.release_changelog("0.2.0", "2027-01-02")
        self.assertIn("[0.2.0]: https://github.com/typedjson/typedjson/compare/v0.1.0...v0.2.0",
                      versions.read("CHANGELOG.md"))
        self.assertEqual([], versions.check_changelog("0.2.0"))

    def test_release_notes_that_say_not_published(self):
        self.with_changelog("# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-12-05\n\nNot published yet.\n\n"
                            "### Added\n\n- x\n\n[Unreleased]: https://a/b\n[0.1.0]: https://a/c\n")
        self.assertEqual(["CHANGELOG.md: the release notes of 0.1.0 say it is not published"],
                         versions.check_changelog("0.1.0"))

    def test_changelog_form(self):
        self.with_changelog("# Changelog\n\n## [Unreleased] — 0.1.0-SNAPSHOT\n\n### Improved\n\n- x\n")
        problems = " ".join(versions.check_changelog("0.1.0"))
        for fragment in ("first section is '## [Unreleased]'", "'### Improved'", "no link definition",
                         "no section '## [0.1.0] - <date>'"):
            self.assertIn(fragment, problems)


class PythonWheelTest(unittest.TestCase):
    def test_the_wheel_is_what_pep_427_describes_and_the_same_each_time(self):
        out = tempfile.mkdtemp(prefix="typedjson-test-wheel-")
        self.addCleanup(shutil.rmtree, out)
        epoch = 1767225600  # 2026-01-01T00:00:00Z
        os.environ["SOURCE_DATE_EPOCH"] = str(epoch)
        self.addCleanup(os.environ.pop, "SOURCE_DATE_EPOCH")
        first = python_wheel.build(os.path.join(out, "a"))
        # the second build under a clock two hours ahead: a date taken from the clock would differ
        with unittest.mock.patch("time.time", lambda: epoch + 7200.5), \
                unittest.mock.patch("time.localtime", lambda *a: time.gmtime(epoch + 7200)):
            second = python_wheel.build(os.path.join(out, "b"))
        with open(first, "rb") as a, open(second, "rb") as b:
            self.assertEqual(a.read(), b.read(), "two builds of the wheel differ")
        version = versions.python_version(versions.ROOT_VERSION.search(versions.read("pom.xml")).group(2))
        self.assertEqual(f"typedjson_kafka-{version}-py3-none-any.whl", os.path.basename(first))
        info = f"typedjson_kafka-{version}.dist-info"
        with zipfile.ZipFile(first) as z:
            names = z.namelist()
            for entry in z.infolist():
                self.assertEqual(time.gmtime(epoch)[:6], entry.date_time, entry.filename)
            self.assertIn("typedjson/__init__.py", names)
            self.assertIn("typedjson/__main__.py", names)
            self.assertIn(f"{info}/LICENSE", names)
            self.assertEqual(f"{info}/RECORD", names[-1])
            record = [line.split(",") for line in z.read(f"{info}/RECORD").decode().splitlines()]
            self.assertEqual(sorted(names), sorted(r[0] for r in record))
            for path, digest, size in record:
                if path.endswith("RECORD"):
                    self.assertEqual(("", ""), (digest, size))
                    continue
                data = z.read(path)
                self.assertEqual((python_wheel.record_hash(data), str(len(data))), (digest, size), path)
            meta = z.read(f"{info}/METADATA").decode()
            self.assertMetadata(meta, version)
            self.assertIn("Root-Is-Purelib: true\nTag: py3-none-any\n", z.read(f"{info}/WHEEL").decode())
            self.assertEqual("[console_scripts]\ntypedjson = typedjson.__main__:main\n",
                             z.read(f"{info}/entry_points.txt").decode())

    def assertMetadata(self, meta, version):
        for line in ("Metadata-Version: 2.1", f"Name: {versions.PYTHON_DISTRIBUTION}", f"Version: {version}",
                     "Requires-Python: >=3.11", 'Requires-Dist: confluent-kafka; extra == "kafka"',
                     "License: Apache-2.0", "Classifier: License :: OSI Approved :: Apache Software License",
                     "Project-URL: Source, https://github.com/typedjson/typedjson/tree/main/clients/python"):
            self.assertIn(line + "\n", meta)
        self.assertNotIn("](../", meta, "README's relative links are made absolute for PyPI")

    def test_the_sdist_holds_the_license_and_the_metadata_and_is_the_same_each_time(self):
        out = tempfile.mkdtemp(prefix="typedjson-test-sdist-")
        self.addCleanup(shutil.rmtree, out)
        epoch = 1767225600
        os.environ["SOURCE_DATE_EPOCH"] = str(epoch)
        self.addCleanup(os.environ.pop, "SOURCE_DATE_EPOCH")
        first = python_wheel.build_sdist(os.path.join(out, "a"))
        with unittest.mock.patch("time.time", lambda: epoch + 7200.5):
            second = python_wheel.build_sdist(os.path.join(out, "b"))
        with open(first, "rb") as a, open(second, "rb") as b:
            self.assertEqual(a.read(), b.read(), "two builds of the sdist differ")
        version = versions.python_version(versions.ROOT_VERSION.search(versions.read("pom.xml")).group(2))
        base = f"typedjson_kafka-{version}"
        self.assertEqual(f"{base}.tar.gz", os.path.basename(first))
        with tarfile.open(first) as t:
            names = t.getnames()
            for m in t.getmembers():
                self.assertEqual(epoch, m.mtime, m.name)
            for name in ("PKG-INFO", "pyproject.toml", "README.md", "LICENSE", "typedjson/__init__.py"):
                self.assertIn(f"{base}/{name}", names)
            self.assertIn("Apache License", t.extractfile(f"{base}/LICENSE").read().decode())
            self.assertMetadata(t.extractfile(f"{base}/PKG-INFO").read().decode(), version)


class VersionsEverywhereTest(unittest.TestCase):
    """versions.py check on a copy of this checkout's files, with one thing put wrong at a time."""

    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="typedjson-test-everywhere-")
        self.addCleanup(shutil.rmtree, self.root)
        paths = (["pom.xml", "CHANGELOG.md", "RELEASING.md", versions.PACKAGE_JSON, versions.PACKAGE_LOCK,
                  versions.PYPROJECT, versions.PY_INIT] + versions.MODULE_POMS + versions.DOC_PAGES)
        for path in paths:
            os.makedirs(os.path.join(self.root, os.path.dirname(path)), exist_ok=True)
            shutil.copy(os.path.join(versions.ROOT, path), os.path.join(self.root, path))
        saved = versions.ROOT
        versions.ROOT = self.root
        self.addCleanup(setattr, versions, "ROOT", saved)

    def problems(self):
        err = io.StringIO()
        with unittest.mock.patch("sys.stderr", err):
            status = versions.check()
        return status, err.getvalue()

    def replace(self, path, old, new):
        text = versions.read(path)
        self.assertIn(old, text, path)
        versions.write(path, text.replace(old, new, 1))

    def test_this_checkout_agrees(self):
        self.assertEqual((0, ""), self.problems())

    def test_a_release_and_back_agree_and_say_what_is_published(self):
        with unittest.mock.patch("sys.stdout", io.StringIO()):
            versions.set_version("7.8.9", "2026-12-07T00:00:00Z")
        self.assertEqual((0, ""), self.problems())
        for page in versions.DOC_PAGES:
            self.assertNotRegex(versions.read(page), r"\d-SNAPSHOT", page)
            self.assertNotRegex(versions.read(page), r"(?i)not (published|on (Maven Central|PyPI|npm)) yet", page)
        self.assertIn("`pip install typedjson-kafka==7.8.9`", versions.read("clients/python/README.md"))
        self.assertIn("implementation 'io.typedjson:typedjson-serde:7.8.9'", versions.read("docs/generated-codecs.md"))
        self.assertIn("typedjson-serde-7.8.9.jar", versions.read("docs/console-formatter.md"))
        with unittest.mock.patch("sys.stdout", io.StringIO()):
            versions.set_version("7.9.0-SNAPSHOT")
        self.assertEqual((0, ""), self.problems())
        self.assertIn("not published", versions.read("README.md"))

    def test_a_stale_version_in_a_page(self):
        java = versions.current()[0]
        self.replace("README.md", f"typedjson-processor:{java}'", "typedjson-processor:0.0.1'")
        status, err = self.problems()
        self.assertEqual(1, status)
        self.assertRegex(err, r"README\.md:\d+: typedjson version is '0\.0\.1'")

    def test_a_snapshot_no_pattern_knows(self):
        self.replace("docs/operations.md", "\n", "\nbuilt from 0.0.9-SNAPSHOT\n")
        status, err = self.problems()
        self.assertEqual(1, status)
        self.assertIn("docs/operations.md:2: a development version is '0.0.9-SNAPSHOT'", err)

    def test_release_text_that_set_version_did_not_write(self):
        self.replace("docs/flink.md", "Not on Maven Central yet", "Not on Maven Central, ever")
        status, err = self.problems()
        self.assertEqual(1, status)
        self.assertIn("the status text flink is", err)

    def test_a_status_marker_removed(self):
        self.replace("SECURITY.md", "<!-- status:security -->", "")
        self.assertIn("SECURITY.md: the status text security is None", self.problems()[1])

    def test_names_that_are_not_ours(self):
        text = json.loads(versions.read(versions.PACKAGE_JSON))
        text["name"] = "@typedjson/typedjson"
        versions.write(versions.PACKAGE_JSON, json.dumps(text))
        self.replace(versions.PYPROJECT, 'name = "typedjson-kafka"', 'name = "typedjson"')
        self.replace("docs/event-types.md", "\n", "\nRun `pip install typedjson` first.\n")
        status, err = self.problems()
        self.assertEqual(1, status)
        self.assertIn("package.json: name is '@typedjson/typedjson', expected 'typedjson-kafka'", err)
        self.assertIn("pyproject.toml: name is 'typedjson', expected 'typedjson-kafka'", err)
        self.assertIn("docs/event-types.md:2: 'pip install typedjson' is not a name typedjson publishes under", err)


class CheckReleaseTest(unittest.TestCase):
    def test_it_compares_two_builds_of_its_own_never_this_checkouts_target(self):
        # an incremental build's target/ (the README's first command, then the test command) once failed it
        with open(os.path.join(versions.ROOT, "release", "check-release"), encoding="utf-8") as f:
            script = f.read()
        compares = [line for line in script.splitlines() if "cmp " in line]
        self.assertTrue(compares)
        for line in compares:
            self.assertNotIn("$root", line)
            self.assertIn("$work/again/", line)
        self.assertIn('versions.py set "$release_version"', script)
        self.assertIn('versions.py set "$next_version"', script)


class PackagesTest(unittest.TestCase):
    def setUp(self):
        self.out = tempfile.mkdtemp(prefix="typedjson-test-packages-")
        self.addCleanup(shutil.rmtree, self.out)

    def npm(self, names, name="typedjson-kafka", version="1.2.3"):
        os.makedirs(os.path.join(self.out, "npm"), exist_ok=True)
        with tarfile.open(os.path.join(self.out, "npm", f"typedjson-kafka-{version}.tgz"), "w:gz") as t:
            for n in names:
                data = json.dumps({"name": name, "version": version}).encode() if n == "package.json" else b"x"
                info = tarfile.TarInfo("package/" + n)
                info.size = len(data)
                t.addfile(info, io.BytesIO(data))
        return packages.npm_problems(os.path.join(self.out, "npm"), "1.2.3")

    GOOD_NPM = ["package.json", "LICENSE", "README.md", "dist/index.js", "dist/index.d.ts", "dist/index.mjs",
                "dist/index.d.mts", "dist/cli.js", "dist/reader.js"]

    def test_the_npm_package_holds_only_what_users_import(self):
        self.assertEqual([], self.npm(self.GOOD_NPM))
        problems = " ".join(self.npm(self.GOOD_NPM + ["dist/kafka-check.js", "dist/test/vectors.test.js"]))
        self.assertIn("package/dist/kafka-check.js is not for users", problems)
        self.assertIn("package/dist/test/vectors.test.js is not for users", problems)
        self.assertIn("package.json is @typedjson/typedjson@1.2.3", " ".join(self.npm(self.GOOD_NPM, "@typedjson/typedjson")))

    def test_the_python_release_has_a_wheel_and_an_sdist_with_license_and_metadata(self):
        python_wheel.build(self.out)
        python_wheel.build_sdist(self.out)
        version = versions.current()[0]
        self.assertEqual([], packages.python_problems(self.out, version))
        wheel = [f for f in os.listdir(self.out) if f.endswith(".whl")][0]
        with zipfile.ZipFile(os.path.join(self.out, wheel)) as z:
            kept = [(i, z.read(i)) for i in z.infolist() if not i.filename.endswith("/LICENSE")]
        with zipfile.ZipFile(os.path.join(self.out, wheel), "w") as z:
            for i, data in kept:
                z.writestr(i, data)
        os.remove(os.path.join(self.out, wheel.replace("-py3-none-any.whl", ".tar.gz")))
        problems = " ".join(packages.python_problems(self.out, version))
        self.assertIn(".dist-info/LICENSE", problems)
        self.assertIn("no sdist", problems)


if __name__ == "__main__":
    unittest.main()
