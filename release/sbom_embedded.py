#!/usr/bin/env python3
"""Marks a dependency of a CycloneDX SBOM as embedded in the component's own jar (what cyclonedx-maven-plugin cannot
say of a shaded dependency: it lists ASM as an optional dependency of typedjson-serde, yet ASM's classes are inside
serde's jar, relocated). Run by serde's release profile between the SBOM and its signature.

    python3 release/sbom_embedded.py BOM.json GROUP:ARTIFACT RELOCATED_PACKAGE

The component becomes scope "required" (it is there whenever the jar is) with the properties
typedjson:embedded = "true" and typedjson:relocated-as = RELOCATED_PACKAGE, and a nested component of the SBOM's
subject (metadata.component.components: CycloneDX's "included in"). Standard library only.
"""
import json
import sys

EMBEDDED = "typedjson:embedded"


def mark(bom, coordinates, relocated):
    group, artifact = coordinates.split(":")
    found = [c for c in bom.get("components", []) if (c.get("group"), c.get("name")) == (group, artifact)]
    if not found:
        raise SystemExit(f"sbom: no component {coordinates} in the SBOM")
    for c in found:
        c["scope"] = "required"
        props = [p for p in c.get("properties", []) if p.get("name") not in (EMBEDDED, "typedjson:relocated-as")]
        c["properties"] = props + [{"name": EMBEDDED, "value": "true"},
                                   {"name": "typedjson:relocated-as", "value": relocated}]
        subject = bom.setdefault("metadata", {}).setdefault("component", {})
        nested = [n for n in subject.get("components", []) if n.get("bom-ref") != c.get("bom-ref")]
        subject["components"] = nested + [{k: c[k] for k in ("type", "bom-ref", "group", "name", "version", "purl",
                                                              "licenses") if k in c}]
        # a nested component's bom-ref must be unique in the document: the nested copy refers to the same thing
        subject["components"][-1]["bom-ref"] = c["bom-ref"] + "#embedded"
    return bom


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        bom = json.load(f)
    mark(bom, argv[2], argv[3])
    with open(argv[1], "w", encoding="utf-8") as f:
        json.dump(bom, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
