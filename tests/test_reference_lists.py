"""References the cold read found unread (issue 9, cold read 6, finding 5): two relative
references joined by a conjunction (``see 1(a) above and A1(b)``: the second has no "see"
or "above" of its own), a comma chain whose second reference lies inside the first
(``Article 3, Section 2`` → 3.2), and a range of whole IDs below a law (``Laws 20A-20C`` →
20A, 20B, 20C) or of labels (``разделы A-C``). Invented text: English mixed case (bridge),
the book's Russian layout, the statute-style Russian code and a folder's own profile."""

from __future__ import annotations

from pathlib import Path

from lawsearch.corpus import build_corpus

MANIFEST = """[code]
title = "Invented"
laws = [1, {last}]
profile = "{profile}"
lang = "{lang}"

[[source]]
path = "laws/text.txt"
lang = "{lang}"
kind = "laws"
layout = "{layout}"
"""

OWN_PROFILE = """extends = ""
name = "orchard"  # the manifest calls it so
languages = ["en"]

[grammar]
levels = ["section", "subsection", "item"]
strict_levels = false
default_layouts = { en = "regs" }

[grammar.labels]
section = "digits"
subsection = "digits"
item = "a-z"

[grammar.ids]
law = "{law}"
section = ".{label}"
subsection = ".{label}"
item = "({label})"
footnote = "fn-{page}-{n}"
division = "div-{slug}-{law}"
piece = "piece-{source}-{line}"
anchor = "r"

[layouts.regs]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.regs.headings]
law = 'Chapter\\s+{law}\\.\\s+{title}'
section = 'Part\\s+{label}\\.\\s+{title}'
subsection = '\\d+\\.\\d+\\.{label}\\s+{title}'
item = '\\({label}\\)\\s+{title}'

[citations.en]
see = ["see"]
after = ["above", "below"]
conjunctions = ["and", "or"]
ranges = ["-", "to"]
of = ["of"]

[[citations.en.levels]]
level = "chapter"
words = ["Chapter", "Chapters"]
label = "number"

[[citations.en.levels]]
level = "part"
words = ["Part", "Parts"]
label = "number"

[[citations.en.levels]]
level = "subsection"
words = ["subsection", "subsections"]
label = "number"

[strings.en]
law = "Chapter {id}"
code_title = "Orchard Rules"
brand = "Orchard"
app_name = "Orchard Rules"
"""


def corpus(tmp_path: Path, text: str, layout: str, lang: str = "en", profile: str = "bridge",
           own: str | None = None, last: int = 93):
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "text.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(profile=profile, lang=lang, layout=layout, last=last),
                                        encoding="utf-8")
    if own:
        (root / "profile.toml").write_text(own, encoding="utf-8")
    return build_corpus(root)


def refs(c, node_id: str) -> list[tuple[str, str]]:
    return [(r.surface, r.target) for r in c.refs if r.from_ == node_id]


ENGLISH = """Law 16 - Hats
A. Storage
1. Hats are kept on the shelf by the door.
(a) A wet hat is dried first.
(b) A torn hat is mended.
B. Lending
1. A member may lend a hat to a guest.
(a) The guest returns it the same day.
2. A hat lent out is noted in the book; see 1(a) above and A1(b).
3. A lost hat is paid for, as A1 above or B1(a) preceding say.
C. Records
The book is checked each month under Laws 20A-20C, and hats under Laws 12A1-12A3.
"""


def test_english_relative_references_joined_and_ranges_of_ids(tmp_path):
    c = corpus(tmp_path, ENGLISH, "en-mixed")
    assert refs(c, "16B2") == [("1(a)", "16B1(a)"), ("A1(b)", "16A1(b)")]
    assert refs(c, "16B3") == [("A1", "16A1"), ("B1(a)", "16B1(a)")]
    assert refs(c, "16C") == [("Laws 20A-20C", "20A"), ("Laws 20A-20C", "20B"), ("Laws 20A-20C", "20C"),
                              ("Laws 12A1-12A3", "12A1"), ("Laws 12A1-12A3", "12A2"), ("Laws 12A1-12A3", "12A3")]


def test_a_lone_letter_after_a_conjunction_is_no_reference(tmp_path):
    """"see B above and A pair …": the word after the joined letter makes it a word, as after "see"."""
    text = ("Law 16 - Hats\nA. Storage\nHats are kept on the shelf.\nB. Lending\n"
            "A hat may be lent; see A above and A pair of gloves goes with it.\n")
    c = corpus(tmp_path, text, "en-mixed")
    assert refs(c, "16B") == [("A", "16A")]


RUSSIAN = """Правило 57. Шляпы
A.Хранение
Шляпы хранятся на полке у двери.
B.Выдача
Шляпу выдают гостю на один день.
C.Возврат
Шляпу возвращают в тот же день.
D.Учёт
Книгу проверяют каждый месяц по правилам разделов A-C правила 57.
"""


def test_russian_book_range_of_section_labels(tmp_path):
    c = corpus(tmp_path, RUSSIAN, "ru-book", lang="ru")
    assert [t for _, t in refs(c, "57D")] == ["57A", "57B", "57C"]


STATUTE = """Статья 3. Лодки
1. Лодку спускают на воду с разрешения дежурного.
2. Вёсла хранятся в шкафу.
Статья 5. Сарай
1. Сарай запирают на ночь; ключ хранится у дежурного (статья 3, часть 2).
2. О порядке выдачи ключа см. статьи 3 и 4, часть 1 которых касается лодок.
"""


def test_statute_comma_chain_and_a_list_left_apart(tmp_path):
    c = corpus(tmp_path, STATUTE, "statute-ru", lang="ru", profile="statute-ru", last=10)
    assert refs(c, "5.1") == [("статья 3, часть 2", "3.2")]
    # a list before the comma is no container of what follows
    assert ("статьи 3 и 4", "3") in refs(c, "5.2") and ("статьи 3 и 4", "4") in refs(c, "5.2")
    assert all(t != "3.1" and t != "4.1" for _, t in refs(c, "5.2"))


OWN = """Chapter 2. Trees
Part 1. Planting
2.1.1 Trees are planted in November.
Part 2. Pruning
2.2.1 Trees are pruned in February.
Chapter 3. Fruit
Part 1. Picking
3.1.1 Fruit is picked when ripe, see Chapter 2, Part 2 for the pruned trees.
3.1.2 Windfalls go to the compost, as Chapter 2, subsection 2.1.1 says.
"""


def test_own_profile_comma_chain(tmp_path):
    c = corpus(tmp_path, OWN, "regs", profile="orchard", own=OWN_PROFILE, last=9)
    assert refs(c, "3.1.1") == [("Chapter 2, Part 2", "2.2")]
    # a container written whole ("subsection 2.1.1") is the whole way
    assert refs(c, "3.1.2") == [("Chapter 2, subsection 2.1.1", "2.1.1")]
