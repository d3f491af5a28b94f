"""Subject index ditto marks as typed and printed (cold read A, item 3; cold read 3): «=» and
«—» under a headword repeat the headword above, while a quotation ditto (a straight quote,
«—"—», «-"-», «〃») stands for the one word it is printed under; each leaves its own targets
with it; a cross-reference links to the headword it names; check counts what was written and
names (file:line) what it could not read. Invented index pages."""

from __future__ import annotations

import pytest

from lawsearch.grammar import Grammar
from lawsearch.profile import load_profile
from lawsearch.site_apparatus import see_anchor
from lawsearch.structure.apparatus import Apparatus, index_doubt, parse_index, report_lines

PROFILE = load_profile("bridge")
GRAMMAR = Grammar.from_profile(PROFILE)


def read(text: str, lang: str = "ru"):
    return parse_index(text.splitlines(), Apparatus.of(PROFILE, lang), GRAMMAR.layout_for(lang).ids)


def rows(entries):
    return [(e.headword, e.sub, e.targets, e.see) for e in entries]


@pytest.mark.parametrize("mark", ['=', '—'])
def test_a_whole_headword_ditto_repeats_the_headword_above_and_keeps_its_targets(mark):
    got = read(f"""ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Лодка речная 21A, 21B
{mark} весельная 21A3
Мост разводной 30, 31C
{mark}   ночной 31C
{mark} пешеходный 32
Якорь 40
""")
    assert rows(got) == [
        ("Лодка речная", None, ("21A", "21B"), None),
        ("Лодка речная", "весельная", ("21A3",), None),
        ("Мост разводной", None, ("30", "31C"), None),
        ("Мост разводной", "ночной", ("31C",), None),
        ("Мост разводной", "пешеходный", ("32",), None),
        ("Якорь", None, ("40",), None),
    ]


@pytest.mark.parametrize("mark", ['"', '—"—', '-"-', '〃', '–"–', '»'])
def test_a_quotation_ditto_stands_for_the_one_word_it_is_printed_under(mark):
    """A ditto of the quotation kind is printed under each word it repeats (one mark, one
    word); what follows it replaces the rest of the headword. It keeps its own targets."""
    got = read(f"""ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Лодка речная 21A, 21B
{mark} весельная 21A3
Мост разводной 30, 31C
{mark}   ночной 31C
Якорь 40
""")
    assert rows(got) == [
        ("Лодка речная", None, ("21A", "21B"), None),
        ("Лодка", "весельная", ("21A3",), None),
        ("Мост разводной", None, ("30", "31C"), None),
        ("Мост", "ночной", ("31C",), None),
        ("Якорь", None, ("40",), None),
    ]


def test_a_quote_glued_to_a_word_is_a_quotation_not_a_ditto():
    got = read("""ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Колокол 5
"Тихий час" 6B
""")
    assert rows(got) == [("Колокол", None, ("5",), None), ('"Тихий час"', None, ("6B",), None)]


def test_english_ditto_forms():
    got = read("""INDEX
Lantern 4A, 4B
" hanging 4C
-"- portable 5
Ladder see Lantern
""", "en")
    assert rows(got) == [("Lantern", None, ("4A", "4B"), None), ("Lantern", "hanging", ("4C",), None),
                         ("Lantern", "portable", ("5",), None), ("Ladder", None, (), "Lantern")]


def test_a_cross_reference_links_to_the_headword_it_begins():
    heads = {"Болт": "ix-1", "Гайка квадратная": "ix-2", "гайка": "ix-9", "Гайкаверт": "ix-3"}
    assert see_anchor("Болт", heads) == "ix-1"
    assert see_anchor("Гайка квадратная", heads) == "ix-2"
    assert see_anchor("Гайка", heads) == "ix-9"  # the same word in another case first
    assert see_anchor("Гайка", {"Гайкаверт": "ix-3", "Гайка квадратная": "ix-2"}) == "ix-2"  # a whole word
    assert see_anchor("Шуруп", heads) is None


def dicts(entries, path="corpus/book/index.txt"):
    return [{"headword": e.headword, "sub": e.sub, "targets": list(e.targets), "see": e.see, "line": e.line,
             "source": path, "page": e.page} for e in entries]


def test_check_counts_entries_and_targets_as_written():
    index = dicts(read("""ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Лодка речная 21A, 21B
" весельная 21A3
Мост разводной 30, 31C
—"— ночной 31C
Якорь см. Лодка
"""))
    text = "\n".join(report_lines({"index": index}))
    # a quotation ditto under «Лодка» alone makes «Лодка» a headword of its own
    assert "subject index: 5 entries, 5 headwords, 2 sub-entries, 6 targets (5 different), cross-references 1" in text
    assert "warning" not in text


def test_check_warns_with_file_and_line_about_lines_it_could_not_read():
    index = dicts(read("""ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Лодка речная 21A, 21B
Мост разводной 30, 31C
Якорь
"""))
    assert [index_doubt(e) is not None for e in index] == [False, False, True]
    text = "\n".join(report_lines({"index": index}))
    assert "warning: 1 index lines not read as an entry" in text
    assert "corpus/book/index.txt:4: «Якорь» -- no target" in text
    # numbers left inside an entry's words: two lines run together
    assert index_doubt({"headword": "Лодка 21A", "sub": '21B " весельная', "targets": ["3"], "see": None})
    assert index_doubt({"headword": "", "sub": "весельная", "targets": ["3"], "see": None})


@pytest.mark.parametrize("lang,text,expected", [
    ("en", "INDEX\nBell, round 7A\nCaddie 8; Tray 7A, 7B\n- 23\n",
     [("Bell", "round", ("7A",), None), ("Caddie", None, ("8",), None), ("Tray", None, ("7A", "7B"), None)]),
    ("ru", "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ\nЗвонок 2; Ширма 1, 3A; Капитан, подпись 6\n- 5\n",
     [("Звонок", None, ("2",), None), ("Ширма", None, ("1", "3A"), None), ("Капитан", "подпись", ("6",), None)]),
])
def test_entries_run_together_with_a_semicolon_are_each_read(lang, text, expected):
    """Entries set on one line, parted by a semicolon after the targets (cold read 6, finding 12)."""
    assert rows(read(text, lang)) == expected
