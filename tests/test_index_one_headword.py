"""The subject index page shows each headword once with its sub-entries under it (cold
reads 11, 13 and 15 of issue 13): whether the book printed a sub-entry with a comma
(«Матч, перенос»), a spaced dash («Матч — неявка команды») or a ditto mark under the
headword, the page has one row «Матч» and «— перенос», «— неявка команды» under it, never
«Матч, перенос» beside «— неявка команды», nor the headword again over each sub-entry. A
headword printed again further down (a run-together line) joins its first place. Invented
books in Russian and English; the control: headwords without sub-entries stay one row each,
in the book's order."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import html as lxml_html

from lawsearch.build import build

LAWS = {"ru": """Правило 1. Жетоны
Жетон выдают паре при регистрации.
Правило 2. Перенос матча
Матч переносят с согласия соперника.
Правило 3. Буфет
В буфете подают чай.
""", "en": """LAW 1 - TOKENS
A token is given to each pair at registration.
LAW 2 - POSTPONING A MATCH
A match is postponed with the opponents' consent.
LAW 3 - THE BUFFET
Tea is served in the buffet.
"""}

# (headword, its sub-entries) as the page must show them, per way the book printed them
RU_VARIANTS = {
    "comma": """Буфет 3
Жетон 1
  =  утерянный 1
  =  лишение 2
Матч, перенос 2
  "  неявка команды 2
Чай 3
""",
    "dash": """Буфет 3
Жетон 1
Жетон — утерянный 1
Жетон — лишение 2
Матч — перенос 2
Матч — неявка команды 2
Чай 3
""",
    "mixed": """Буфет 3
Жетон, утерянный 1
  =  лишение 2
Матч — перенос 2
Матч, неявка команды 2
Чай 3
""",
}
EN_VARIANTS = {
    "comma": """Buffet 3
Token 1
  =  lost 1
  =  taken away 2
Match, postponed 2
  =  team absent 2
Tea 3
""",
    "dash": """Buffet 3
Token 1
Token – lost 1
Token – taken away 2
Match — postponed 2
Match — team absent 2
Tea 3
""",
    "mixed": """Buffet 3
Token, lost 1
  =  taken away 2
Match – postponed 2
Match, team absent 2
Tea 3
""",
}
HEADING = {"ru": "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ\n", "en": "INDEX\n"}
EXPECTED = {"ru": ["Буфет", "Жетон", "— утерянный", "— лишение", "Матч", "— перенос", "— неявка команды", "Чай"],
            "en": ["Buffet", "Token", "— lost", "— taken away", "Match", "— postponed", "— team absent", "Tea"]}


def make(root: Path, lang: str, index: str) -> Path:
    corpus = root / "corpus"
    (corpus / "book").mkdir(parents=True)
    (corpus / "book" / "laws.txt").write_text(LAWS[lang], encoding="utf-8")
    (corpus / "book" / "index.txt").write_text(HEADING[lang] + index, encoding="utf-8")
    manifest = f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n' + "".join(
        f'[[source]]\npath = "book/{name}.txt"\nlang = "{lang}"\nkind = "{kind}"\nencoding = "utf-8"\n\n'
        for name, kind in (("laws", "laws"), ("index", "index")))
    (corpus / "manifest.toml").write_text(manifest, encoding="utf-8")
    out = root / "out"
    build(corpus, out, lambda message: None)
    return out


def rows(out: Path) -> list[str]:
    doc = lxml_html.fromstring((out / "site" / "subject-index.html").read_text(encoding="utf-8"))
    return [" ".join(dt.text_content().split()) for dt in doc.xpath("//dl[@class='subject-index']/dt")]


CASES = [("ru", v) for v in RU_VARIANTS] + [("en", v) for v in EN_VARIANTS]


@pytest.fixture(scope="module", params=CASES, ids=[f"{lang}-{v}" for lang, v in CASES])
def book(request, tmp_path_factory):
    lang, variant = request.param
    index = (RU_VARIANTS if lang == "ru" else EN_VARIANTS)[variant]
    return lang, make(tmp_path_factory.mktemp(f"ix1-{lang}-{variant}"), lang, index)


def test_each_headword_once_with_its_sub_entries_under_it(book):
    lang, out = book
    assert rows(out) == EXPECTED[lang]


def test_a_sub_entry_row_names_its_headword_for_a_screen_reader_and_links_its_law(book):
    lang, out = book
    doc = lxml_html.fromstring((out / "site" / "subject-index.html").read_text(encoding="utf-8"))
    dts = doc.xpath("//dl[@class='subject-index']/dt")
    sub = next(dt for dt in dts if " ".join(dt.text_content().split()) == EXPECTED[lang][3])
    assert sub.get("aria-label") == f"{EXPECTED[lang][1]} {EXPECTED[lang][3]}"
    dd = sub.getnext()
    assert [a.get("data-target") for a in dd.xpath(".//a[@class='index-target']")] == ["2"]


def test_a_headword_printed_again_further_down_joins_its_first_place(tmp_path):
    # «Жетон, утерянный» run together after «Чай» on a line: still under «Жетон»
    out = make(tmp_path, "ru", "Буфет 3\nЖетон 1\nМатч, перенос 2\nЧай 3 Жетон, утерянный 1\n")
    assert rows(out) == ["Буфет", "Жетон", "— утерянный", "Матч", "— перенос", "Чай"]


def test_control_headwords_without_sub_entries_stay_one_row_each_in_order(tmp_path):
    out = make(tmp_path, "en", "Buffet 3\nMatch 2\nTea 3\nToken 1\n")
    assert rows(out) == ["Buffet", "Match", "Tea", "Token"]


def test_a_hyphen_parts_no_headword(tmp_path):
    # the control of the dash: a hyphen, in a word or spaced, is the headword's own text
    out = make(tmp_path, "en", "Buffet 3\nMatch-day postponed 2\nTea - green 3\n")
    assert rows(out) == ["Buffet", "Match-day postponed", "Tea - green"]
