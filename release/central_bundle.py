#!/usr/bin/env python3
"""The Maven Central bundle: made from a staging deploy, and checked as Central's portal validates an upload.

    python3 release/central_bundle.py zip STAGING_DIR OUT.zip
    python3 release/central_bundle.py check BUNDLE.zip --key PUBLIC_KEY.asc --expect a,b,c [--version V]

`zip` takes every component under the staging directory (a file repository that `mvn -P release deploy` wrote) in
the Maven repository layout, without what the portal does not take: maven-metadata files, the checksums of the
signatures, and the serde test jar (test helpers of this build, not published).

`check` fails, naming each problem, unless for every component (groupId/artifactId/version directory):
  - the POM is there, its coordinates are those of its directory, and no version in it is a SNAPSHOT;
  - a jar component has its jar (classes and a manifest), -sources.jar (.java files) and -javadoc.jar (index.html),
    and its CycloneDX SBOM names it;
  - every file has .asc, .md5 and .sha1 beside it (.sha256 and .sha512 are checked where present), the checksums
    match, and each .asc is a good signature by the given public key (gpg, in a keyring of its own);
  - the POM has name and description of its own, and url, licenses (name and url), developers and scm (url and
    connection) of its own or inherited from a parent POM that is in the bundle, with the addresses Maven gives them;
  - its io.typedjson dependencies outside test scope are in the bundle;
  - a Connect plugin archive (classifier plugin) is in Confluent Hub's layout with a manifest.json the Hub reads and
    a license for every jar in its lib/, ASM's too where a jar there holds it;
  - what the jars hold says what they are: a module's jar has its module-info.class and its javadoc documents only
    the packages the module exports to everyone; ASM inside a jar is relocated (no org/objectweb/ entry) and
    travels with its license (META-INF/licenses/asm.txt naming the version the parent POM's asm.version gives);
  - the parent POM names no path of the build machine and manages no io.typedjson artifact that is not published.
The component list must be exactly --expect. Standard library and gpg only.
"""
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile

NS = {"m": "http://maven.apache.org/POM/4.0.0"}
CHECKSUMS = {".md5": "md5", ".sha1": "sha1", ".sha256": "sha256", ".sha512": "sha512"}
REQUIRED_CHECKSUMS = (".md5", ".sha1")
# the serde test jar: the shared test helpers of this build (other modules' test scope), not published
UNPUBLISHED = re.compile(r".*-tests\.jar$")


def zip_bundle(staging, out):
    entries = []
    for dirpath, _, files in os.walk(staging):
        for name in files:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, staging).replace(os.sep, "/")
            base = re.sub(r"\.(asc|md5|sha1|sha256|sha512)$", "", name)
            if name.startswith("maven-metadata") or name.endswith((".asc.md5", ".asc.sha1", ".asc.sha256",
                                                                   ".asc.sha512")):
                continue
            if UNPUBLISHED.match(base):
                continue
            entries.append((rel, path))
    if not entries:
        sys.exit(f"bundle: nothing was deployed to {staging}")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for rel, path in sorted(entries):
            info = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(path, "rb") as f:
                z.writestr(info, f.read())
    print(f"bundle: {out} ({len(entries)} files)")


def text(element, path):
    found = element.find(path, NS) if element is not None else None
    return found.text.strip() if found is not None and found.text and found.text.strip() else None


class Pom:
    def __init__(self, name, data):
        self.name = name
        self.root = ET.fromstring(data)
        parent = self.root.find("m:parent", NS)
        self.parent = (text(parent, "m:groupId"), text(parent, "m:artifactId"), text(parent, "m:version")) \
            if parent is not None else None
        self.group = text(self.root, "m:groupId") or (self.parent[0] if self.parent else None)
        self.artifact = text(self.root, "m:artifactId")
        self.version = text(self.root, "m:version") or (self.parent[2] if self.parent else None)
        self.packaging = text(self.root, "m:packaging") or "jar"

    def appends(self, attribute, element=None):
        """Whether a child's inherited address gets its artifactId appended (Maven's default: yes)."""
        node = self.root if element is None else self.root.find(element, NS)
        return node is None or node.get(attribute, "true") != "false"


def effective(pom, poms, field):
    """The value Maven gives a field: the POM's own or, walking the parents in the bundle, the inherited one (url
    and scm addresses with the child's artifactId appended unless the parent says child.*.inherit.append.path)."""
    own = field(pom.root)
    if own is not None and own != []:
        return own, "own"
    if not pom.parent:
        return None, "none"
    parent = poms.get(pom.parent)
    if parent is None:
        return None, f"parent {':'.join(pom.parent)} not in the bundle"
    value, how = effective(parent, poms, field)
    return value, ("inherited" if how == "own" else how)


def check_pom(pom, poms, problems):
    where = pom.name
    for field in ("m:name", "m:description"):
        if not text(pom.root, field):
            problems.append(f"{where}: no <{field[2:]}> (Central does not inherit it)")
    for element in pom.root.iter("{%s}version" % NS["m"]):
        if element.text and "SNAPSHOT" in element.text:
            problems.append(f"{where}: names the version {element.text.strip()}")

    url, how = effective(pom, poms, lambda root: text(root, "m:url"))
    if not url:
        problems.append(f"{where}: no <url> ({how})")
    elif how == "inherited":
        # the inherited value: the parent's, plus "/artifactId" unless the parent turned that off
        parent = poms[pom.parent]
        if parent.appends("child.project.url.inherit.append.path"):
            problems.append(f"{where}: inherits <url> {url}/{pom.artifact} (the parent appends the artifactId: "
                            "child.project.url.inherit.append.path=\"false\" on the parent's <project>)")
    if url and not url.startswith("https://"):
        problems.append(f"{where}: <url> {url} is not https")

    licenses, how = effective(pom, poms, lambda r: r.findall("m:licenses/m:license", NS))
    if not licenses:
        problems.append(f"{where}: no <licenses> ({how})")
    for lic in licenses or []:
        if not text(lic, "m:name") or not text(lic, "m:url"):
            problems.append(f"{where}: a <license> without <name> and <url>")
    developers, how = effective(pom, poms, lambda r: r.findall("m:developers/m:developer", NS))
    if not developers:
        problems.append(f"{where}: no <developers> ({how})")
    for dev in developers or []:
        if not text(dev, "m:name"):
            problems.append(f"{where}: a <developer> without <name>")
    scm, how = effective(pom, poms, lambda r: r.find("m:scm", NS))
    if scm is None:
        problems.append(f"{where}: no <scm> ({how})")
    else:
        for field in ("url", "connection"):
            if not text(scm, f"m:{field}"):
                problems.append(f"{where}: <scm> without <{field}>")
        if how == "inherited":
            parent = poms[pom.parent]
            for field in ("url", "connection", "developerConnection"):
                if text(scm, f"m:{field}") and parent.appends(f"child.scm.{field}.inherit.append.path", "m:scm"):
                    problems.append(f"{where}: inherits <scm><{field}> with its artifactId appended (the parent's "
                                    f"<scm child.scm.{field}.inherit.append.path=\"false\">)")
    for dep in pom.root.findall("m:dependencies/m:dependency", NS):
        group = text(dep, "m:groupId")
        scope = text(dep, "m:scope") or "compile"
        if group in ("io.typedjson", "${project.groupId}") and scope != "test":
            coordinates = (pom.group, text(dep, "m:artifactId"), pom.version)
            if coordinates not in poms:
                problems.append(f"{where}: depends on {':'.join(coordinates)} ({scope}), which is not in the bundle")


def jar_names(data):
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return z.namelist()


def check_plugin_archive(name, data, version, problems):
    """Confluent Hub's component archive: <owner>-<name>-<version>/ with manifest.json, lib/ and doc/; the manifest
    as the Hub's installer reads it; a license for every jar in lib/."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        roots = {n.split("/", 1)[0] for n in names}
        if len(roots) != 1:
            problems.append(f"{name}: more than one top-level directory: {sorted(roots)}")
            return
        root = roots.pop()
        try:
            manifest = json.loads(z.read(f"{root}/manifest.json"))
        except (KeyError, ValueError) as e:
            problems.append(f"{name}: no readable {root}/manifest.json ({e})")
            return
        owner = (manifest.get("owner") or {}).get("username", "")
        for key in ("name", "version", "title", "description", "owner", "component_types", "license",
                    "documentation_url", "support"):
            if not manifest.get(key):
                problems.append(f"{name}: manifest.json has no {key}")
        if not re.fullmatch(r"[a-z0-9_]{2,255}", owner):
            problems.append(f"{name}: owner.username {owner!r} is not 2-255 of [a-z0-9_]")
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", manifest.get("name", "")):
            problems.append(f"{name}: name {manifest.get('name')!r} is not lowercase letters, digits, - and _")
        if manifest.get("version") != version:
            problems.append(f"{name}: manifest version {manifest.get('version')!r}, expected {version!r}")
        expected_root = f"{owner}-{manifest.get('name')}-{manifest.get('version')}"
        if root != expected_root:
            problems.append(f"{name}: top-level directory {root}, expected <owner>-<name>-<version> = {expected_root}")
        kinds = manifest.get("component_types") or []
        if not kinds or any(k not in ("sink", "source", "transform", "converter") for k in kinds):
            problems.append(f"{name}: component_types {kinds} (the Hub knows sink, source, transform, converter)")
        for lic in manifest.get("license") or [{}]:
            if not lic.get("name") or not lic.get("url"):
                problems.append(f"{name}: a manifest license without name and url")
        for key in ("documentation_url", "source_url"):
            if manifest.get(key) and not manifest[key].startswith("https://"):
                problems.append(f"{name}: {key} is not an https address")
        jars = sorted(n[len(root) + 5:] for n in names if n.startswith(f"{root}/lib/") and n.endswith(".jar"))
        if not jars:
            problems.append(f"{name}: no jar in lib/")
        if f"{root}/doc/LICENSE" not in names:
            problems.append(f"{name}: no doc/LICENSE")
        third_party = z.read(f"{root}/doc/licenses/THIRD-PARTY.txt").decode("utf-8") \
            if f"{root}/doc/licenses/THIRD-PARTY.txt" in names else ""
        listed = {}
        for m in re.finditer(r"^\s*\((.+?)\) .*?\(([^:()\s]+):([^:()\s]+):([^\s()]+) - ", third_party, re.M):
            listed[f"{m.group(3)}-{m.group(4)}.jar"] = m.group(1)
        licensed = []
        for jar in jars:
            if jar == f"typedjson-connect-converter-{version}.jar":
                licensed.append((jar, "Apache-2.0", "doc/LICENSE"))
            elif jar in listed:
                artifact = re.sub(r"-\d[^/]*\.jar$", "", jar)
                texts = [n for n in names if n.startswith(f"{root}/doc/licenses/{artifact}/")]
                own = jar.startswith("typedjson-")
                if not texts and not own:
                    problems.append(f"{name}: lib/{jar} has no license text under doc/licenses/{artifact}/")
                licensed.append((jar, listed[jar], f"doc/licenses/{artifact}/" if texts else "doc/LICENSE"))
            else:
                problems.append(f"{name}: lib/{jar} is not in doc/licenses/THIRD-PARTY.txt")
        for jar in jars:
            try:
                holds_asm = any(n.startswith(RELOCATED_ASM) for n in jar_names(z.read(f"{root}/lib/{jar}")))
            except zipfile.BadZipFile:
                problems.append(f"{name}: lib/{jar} is not a zip")
                continue
            if holds_asm:
                if not re.search(r"\(org\.ow2\.asm:asm:[^ ]+ - ", third_party):
                    problems.append(f"{name}: lib/{jar} holds ASM, which doc/licenses/THIRD-PARTY.txt does not name")
                if not any(n.startswith(f"{root}/doc/licenses/asm/") for n in names):
                    problems.append(f"{name}: lib/{jar} holds ASM, whose license is not under doc/licenses/asm/")
        for jar in jars:
            if jar.startswith(("kafka-", "connect-api", "connect-runtime")):
                problems.append(f"{name}: lib/{jar} is Kafka's own (the worker has it)")
        return {"root": root, "owner": owner, "name": manifest.get("name"), "types": kinds, "lib": licensed}


def verify_signatures(files, key, problems):
    """files: {name: bytes}; each name.asc must be a good signature by the key (and only that key)."""
    with tempfile.TemporaryDirectory(prefix="typedjson-gpg-") as home:
        env = dict(os.environ, GNUPGHOME=home)
        subprocess.run(["gpg", "--batch", "--quiet", "--import", key], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        listing = subprocess.run(["gpg", "--batch", "--with-colons", "--fingerprint"], env=env, check=True,
                                 capture_output=True, text=True).stdout
        fingerprints = [line.split(":")[9] for line in listing.splitlines() if line.startswith("fpr:")]
        primary = fingerprints[0] if fingerprints else None
        work = os.path.join(home, "files")
        os.mkdir(work)
        checked = 0
        for name, data in files.items():
            if name.endswith(".asc") or name + ".asc" not in files:
                continue
            target = os.path.join(work, "artifact")
            with open(target, "wb") as f:
                f.write(data)
            with open(target + ".asc", "wb") as f:
                f.write(files[name + ".asc"])
            result = subprocess.run(["gpg", "--batch", "--status-fd", "1", "--verify", target + ".asc", target],
                                    env=env, capture_output=True, text=True)
            valid = [line.split() for line in result.stdout.splitlines() if line.startswith("[GNUPG:] VALIDSIG")]
            # VALIDSIG <signing key fingerprint> ... <primary key fingerprint>
            if result.returncode != 0 or not valid or valid[0][-1] != primary:
                problems.append(f"{name}.asc: not a good signature by {primary}: "
                                f"{(result.stderr or result.stdout).strip().splitlines()[-1:]}")
            checked += 1
        subprocess.run(["gpgconf", "--kill", "all"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return checked, primary


def check_bundle(path, key, expect, version):
    problems = []
    with zipfile.ZipFile(path) as z:
        files = {n: z.read(n) for n in z.namelist() if not n.endswith("/")}
    components = {}
    for name in files:
        parts = name.split("/")
        if name.startswith("/") or ".." in parts or len(parts) < 4:
            problems.append(f"{name}: not in the Maven repository layout group/artifact/version/file")
            continue
        components.setdefault(tuple(parts[:-1]), []).append(parts[-1])
    poms = {}
    for directory, names in components.items():
        artifact, v = directory[-2], directory[-1]
        pom_name = f"{artifact}-{v}.pom"
        if pom_name not in names:
            problems.append(f"{'/'.join(directory)}: no {pom_name}")
            continue
        pom = Pom("/".join(directory + (pom_name,)), files["/".join(directory + (pom_name,))])
        if (pom.group.replace(".", "/").split("/"), pom.artifact, pom.version) != (list(directory[:-2]), artifact, v):
            problems.append(f"{pom.name}: coordinates {pom.group}:{pom.artifact}:{pom.version} are not its directory's")
        poms[(pom.group, pom.artifact, pom.version)] = pom
    found = sorted(p.artifact for p in poms.values())
    if found != sorted(expect):
        problems.append(f"components {found}, expected {sorted(expect)}")
    report = []
    plugin = None
    for coordinates, pom in sorted(poms.items()):
        group, artifact, v = coordinates
        if version and v != version:
            problems.append(f"{pom.name}: version {v}, expected {version}")
        if v.endswith("-SNAPSHOT"):
            problems.append(f"{pom.name}: a SNAPSHOT version (Central takes releases only)")
        directory = "/".join(group.split(".") + [artifact, v])
        names = sorted(components[tuple(directory.split("/"))])
        prefix = f"{artifact}-{v}"
        required = [f"{prefix}.pom"]
        if pom.packaging == "jar":
            required += [f"{prefix}.jar", f"{prefix}-sources.jar", f"{prefix}-javadoc.jar"]
        elif pom.packaging != "pom":
            problems.append(f"{pom.name}: packaging {pom.packaging} is not jar or pom")
        for name in required:
            if name not in names:
                problems.append(f"{directory}: no {name}")
        primary = [n for n in names if not n.endswith((".asc",) + tuple(CHECKSUMS))]
        for name in names:
            base = re.sub(r"\.(asc|md5|sha1|sha256|sha512)$", "", name)
            if base != name and base not in names:
                problems.append(f"{directory}/{name}: beside no {base}")
            if not name.startswith(prefix):
                problems.append(f"{directory}/{name}: not named {prefix}*")
        sizes = []
        for name in primary:
            full = f"{directory}/{name}"
            data = files[full]
            if not data:
                problems.append(f"{full}: empty")
            for ext in (".asc",) + REQUIRED_CHECKSUMS:
                if name + ext not in names:
                    problems.append(f"{full}: no {name}{ext}")
            for ext, algorithm in CHECKSUMS.items():
                if name + ext in names:
                    given = files[full + ext].decode("ascii", "replace").split()
                    actual = hashlib.new(algorithm, data).hexdigest()
                    if not given or given[0].lower() != actual:
                        problems.append(f"{full}{ext}: {given[:1]} is not the file's {algorithm} {actual}")
            sizes.append((name[len(prefix):] or name, len(data)))
        if pom.packaging == "jar":
            check_jars(directory, prefix, files, problems)
            check_contents(directory, prefix, files, problems)
            sbom = files.get(f"{directory}/{prefix}-cyclonedx.json")
            if sbom is None:
                problems.append(f"{directory}: no {prefix}-cyclonedx.json (the SBOM)")
            else:
                component = json.loads(sbom).get("metadata", {}).get("component", {})
                if component.get("purl") != f"pkg:maven/{group}/{artifact}@{v}?type=jar":
                    problems.append(f"{directory}/{prefix}-cyclonedx.json: describes {component.get('purl')}")
                jar = files.get(f"{directory}/{prefix}.jar")
                if jar and any(n.startswith(RELOCATED_ASM) for n in jar_names(jar)):
                    asm = [c for c in json.loads(sbom).get("components", [])
                           if (c.get("group"), c.get("name")) == ("org.ow2.asm", "asm")]
                    embedded = [c for c in asm if c.get("scope") == "required" and
                                {"name": "typedjson:embedded", "value": "true"} in c.get("properties", [])]
                    if not embedded:
                        problems.append(f"{directory}/{prefix}-cyclonedx.json: the jar holds ASM, which the SBOM does "
                                        f"not list as embedded (scope {[c.get('scope') for c in asm]})")
        check_pom(pom, poms, problems)
        if artifact.endswith("-parent"):
            check_parent_pom(pom.name, files[pom.name], {p.artifact for p in poms.values()}, problems)
        archive = f"{directory}/{prefix}-plugin.zip"
        if archive in files:
            plugin = check_plugin_archive(archive, files[archive], v, problems)
        report.append((f"{group}:{artifact}:{v}", pom.packaging, sizes))
    signed, fingerprint = verify_signatures(files, key, problems)
    return problems, report, signed, fingerprint, plugin


RELOCATED_ASM = "io/typedjson/internal/asm/"


def asm_version(files):
    """The ASM version the parent POM pins (asm.version), or None."""
    for name, data in files.items():
        if re.search(r"/typedjson-parent-[^/]*\.pom$", name):
            m = re.search(r"<asm\.version>([^<]+)</asm\.version>", data.decode("utf-8", "replace"))
            return m.group(1) if m else None
    return None


def check_contents(directory, prefix, files, problems):
    """The jar's module descriptor, ASM relocated and licensed, the javadoc of the exported packages only."""
    jar = files.get(f"{directory}/{prefix}.jar")
    sources = files.get(f"{directory}/{prefix}-sources.jar")
    javadoc = files.get(f"{directory}/{prefix}-javadoc.jar")
    if jar is None or sources is None:
        return
    with zipfile.ZipFile(io.BytesIO(jar)) as z:
        names = z.namelist()
        if any(n.startswith("org/objectweb/") for n in names):
            problems.append(f"{directory}/{prefix}.jar: ASM not relocated (org/objectweb/ entries)")
        if any(n.startswith(RELOCATED_ASM) for n in names):
            version = asm_version(files)
            if "META-INF/licenses/asm.txt" not in names:
                problems.append(f"{directory}/{prefix}.jar: holds ASM without its license (META-INF/licenses/asm.txt)")
            elif not version or f"ASM {version} " not in z.read("META-INF/licenses/asm.txt").decode("utf-8"):
                problems.append(f"{directory}/{prefix}.jar: META-INF/licenses/asm.txt does not name ASM {version}, "
                                "the version the parent POM pins (asm.version)")
    with zipfile.ZipFile(io.BytesIO(sources)) as z:
        if "module-info.java" not in z.namelist():
            return
        descriptor = re.sub(r"//[^\n]*|/\*.*?\*/", "", z.read("module-info.java").decode("utf-8"), flags=re.S)
    exported = set(re.findall(r"\bexports\s+([\w.]+)\s*;", descriptor))
    if "module-info.class" not in names:
        problems.append(f"{directory}/{prefix}.jar: no module-info.class (its sources have module-info.java)")
    if javadoc is not None:
        documented = set()
        for n in jar_names(javadoc):
            m = re.fullmatch(r"(?:[\w.]+/)?((?:\w+/)*\w+)/package-summary\.html", n)
            if m:
                documented.add(m.group(1).replace("/", "."))
        for package in sorted(documented - exported):
            problems.append(f"{directory}/{prefix}-javadoc.jar: documents {package}, which the module does not export "
                            "to everyone")


def check_parent_pom(pom_name, data, published, problems):
    """What the parent POM tells its users' builds: no path of the machine that built it, no managed io.typedjson
    artifact that is not in the bundle (a test jar)."""
    text = data.decode("utf-8", "replace")
    for m in re.finditer(r"(?<![\w$.{])(/usr/|/home/|/opt/|/root/|[A-Z]:\\\\)[^<\s]*", text):
        problems.append(f"{pom_name}: names a path of the build machine: {m.group(0)}")
    body = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    management = re.search(r"<dependencyManagement>(.*?)</dependencyManagement>", body, re.S)
    for dep in re.findall(r"<dependency>(.*?)</dependency>", management.group(1) if management else "", re.S):
        if "<groupId>io.typedjson</groupId>" not in dep:
            continue
        artifact = re.search(r"<artifactId>([^<]+)</artifactId>", dep).group(1)
        kind = re.search(r"<(type|classifier)>([^<]+)</(?:type|classifier)>", dep)
        if artifact not in published or (kind and kind.group(2) not in ("jar",)):
            problems.append(f"{pom_name}: manages io.typedjson:{artifact}"
                            f"{':' + kind.group(2) if kind else ''}, which is not published")


def check_jars(directory, prefix, files, problems):
    checks = [(f"{prefix}.jar", lambda n: n.endswith(".class"), "no class"),
              (f"{prefix}.jar", lambda n: n == "META-INF/MANIFEST.MF", "no META-INF/MANIFEST.MF"),
              (f"{prefix}-sources.jar", lambda n: n.endswith(".java"), "no .java source"),
              (f"{prefix}-javadoc.jar", lambda n: n == "index.html", "no index.html")]
    for name, wanted, message in checks:
        data = files.get(f"{directory}/{name}")
        if data is None:
            continue
        try:
            if not any(wanted(n) for n in jar_names(data)):
                problems.append(f"{directory}/{name}: {message}")
        except zipfile.BadZipFile:
            problems.append(f"{directory}/{name}: not a zip")


def kb(n):
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} B"


def main(argv):
    if len(argv) == 4 and argv[1] == "zip":
        zip_bundle(argv[2], argv[3])
        return 0
    if len(argv) >= 3 and argv[1] == "check":
        args = dict(zip(argv[3::2], argv[4::2]))
        problems, report, signed, fingerprint, plugin = check_bundle(
            argv[2], args["--key"], args["--expect"].split(","), args.get("--version"))
        if problems:
            print(f"bundle {argv[2]}: {len(problems)} problem(s) Central's portal or Confluent Hub would refuse:",
                  file=sys.stderr)
            for p in problems:
                print("  " + p, file=sys.stderr)
            return 1
        files = sum(len(sizes) for _, _, sizes in report)
        print(f"bundle: {len(report)} components, {files} files, each with .md5/.sha1 that match and a good "
              f"signature ({signed} checked, key {fingerprint[-16:]}); POM metadata, sources, javadoc and SBOMs present")
        for name, packaging, sizes in report:
            print(f"  {name} ({packaging}): " + ", ".join(f"{kind} {kb(size)}" for kind, size in sizes))
        if plugin:
            print(f"  Connect plugin archive: {plugin['root']}/ (Hub {plugin['owner']}/{plugin['name']}, "
                  f"{'/'.join(plugin['types'])}); lib/: " + ", ".join(f"{jar} ({lic})" for jar, lic, _ in plugin['lib']))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
