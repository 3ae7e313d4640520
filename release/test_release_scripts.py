"""Tests of the release scripts: each thing the bundle check must refuse is refused, with its reason; the version
spellings and the CHANGELOG's release step. Run by release/check-release (python3 -m unittest in release/)."""
import hashlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import unittest
import zipfile

import central_bundle
import python_wheel
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


def plugin_archive(root="typedjson-connect-converter-1.2.3", manifest=None, lib=None, third_party=THIRD_PARTY):
    entries = {f"{root}/manifest.json": json.dumps(manifest or MANIFEST), f"{root}/doc/LICENSE": "Apache",
               f"{root}/doc/licenses/THIRD-PARTY.txt": third_party,
               f"{root}/doc/licenses/jackson-core/LICENSE": "Apache"}
    for jar in lib or ["typedjson-connect-converter-1.2.3.jar", "jackson-core-2.23.0.jar"]:
        entries[f"{root}/lib/{jar}"] = "jar"
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
        self.with_changelog("# Changelog\n\n## [Unreleased]\n\n### Added\n\n- x\n\n"
                            "[Unreleased]: https://github.com/typedjson/typedjson/commits/main\n")
        versions.release_changelog("0.1.0", "2026-12-05")
        text = versions.read("CHANGELOG.md")
        self.assertIn("## [Unreleased]\n\n## [0.1.0] - 2026-12-05\n\n### Added\n\n- x", text)
        self.assertIn("[Unreleased]: https://github.com/typedjson/typedjson/compare/v0.1.0...HEAD\n"
                      "[0.1.0]: https://github.com/typedjson/typedjson/releases/tag/v0.1.0", text)
        self.assertEqual([], versions.check_changelog("0.1.0"))
        versions.release_changelog("0.2.0", "2027-01-02")
        self.assertIn("[0.2.0]: https://github.com/typedjson/typedjson/compare/v0.1.0...v0.2.0",
                      versions.read("CHANGELOG.md"))
        self.assertEqual([], versions.check_changelog("0.2.0"))

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
        first = python_wheel.build(os.path.join(out, "a"))
        second = python_wheel.build(os.path.join(out, "b"))
        with open(first, "rb") as a, open(second, "rb") as b:
            self.assertEqual(a.read(), b.read(), "two builds of the wheel differ")
        version = versions.python_version(versions.ROOT_VERSION.search(versions.read("pom.xml")).group(2))
        self.assertEqual(f"typedjson-{version}-py3-none-any.whl", os.path.basename(first))
        info = f"typedjson-{version}.dist-info"
        with zipfile.ZipFile(first) as z:
            names = z.namelist()
            self.assertIn("typedjson/__init__.py", names)
            self.assertIn("typedjson/__main__.py", names)
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
            for line in ("Metadata-Version: 2.1", "Name: typedjson", f"Version: {version}", "Requires-Python: >=3.11",
                         'Requires-Dist: confluent-kafka; extra == "kafka"', "License: Apache-2.0"):
                self.assertIn(line + "\n", meta)
            self.assertNotIn("](../", meta, "README's relative links are made absolute for PyPI")
            self.assertIn("Root-Is-Purelib: true\nTag: py3-none-any\n", z.read(f"{info}/WHEEL").decode())
            self.assertEqual("[console_scripts]\ntypedjson = typedjson.__main__:main\n",
                             z.read(f"{info}/entry_points.txt").decode())


if __name__ == "__main__":
    unittest.main()
