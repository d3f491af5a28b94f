"""Cold read 13, issue 13, finding 2: a division heading printed in capitals with a period
after its numeral («РАЗДЕЛ I. ПОРЯДОК ВЕЧЕРА», "PART II. CONDUCT") is a division -- its word
is the profile's division vocabulary in whatever case the book prints it -- also right after
the definitions (never a defined term «РАЗДЕЛ I») and before a law on a later page (never
that law's text). A term that only begins with a division word and has no numeral stays a
term. Invented books, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import parse_folder
from lawsearch.grammar import default_grammar
from lawsearch.sources import read_corpus_folder
from added_books import book_folder

BOOKS = {
    "ru": ("Страница", ["ОПРЕДЕЛЕНИЯ",
                        "Глава стола. Игрок, сидящий на месте Севера.",
                        "Фишка. Кружок для подсчёта очков."],
           "ЧАСТЬ I. ПРИЁМ ГОСТЕЙ", "Правило 5. ВСТРЕЧА", "Гостей встречает дежурный у входа в клуб.",
           "ЧАСТЬ II. ПРОВОДЫ", "Правило 6. ГАРДЕРОБ", "Пальто гостям подаёт гардеробщик.",
           "Глава стола"),
    "en": ("Page", ["DEFINITIONS",
                    "Part Score. A contract below game.",
                    "Token. A disc for counting points."],
           "PART I. WELCOMING GUESTS", "LAW 5 - GREETING", "Guests are met by the steward at the door.",
           "PART II. FAREWELL", "LAW 6 - CLOAKROOM", "The attendant hands coats to the guests.",
           "Part Score"),
}


def corpus(tmp_path: Path, lang: str):
    page, defs, div1, law5, text5, div2, law6, text6, _ = BOOKS[lang]
    pages = [defs, [div1, law5, text5], [div2, law6, text6]]
    text = "\n".join(line for n, p in enumerate(pages, 1) for line in [*p, f"{page} {n}"]) + "\n"
    root = book_folder(tmp_path, lang, text)
    return parse_folder(read_corpus_folder(root), strict=False)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_division_in_capitals_with_a_period_is_a_division_after_the_definitions(tmp_path, lang):
    *_, term = BOOKS[lang]
    built = corpus(tmp_path, lang)
    divisions = [n for n in built.nodes if n.kind == "division"]
    assert len(divisions) == 2, [(n.id, n.title) for n in built.nodes]
    assert sorted(n.label.split()[-1] for n in divisions) == ["I", "II"]
    definitions = [n for n in built.nodes if n.kind == "definition"]
    assert len(definitions) == 2 and any(term in (n.title or "") for n in definitions)  # the control stays a term
    titles = {BOOKS[lang][2].split(". ", 1)[1], BOOKS[lang][5].split(". ", 1)[1]}
    assert {n.title for n in divisions} == titles
    # neither heading is the text of a law (law 5 before the second, law 6 after it) or a term's
    assert not [n.id for n in built.nodes if any(t in (n.text or "") for t in titles)]


@pytest.mark.parametrize("line,kind", [("РАЗДЕЛ III. ЗАКРЫТИЕ", "division"), ("Раздел III. Закрытие", "division"),
                                       ("ГЛАВА IV - СЧЁТ", "division"), ("Глава клуба открывает вечер.", "text")])
def test_the_division_words_are_read_in_capitals_too(line, kind):
    assert default_grammar().layout_for("ru", None).classify(line).kind == kind
