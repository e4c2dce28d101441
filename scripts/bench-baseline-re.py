#!/usr/bin/env python3
"""The benchmark's Python baseline: `cpvanity extract` done with Python's `re`.

Reads the same site pack and one saved page, applies the fields and collections of
the page's source (alternatives in order, `within`, `present`, `default`, `map`,
rows cut by `row` or `row_start`), converts each value to its type and prints the
record as JSON. Not a second implementation to ship: a fair yardstick for
scripts/bench, which checks that it finds the same rows before timing it.

usage: bench-baseline-re.py PACK.toml SOURCE PAGE.html
"""
import datetime
import html
import json
import re
import sys
import tomllib
from decimal import Decimal
from urllib.parse import urljoin

FLAGS = re.IGNORECASE | re.DOTALL
TAG = re.compile(r"<[^>]*>")
SPACE = re.compile(r"\s+")


def compile_all(value):
    texts = value if isinstance(value, list) else [value]
    # PCRE2's \x{a0} is Python's \xa0.
    return [re.compile(re.sub(r"\\x\{([0-9a-fA-F]+)\}", lambda m: "\\x" + m.group(1).zfill(2), t), FLAGS) for t in texts]


def alternatives(rule, source):
    found = []
    for alt in rule["pattern"] if isinstance(rule["pattern"], list) else [rule["pattern"]]:
        spec = alt if isinstance(alt, dict) else {"pattern": alt}
        if spec.get("source", rule.get("source", source)) != source:
            continue
        found.append((compile_all(spec["pattern"])[0], compile_all(spec.get("within", rule.get("within", [])) or [])))
    return found


def first_group(pattern, text):
    match = pattern.search(text)
    if not match:
        return None
    return match.group(1) if pattern.groups else match.group(0)


def plain(raw):
    return SPACE.sub(" ", html.unescape(TAG.sub("", raw))).strip()


def convert(raw, kind, mapping, base):
    if mapping:
        raw = mapping.get(plain(raw).lower())
        if raw is None:
            return None
    if kind == "text":
        return plain(raw)
    if kind == "string":
        return raw
    if kind == "url":
        return urljoin(base + "/", html.unescape(raw).strip())
    if kind in ("int", "decimal"):
        text = re.sub(r"[,' \xa0\u202f]", "", plain(raw)).lstrip("+")
        try:
            return int(text) if kind == "int" else str(Decimal(text))
        except Exception:
            return None
    if kind == "date":
        text = plain(raw).replace(",", "")
        for form in ("%d %b %Y", "%d %B %Y", "%b %d %Y", "%B %d %Y", "%Y-%m-%d"):
            try:
                return datetime.datetime.strptime(text, form).date().isoformat()
            except ValueError:
                pass
    return None


def value(rule, alts, text, part_is_shown, base):
    mapping = {k.lower(): v for k, v in rule.get("map", {}).items()} or None
    shown = part_is_shown
    for pattern, within in alts:
        region = text
        for narrowing in within:
            region = first_group(narrowing, region)
            if region is None:
                break
        if region is None:
            continue
        shown = shown or bool(within)
        raw = first_group(pattern, region)
        if raw is not None:
            return convert(raw, rule.get("type", "text"), mapping, base)
    shown = shown or any(p.search(text) for p in compile_all(rule.get("present", [])))
    return rule.get("default") if shown else None


def rows(collection, text):
    region = text
    for narrowing in compile_all(collection.get("within", [])):
        region = first_group(narrowing, region) or ""
    if "row_start" in collection:
        for cut in compile_all(collection["row_start"]):
            starts = [m.start() for m in cut.finditer(region)]
            if starts:
                return [region[a:b] for a, b in zip(starts, starts[1:] + [len(region)])]
        return []
    for cut in compile_all(collection["row"]):
        found = [m.group(1) if cut.groups else m.group(0) for m in cut.finditer(region)]
        if found:
            return found
    return []


def main():
    pack_file, source, page_file = sys.argv[1:4]
    with open(pack_file, "rb") as handle:
        pack = tomllib.load(handle)
    with open(page_file, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    base = pack["site"]["base_url"]
    record = {"fields": {}, "collections": {}}
    for name, rule in pack.get("fields", {}).items():
        alts = alternatives(rule, source)
        if alts:
            record["fields"][name] = value(rule, alts, text, False, base)
    for name, collection in pack.get("collections", {}).items():
        if collection["source"] != source:
            continue
        fields = [(field, rule, alternatives(rule, source)) for field, rule in collection.get("fields", {}).items()]
        record["collections"][name] = [
            {field: value(rule, alts, row, not rule.get("present") and not rule.get("within"), base) for field, rule, alts in fields}
            for row in rows(collection, text)
        ]
    json.dump(record, sys.stdout, indent=2)
    print()


main()
