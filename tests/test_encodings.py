"""The same text in another encoding gives the same tree.

The complete book exists in other encodings, with its box-drawing characters intact where
the code page has them (CORPUS-NOTES.md, damage 1). Each case rewrites the shipped sources
of a copy of the corpus (the manifest keeps ``encoding = "auto"``), builds it, and compares
nodes, footnotes, references and problems with the shipped build; only the sources'
``sha256``/``encoding`` and the ``repairs`` counts may differ.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.model import Corpus

QUESTION_RUN = re.compile(r"\?{2,}")


def box_drawing(text: str) -> str:
    """Each ``?`` of a run of two or more becomes ``─``, every third run ``═``; a lone
    ``?`` is a real question mark and stays.

    ``"называние ??? карты ?"`` → ``"называние ─── карты ?"``
    """
    runs = itertools.count()
    return QUESTION_RUN.sub(lambda m: ("═" if next(runs) % 3 == 2 else "─") * len(m.group()), text)


def keep_questions(text: str) -> str:
    return text


# (case, codec the files are written in, how ``?`` runs are rewritten, line end, encoding
# the build must detect)
CASES = [
    ("cp866, box-drawing", "cp866", box_drawing, "\n", "cp866"),
    ("koi8-r, box-drawing", "koi8-r", box_drawing, "\n", "koi8-r"),
    ("cp1251, question marks", "cp1251", keep_questions, "\n", "cp1251"),
    ("utf-8, BOM and CRLF", "utf-8-sig", keep_questions, "\r\n", "utf-8"),
]


def rewrite(root: Path, codec: str, runs, newline: str) -> None:
    """Re-encode every source of the corpus folder at ``root``; law files get their ``?``
    runs rewritten (the commentary has none)."""
    for path in sorted(root.rglob("*.txt")):
        text = path.read_text(encoding="utf-8")
        if path.is_relative_to(root / "laws"):
            text = runs(text)
        path.chmod(0o644)  # the shipped files are read-only; so is their copy
        path.write_bytes(text.replace("\n", newline).encode(codec))


def differences(a: Corpus, b: Corpus) -> list[str]:
    """What differs between two builds, ignoring source hashes, encodings and repairs."""
    out = []

    def compare(what: str, xs, ys, key) -> None:
        left, right = {key(x): x for x in xs}, {key(y): y for y in ys}
        for k in sorted(left.keys() ^ right.keys(), key=str):
            out.append(f"{what} {k}: only in {'shipped' if k in left else 'rewritten'}")
        for k in left.keys() & right.keys():
            if left[k] != right[k]:
                fields = [f.name for f in dataclasses.fields(left[k])
                          if getattr(left[k], f.name) != getattr(right[k], f.name)]
                out.append(f"{what} {k}: {', '.join(f'{f}: {getattr(left[k], f)!r} != {getattr(right[k], f)!r}' for f in fields)}")

    compare("node", a.nodes, b.nodes, lambda n: n.id)
    compare("footnote", a.footnotes, b.footnotes, lambda f: f.id)
    compare("ref", a.refs, b.refs, lambda r: (r.from_, r.target, r.surface, r.group))
    compare("problem", a.problems, b.problems, lambda p: (p.severity, p.message, p.path, p.line))
    if [n.id for n in a.nodes] != [n.id for n in b.nodes]:
        out.append("nodes in another order")
    return out


def test_box_drawing_replaces_runs_not_lone_question_marks() -> None:
    assert box_drawing("называние ??? карты ?") == "называние ─── карты ?"
    assert box_drawing("?? а ?? б ??") == "── а ── б ══"


@pytest.mark.parametrize("codec, runs, newline, detected",
                         [pytest.param(*case[1:], id=case[0]) for case in CASES])
def test_same_tree_in_another_encoding(corpus: Corpus, corpus_copy: Path, codec: str, runs, newline: str,
                                       detected: str) -> None:
    rewrite(corpus_copy, codec, runs, newline)
    if runs is box_drawing:
        assert "─" in (corpus_copy / corpus.sources[0].path.removeprefix("corpus/")).read_bytes().decode(codec)

    rewritten = build_corpus(corpus_copy)

    assert [s.encoding for s in rewritten.sources] == [detected] * len(rewritten.sources)
    assert [s.id for s in rewritten.sources] == [s.id for s in corpus.sources]
    assert differences(corpus, rewritten) == []
