"""The cold fixtures of tests/data/copies: users' copies with site furniture and book
damage (written without reading the cleaning code; README there). On each: no furniture
string in any node, every expected word in some node, every expected node with its ID,
title and own text.

A fixture the parser cannot read yet would be marked ``xfail(strict=True)`` with its
reason in ``HEADINGS_XFAIL`` or ``TEXT_XFAIL``, so the day it passes the mark must go;
none is today.
"""

from __future__ import annotations

import pytest

from copies import corpus_of, fixtures, score
from lawsearch.corpus import build_corpus

FIXTURES = fixtures()

# Known failures, each with its reason (none today: the English split words are restored by
# the corpus's own words and the profile's hyphenation, furniture.mend_without_dictionary).
HEADINGS_XFAIL: dict[str, str] = {}
TEXT_XFAIL: dict[str, str] = {}


def _param(fixture, xfails):
    marks = [pytest.mark.xfail(reason=xfails[fixture.name], strict=True)] if fixture.name in xfails else []
    return pytest.param(fixture, id=fixture.name, marks=marks)


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    """Each fixture's nodes, parsed once for the three tests."""
    cache = {}

    def parse(fixture):
        if fixture.name not in cache:
            root = tmp_path_factory.mktemp("copy")
            corpus = build_corpus(corpus_of(fixture, root), strict=False)
            cache[fixture.name] = [n for n in corpus.nodes if not n.missing]
        return cache[fixture.name]
    return parse


def test_every_fixture_found():
    assert len(FIXTURES) == 48  # 46 written cold, 2 (13-lost-hyphen/en-*-own, -two-words-*) after


@pytest.mark.parametrize("fixture", [_param(f, TEXT_XFAIL) for f in FIXTURES])
def test_no_furniture_left(fixture, parsed):
    assert score(fixture, parsed(fixture)).furniture_left == []


@pytest.mark.parametrize("fixture", [_param(f, TEXT_XFAIL) for f in FIXTURES])
def test_every_expected_word_kept(fixture, parsed):
    assert score(fixture, parsed(fixture)).words_lost == []


@pytest.mark.parametrize("fixture", [_param(f, HEADINGS_XFAIL) for f in FIXTURES])
def test_headings_and_body_text(fixture, parsed):
    s = score(fixture, parsed(fixture))
    assert s.headings_wrong == []
    assert s.body_kept == s.body_words
