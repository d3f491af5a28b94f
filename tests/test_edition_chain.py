"""A law followed through many editions of one language (issue 11; lawsearch/editions.py
``went_to``): only neighbouring editions are compared -- each pair once per direction, so a
site of E editions makes about 2E comparisons, not E² -- and the law is followed from
neighbour to neighbour, the editions in the order of their names whatever order the
manifest lists them in.

Invented laws in the built-in profile's ``ru-book`` layout: five Russian editions where a
law is removed, a law renumbered twice, a law added."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch import compare, editions
from lawsearch.corpus import build_corpus

A = "Правило {n}. Начало розыгрыша\nПосле заключительного паса защитник слева от разыгрывающего делает первый ход.\n"
B = "Правило {n}. Вопросы перед первым ходом\nЗащитник может спросить о значении торговли до первого хода.\n"
C = "Правило {n}. Права болвана\nБолван вправе следить за ходом игры и предупреждать партнёра о неправильном ходе.\n"
D = "Правило {n}. Порядок игры во взятке\nИгрок, взявший взятку, делает ход в следующую взятку.\n"

# each edition's laws: B removed in 1995 (C renumbered 43 → 42), D added in 2003,
# A removed in 2019 (C renumbered again 42 → 41, D 43 → 42)
EDITIONS = {
    "1987": [(A, 41), (B, 42), (C, 43)],
    "1995": [(A, 41), (C, 42)],
    "2003": [(A, 41), (C, 42), (D, 43)],
    "2011": [(A, 41), (C, 42), (D, 43)],
    "2019": [(C, 41), (D, 42)],
}
# the manifest lists them out of order: the order followed is the names'
LISTED = ["2011", "1987", "2019", "1995", "2003"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return build_corpus(_chain(tmp_path_factory.mktemp("chain")))


def _chain(folder: Path) -> Path:
    root = folder / "corpus"
    root.mkdir(parents=True)
    lines = ["[code]", 'title = "Invented code"', 'edition = "1987"', ""]
    for edition in LISTED:
        (root / f"{edition}.txt").write_text("".join(text.format(n=n) for text, n in EDITIONS[edition]),
                                             encoding="utf-8")
        lines += ["[[source]]", f'path = "{edition}.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{edition}"',
                  'layout = "ru-book"', 'encoding = "utf-8"', ""]
    (root / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    return root


def law(edition: str, number: int) -> str:
    return str(number) if edition == "1987" else f"{edition}~{number}"


def test_the_law_is_followed_from_neighbour_to_neighbour_in_the_names_order(corpus):
    assert editions.comparison_path(corpus, "1987", "2019") == ["1987", "1995", "2003", "2011", "2019"]
    assert editions.comparison_path(corpus, "2011", "1995") == ["2011", "2003", "1995"]
    # C: 43 → 42 (1995) → 42 → 42 → 41 (2019), and back
    assert editions.counterpart_of(corpus, "43", "2019") == editions.Counterpart("2019~41", False, "comparison")
    assert editions.counterpart_of(corpus, "2019~41", "1987") == editions.Counterpart("43", False, "comparison")
    assert editions.counterpart_of(corpus, "1995~42", "2011") == editions.Counterpart("2011~42", True, "comparison")
    # B was removed in 1995: in no later edition, although 2003 and 2011 have a law 42
    for later in ("1995", "2003", "2011", "2019"):
        assert editions.counterpart_of(corpus, "42", later) == editions.Counterpart(None, False, "comparison")
    # D came in 2003: not in 1987 or 1995, which have a law 43 and a law 42
    assert editions.counterpart_of(corpus, "2019~42", "1995") == editions.Counterpart(None, False, "comparison")
    assert editions.counterpart_of(corpus, "2019~42", "2003") == editions.Counterpart("2003~43", False, "comparison")


def test_every_switch_of_every_law_compares_each_neighbouring_pair_once_each_way(corpus, monkeypatch):
    made = []
    real = compare.compare

    def counted(old, new, *kinds, **options):
        made.append((old[0].edition if old else None, new[0].edition if new else None))
        return real(old, new, *kinds, **options)

    monkeypatch.setattr(compare, "compare", counted)
    for key in ("_edition_steps", "_edition_comparisons", "_edition_followed", "_edition_went"):
        corpus.__dict__.pop(key, None)
    eds = [e.id for e in corpus.editions]
    laws = [n.id for n in corpus.nodes if n.kind == "law"]
    answers = {(n, ed): editions.counterpart_of(corpus, n, ed) for n in laws for ed in eds if editions.edition_of(n, corpus) != ed}
    assert all(a.by == "comparison" for a in answers.values())
    # 4 neighbouring pairs, each compared both ways; every two editions of five would be 20
    assert len(made) == 2 * (len(eds) - 1)
    assert sorted(made) == sorted({*made})


E = "Правило {n}. Жребий\nКапитаны бросают жребий перед первой сдачей в присутствии судьи.\n"


def test_a_law_removed_and_later_restored_is_claimed_neither_removed_nor_not_yet(tmp_path):
    """E is in 2001, removed in 2005, back word for word in 2015: from 2001, 2015 has it (not
    «исключено»), from 2015, 2001 has it (not «ещё нет») -- what ``diff 2001 2015`` says --,
    while 2005, the neighbour, lacks it (cold 5 of issue 15, finding 1)."""
    texts = {"2001": [(A, 1), (E, 2)], "2005": [(A, 1)], "2015": [(A, 1), (E, 2)]}
    root = tmp_path / "corpus"
    root.mkdir()
    lines = ["[code]", 'title = "Invented code"', 'edition = "2005"', ""]
    for edition, laws in texts.items():
        (root / f"{edition}.txt").write_text("".join(t.format(n=n) for t, n in laws), encoding="utf-8")
        lines += ["[[source]]", f'path = "{edition}.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{edition}"',
                  'layout = "ru-book"', 'encoding = "utf-8"', ""]
    (root / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    corpus = build_corpus(root)
    assert editions.counterpart_of(corpus, "2001~2", "2015").target == "2015~2"
    assert editions.counterpart_of(corpus, "2015~2", "2001").target == "2001~2"
    assert editions.counterpart_of(corpus, "2001~2", "2005") == editions.Counterpart(None, False, "comparison")
    assert editions.counterpart_of(corpus, "2015~2", "2005") == editions.Counterpart(None, False, "comparison")
    # the two editions' own comparison agrees: law 2 unchanged between them
    found = editions.comparison(corpus, "2001", "2015")
    assert found.mapping.get("2") == "2" and not found.for_law("2")


def test_a_site_compares_each_neighbouring_pair_once_each_way_with_its_compare_views(tmp_path, monkeypatch):
    """A site writes a compare view of each pair of consecutive editions (old → new) and then
    the law pages' switches: the switch follows laws through the views' comparisons and
    compares only the other way (new → old) itself -- the same answers as with no view."""
    from lawsearch.compare_site import write_compare
    from lawsearch.profile import of as profile_of

    alone = build_corpus(_chain(tmp_path / "alone"))
    eds = [e.id for e in editions.in_order(alone)]
    laws = [n.id for n in alone.nodes if n.kind == "law"]
    expected = {(n, ed): editions.counterpart_of(alone, n, ed) for n in laws for ed in eds}

    site = build_corpus(_chain(tmp_path / "site"))
    kept = editions.edition_set(site)
    for old, new in zip(eds, eds[1:]):
        write_compare(tmp_path / "out", kept, old, new, kept.shared_languages(old, new), profile_of(site),
                      folder=f"compare/{old}~{new}")
    made = []
    real = compare.compare

    def counted(old, new, *kinds, **options):
        made.append((old[0].edition if old else None, new[0].edition if new else None))
        return real(old, new, *kinds, **options)

    monkeypatch.setattr(compare, "compare", counted)
    answers = {(n, ed): editions.counterpart_of(site, n, ed) for n in laws for ed in eds}
    assert answers == expected
    assert len(made) == len(eds) - 1  # the views made the other E - 1
    default = editions.default_edition(site)
    shown = [(old or default, new or default) for old, new in made]
    assert all(eds.index(old) > eds.index(new) for old, new in shown), shown
