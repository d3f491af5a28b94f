"""The references of the cold layout fixtures (tests/data/layouts, written without reading
the parser): every expected reference found with the right target, none extra.

A fixture's ``ref`` lines (and, in the mixed corpora, its ``# en-ref`` comments) name the
citing node, the surface and the target. The surface there includes the "see" and relative
words around a reference (``см. раздел C ниже``); ours leaves them out, as the shipped
corpus's golden file records them (docs/profiles.md, "Citations"), so a found surface must
lie inside the expected one.

Two checks: each reference read from its own sentence with the citing node's law and ID
(the citation forms alone), and every reference of the corpus built from the fixture
(tests/layouts.py) against the whole list, in each language.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from lawsearch.profile import load_profile
from lawsearch.references import find_citations

LAYOUTS = Path(__file__).resolve().parent / "data" / "layouts"


@dataclass(frozen=True)
class Expected:
    fixture: str
    lang: str
    source: str  # the source text, white space folded to one space
    citing: str
    surface: str
    target: str
    statute: bool
    laws: tuple[int, int]


def expected_refs() -> list[Expected]:
    out = []
    for folder in sorted(p.parent for p in LAYOUTS.glob("*/*/fixture.toml")):
        meta = tomllib.loads((folder / "fixture.toml").read_text(encoding="utf-8"))
        sources = meta.get("sources", {meta["lang"]: "source.txt"})
        name = str(folder.relative_to(LAYOUTS))
        statute = meta["layout"] == "statute-ru"
        for line in (folder / "expected.tsv").read_text(encoding="utf-8").splitlines():
            if line.startswith("ref\t"):
                _, citing, surface, target = line.split("\t")
                lang = meta["lang"]
            elif m := re.fullmatch(r"# en-ref (\S+) '(.+)' -> (\S+)", line):
                citing, surface, target = m.groups()
                lang = "en"
            else:
                continue
            text = " ".join((folder / sources[lang]).read_text(encoding="utf-8").split())
            out.append(Expected(name, lang, text, citing, surface, target, statute, tuple(meta["laws"])))
    return out


EXPECTED = expected_refs()


def profile_of(statute: bool):
    return load_profile("statute-ru" if statute else "bridge")


def sentence_of(text: str, surface: str) -> list[str]:
    """The sentences of ``text`` (white space folded) that hold ``surface`` as whole words."""
    out = []
    for m in re.finditer(re.escape(surface) + r"(?!\w)", text):
        start = max(text.rfind(". ", 0, m.start()), text.rfind("; ", 0, m.start()), text.rfind(": ", 0, m.start()))
        end = text.find(". ", m.end())
        out.append(text[start + 2 if start >= 0 else 0: end + 1 if end >= 0 else len(text)])
    return out


def test_the_fixtures_have_references_in_every_layout():
    assert {e.fixture.split("/")[0] for e in EXPECTED} == {p.name for p in LAYOUTS.iterdir() if p.is_dir()}
    assert len(EXPECTED) >= 100


@pytest.mark.parametrize("ref", EXPECTED, ids=lambda e: f"{e.fixture}:{e.citing}:{e.surface}:{e.target}")
def test_each_reference_read_from_its_sentence(ref):
    law = re.match(r"\d+", ref.citing).group()
    sentences = sentence_of(ref.source, ref.surface)
    assert sentences, "the surface is not in the source"
    found = [(surface, target) for sentence in sentences
             for surface, _, targets, problem in find_citations(sentence, law, ref.citing, ref.laws, lang=ref.lang,
                                                                profile=profile_of(ref.statute))
             for target in targets]
    assert any(target == ref.target and surface in ref.surface for surface, target in found), found


# -- every reference of the built corpus -------------------------------------------------

from layouts import load_fixtures  # noqa: E402  (tests/layouts.py: the fixtures as corpus folders)

from lawsearch.corpus import parse_folder  # noqa: E402
from lawsearch.sources import read_corpus_folder  # noqa: E402

FIXTURES = load_fixtures()


def compare(expected: list[Expected], refs) -> tuple[list, list]:
    """(expected references not found with their target and a surface inside the expected
    one, references found that no expected line accounts for)."""
    left = list(refs)
    missing = []
    for e in expected:
        match = next((r for r in left if (r.from_, r.target) == (e.citing, e.target)
                      and " ".join(r.surface.split()) in e.surface), None)
        if match is None:
            missing.append((e.citing, e.surface, e.target))
        else:
            left.remove(match)
    return missing, [(r.from_, r.surface, r.target) for r in left]


# Known defects of the tree, not of the references: a fixture listed here must fail (strict)
# and is taken off the list when its tree is right.
TREE_DEFECTS: dict[str, str] = {}


def with_known_defects(fixtures):
    return [pytest.param(f, id=f.name, marks=pytest.mark.xfail(reason=TREE_DEFECTS[f.name], strict=True))
            if f.name in TREE_DEFECTS else pytest.param(f, id=f.name) for f in fixtures]


@pytest.mark.parametrize("fixture", with_known_defects(FIXTURES))
def test_the_built_corpus_has_every_expected_reference_and_no_other(fixture, tmp_path):
    corpus = parse_folder(read_corpus_folder(fixture.build_corpus(tmp_path)), strict=False)
    for lang in sorted({r.lang for r in corpus.refs} | {e.lang for e in EXPECTED if e.fixture == fixture.name}):
        expected = [e for e in EXPECTED if e.fixture == fixture.name and e.lang == lang]
        missing, extra = compare(expected, [r for r in corpus.refs if r.lang == lang])
        assert (lang, missing, extra) == (lang, [], [])
