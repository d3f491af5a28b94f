#!/usr/bin/env python3
"""Self-check of the structure fixtures (format and consistency; knows nothing of lawsearch).

Run: python3 _check.py   -> ok/FAIL per fixture, exit 1 on any error.
"""
import pathlib
import re
import sys
import tomllib
import unicodedata

ROOT = pathlib.Path(__file__).resolve().parent
KINDS = ("toc", "index", "front", "definitions", "commentary", "headless")

LAW = r"\d+"
SEC = r"\d+[A-Z]"
CLAUSE = r"\d+[A-Z]\d+"
SUB = r"\d+[A-Z]\d+\([a-z]\)"
ITEM = r"\d+[A-Z]\d+\([a-z]\)\((\d+|[ivx]+)\)"
LAWISH = f"({LAW}|{SEC}|{CLAUSE}|{SUB}|{ITEM})"
DIV = r"div-(glava|chast|razdel|chapter|part)-\d+"
PARA = r"\d+\.\d+"
CITEM = r"\d+\.\d+\((?:[a-z]|[ivx]+)\)"
DEFSPARA = r"defs\.\d+"
NODE_KINDS = {"law": LAW, "section": SEC, "clause": CLAUSE, "subclause": SUB, "item": ITEM}
FRONT_FIELDS = {"title", "subtitle", "edition", "translator", "editor", "original",
                "publisher", "city", "year"}
ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


def squash(s):
    s = unicodedata.normalize("NFC", s).replace("ё", "е").replace("Ё", "Е")
    return re.sub(r"[\s?|.\-–—=]+", "", s).lower()


def flat(s):
    return re.sub(r"\s+", " ", s)


def unspace(s):
    """Remove letter spacing: 'М Е Ж Д У   Н А' -> 'МЕЖДУ НА'."""
    out = []
    for line in s.splitlines():
        if re.fullmatch(r"\s*(\S( \S)+)(\s{2,}\S( \S)*)*\s*", line):
            words = re.split(r"\s{2,}", line.strip())
            line = " ".join(w.replace(" ", "") for w in words)
        out.append(line)
    return "\n".join(out)


def law_of(i):
    return int(re.match(r"\d+", i).group())


def key(i):
    m = re.fullmatch(r"(\d+)([A-Z]?)(\d*)(?:\(([a-z])\))?(?:\((\w+)\))?", i)
    law, sec, cl, sub, it = m.groups()
    it_n = 0 if not it else (int(it) if it.isdigit() else ROMAN[it])
    return (int(law), sec or "", int(cl) if cl else 0, sub or "", it_n)


def ckey(i):
    m = re.fullmatch(r"(\d+)\.(\d+)(?:\((\w+)\))?", i)
    a, b, it = m.groups()
    it_n = 0 if not it else (ROMAN[it] if it in ROMAN else ord(it) - 96)
    return (int(a), int(b), it_n)


def expand(targets_field, src_flat):
    """Every target printed in the source, or inside a printed range a-b."""
    bad = []
    ranges = [(int(a), int(b)) for a, b in re.findall(r"(\d+)\s*-\s*(\d+)", src_flat)]
    for t in targets_field.split(" "):
        if t == "defs":
            if "Опр." not in src_flat:
                bad.append(t)
            continue
        if not re.fullmatch(LAWISH, t):
            bad.append(t)
            continue
        if re.search(r"(?<![\w.])" + re.escape(t) + r"(?![\w])", src_flat):
            continue
        if t.isdigit() and any(a <= int(t) <= b for a, b in ranges):
            continue
        bad.append(t)
    return bad


def read_expected(folder):
    rows = []
    for n, line in enumerate((folder / "expected.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        rows.append((n, line.split("\t")))
    return rows


def footers(text):
    return {int(m.group(1)) for m in re.finditer(r"(?m)^- (\d+)\b", text)}


def check_toc_entry(where, f, src, errs, last):
    if len(f) != 6:
        errs.append(f"{where}: entry needs 6 fields"); return
    _, scope, i, kind, title, page = f
    if scope not in ("laws", "commentary", "book"):
        errs.append(f"{where}: bad scope {scope}")
    pat = {"law": LAW, "section": SEC, "division": DIV, "definitions": "defs", "other": "-"}.get(kind)
    if pat is None or not re.fullmatch(pat, i):
        errs.append(f"{where}: ID {i} does not fit kind {kind}")
    if scope == "book" and kind != "other":
        errs.append(f"{where}: book scope needs kind other")
    if squash(title) not in squash(src):
        errs.append(f"{where}: title not found in source: {title}")
    if page != "-" and not re.search(r"(?<!\d)" + page + r"(?!\d)", src):
        errs.append(f"{where}: page {page} not printed in source")
    if kind in ("law", "section"):
        k = key(i)
        if scope in last and last[scope] is not None and k <= last[scope]:
            errs.append(f"{where}: {i} out of order in scope {scope}")
        last[scope] = k
    if page != "-" and kind in ("law", "section"):
        if scope + "p" in last and int(page) < last[scope + "p"]:
            errs.append(f"{where}: page {page} goes backwards")
        last[scope + "p"] = int(page)


def check(folder, kind):
    errs, notes = [], []
    meta = tomllib.loads((folder / "fixture.toml").read_text(encoding="utf-8"))
    need = ["lang", "kind", "note"] + ([] if kind == "front" else ["laws"]) + (["sources"] if kind == "headless" else [])
    for k in need:
        if k not in meta:
            errs.append(f"fixture.toml lacks {k}")
    if meta.get("kind") != kind:
        errs.append(f"kind {meta.get('kind')!r} != folder {kind!r}")
    if kind == "headless":
        files = {pathlib.Path(s).stem: (folder / s).read_text(encoding="utf-8") for s in meta.get("sources", [])}
        src = "\n".join(files.values())
    else:
        src = (folder / "source.txt").read_text(encoding="utf-8")
        files = {"source": src}
    fsrc = flat(src)
    rows = read_expected(folder)
    produced = []          # strings a furniture line must not be inside
    furniture = []
    last = {}
    seen = set()
    nodes = {}
    uses = set()
    paras, heads = {}, set()
    para_last = None
    toc_laws = []          # (page, law) for headless
    pieces = {}
    refs_line = False
    allowed = {
        "toc": {"entry", "refs", "furniture"},
        "index": {"entry", "see", "refs", "furniture"},
        "front": {"field", "absent", "furniture"},
        "definitions": {"def", "node", "use", "nouse", "furniture"},
        "commentary": {"head", "para", "ref", "furniture"},
        "headless": {"entry", "refs", "piece", "suggest", "furniture"},
    }[kind]
    pending_refs = []
    for n, f in rows:
        where = f"expected.tsv:{n}"
        t = f[0]
        if t not in allowed:
            errs.append(f"{where}: line type {t} not allowed in {kind}"); continue
        if any(x != x.strip() or x == "" for x in f):
            errs.append(f"{where}: empty field or stray spaces")
        if t == "furniture":
            if len(f) != 2:
                errs.append(f"{where}: furniture needs 2 fields")
            else:
                furniture.append((where, f[1]))
        elif t == "refs":
            refs_line = True
            if f[1:] != ["0"]:
                errs.append(f"{where}: refs must be 0")
        elif t == "entry" and kind in ("toc", "headless"):
            check_toc_entry(where, f, files.get("toc", src), errs, last)
            if len(f) == 6:
                produced.append(f[4])
                if f[3] == "law" and f[1] == "laws" and f[5] != "-":
                    toc_laws.append((int(f[5]), int(f[2])))
        elif t == "entry" and kind == "index":
            if len(f) != 5:
                errs.append(f"{where}: index entry needs 5 fields"); continue
            _, head, sub, targets, page = f
            for s in (head, sub):
                if s != "-" and squash(s) not in squash(src):
                    errs.append(f"{where}: headword part not in source: {s}")
            bad = expand(targets, fsrc)
            if bad:
                errs.append(f"{where}: targets not printed (nor in a printed range): {bad}")
            if page != "-" and not re.search(r"(?m)^\s*(- )?" + page + r"\b", src):
                errs.append(f"{where}: page {page} not printed as a page number")
            produced += [head, sub]
        elif t == "see":
            if len(f) != 5:
                errs.append(f"{where}: see needs 5 fields"); continue
            if not re.search(r"см\.\s+(также\s+)?" + re.escape(f[3]), fsrc):
                errs.append(f"{where}: 'см. {f[3]}' not in source")
            produced.append(f[1])
        elif t in ("field", "absent"):
            if f[1] not in FRONT_FIELDS:
                errs.append(f"{where}: unknown field {f[1]}")
            if f[1] in seen:
                errs.append(f"{where}: field {f[1]} twice")
            seen.add(f[1])
            if t == "field":
                if len(f) != 3:
                    errs.append(f"{where}: field needs 3 fields"); continue
                if squash(f[2]) not in squash(unspace(src)):
                    errs.append(f"{where}: value not in source: {f[2]}")
                produced.append(f[2])
            elif len(f) != 2:
                errs.append(f"{where}: absent needs 2 fields")
        elif t == "def":
            if len(f) != 4:
                errs.append(f"{where}: def needs 4 fields"); continue
            _, i, term, start = f
            if not re.fullmatch(r"def-\d+", i) or i in seen:
                errs.append(f"{where}: bad or duplicate def ID {i}")
            if i != f"def-{len([x for x in seen if x.startswith('def-')]) + 1}":
                errs.append(f"{where}: def IDs must count 1, 2, 3… in order")
            seen.add(i)
            if squash(term) not in squash(src):
                errs.append(f"{where}: term not in source: {term}")
            if len(start.split(" ")) != 5 and not start.endswith("."):
                errs.append(f"{where}: start must be the first five words")
            if flat(start) not in fsrc:
                errs.append(f"{where}: start not in source: {start}")
            produced.append(term)
        elif t == "node":
            if len(f) != 4:
                errs.append(f"{where}: node needs 4 fields"); continue
            _, i, k, title = f
            if k not in NODE_KINDS or not re.fullmatch(NODE_KINDS[k], i):
                errs.append(f"{where}: ID {i} does not fit kind {k}")
            if title != "-" and squash(title) not in squash(src):
                errs.append(f"{where}: title not in source: {title}")
            nodes[i] = k
            produced.append(title)
        elif t in ("use", "nouse"):
            if len(f) != (4 if t == "use" else 3):
                errs.append(f"{where}: {t} has wrong field count"); continue
            if f[1] not in nodes:
                errs.append(f"{where}: node {f[1]} not listed before")
            surf = f[-1]
            if surf not in fsrc:
                errs.append(f"{where}: surface not in source: {surf}")
            if t == "use":
                if f[2] not in seen:
                    errs.append(f"{where}: unknown definition {f[2]}")
                if (f[1], f[2]) in uses:
                    errs.append(f"{where}: second use of {f[2]} in {f[1]} (first use only)")
                uses.add((f[1], f[2]))
        elif t == "head":
            if len(f) != 3:
                errs.append(f"{where}: head needs 3 fields"); continue
            if not re.fullmatch(r"\d+|defs", f[1]):
                errs.append(f"{where}: bad head law {f[1]}")
            if f[1] != "defs" and not re.search(r"Правило " + f[1] + r"\.", src):
                errs.append(f"{where}: heading 'Правило {f[1]}.' not in source")
            if squash(f[2]) not in squash(src):
                errs.append(f"{where}: heading title not in source: {f[2]}")
            heads.add(f[1])
            produced.append(f[2])
        elif t == "para":
            if len(f) not in (4, 5):
                errs.append(f"{where}: para needs 4 or 5 fields"); continue
            i, k, start = f[1], f[2], f[3]
            if len(f) == 5 and f[4] not in ("start", "end", "both"):
                errs.append(f"{where}: bad truncated {f[4]}")
            if k == "paragraph" and not re.fullmatch(PARA + "|" + DEFSPARA, i) or \
               k == "item" and not re.fullmatch(CITEM, i) or k not in ("paragraph", "item"):
                errs.append(f"{where}: ID {i} does not fit kind {k}"); continue
            if i in paras:
                errs.append(f"{where}: duplicate paragraph {i}")
            if not i.startswith("defs"):
                lw = i.split(".")[0]
                printed = i.replace("(", ".(") if k == "item" else i + "."
                roman_alone = k == "item" and re.search(r"(?m)^\(" + re.escape(i.split("(")[1]), src)
                if printed not in src and not roman_alone and not (len(f) == 5 and f[4] in ("start", "both")):
                    errs.append(f"{where}: paragraph number {printed} not printed")
                k2 = ckey(i)
                if para_last is not None and k2 <= para_last:
                    errs.append(f"{where}: {i} out of reading order")
                para_last = k2
            if flat(start) not in fsrc:
                errs.append(f"{where}: start not in source: {start}")
            paras[i] = k
        elif t == "ref":
            if len(f) != 5:
                errs.append(f"{where}: ref needs 5 fields"); continue
            _, frm, surf, tgt, status = f
            if frm not in paras:
                errs.append(f"{where}: ref from {frm} before/without its paragraph")
            if surf not in fsrc:
                errs.append(f"{where}: surface not in source: {surf}")
            if not re.fullmatch(f"{PARA}|{CITEM}|{LAWISH}", tgt):
                errs.append(f"{where}: bad target {tgt}")
            pending_refs.append((where, tgt, status))
        elif t == "piece":
            if len(f) != 5:
                errs.append(f"{where}: piece needs 5 fields"); continue
            _, pid, page, law, rule = f
            if rule not in ("heading", "continuity", "next-heading", "toc", "page", "unattributed"):
                errs.append(f"{where}: bad rule {rule}")
            if (law == "-") != (rule == "unattributed"):
                errs.append(f"{where}: law '-' iff unattributed")
            stem, _, ln = pid.partition(":")
            if stem not in files:
                errs.append(f"{where}: unknown source {stem}"); continue
            lines = files[stem].splitlines()
            ln = int(ln)
            if not (ln == 1 or re.match(r"- \d+\s+\S", lines[ln - 1]) or re.fullmatch(r"- \d+", lines[ln - 2])):
                errs.append(f"{where}: line {ln} does not start a piece")
            rest = lines[ln - 1:]
            if ln > 1 and re.match(r"- \d+", rest[0]):
                rest = [re.sub(r"^- \d+\s+", "", rest[0])] + rest[1:]
            end = next((int(m.group(1)) for l in rest for m in [re.match(r"- (\d+)", l)] if m), None)
            if str(end if end is not None else "-") != page:
                errs.append(f"{where}: page {page}, but the piece ends at footer {end}")
            if rule == "page":
                cands = [lw for p, lw in sorted(toc_laws) if p <= int(page)]
                later = [p for p, _ in toc_laws if p > int(page)]
                if not cands or not later or str(cands[-1]) != law:
                    errs.append(f"{where}: page rule gives {cands[-1] if cands and later else None}, not {law}")
            if rule == "heading" and not re.search(r"Правило " + law + r"\.", "\n".join(rest)):
                errs.append(f"{where}: no heading of law {law} in the piece")
            if rule == "next-heading" and not re.search(r"Правило " + str(int(law) + 1) + r"\.", "\n".join(rest)):
                errs.append(f"{where}: no heading of law {int(law) + 1} in the piece")
            pieces[pid] = rule
        elif t == "suggest":
            if len(f) != 4:
                errs.append(f"{where}: suggest needs 4 fields"); continue
            if pieces.get(f[1]) != "unattributed":
                errs.append(f"{where}: suggestion for a piece not listed as unattributed before")
            if not re.fullmatch(LAW, f[2]):
                errs.append(f"{where}: suggest needs a law number")
    # commentary statuses, recomputed
    laws_here = {p.split(".")[0] for p in paras} | heads
    for where, tgt, status in pending_refs:
        lw = re.match(r"\d+", tgt).group()
        if re.fullmatch(f"{PARA}|{CITEM}", tgt):
            want = "node" if tgt in paras else ("law" if lw in laws_here else "outside")
        else:
            want = "node" if tgt == lw and lw in laws_here else ("law" if lw in laws_here else "outside")
        if status != want:
            errs.append(f"{where}: status {status}, recomputed {want}")
    if kind == "index":
        # every printed target (ranges expanded) is claimed by exactly one entry
        from collections import Counter
        words = " ".join(produced)
        body = "\n".join(l for l in src.splitlines() if not re.fullmatch(r"\s*(- )?\d+\s*", l))
        body = re.sub(r"(?m)^\s*- \d+", "", body)
        printed = Counter()
        for m in re.finditer(r"(?<![\w-])(\d+[A-Z]?\d*)(?:-(\d+))?(?![\w-])", body):
            a, b = m.groups()
            if re.search(r"(?<![\w-])" + a + r"(?![\w-])", words):
                continue
            for x in ([str(v) for v in range(int(a), int(b) + 1)] if b else [a]):
                printed[x] += 1
        printed["defs"] = body.count("Опр.")
        claimed = Counter(x for _, f in rows if f[0] == "entry" and len(f) == 5 for x in f[3].split(" "))
        if printed != claimed:
            errs.append(f"printed targets != claimed targets: +{dict(printed - claimed)} -{dict(claimed - printed)}")
    if kind in ("toc", "index", "headless") and not refs_line:
        errs.append("missing 'refs 0' line")
    for where, s in furniture:
        if s not in src:
            notes.append(f"{where}: furniture {s!r} is not verbatim in the source (a wrong repair to avoid)")
        for p in produced:
            if s in p:
                errs.append(f"{where}: furniture {s!r} inside expected value {p!r}")
    return errs, notes


def main():
    bad = 0
    counts = {}
    for kind in KINDS:
        for folder in sorted(p.parent for p in (ROOT / kind).glob("*/fixture.toml")):
            errs, notes = check(folder, kind)
            counts[kind] = counts.get(kind, 0) + 1
            print(f"{'FAIL' if errs else 'ok  '} {folder.relative_to(ROOT)}")
            for e in errs:
                print("   error:", e)
            for n in notes:
                print("   note: ", n)
            bad += bool(errs)
    print(counts, "total", sum(counts.values()))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
