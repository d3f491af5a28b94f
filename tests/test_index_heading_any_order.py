"""Cold read 14, issue 13, finding 2: a subject-index heading that holds the words of one of
the profile's index headings in another order and case -- "INDEX OF SUBJECTS", "Index of
Subjects", «УКАЗАТЕЛЬ ПРЕДМЕТНЫЙ», «Указатель предметов» for "SUBJECT INDEX" and
«ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ» -- opens the subject index in a book without page footers: its
entries and the afterword after them are no law's text. A sentence of the law that names
the index, or a heading of other words, stays law text. Invented books."""

from __future__ import annotations

import pytest

from added_books import built, law_text
from lawsearch.structure.apparatus import Apparatus

BOOKS = {
    "ru": ("""Правило 30. МАЯК НА МЫСУ
Смотритель зажигает маяк на мысу с наступлением темноты и гасит на рассвете.
Правило 31. ЛОДОЧНЫЙ САРАЙ
{S}Ключ от сарая хранится у смотрителя и выдаётся под запись.
{H}
Маяк 30
   »    смотритель 30
Сарай лодочный 31
Ключ см. Сарай лодочный
ПОСЛЕСЛОВИЕ
Составитель благодарит рыбаков мыса за рассказы о старом маяке.
""", "Маяк", "рыбаков"),
    "en": ("""LAW 30 - THE LIGHT ON THE CAPE
The keeper lights the lamp on the cape at dusk and puts it out at dawn.
LAW 31 - THE BOAT SHED
{S}The shed key stays with the keeper and is signed for in the book.
{H}
Cape, light on 30
   --   keeper 30
Shed, boat 31
Key see Shed, boat
AFTERWORD
The compiler thanks the fishermen of the cape for their tales of the old light.
""", "Cape", "fishermen"),
}

HEADINGS = [("en", "INDEX OF SUBJECTS"), ("en", "Index of Subjects"), ("en", "Index of subjects"),
            ("ru", "УКАЗАТЕЛЬ ПРЕДМЕТНЫЙ"), ("ru", "Указатель предметов")]


@pytest.mark.parametrize("lang,heading", HEADINGS)
def test_index_words_in_any_order_open_the_index_without_footers(tmp_path, lang, heading):
    text, headword, afterword = BOOKS[lang]
    corpus = built(tmp_path, text.replace("{H}", heading).replace("{S}", ""))
    last = law_text(corpus, "31")
    assert headword not in last and afterword not in last and heading not in last, last
    assert any(e["headword"].startswith(headword) for e in corpus.apparatus.get("index") or [])
    assert not any(afterword in (n.text or "") for n in corpus.nodes if n.law)


@pytest.mark.parametrize("lang,line,sentence", [
    ("en", "Index of subjects follows below", "The index of subjects at the back lists the shed."),
    ("ru", "Указатель предметов ниже", "Указатель предметов в конце книги называет сарай."),
])
def test_a_sentence_naming_the_index_stays_law_text(tmp_path, lang, line, sentence):
    a = Apparatus(lang)
    words = a.index
    assert not a.any_order(line, words) and not a.any_order(sentence, words)
    assert not a.any_order("Index of cases" if lang == "en" else "Указатель судов", words)
    text, _, _ = BOOKS[lang]
    # control: no index heading at all; a sentence of law 31 names the index
    corpus = built(tmp_path, text.replace("{H}\n", "").replace("{S}", sentence + "\n"))
    assert sentence[:30] in law_text(corpus, "31")
