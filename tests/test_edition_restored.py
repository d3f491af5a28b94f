"""A law removed in one edition and restored in a later one (issue 15, cold read 6 finding 3;
site.edition_switch): seen from the edition that restored it, the editions that lacked it say
it is not in them -- never «ещё нет» (not yet), since an edition before them had it. A law
that is new says «ещё нет» of every edition before it, as before.

Invented laws of an invented beekeepers' code; layout ``ru-book``."""

from __future__ import annotations

import pytest

from lawsearch.build import build
from test_edition_languages import switch, write_corpus

HIVES = "Правило {n}. УЛЬИ\nУльи ставят летками на юг в один ряд.\n"
HONEY = "Правило {n}. МЁД\nМёд откачивают после запечатывания сот.\n"
HONEY_NEW = "Правило {n}. МЁД\nМёд откачивают после запечатывания сот, но не ранее июля.\n"
SMOKE = "Правило {n}. ДЫМАРЬ\nДымарь разжигают гнилушками вдали от ульев.\n"
SWARM = "Правило {n}. РОЙ\nРой снимают в роевню на закате солнца.\n"


def law(text: str, n: int) -> str:
    return text.format(n=n)


EDITIONS = [  # (edition, laws): «МЁД» in 1990, gone in 2000 and 2008, back in 2016; «РОЙ» new in 2016
    ("1990", [HIVES, HONEY, SMOKE]),
    ("2000", [HIVES, SMOKE]),
    ("2008", [HIVES, SMOKE]),
    ("2016", [HIVES, HONEY_NEW, SMOKE, SWARM]),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("restored")
    files = [(ed, "ru", "ru-book", "".join(law(t, k) for k, t in enumerate(laws, 1))) for ed, laws in EDITIONS]
    root = write_corpus(tmp / "corpus", "2016", files[::-1])
    build(root, tmp / "out", lambda m: None)
    return tmp / "out" / "site"


def test_the_restored_law_is_not_in_the_editions_between_and_never_not_yet(site):
    found = switch(site, "2.html")  # 2016's law 2 «МЁД», the default edition
    assert found["1990"][0].endswith("1990~2.html")  # the law it restores, linked
    for ed in ("2000", "2008"):
        assert "ещё нет" not in found[ed][1], found
        assert "нет" in found[ed][1] and found[ed][0].endswith(f"index~{ed}.html")


def test_a_new_law_is_still_not_yet_in_every_earlier_edition(site):
    found = switch(site, "4.html")  # «РОЙ», new in 2016
    for ed in ("1990", "2000", "2008"):
        assert "ещё нет" in found[ed][1], found


def test_from_the_first_edition_the_law_is_removed_in_the_next(site):
    found = switch(site, "1990~2.html")
    assert "исключено" in found["2000"][1], found
    assert found["2016"][0].endswith("/2.html")
