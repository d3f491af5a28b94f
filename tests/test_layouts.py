"""Every layout fixture of tests/data/layouts through the real pipeline: a corpus folder with
a manifest naming the profile and each file's layout, read, cleaned, paged and built into a
tree. Per fixture: every expected node is there with the right ID, kind and title; no
heading node the fixture does not expect; every body word of the source lands in a node;
and no text is lost without a word (lawsearch/coverage.py)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from layouts import Fixture, load_fixtures
from lawsearch.clean import clean_lines
from lawsearch.corpus import parse_folder
from lawsearch.coverage import LOST
from lawsearch.grammar import Grammar
from lawsearch.model import Corpus
from lawsearch.profile import load_profile
from lawsearch.sources import read_corpus_folder

FIXTURES = load_fixtures()
HEADING_KINDS = ("division", "law", "section", "clause", "subclause", "item")
WORD = re.compile(r"[^\W\d_]{2,}")
ROMAN_NUMERAL = re.compile(r"[IVXLC]+")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Each fixture's corpus, parsed once (not strict: the tests read its problems)."""
    cache: dict[str, Corpus] = {}

    def corpus(fixture: Fixture) -> Corpus:
        if fixture.name not in cache:
            root = fixture.build_corpus(tmp_path_factory.mktemp(fixture.name.replace("/", "-")))
            cache[fixture.name] = parse_folder(read_corpus_folder(root), strict=False)
        return cache[fixture.name]
    return corpus


def by_name(fixtures: list[Fixture]):
    return pytest.mark.parametrize("fixture", fixtures, ids=[f.name for f in fixtures])


def heading_words(fixture: Fixture) -> set[str]:
    """The words a heading's grammar consumes ("Правило", "LAW", "CHAPTER", "Статья"): the
    profile's law heading and division words, which no node holds as text."""
    grammar = Grammar.from_profile(load_profile(fixture.profile))
    out: set[str] = set()
    for lang, name in fixture.layouts.items():
        layout = grammar.layout_for(lang, name)
        for kind, pattern in layout.patterns:
            if kind in ("law", "division"):
                out |= {w for w in WORD.findall(re.sub(r"\(\?P<\w+>|\\[a-z]", " ", pattern.pattern))}
        out |= {w for d in layout.divisions for w in WORD.findall(d.word.pattern)}
    return out


def node_words(corpus: Corpus) -> Counter:
    words: Counter = Counter()
    for n in corpus.nodes:
        for text in (n.title, n.text, n.label, *(v for t in n.translations.values() for v in (t or {}).values())):
            words.update(WORD.findall(text or ""))
    for f in corpus.footnotes:
        words.update(WORD.findall(f.text or ""))
    return words


def removed_lines(fixture: Fixture, lang: str, path) -> set[int]:
    """Lines of a source a named cleaning rule removed whole (page furniture: a pager, a URL,
    a breadcrumb): no node is to hold their words, and ``check`` counts them."""
    grammar = Grammar.from_profile(load_profile(fixture.profile))
    layout = grammar.layout_for(lang, fixture.layouts.get(lang))
    raw = path.read_text(encoding="utf-8").splitlines()
    cleaned = clean_lines(raw, path.stem, "laws", frozenset(), lang, layout, grammar)
    kept = {n for line in cleaned.lines if line.text.strip() for n in range(line.first, line.last + 1)}
    return {n for n in cleaned.rules_by_line() if n not in kept and raw[n - 1].strip()}


def missing_words(fixture: Fixture, corpus: Corpus) -> list[str]:
    """Body words of the source(s) that no node holds. A word split by a line break counts
    where a node holds the joined word ("непра" / "вильной")."""
    source: Counter = Counter()
    line_ends: set[str] = set()
    for lang, path in fixture.sources.items():
        furniture = removed_lines(fixture, lang, path)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if n in furniture:
                continue
            found = WORD.findall(line)
            source.update(found)
            line_ends |= set(found[:1] + found[-1:])
    exempt = heading_words(fixture)
    have = node_words(corpus)
    missing = source - have
    return sorted(w for w in missing.elements()
                  if w not in exempt and not ROMAN_NUMERAL.fullmatch(w)
                  and not (w in line_ends and any(w in h and w != h for h in have)))


@by_name(FIXTURES)
def test_every_expected_node_has_its_id_kind_and_title(fixture, built):
    corpus = built(fixture)
    got = {n.id: (n.kind, n.title) for n in corpus.nodes}
    wrong = [f"{i}: expected {k} {t!r}, got {got.get(i, 'no node')}" for i, k, t in fixture.nodes if got.get(i) != (k, t)]
    assert not wrong, f"{len(wrong)} of {len(fixture.nodes)} nodes wrong:\n" + "\n".join(wrong)


@by_name(FIXTURES)
def test_no_unexpected_heading_nodes(fixture, built):
    corpus = built(fixture)
    expected = {i for i, _, _ in fixture.nodes + fixture.en_nodes}
    extra = [f"{n.id} {n.kind} {n.title!r}" for n in corpus.nodes if n.kind in HEADING_KINDS and n.id not in expected]
    assert not extra, "heading nodes the fixture does not have:\n" + "\n".join(extra)


@by_name([f for f in FIXTURES if f.en_nodes])
def test_second_language_tree(fixture, built):
    corpus = built(fixture)
    other = next(lang for lang in fixture.sources if lang != fixture.lang)
    got = {n.id: (n.kind, (n.translations.get(other) or {}).get("title")) for n in corpus.nodes}
    wrong = [f"{i}: expected {k} {t!r}, got {got.get(i, 'no node')}" for i, k, t in fixture.en_nodes if got.get(i) != (k, t)]
    assert not wrong, f"{len(wrong)} of {len(fixture.en_nodes)} {other} nodes wrong:\n" + "\n".join(wrong)


@by_name(FIXTURES)
def test_every_body_word_lands_in_a_node(fixture, built):
    missing = missing_words(fixture, built(fixture))
    assert not missing, f"{len(missing)} words of the source in no node: {missing[:40]}"


@by_name(FIXTURES)
def test_no_text_is_lost(fixture, built):
    lost = [str(p) for p in built(fixture).problems if p.message.startswith(LOST)]
    assert not lost, "\n".join(lost)
