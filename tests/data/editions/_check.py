#!/usr/bin/env python3
"""Self-check of the edition fixtures (format and consistency; knows nothing of lawsearch).

For every fixture: parses both editions' sources with a tiny parser of the fixtures' own
clean layout, applies the expected change records, and verifies that they account for
*every* difference between the editions and for nothing else (so the expected file lists
exactly the planted changes). Reworded records are checked against a word diff.

Run: python3 _check.py        -> ok/FAIL per fixture, exit 1 on any error
     python3 _check.py --words FIXTURE LANG OLD NEW   -> print the word diff of two nodes
"""
import difflib
import pathlib
import re
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent
KINDS = {"added", "removed", "renumbered", "moved", "split", "merged", "reworded", "map"}

PATTERNS = {
    "ru": [("law", re.compile(r"Правило (\d+)\. (.+)")),
           ("section", re.compile(r"([A-Z])\.(\S.*)")),
           ("clause", re.compile(r"(\d+)\.(\S.*)")),
           ("subclause", re.compile(r"\(([a-z])\) (.+)"))],
    "en": [("law", re.compile(r"(?:LAW|Law) (\d+) - (.+)")),
           ("section", re.compile(r"([A-Z])\. (.+)")),
           ("clause", re.compile(r"(\d+)\. (.+)")),
           ("subclause", re.compile(r"\(([a-z])\) (.+)"))],
}


def parse(text, lang):
    """-> {ID: {"title", "text", "parent", "kind"}} in reading order."""
    nodes, cur = {}, {}
    node = None
    for line in text.splitlines():
        line = line.strip()
        if not line or re.fullmatch(r"- \d+|[?=]+", line):
            continue
        for kind, pat in PATTERNS[lang]:
            m = pat.fullmatch(line)
            if m:
                label, rest = m.groups()
                if kind == "law":
                    cur = {"law": label}
                    i, parent = label, None
                elif kind == "section":
                    cur = {"law": cur["law"], "section": cur["law"] + label}
                    i, parent = cur["section"], cur["law"]
                elif kind == "clause":
                    cur = {"law": cur["law"], "section": cur["section"], "clause": cur["section"] + label}
                    i, parent = cur["clause"], cur["section"]
                else:
                    i, parent = cur["clause"] + f"({label})", cur["clause"]
                if i in nodes:
                    raise ValueError(f"duplicate ID {i}")
                if kind == "subclause":
                    nodes[i] = {"title": None, "text": rest, "parent": parent, "kind": kind}
                else:
                    nodes[i] = {"title": rest, "text": "", "parent": parent, "kind": kind}
                node = nodes[i]
                break
        else:
            node["text"] = (node["text"] + " " + line).strip()
    return nodes


def words(s):
    return re.findall(r"\w+(?:-\w+)*", s or "")


def word_diff(old, new):
    a, b = words(old), words(new)
    minus, plus = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op in ("delete", "replace"):
            minus += a[i1:i2]
        if op in ("insert", "replace"):
            plus += b[j1:j2]
    share = len(minus) / len(a) if a else 1.0
    return f"{share:.2f}", " ".join(minus) or "-", " ".join(plus) or "-"


def descendants(nodes, i):
    return [j for j in nodes if j != i and (nodes[j]["parent"] == i or
            any(nodes[j]["parent"] == d for d in descendants_direct(nodes, i)))]


def subtree(nodes, i):
    out, todo = [], [i]
    while todo:
        x = todo.pop()
        out.append(x)
        todo += [j for j in nodes if nodes[j]["parent"] == x]
    return out


def descendants_direct(nodes, i):
    return [j for j in nodes if nodes[j]["parent"] == i]


def rebase(j, old, new):
    return new + j[len(old):]


def check_lang(folder, meta, lang, errs, notes):
    eds = meta["editions"]
    srcs = []
    for ed in eds[:2]:
        s = [x for x in ed["sources"] if x["lang"] == lang]
        if len(s) != 1:
            errs.append(f"edition {ed['id']} has {len(s)} sources in {lang}"); return
        srcs.append(parse((folder / s[0]["path"]).read_text(encoding="utf-8"), lang))
    A, B = srcs
    exp = folder / ("expected.tsv" if len(meta["diff"]["langs"]) == 1 else f"expected-{lang}.tsv")
    mapping = {}                 # old ID -> new ID (same text expected, unless reworded)
    added, removed, created, consumed = set(), set(), set(), set()
    structural = []
    reworded = {}
    for n, line in enumerate(exp.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        where = f"{exp.name}:{n}"
        k = f[0]
        if k not in KINDS:
            errs.append(f"{where}: unknown record {k}"); continue
        if k == "reworded":
            if len(f) != 6:
                errs.append(f"{where}: reworded needs 6 fields"); continue
            _, o, nw, share, minus, plus = f
        elif len(f) != 3:
            errs.append(f"{where}: {k} needs 3 fields"); continue
        else:
            _, o, nw = f
        olds, news = o.split(" "), nw.split(" ")
        for x in olds:
            if x != "-" and x not in A:
                errs.append(f"{where}: {x} not in edition A")
        for x in news:
            if x != "-" and x not in B:
                errs.append(f"{where}: {x} not in edition B")
        if k == "added":
            if o != "-":
                errs.append(f"{where}: added needs '-' as old")
            added.update(subtree(B, nw))
        elif k == "removed":
            if nw != "-":
                errs.append(f"{where}: removed needs '-' as new")
            removed.update(subtree(A, o))
        elif k in ("renumbered", "moved", "map"):
            if len(olds) != 1 or len(news) != 1:
                errs.append(f"{where}: {k} maps one ID to one ID"); continue
            if k == "renumbered" and A[o]["parent"] is not None and \
               mapping.get(A[o]["parent"], A[o]["parent"]) != B[nw]["parent"]:
                errs.append(f"{where}: renumbered but the parent changed (that is 'moved')")
            if k == "moved" and mapping.get(A[o]["parent"], A[o]["parent"]) == B[nw]["parent"]:
                errs.append(f"{where}: moved but the parent is the same (that is 'renumbered')")
            if k in ("renumbered", "moved") and o == nw:
                errs.append(f"{where}: {k} to the same ID")
            for j in subtree(A, o):
                mapping[j] = rebase(j, o, nw)
        elif k == "split":
            if len(olds) != 1 or len(news) < 2:
                errs.append(f"{where}: split maps one ID to several"); continue
            consumed.add(o)
            created.update(news)
            structural.append((where, k, olds, news))
        elif k == "merged":
            if len(olds) < 2 or len(news) != 1:
                errs.append(f"{where}: merged maps several IDs to one"); continue
            consumed.update(olds)
            created.add(nw)
            structural.append((where, k, olds, news))
        if k == "reworded":
            if len(olds) != 1 or len(news) != 1:
                errs.append(f"{where}: reworded maps one ID to one ID"); continue
            reworded[o] = nw
            if o not in A or nw not in B:
                continue
            got = word_diff(A[o]["text"], B[nw]["text"])
            if got != (share, minus, plus):
                errs.append(f"{where}: word diff is {got}, listed {(share, minus, plus)}")
    # split / merged: the texts are shared out / joined in order; the first keeps the title
    for where, k, olds, news in structural:
        if any(x not in A for x in olds) or any(x not in B for x in news):
            continue
        old_text = " ".join(A[x]["text"] for x in olds if A[x]["text"])
        new_text = " ".join(B[x]["text"] for x in news if B[x]["text"])
        rw = reworded.get(olds[0])
        if old_text != new_text and rw not in news:
            errs.append(f"{where}: joined texts differ: {word_diff(old_text, new_text)}")
        if A[olds[0]]["title"] != B[news[0]]["title"]:
            errs.append(f"{where}: the first node's title changed")
    # every old node: removed, or mapped (explicitly, by a reworded record, or by identity)
    images = {}
    for o in A:
        if o in removed or o in consumed:
            continue
        nw = mapping.get(o, reworded.get(o, o))
        if nw not in B:
            errs.append(f"old {o} -> {nw}: not in edition B, and no record removes or maps it"); continue
        if nw in images:
            errs.append(f"old {o} and {images[nw]} both land on {nw} (a merge? list it)")
        images[nw] = o
        if A[o]["title"] != B[nw]["title"]:
            errs.append(f"old {o} -> {nw}: title changed ({A[o]['title']!r} -> {B[nw]['title']!r}) — not a planted change")
        if A[o]["text"] != B[nw]["text"] and reworded.get(o) != nw:
            errs.append(f"old {o} -> {nw}: text differs but no reworded record: {word_diff(A[o]['text'], B[nw]['text'])}")
        if A[o]["text"] == B[nw]["text"] and reworded.get(o) == nw:
            errs.append(f"old {o} -> {nw}: listed as reworded but the text is equal")
    for nw in B:
        if nw not in images and nw not in added and nw not in created:
            errs.append(f"new {nw}: neither the image of an old node nor added")
        if nw in images and nw in added:
            errs.append(f"new {nw}: both added and the image of {images[nw]}")
    # identity mappings that are really renumberings would have been caught above (text differs)
    for o, nw in mapping.items():
        if o == nw:
            notes.append(f"{o} maps to itself")


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "--words":
        _, _, fx, lang, o, nw = sys.argv
        folder = ROOT / fx
        meta = tomllib.loads((folder / "fixture.toml").read_text(encoding="utf-8"))
        A, B = (parse((folder / [s for s in ed["sources"] if s["lang"] == lang][0]["path"]).read_text(encoding="utf-8"), lang)
                for ed in meta["editions"][:2])
        print("\t".join(("reworded", o, nw) + word_diff(A[o]["text"], B[nw]["text"])))
        return
    bad = 0
    for folder in sorted(p.parent for p in ROOT.glob("*/fixture.toml")):
        errs, notes = [], []
        meta = tomllib.loads((folder / "fixture.toml").read_text(encoding="utf-8"))
        for k in ("note", "editions", "diff"):
            if k not in meta:
                errs.append(f"fixture.toml lacks {k}")
        if not errs:
            defaults = [e for e in meta["editions"] if e.get("default")]
            if len(defaults) != 1:
                errs.append("exactly one edition must be default")
            langs_a = {s["lang"] for s in meta["editions"][0]["sources"]}
            langs_b = {s["lang"] for s in meta["editions"][1]["sources"]}
            shared = sorted(langs_a & langs_b)
            d = meta["diff"]
            if d.get("from") != meta["editions"][0]["id"] or d.get("to") != meta["editions"][1]["id"]:
                errs.append("diff.from/to must name the two editions in order")
            for ed in meta["editions"]:
                for s in ed["sources"]:
                    if not (folder / s["path"]).is_file():
                        errs.append(f"missing source {s['path']}")
            if sorted(d.get("langs", [])) != shared:
                errs.append(f"diff.langs {d.get('langs')} != shared languages {shared}")
            if not shared:
                text = (folder / "expected.tsv").read_text(encoding="utf-8")
                lines = [l for l in text.splitlines() if l.strip() and not l.startswith("#")]
                if lines != ["no-shared-language\t1"]:
                    errs.append("no shared language: expected.tsv must hold exactly 'no-shared-language<TAB>1'")
            for lang in shared:
                try:
                    check_lang(folder, meta, lang, errs, notes)
                except (ValueError, KeyError) as e:
                    errs.append(f"{lang}: parse error {e!r}")
        print(f"{'FAIL' if errs else 'ok  '} {folder.name}")
        for e in errs:
            print("   error:", e)
        for n in notes:
            print("   note: ", n)
        bad += bool(errs)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
