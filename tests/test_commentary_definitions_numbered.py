"""Cold read 8, issue 13, finding 11: a commentary whose definitions' section
(«ОПРЕДЕЛЕНИЯ», "DEFINITIONS") numbers its paragraphs «1.1.», «1.1.(a)», «1.2.» is the
commentary on the definitions -- defs.1, defs.1(a), defs.2, the printed number kept as their
label, on the definitions' page -- not law 1's; a citation «п. 1.1» elsewhere in the
commentary finds them. Law 1's own commentary, under its heading («Правило 1»), stays law 1's.
Invented books, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus, parse_folder
from lawsearch.sources import read_corpus_folder

BOOK = {
    "ru": ["ОПРЕДЕЛЕНИЯ", "Смотритель — член клуба, ведущий журнал партий.",
           "Правило 1. ЖУРНАЛ", "Журнал ведётся смотрителем.",
           "Правило 4. ОПОЗДАНИЕ", "Опоздавший ждёт конца партии."],
    "en": ["DEFINITIONS", "Keeper - the club member who keeps the match book.",
           "LAW 1 - THE MATCH BOOK", "The keeper keeps the match book.",
           "LAW 4 - LATENESS", "A late player waits for the game to end."],
}
DEFS = {
    "ru": ["ОПРЕДЕЛЕНИЯ", "1.1. Смотрителем считается и его помощник, когда:",
           "1.1.(a) смотритель вышел из зала;", "1.1.(b) смотритель сам поручил ему журнал.",
           "1.2. Гость клуба членом клуба не считается."],
    "en": ["DEFINITIONS", "1.1. The keeper's deputy counts as the keeper when:",
           "1.1.(a) the keeper has left the room;", "1.1.(b) the keeper has handed over the book.",
           "1.2. A guest of the club is no member."],
}
LAW1 = {"ru": ["Правило 1. ЖУРНАЛ", "1.1. Журнал хранится в шкафу клуба."],
        "en": ["LAW 1 - THE MATCH BOOK", "1.1. The book is kept in the club's cupboard."]}
LAW4 = {"ru": ["Правило 4. ОПОЗДАНИЕ", "4.1. Ожидание не считается наказанием, см. п. 1.1."],
        "en": ["LAW 4 - LATENESS", "4.1. Waiting is no penalty, see 1.1."]}


def corpus(tmp_path: Path, lang: str, commentary: list[str]) -> Path:
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "book.txt").write_text("\n".join(BOOK[lang]) + "\n", encoding="utf-8")
    (root / "commentary" / lang).mkdir(parents=True)
    (root / "commentary" / lang / "notes.txt").write_text("\n".join(commentary) + "\n", encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 9]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/{lang}/book.txt"\nlang = "{lang}"\nkind = "laws"\n\n'
        f'[[source]]\npath = "commentary/{lang}/notes.txt"\nlang = "{lang}"\nkind = "commentary"\n', encoding="utf-8")
    return root


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("with_law1", [False, True])
def test_numbered_definitions_commentary_is_the_definitions(tmp_path, lang, with_law1):
    c = build_corpus(corpus(tmp_path, lang, DEFS[lang] + (LAW1[lang] if with_law1 else []) + LAW4[lang]))
    com = {n.id: n for n in c.nodes if n.kind == "commentary"}
    defs = {i: n for i, n in com.items() if n.law == "defs"}
    assert sorted(defs) == ["defs.1", "defs.1(a)", "defs.1(b)", "defs.2"], sorted(com)
    assert [defs[i].label for i in sorted(defs)] == ["1.1", "1.1(a)", "1.1(b)", "1.2"]
    assert defs["defs.1"].text.rstrip().endswith(":") and "1.2" not in defs["defs.1(b)"].text
    law1 = sorted(i for i, n in com.items() if n.law == "1")
    assert law1 == (["1.1"] if with_law1 else []), law1  # law 1's own commentary only under its heading
    # «п. 1.1», "see 1.1." in law 4's commentary: the definitions' paragraph where law 1 has none
    cited = [(r.target, r.status) for r in c.refs if r.from_ == "4.1"]
    assert cited == [("1.1" if with_law1 else "defs.1", "node")], cited


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_another_number_under_the_definitions_heading_is_a_law_paragraph(tmp_path, lang):
    """Only the numbering the definitions start (their first paragraph ``N.1``) is theirs: a
    paragraph of law 4 under their heading (its heading lost) stays law 4's."""
    lines = DEFS[lang] + [LAW4[lang][1]]
    c = parse_folder(read_corpus_folder(corpus(tmp_path, lang, lines)))
    com = {n.id: n for n in c.nodes if n.kind == "commentary"}
    assert "4.1" in com and com["4.1"].law == "4", sorted(com)
    assert {i for i, n in com.items() if n.law == "defs"} == {"defs.1", "defs.1(a)", "defs.1(b)", "defs.2"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_site_and_show_give_the_printed_number(tmp_path, lang):
    """The definitions page heads each such paragraph with its printed number (1.1, 1.1(a))
    under its own anchor; law 4's citation «п. 1.1» links there; `show defs.1` names both."""
    from click.testing import CliRunner

    from lawsearch.build import build
    from lawsearch.cli import main

    folder = corpus(tmp_path, lang, DEFS[lang] + LAW4[lang])
    out = tmp_path / "out"
    build(folder, out, lambda message: None)
    page = (out / "site" / "definitions.html").read_text(encoding="utf-8")
    for anchor, printed in (("cdefs-1", "1.1"), ("cdefs-1-a", "1.1(a)"), ("cdefs-2", "1.2")):
        assert f'href="#{anchor}"' in page and f">{printed}</a>" in page, (anchor, printed)
    law4 = (out / "site" / "laws" / "4.html").read_text(encoding="utf-8")
    assert 'href="../definitions.html#cdefs-1"' in law4
    r = CliRunner().invoke(main, ["show", "--corpus", str(folder), "--out", str(out), "defs.1"])
    assert r.exit_code == 0 and "defs.1 (1.1)" in r.output.splitlines()[0], r.output


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_show_of_a_printed_number_suggests_the_definitions_paragraph(tmp_path, lang):
    """`show 1.1` where 1.1 is the definitions' paragraph (no law's): defs.1 is suggested first
    (cold read 11 of issue 13, finding 8)."""
    from click.testing import CliRunner

    from lawsearch.cli import main

    folder = corpus(tmp_path, lang, DEFS[lang] + LAW4[lang])
    for asked, meant in (("1.1", "defs.1"), ("1.1(b)", "defs.1(b)")):
        r = CliRunner().invoke(main, ["show", "--corpus", str(folder), asked])
        assert r.exit_code != 0 and f"did you mean {meant}," in r.output, r.output


@pytest.mark.parametrize("lang, text", [
    ("en", "A result stands, see 41.2.(ii), unless the Director rules otherwise."),
    ("en", "A result stands (see 41.2.(ii)) unless the Director rules otherwise."),
    ("ru", "Результат остаётся в силе, см. п. 41.2.(ii), если судья не решит иначе."),
])
def test_a_commentary_paragraph_cited_by_its_number_is_found(lang, text):
    """"see 41.2.(ii)" in English as «п. 41.2.(ii)» in Russian: the commentary paragraph's item."""
    from lawsearch.references import find_citations

    assert [t for _, _, t, _ in find_citations(text, law="43", lang=lang)] == [["41.2(ii)"]]
