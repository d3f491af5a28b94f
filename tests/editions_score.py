"""Precision and recall of ``compare`` (lawsearch diff) on edition fixtures.

A fixture (tests/data/editions/README.md) holds two editions' sources, fixture.toml and the
planted changes in expected.tsv (expected-<lang>.tsv with two shared languages). A record
the diff reports counts as right when the same record is planted: kind, old IDs, new IDs,
and for a rewording the share and the words removed and added (as sets, as the README
allows). ``map`` lines are not change records and are not scored.

Run: python tests/editions_score.py [FOLDER…]   (default: the cold set and our own)
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLD = HERE / "data" / "editions"
OWN = HERE / "data" / "editions-own"


def fixtures(*roots: Path) -> list[Path]:
    return [p.parent for root in roots for p in sorted(root.glob("*/fixture.toml"))]


def planted(folder: Path, lang: str, langs: list[str]) -> set[tuple]:
    path = folder / ("expected.tsv" if len(langs) == 1 else f"expected-{lang}.tsv")
    records = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if f[0] == "map":
            continue
        old = tuple(x for x in f[1].split(" ") if x != "-")
        new = tuple(x for x in f[2].split(" ") if x != "-")
        if f[0] == "reworded":
            records.add(("reworded", old, new, f[3], frozenset(f[4].split()) - {"-"}, frozenset(f[5].split()) - {"-"}))
        else:
            records.add((f[0], old, new))
    return records


def reported(changes) -> set[tuple]:
    out = set()
    for c in changes:
        if c.kind == "reworded":
            out.add(("reworded", c.old, c.new, f"{c.share:.2f}", frozenset(c.removed_words), frozenset(c.added_words)))
        else:
            out.add((c.kind, c.old, c.new))
    return out


def score(folder: Path) -> list[dict]:
    """Per shared language: planted, reported, right, precision, recall (and the misses)."""
    from lawsearch.compare import compare
    from lawsearch.edition_trees import read_description

    meta = tomllib.loads((folder / "fixture.toml").read_text(encoding="utf-8"))
    editions = read_description(folder / "fixture.toml")
    a, b = meta["diff"]["from"], meta["diff"]["to"]
    rows = []
    for lang in editions.shared_languages(a, b):
        want = planted(folder, lang, meta["diff"]["langs"])
        got = reported(compare(editions.tree(a, lang), editions.tree(b, lang)).changes)
        right = want & got
        rows.append({"fixture": folder.name, "lang": lang, "planted": len(want), "reported": len(got),
                     "right": len(right), "precision": len(right) / len(got) if got else 1.0,
                     "recall": len(right) / len(want) if want else 1.0,
                     "missed": sorted(map(str, want - got)), "wrong": sorted(map(str, got - want))})
    return rows


def table(rows: list[dict]) -> str:
    lines = [f"{'fixture':<28} {'lang':<4} {'planted':>7} {'reported':>8} {'right':>5} {'precision':>9} {'recall':>6}"]
    for r in rows:
        lines.append(f"{r['fixture']:<28} {r['lang']:<4} {r['planted']:>7} {r['reported']:>8} {r['right']:>5} "
                     f"{r['precision']:>9.2f} {r['recall']:>6.2f}")
        lines += [f"    missed {m}" for m in r["missed"]] + [f"    wrong  {w}" for w in r["wrong"]]
    return "\n".join(lines)


if __name__ == "__main__":
    roots = [Path(p) for p in sys.argv[1:]] or [COLD, OWN]
    print(table([r for folder in fixtures(*roots) for r in score(folder)]))
