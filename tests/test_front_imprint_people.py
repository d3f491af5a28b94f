"""A title page's city and year on one line with any mark between, one line naming the
translator and the editor, and a title page in a file of its own (cold read 11 of issue 13,
finding 5). The title pages and law text are invented."""

from __future__ import annotations

import pytest

from lawsearch.dropin import detect
from lawsearch.grammar import default_grammar
from lawsearch.profile import load_profile
from lawsearch.structure.apparatus import Apparatus, front_block, parse_front

PROFILE = load_profile("bridge")


def words(lang: str) -> Apparatus:
    return Apparatus.of(PROFILE, lang)


@pytest.mark.parametrize("mark", [" — ", " – ", " - ", "—", ", ", ": ", " "])
@pytest.mark.parametrize("lang, city", [("ru", "Новосибирск"), ("en", "Harwich")])
def test_a_city_and_year_imprint_is_read_with_any_mark_between(lang, city, mark):
    label = "Перевод Т. К. Заречной" if lang == "ru" else "Translated by T. K. Marsh"
    fields = parse_front(["ПРАВИЛА ОЗЁРНОГО КЛУБА" if lang == "ru" else "RULES OF THE LAKE CLUB",
                          label, f"{city}{mark}2020"], words(lang))
    assert fields.get("city") == city and fields.get("year") == "2020", fields


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_title_page_with_a_dashed_imprint_is_found(lang):
    """Translator, editor, «Город — 2020» before the page's footer: a title page (it was
    left as unplaced text when the year was not read)."""
    page = {"ru": ["ПРАВИЛА ОЗЁРНОГО КЛУБА", "Перевод и комментарии Т. К. Заречной",
                   "Под редакцией Г. Л. Сомова", "Новосибирск — 2020", "- 1",
                   "Правило 1. Колода", "Колода состоит из пятидесяти двух карт."],
            "en": ["RULES OF THE LAKE CLUB", "Translated by T. K. Marsh", "Edited by G. L. Fenwick",
                   "Harwich — 2020", "- 1", "LAW 1 - THE PACK", "The pack has fifty-two cards."]}[lang]
    assert front_block(page, words(lang), default_grammar().layout_for(lang)) == 5
    fields = parse_front(page[:4], words(lang))
    assert fields["year"] == "2020" and "translator" in fields and "editor" in fields, fields


@pytest.mark.parametrize("lang, line, name", [
    ("en", "Translated and edited by P. Q. Ashdown", "P. Q. Ashdown"),
    ("ru", "Перевод и редакция П. К. Ашурова", "П. К. Ашурова"),
])
def test_one_line_names_the_translator_and_the_editor(lang, line, name):
    title = "RULES OF THE LAKE CLUB" if lang == "en" else "ПРАВИЛА ОЗЁРНОГО КЛУБА"
    fields = parse_front([title, line, "Harwich, 2011" if lang == "en" else "Тверь, 2011"], words(lang))
    assert fields.get("translator") == name and fields.get("editor") == name, fields


def test_separate_translator_and_editor_lines_stay_apart():
    fields = parse_front(["RULES OF THE LAKE CLUB", "Translated by T. K. Marsh", "Edited by G. L. Fenwick",
                          "Harwich, 2011"], words("en"))
    assert fields["translator"] == "T. K. Marsh" and fields["editor"] == "G. L. Fenwick", fields


FRONT_FILES = {
    "ru": "ПРАВИЛА ОЗЁРНОГО КЛУБА\nПО ДУБЛИКАТНОЙ ИГРЕ\nИздание третье\nПеревод с английского Т. К. Заречной\n"
          "Новосибирск, «Кедровый дом», 2018\n",
    "en": "RULES OF THE LAKE CLUB\nFOR DUPLICATE PLAY\nThird Edition\nTranslated and edited by P. Q. Ashdown\n"
          "Harwich: Millpond House, 2018\n",
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_add_files_a_title_page_of_its_own_as_front(lang):
    assert detect(FRONT_FILES[lang].encode(), "front.txt").kind == "front"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_title_page_followed_by_law_text_is_laws(lang):
    law = "\nПравило 1. Колода\nКолода состоит из пятидесяти двух карт, четырёх мастей по тринадцать.\n" if lang == "ru" \
        else "\nLAW 1 - THE PACK\nThe pack has fifty-two cards, four suits of thirteen each.\n"
    assert detect((FRONT_FILES[lang] + law).encode(), "book.txt").kind == "laws"
