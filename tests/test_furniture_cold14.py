"""Issue 12, cold read 14: furniture told by context, never by shape alone.

1. A page counter («Page 2 of 2», «Страница 2 из 2») the law's text introduces (the line
   before it ends with a colon) is the text's own, also after the page's last sentence, as
   its last paragraph (``counter_lines`` read it as the page's counter: words lost silently).
The pages are invented."""

from __future__ import annotations

import pytest

from lawsearch import furniture

HEADING = lambda s: s.startswith(("Правило", "LAW", "A.", "B."))  # noqa: E731

RU = ["Правило 81. ПОЧТА", "A. Листы", "Протокол занимает два листа; на втором внизу пишется:", "Страница 2 из 2"]
EN = ["LAW 81 - THE POST", "A. Sheets", "The minutes fill two sheets; the second bears at its foot:", "Page 2 of 2"]
SEAL = {"ru": ["B. Печать", "Печать ставят красную."], "en": ["B. Seals", "The seal is red."]}


@pytest.mark.parametrize("lang, text", [("ru", RU), ("en", EN)])
def test_a_counter_the_text_introduces_stays(lang, text):
    out, changes = furniture.prepare(text, "laws", lang, HEADING)
    assert out[3] == text[3] and not [c for c in changes if c[0] == 4], changes
    # in the middle of the law too
    out, changes = furniture.prepare(text + SEAL[lang], "laws", lang, HEADING)
    assert out[3] == text[3], changes
    # the control: after a sentence at the page's foot it is the page's counter
    plain = text[:2] + [text[2].split(";")[0] + ".", text[3]]
    out, _ = furniture.prepare(plain, "laws", lang, HEADING)
    assert out[3] == ""


@pytest.mark.parametrize("lang, text", [("ru", RU), ("en", EN)])
def test_an_introduced_counter_builds_into_its_clause(tmp_path, lang, text):
    """End to end: the saved page's last paragraph stays in 81A, check and build pass."""
    from test_furniture_pagers_cold13 import page, run_corpus
    body = (f"<h1>{text[0]}</h1><h2>{text[1]}</h2><p>{text[2]}</p><p>{text[3]}</p>")
    nodes, checked, built = run_corpus(tmp_path, {"law81.html": page(body, "<footer>© 2022</footer>")})
    assert built.exit_code == 0, built.output
    assert text[3] in nodes["81A"], nodes
    assert checked.exit_code == 0, checked.output


# -- 2. a site's name over every text file of a folder ---------------------------------------------

TXT = {"ru": ("Правило {n}. УЛЕЙ {n}", "A. Рамки", "Рамки {n}-го улья вынимают по одной.", "Союз пасечников"),
       "en": ("LAW {n} - HIVE {n}", "A. Frames", "The frames of hive {n} are lifted one by one.", "Beekeepers Guild")}


def txt_page(lang: str, n: int, site: bool = True) -> str:
    head, clause, sentence, name = TXT[lang]
    return (f"{name}\n\n" if site else "") + f"{head.format(n=n)}\n\n{clause}\n{sentence.format(n=n)}\n"


@pytest.mark.parametrize("langs", [("ru",), ("en",), ("ru", "en")], ids=["ru", "en", "ru+en"])
def test_a_site_name_over_three_text_pages_is_furniture(tmp_path, langs):
    from test_furniture_pagers_cold13 import run_corpus
    files = {f"{lang}{n}.txt": txt_page(lang, n) for lang in langs for n in (90, 91, 92)}
    nodes, checked, built = run_corpus(tmp_path, files)
    assert built.exit_code == 0, built.output
    assert checked.exit_code == 0, checked.output
    for lang in langs:
        assert not any(TXT[lang][3] in t for t in nodes.values()), nodes


def test_two_text_files_opening_alike_keep_their_line():
    """The control: two files of a book may open with the same line; a longer common run is
    shared text, not a site's header."""
    two = [txt_page("en", n).splitlines() for n in (90, 91)]
    assert furniture._shared_in(two) == set()
    three = [["Beekeepers Guild", "Our hives are kept by the members.", "Each member keeps a hive.",
              "A hive is painted white.", f"LAW {n} - HIVE"] for n in (90, 91, 92)]
    assert furniture._shared_in(three) == set()


# -- 3. a site's tool links after the last clause ----------------------------------------------------

TOOLS = {"ru": (["Правило 87. САД", "A. Грядки", "Грядки копают на штык лопаты."], "Показать ещё",
                "Версия для печати  Отправить другу"),
         "en": (["LAW 87 - THE GARDEN", "A. Beds", "Beds are dug one spade deep."], "Show more",
                "Printer-friendly version  Email a friend")}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("order", [(1, 2), (2, 1), (1,), (2,)])
def test_tool_links_after_the_last_clause_are_furniture(lang, order):
    text, more, row = TOOLS[lang]
    tail = [(more, row)[k - 1] for k in order]
    out, changes = furniture.prepare(text + tail, "laws", lang, HEADING)
    assert out[:3] == text and not any(out[3:]), changes


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_same_words_inside_the_text_stay(lang):
    """The controls: the label as a line a clause goes on after, and two ordinary words set
    apart by a double space, are the text's."""
    text, more, _ = TOOLS[lang]
    lines = text + [more, text[2]]
    out, _ = furniture.prepare(lines, "laws", lang, HEADING)
    assert out[3] == more
    assert not furniture.action_rows("Beds  are dug", "en") and not furniture.action_rows("Грядки  копают", "ru")


def test_a_folder_with_tool_rows_builds_with_no_lost_text(tmp_path):
    from test_furniture_pagers_cold13 import run_corpus
    text, more, row = TOOLS["en"]
    nodes, checked, built = run_corpus(tmp_path, {"en87.txt": "\n".join(text + ["", more, row]) + "\n"})
    assert built.exit_code == 0, built.output
    assert nodes["87A"].rstrip().endswith("deep."), nodes
    assert "lost" not in built.output and checked.exit_code == 0, checked.output


WIKI = {"ru": (["Правило 84. БАНЯ", "A. Топка[править | править код]", "Баню топят по субботам."],
               "Примечания[править | править код]", "Категории: Уставы | Клубы | Викитека:Тексты"),
        "en": (["LAW 84 - THE BATHHOUSE", "A. Firing[edit]", "The bathhouse is fired on Saturdays."],
               "Notes[edit]", "Categories: Rules | Clubs | Wikisource:Texts")}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("with_notes_heading", [True, False])
def test_a_wiki_pages_empty_notes_and_categories_are_furniture(lang, with_notes_heading):
    text, notes, categories = WIKI[lang]
    tail = ([notes] if with_notes_heading else []) + [categories]
    out, changes = furniture.prepare(text + tail, "laws", lang, HEADING)
    assert out[2] == text[2] and not any(out[3:]), changes
    assert furniture.listing_rows(categories, lang)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_notes_section_with_notes_under_it_stays(lang):
    """The control: a wiki section with text under it is the page's text."""
    text, notes, _ = WIKI[lang]
    note = "1. Дрова берут сухие." if lang == "ru" else "1. The logs are dry."
    out, _ = furniture.prepare(text + [notes, note], "laws", lang, HEADING)
    assert out[3] and out[4] == note


# -- 6. a heading's title printed again on its own line ---------------------------------------------

@pytest.mark.parametrize("lines, at", [
    (["Правило 88. ПРУД", "A. Караси", "Караси", "Карасей кормят крошками в полдень."], 2),
    (["Правило 88. ПРУД", "ПРУД", "A. Караси", "Карасей кормят крошками."], 1),
    (["LAW 88 - THE POND", "A. Carp", "Carp", "The carp are fed with crumbs at noon."], 2),
    (["LAW 88 - THE POND", "1. Feeding", "Feeding", "The carp are fed at noon."], 2),
])
def test_a_headings_title_printed_again_alone_is_a_duplicate(lines, at):
    assert at in furniture.overstrike_duplicates(lines)


@pytest.mark.parametrize("lines", [
    ["A. Караси", "Караси кормят крошками в полдень."],
    ["Правило 88. ПРУД", "A. Караси", "Карасей кормят крошками.", "Караси сыты."],
    ["LAW 88 - THE POND", "A. Carp", "Carp are fed at noon."],
    ["The fish are called carp and perch and", "perch"],
])
def test_a_line_going_on_after_a_heading_is_no_duplicate(lines):
    """The controls: the title's word opening the clause's sentence, or a sentence's last word."""
    assert furniture.overstrike_duplicates(lines) == set()
