"""Sub-clauses lettered in Russian in the Russian book's layout, «(а)», «(б)», «(в)» … are each
their own sub-clause, (a), (b), (c) … by the letter's place -- not merged into the one before
because the letter is not a Latin one (issue 9, cold read 10, finding 8b). The letters come
from the profile (the layout's ``label_letters``), not the program; a Russian letter that
looks like a Latin one («(е)», «(с)») reads as the sequence says: after «(д)» the sixth, (f);
after (b) a typed (c). The texts are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.grammar import default_grammar

HEAD = "Правило 40. ЧАЕПИТИЕ\nA.Посуда\n1.Чашки моют после каждого чаепития.\n"
TAIL = "2.Дежурный записывает посуду в журнал.\n"


def corpus(root: Path, text: str, profile: str | None = None) -> Path:
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "ru.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Чаепитие"\nlaws = [1, 93]\nlang = "ru"\n\n[[source]]\npath = "laws/ru.txt"\n'
        'lang = "ru"\nkind = "laws"\nlayout = "ru-book"\n', encoding="utf-8")
    if profile is not None:
        (root / "profile.toml").write_text(profile, encoding="utf-8")
    return root


def subclauses(root: Path) -> dict[str, str]:
    built = build_corpus(root, strict=False)
    return {n.id: n.text for n in built.nodes if n.kind == "subclause"}


@pytest.mark.parametrize("sep", [" ", "."])
def test_russian_letters_are_their_own_sub_clauses(tmp_path, sep):
    lines = ["Первую чашку ставят на блюдце", "Вторую чашку ставят рядом", "Третью чашку, см. (а) выше",
             "Четвёртую чашку, как в (а)–(в) выше", "Пятую чашку, в отличие от (а) или (б) выше"]
    text = HEAD + "".join(f"({c}){sep}{t}.\n" for c, t in zip("абвгд", lines)) + TAIL
    got = subclauses(corpus(tmp_path, text))
    assert got == {f"40A1({c})": f"{t}." for c, t in zip("abcde", lines)}


def test_a_look_alike_letter_reads_by_the_sequence(tmp_path):
    """«(е)» after «(д)» is the sixth sub-clause (f), by its place; «(с)» after (b) -- a
    Cyrillic с typed for a Latin c -- is (c), as typed."""
    russian = HEAD + "".join(f"({c}) Чашка номер {n}.\n" for n, c in enumerate("абвгдеж", 1)) + TAIL
    got = subclauses(corpus(tmp_path / "ru", russian))
    assert got == {f"40A1({c})": f"Чашка номер {n}." for n, c in enumerate("abcdefg", 1)}
    typed = HEAD + "(a) Чашка номер 1.\n(b) Чашка номер 2.\n(с) Чашка номер 3.\n" + TAIL  # Cyrillic с
    got = subclauses(corpus(tmp_path / "typed", typed))
    assert got == {f"40A1({c})": f"Чашка номер {n}." for n, c in enumerate("abc", 1)}


def test_the_letters_come_from_the_profile(tmp_path):
    """A profile whose Russian layout has no label letters reads «(б)» as no label: it stays the
    text of the sub-clause before, as the layout's own alphabet says."""
    text = HEAD + "(а) Первую чашку ставят на блюдце.\n(б) Вторую чашку ставят рядом.\n" + TAIL
    own = 'extends = "bridge"\n\n[layouts.ru-book]\nlabel_letters = ["", ""]\n'
    got = subclauses(corpus(tmp_path, text, own))
    assert list(got) == ["40A1(a)"] and "Вторую чашку" in got["40A1(a)"]


def test_the_layout_reads_each_letter_by_its_place():
    layout = default_grammar().layout("ru-book")
    assert layout.label_of("subclause", "б") == ("b", None)
    assert layout.label_of("subclause", "в") == ("c", None)
    assert layout.label_of("subclause", "е") == ("e", "f")  # a look-alike of e; f by its place
    assert layout.label_of("subclause", "a") == ("a", None)
    assert layout.label_of("item", "и") == ("и", None)  # the items count in numbers and numerals, no letters
    assert default_grammar().layout("en-1987").label_of("subclause", "б") == ("б", None)
