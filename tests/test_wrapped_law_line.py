"""A hard-wrapped sentence whose next line begins with the law word and a number
(``… as the notice says in`` / ``Law 31 for the tea urn.``) cites the law: that line is no
law heading (issue 9, cold read 6, finding 1). The line before leaves its sentence open (it
ends on a word or a comma, or on a ``see`` word), and one more thing says so: the "title"
reads as the sentence going on (lower case, or a sentence's end), the layout prints its law
word in capitals and this line does not, or the line has no title and the line before stops
on a joining word or the number runs back. A law heading out of its file's sequence is
warned of with its file and line; a heading that clashes names this possibility.

Every text here is invented: English capitals (en-1987), English mixed case (en-mixed),
the book's Russian layout (ru-book), the statute-style Russian code (statute-ru) and a
folder's own profile."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.model import CorpusError

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
name = "kites"  # the manifest calls it so
languages = ["en"]

[grammar]
levels = ["section", "clause"]
strict_levels = false
default_layouts = { en = "rules" }

[grammar.labels]
section = "digits"
clause = "a-z"

[grammar.ids]
law = "{law}"
section = ".{label}"
clause = "({label})"
footnote = "fn-{page}-{n}"
division = "div-{slug}-{law}"
piece = "piece-{source}-{line}"
anchor = "r"

[layouts.rules]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.rules.headings]
law = '(?:RULE|Rule)\\s+{law}{title?}'
section = '\\d+\\.{label}\\s+{title}'
clause = '\\({label}\\)\\s+{title}'

[layouts.rules.examples]
law = "RULE 2 - MEMBERS"
section = "2.1 Joining"
clause = "(a) A member pays the fee."

[citations.en]
see = ["see"]
after = ["above", "below"]
conjunctions = ["and", "or"]
ranges = ["-"]

[[citations.en.levels]]
level = "rule"
words = ["Rule", "Rules"]
label = "number"

[[citations.en.levels]]
level = "section"
words = ["section"]
label = "number"

[strings.en]
law = "Rule {id}"
code_title = "Rules of the Kite Club"
brand = "Kite rules"
app_name = "Rules of the Kite Club"
"""


def corpus_folder(tmp_path: Path, text: str, layout: str, lang: str = "en", profile: str = "bridge",
                  own: str | None = None, last: int = 93) -> Path:
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "text.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(profile=profile, lang=lang, layout=layout, last=last),
                                        encoding="utf-8")
    if own is not None:
        (root / "profile.toml").write_text(own, encoding="utf-8")
    return root


def parse(tmp_path: Path, text: str, layout: str, **kw):
    return build_corpus(corpus_folder(tmp_path, text, layout, **kw), strict=False)


def heads(corpus) -> list[str]:
    return [n.id for n in corpus.nodes if n.kind == "law" and not n.missing]


def node(corpus, node_id: str):
    return next(n for n in corpus.nodes if n.id == node_id)


def targets(corpus, node_id: str) -> list[str]:
    return [r.target for r in corpus.refs if r.from_ == node_id]


# -- English capitals (en-1987) ------------------------------------------------------------

CAPS = """LAW 40 - THE KETTLE
A. FILLING THE KETTLE
The kettle is filled before the first round begins, and the water is boiled as the notice says in
Law 41 for the tea urn.
B. POURING
The steward pours for each table in turn; see A above and
Law 12.
C. SPILLS
A spill is wiped at once, and a second spill is treated as the reverse case; compare
LAW 44 for that case.

LAW 41 - THE TEA URN
The urn stands on the side table, never on a playing table.
"""


def test_capitals_layout_wrapped_citations_are_text(tmp_path):
    corpus = parse(tmp_path, CAPS, "en-1987")
    assert heads(corpus) == ["40", "41"]
    assert [n.id for n in corpus.nodes if n.law == "40" and n.kind == "section"] == ["40A", "40B", "40C"]
    assert node(corpus, "40A").text.endswith("as the notice says in Law 41 for the tea urn.")
    assert node(corpus, "40B").text.endswith("see A above and Law 12.")
    assert node(corpus, "40C").text.endswith("compare LAW 44 for that case.")
    assert "41" in targets(corpus, "40A") and "12" in targets(corpus, "40B") and "44" in targets(corpus, "40C")
    assert node(corpus, "41").title == "THE TEA URN"


def test_capitals_layout_keeps_a_heading_after_an_unended_line(tmp_path):
    """A text whose last sentence lost its stop, then a proper heading: still a heading."""
    text = ("LAW 40 - THE KETTLE\nThe kettle is filled before the first round begins\n"
            "LAW 41 - THE TEA URN\nThe urn stands on the side table.\n"
            "LAW 42\nTHE BISCUIT TIN\nThe tin is opened by the steward.\n")
    corpus = parse(tmp_path, text, "en-1987")
    assert heads(corpus) == ["40", "41", "42"]
    assert node(corpus, "42").title == "THE BISCUIT TIN"


# -- English mixed case (en-mixed) ---------------------------------------------------------

MIXED = """Law 20 - Lanterns
A. Lighting
A lantern is lit at dusk, as Law 18B and
Law 30 allow.
B. Trimming
The wick is trimmed each week, under
Law 19.
C. Storage
1. Lanterns are stored dry.
2. A cracked glass is replaced before use, as
Law 22 requires of all glass.

Law 21 - Candles
Candles are kept in the tin box.
"""


def test_mixed_case_wrapped_citations_do_not_reparent_sections(tmp_path):
    corpus = parse(tmp_path, MIXED, "en-mixed")
    assert heads(corpus) == ["20", "21"]
    assert [n.id for n in corpus.nodes if n.law == "20"] == ["20", "20A", "20B", "20C", "20C1", "20C2"]
    assert node(corpus, "20A").text == "A lantern is lit at dusk, as Law 18B and Law 30 allow."
    assert node(corpus, "20B").text == "The wick is trimmed each week, under Law 19."
    assert node(corpus, "20C2").text.endswith("as Law 22 requires of all glass.")
    assert targets(corpus, "20A") == ["18B", "30"] and targets(corpus, "20B") == ["19"]


def test_mixed_case_number_running_back_with_no_title_is_text(tmp_path):
    """A bare ``Law 7`` after an open line and after law 20's heading: the number runs back."""
    text = ("Law 20 - Lanterns\nA lantern is lit at dusk and put out by the last member who leaves\n"
            "Law 7.\nLaw 21 - Candles\nCandles are kept in the tin box.\n")
    corpus = parse(tmp_path, text, "en-mixed")
    assert heads(corpus) == ["20", "21"]
    assert node(corpus, "20").text.endswith("the last member who leaves Law 7.")


# -- the book's Russian layout (ru-book) and the statute-style code (statute-ru) --------------

RU_BOOK = """Правило 40. Чайник
A.Наполнение
Чайник наполняют до начала первого тура, а воду кипятят до прихода гостей; подробнее см.
Правило 16.
B.Разлив
Дежурный разливает чай по столам по очереди.

Правило 41. Самовар
Самовар стоит на боковом столе.
"""


def test_russian_book_citation_after_see_is_text(tmp_path):
    corpus = parse(tmp_path, RU_BOOK, "ru-book", lang="ru")
    assert heads(corpus) == ["40", "41"]
    assert [n.id for n in corpus.nodes if n.law == "40"] == ["40", "40A", "40B"]
    assert node(corpus, "40A").text.endswith("до прихода гостей; подробнее см. Правило 16.")
    assert targets(corpus, "40A") == ["16"]


STATUTE = """Статья 5. Лодки
1. Лодку спускают на воду только с разрешения дежурного, в порядке, который устанавливает
Статья 3.
2. Лодку, оставленную без присмотра, убирают в сарай в соответствии со
Статья 4.
3. Вёсла хранятся в шкафу.
Статья 6. Сарай
Сарай запирают на ночь.
"""


def test_statute_wrapped_citations_are_text(tmp_path):
    corpus = parse(tmp_path, STATUTE, "statute-ru", lang="ru", profile="statute-ru", last=10)
    assert heads(corpus) == ["5", "6"]
    assert [n.id for n in corpus.nodes if n.law == "5"] == ["5", "5.1", "5.2", "5.3"]
    assert node(corpus, "5.1").text.endswith("который устанавливает Статья 3.")
    assert node(corpus, "5.2").text.endswith("в соответствии со Статья 4.")


# -- a folder's own profile ---------------------------------------------------------------

OWN = """RULE 2 - MEMBERS
2.1 Joining
A new member pays the fee and flies a kite on the first Sunday, as laid down in
Rule 3 for guests.
2.2 Leaving
A member who leaves returns the club's spools, see
Rule 4.
RULE 3 - GUESTS
A guest flies only with a member.
RULE 4 - SPOOLS
Spools are counted each spring.
"""


def test_own_profile_wrapped_citations_are_text(tmp_path):
    corpus = parse(tmp_path, OWN, "rules", profile="kites", own=OWN_PROFILE, last=9)
    assert heads(corpus) == ["2", "3", "4"]
    assert [n.id for n in corpus.nodes if n.law == "2"] == ["2", "2.1", "2.2"]
    assert node(corpus, "2.1").text.endswith("as laid down in Rule 3 for guests.")
    assert node(corpus, "2.2").text.endswith("see Rule 4.")
    assert targets(corpus, "2.1") == ["3"] and targets(corpus, "2.2") == ["4"]
    assert node(corpus, "3").title == "GUESTS"


# -- the law sequence ---------------------------------------------------------------------

SEQUENCE = """Law 71 - Oars
Oars are counted after each outing.
Law 74 - Rudders
Rudders hang on the north wall.
Law 72 - Rowlocks
Rowlocks are oiled in March.
Law 73 - Cushions
Cushions are aired on dry days.
Law 50 - Flags
The flag is raised at nine.
"""


def test_a_law_out_of_sequence_is_warned_of_with_its_line(tmp_path):
    corpus = parse(tmp_path, SEQUENCE, "en-mixed")
    warned = [p for p in corpus.problems if "out of their sequence" in p.message]
    assert [(p.line, p.severity) for p in warned] == [(3, "warning"), (9, "warning")]
    assert all(p.path.endswith("laws/text.txt") for p in warned)
    assert "law 74's heading stands between laws 71 and 72" in warned[0].message
    assert "wrapped sentence" in warned[0].message and "law 50's heading stands after law 73" in warned[1].message


def test_check_and_build_name_the_out_of_sequence_law(tmp_path):
    root = corpus_folder(tmp_path, SEQUENCE, "en-mixed")
    runner = CliRunner()
    built = runner.invoke(main, ["build", "--corpus", str(root), "--out", str(tmp_path / "out"), "-q"])
    checked = runner.invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "out")])
    for result in (built, checked):
        assert "law 74's heading stands between laws 71 and 72" in result.output, result.output
        assert "text.txt:3" in result.output


def test_a_clashing_heading_names_a_wrapped_line(tmp_path):
    text = "Law 21 - Candles\nCandles are kept in the tin box.\nLaw 21 - Candles\nThe box is locked.\n"
    with pytest.raises(CorpusError) as e:
        build_corpus(corpus_folder(tmp_path, text, "en-mixed"))
    message = str(e.value)
    assert "heading of 21 repeats" in message and "doubled" in message and "lost" in message
    assert "wrapped sentence" in message


# -- a numbered clause whose "title" is an open sentence (issue 9, cold read 7, finding 1) ----
# A clause line "2. A steward may refill it before" is read as a heading with a title; its
# title is a sentence left open, so the next "Law N …" line that reads as its continuation
# goes on with the clause's text, in every layout.

CLAUSE_MIXED = """Law 30 - The Boathouse
{bullet}A. Opening the Doors
1. When the tide is high the
warden opens both doors at once.
2. A member may borrow the key before
Law 31 makes it a club key.
3. A lost key is replaced at the member's cost under
Law 33.
{bullet}B. Closing
The doors are closed at dusk.

Law 32 - The Slipway
The slipway is swept each Saturday.
"""


@pytest.mark.parametrize("bullet", ["", "- "])
def test_mixed_case_clause_sentence_wrapped_into_law_line_is_text(tmp_path, bullet):
    corpus = parse(tmp_path, CLAUSE_MIXED.format(bullet=bullet), "en-mixed")
    assert heads(corpus) == ["30", "32"]
    assert [n.id for n in corpus.nodes if n.law == "30"] == ["30", "30A", "30A1", "30A2", "30A3", "30B"]
    assert node(corpus, "30A2").text == "A member may borrow the key before Law 31 makes it a club key."
    assert node(corpus, "30A3").text.endswith("at the member's cost under Law 33.")
    assert "31" in targets(corpus, "30A2") and "33" in targets(corpus, "30A3")
    assert not [p for p in corpus.problems if "out of their sequence" in p.message]


CLAUSE_CAPS = """LAW 30 - THE BOATHOUSE
A. OPENING THE DOORS
1. When the tide is high the warden opens both doors.
2. A member may borrow the key before
Law 31 makes it a club key.
B. CLOSING
The doors are closed at dusk.
LAW 32 - THE SLIPWAY
The slipway is swept each Saturday.
"""


def test_capitals_clause_sentence_wrapped_into_law_line_is_text(tmp_path):
    corpus = parse(tmp_path, CLAUSE_CAPS, "en-1987")
    assert heads(corpus) == ["30", "32"]
    assert [n.id for n in corpus.nodes if n.law == "30"] == ["30", "30A", "30A1", "30A2", "30B"]
    assert node(corpus, "30A2").text == "A member may borrow the key before Law 31 makes it a club key."
    assert "31" in targets(corpus, "30A2")


def test_a_titled_heading_or_an_unended_clause_before_a_real_law_heading_keeps_it(tmp_path):
    """A section's Title Case title and a clause that lost its stop are followed by true law
    headings (their titles are titles): both stay headings."""
    text = ("Law 30 - The Boathouse\nA. Opening the Doors\n1. The doors are opened at high tide\n"
            "Law 31 - The Key Board\nA. Hooks and Labels\nLaw 32 - The Slipway\nThe slipway is swept.\n")
    corpus = parse(tmp_path, text, "en-mixed")
    assert heads(corpus) == ["30", "31", "32"]
    assert node(corpus, "31").title == "The Key Board" and node(corpus, "32").title == "The Slipway"


GUILD_PROFILE = """extends = ""
name = "bells"  # the manifest calls it so
languages = ["en"]

[grammar]
levels = ["section", "clause"]
strict_levels = false
default_layouts = { en = "hall" }

[grammar.labels]
section = "digits"
clause = "digits"

[grammar.ids]
law = "{law}"
section = ".{label}"
clause = ".{label}"
footnote = "fn-{page}-{n}"
division = "div-{slug}-{law}"
piece = "piece-{source}-{line}"
anchor = "h"

[layouts.hall]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.hall.headings]
law = 'Canon\\s+{law}{title?}'
section = '\\d+\\.{label}\\s+{title}'
clause = '\\d+\\.\\d+\\.{label}\\s+{title}'

[layouts.hall.examples]
law = "Canon 3 - Bells"
section = "3.2 Ringing"
clause = "3.2.1 The bell is rung at noon."

[citations.en]
see = ["see"]
after = ["above", "below"]
conjunctions = ["and", "or"]
ranges = ["-"]

[[citations.en.levels]]
level = "canon"
words = ["Canon", "Canons"]
label = "number"

[strings.en]
law = "Canon {id}"
code_title = "Canons of the Bell Hall"
brand = "Bell canons"
app_name = "Canons of the Bell Hall"
"""

GUILD = """Canon 4 - Ropes
4.1 Care
4.1.1 A rope is dried after each peal.
4.1.2 A frayed rope may not be rung in a peal of any length under
Canon 2 or in the practice kept under Canon 6.
Canon 5 - Towers
5.1 Keys
5.1.1 The tower is locked at night.
"""


def test_own_profile_clause_sentence_wrapped_into_law_line_is_text(tmp_path):
    corpus = parse(tmp_path, GUILD, "hall", profile="bells", own=GUILD_PROFILE, last=9)
    assert heads(corpus) == ["4", "5"]
    assert [n.id for n in corpus.nodes if n.law == "4"] == ["4", "4.1", "4.1.1", "4.1.2"]
    assert node(corpus, "4.1.2").text.endswith("under Canon 2 or in the practice kept under Canon 6.")
    assert targets(corpus, "4.1.2") == ["2", "6"]


# A clause left open on a capitalised word ("… with the leave of the Warden") is a sentence
# all the same: most of its words are in lower case, as no title's are.

CLAUSE_CAPITAL_END = """{law} 30 - {boathouse}
{bullet}A. {opening}
1. When the tide is high the warden opens both doors.
2. A member may borrow the key with the leave of the Warden
Law 31 makes it a club key.
{bullet}B. {closing}
The doors are closed at dusk.
{law} 32 - {slipway}
The slipway is swept each Saturday.
"""


@pytest.mark.parametrize("layout,bullet", [("en-mixed", ""), ("en-mixed", "- "), ("en-1987", "")])
def test_clause_left_open_on_a_capitalised_word_wraps_into_law_line(tmp_path, layout, bullet):
    caps = layout == "en-1987"
    words = dict(boathouse="The Boathouse", opening="Opening the Doors", closing="Closing", slipway="The Slipway")
    words = {k: v.upper() if caps else v for k, v in words.items()}
    text = CLAUSE_CAPITAL_END.format(law="LAW" if caps else "Law", bullet=bullet, **words)
    corpus = parse(tmp_path, text, layout)
    assert heads(corpus) == ["30", "32"]
    assert [n.id for n in corpus.nodes if n.law == "30"] == ["30", "30A", "30A1", "30A2", "30B"]
    assert node(corpus, "30A2").text == ("A member may borrow the key with the leave of the Warden "
                                         "Law 31 makes it a club key.")
    assert "31" in targets(corpus, "30A2")
    assert node(corpus, "30B").title == words["closing"]
