#!/usr/bin/env python3
"""Self-check of the layout fixtures (format only; knows nothing of lawsearch).

Checks every <layout>/<name>/ folder: fixture.toml keys, expected.tsv syntax, ID shape
per kind and layout, parents present, reading order, refs after their node, surfaces and
titles findable in the source, look-alike letters reported.  Run: python3 _check.py
"""
import pathlib
import re
import sys
import tomllib
import unicodedata

ROOT = pathlib.Path(__file__).resolve().parent
KINDS = {"division", "law", "section", "clause", "subclause", "item"}
LOOKALIKE = set("АВСЕНКМОРТХаеосрх")

BRIDGE = {
    "law": r"\d+",
    "section": r"\d+[A-Z]",
    "clause": r"\d+[A-Z]\d+",
    "subclause": r"\d+[A-Z]\d+\([a-z]\)",
    "item": r"\d+[A-Z]\d+\([a-z]\)\((\d+|[ivx]+)\)",
}
STATUTE = {
    "law": r"\d+",
    "section": r"\d+\.\d+",
    "clause": r"\d+\.\d+(\.\d+)?",
    "subclause": r"\d+\.\d+(\.\d+)?\.[a-z]+",
}
DIV = r"div-(glava|chast|razdel|chapter|part)-\d+"
ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


def bridge_key(i):
    m = re.fullmatch(r"(\d+)([A-Z]?)(\d*)(?:\(([a-z])\))?(?:\((\w+)\))?", i)
    law, sec, cl, sub, it = m.groups()
    it_n = 0 if not it else (int(it) if it.isdigit() else ROMAN[it])
    return (int(law), sec or "", int(cl) if cl else 0, sub or "", it_n)


def statute_key(i):
    parts = i.split(".")
    return tuple((int(p) if p.isdigit() else ord(p[0])) for p in parts)


def parent(i, kind, statute):
    if kind in ("law", "division"):
        return None
    if statute:
        return i.rsplit(".", 1)[0]
    if kind == "section":
        return i[:-1]
    return re.sub(r"(\([^)]*\)|\d+)$", "", i)


def squash(s):
    s = unicodedata.normalize("NFC", s)
    return re.sub(r"[\s?\u00ad\-–—]+", "", s).lower()


def flat(s):
    return re.sub(r"\s+", " ", s)


def check(folder):
    errs, notes = [], []
    meta = tomllib.loads((folder / "fixture.toml").read_text(encoding="utf-8"))
    for k in ("lang", "layout", "laws", "note"):
        if k not in meta:
            errs.append(f"fixture.toml lacks {k}")
    layout = meta.get("layout")
    if layout != folder.parent.name:
        errs.append(f"layout {layout!r} != folder {folder.parent.name!r}")
    statute = layout == "statute-ru"
    pats = STATUTE if statute else BRIDGE
    if layout == "mixed-corpus":
        src_ru = (folder / "source-ru.txt").read_text(encoding="utf-8")
        src_en = (folder / "source-en.txt").read_text(encoding="utf-8")
    else:
        src_ru = src_en = (folder / "source.txt").read_text(encoding="utf-8")
    lo, hi = meta["laws"]
    trees = {"node": {}, "en-node": {}}
    last = {"node": None, "en-node": None}
    key = statute_key if statute else bridge_key
    for n, line in enumerate((folder / "expected.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        where = f"expected.tsv:{n}"
        if f[0] in ("node", "en-node"):
            if len(f) != 4:
                errs.append(f"{where}: node line needs 4 fields"); continue
            _, i, kind, title = f
            tree = trees[f[0]]
            src = src_en if f[0] == "en-node" else src_ru
            if kind not in KINDS:
                errs.append(f"{where}: bad kind {kind}")
            if not i.isascii():
                errs.append(f"{where}: non-ASCII ID {i}")
            pat = DIV if kind == "division" else pats.get(kind)
            if not pat or not re.fullmatch(pat, i):
                errs.append(f"{where}: ID {i} does not fit kind {kind}")
                continue
            if i in tree:
                errs.append(f"{where}: duplicate ID {i}")
            p = parent(i, kind, statute)
            if p and p not in tree:
                errs.append(f"{where}: parent {p} of {i} not listed before it")
            num = int(re.search(r"\d+", i).group())
            if not lo <= num <= hi:
                errs.append(f"{where}: law {num} outside {lo}-{hi}")
            if kind != "division":
                k = key(i)
                if last[f[0]] is not None and k <= last[f[0]]:
                    errs.append(f"{where}: {i} out of reading order")
                last[f[0]] = k
            tree[i] = kind
            if title != "-" and squash(title) not in squash(src):
                errs.append(f"{where}: title not found in source: {title}")
            if title != title.strip() or not title:
                errs.append(f"{where}: title has stray spaces or is empty")
        elif f[0] == "ref":
            if len(f) != 4:
                errs.append(f"{where}: ref line needs 4 fields"); continue
            _, frm, surf, tgt = f
            if frm not in trees["node"]:
                errs.append(f"{where}: ref from {frm} before/without its node")
            if flat(surf) not in flat(src_ru):
                errs.append(f"{where}: surface not in source: {surf}")
            tkind = None
            for kk, pp in pats.items():
                if re.fullmatch(pp, tgt):
                    tkind = kk
            if not tgt.isascii() or tkind is None:
                errs.append(f"{where}: bad target {tgt}")
            look = [c for c in surf if c in LOOKALIKE and re.search(r"\d" + c + r"|" + c + r"\d|\s" + c + r"\b", surf)]
            if any(c for c in surf if "CYRILLIC" in unicodedata.name(c, "") and c.isupper()
                   and re.search(r"\d" + re.escape(c) + r"|\b" + re.escape(c) + r"\d|\s" + re.escape(c) + r"(\s|$)", surf)):
                notes.append(f"{where}: Cyrillic look-alike in surface {surf!r} -> {tgt}")
        else:
            errs.append(f"{where}: unknown line type {f[0]}")
    # Cyrillic look-alike heading labels in the sources
    for name, src in (("ru", src_ru),) if meta.get("lang") == "ru" else ():
        for m in re.finditer(r"(?m)(^|\. )([АВСЕН])\.(?=[А-ЯЁ])", src):
            notes.append(f"source({name}): Cyrillic heading label {m.group(2)!r}")
    return errs, notes


def main():
    bad = 0
    folders = sorted(p.parent for p in ROOT.glob("*/*/fixture.toml"))
    for folder in folders:
        errs, notes = check(folder)
        rel = folder.relative_to(ROOT)
        print(f"{'FAIL' if errs else 'ok  '} {rel}")
        for e in errs:
            print("   error:", e)
        for n in notes:
            print("   note: ", n)
        bad += bool(errs)
    by = {}
    for f in folders:
        by.setdefault(f.parent.name, []).append(f.name)
    print({k: len(v) for k, v in by.items()}, "total", len(folders))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
