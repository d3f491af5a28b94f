"""A bare footnote body set after the lines that finish a sentence running across a page
footer is the footnote of the mark on the page before (issue 13 cold read 8, finding 8): a
book printing ``… теряет первую сдачу*.`` and ``… может не применять пункт 1 и`` above
the footer «Страница 5», then ``назначает пару …`` and ``* Сдача засчитывается …`` below
it, kept the body as law text. The continued sentence is joined across the footer. A
body after a page whose text does not go on from the page before stays text, as printed.
The books are invented, in Russian and in English."""

from __future__ import annotations

import pytest

from added_books import built, law_text

BOOKS = {
    "ru": dict(
        footer=lambda n: f"Страница {n}",
        law=lambda n, t: f"Правило {n}. {t}",
        titles=("ШВАРТОВКА", "ОПОЗДАНИЕ К ОТЛИВУ", "СИГНАЛЫ В ТУМАН"),
        marked="1. Лодка, опоздавшая к отливу, теряет место у причала*.",
        open="2. Если опоздание вызвано ошибкой смотрителя, смотритель может не применять пункт 1 и",
        rest="назначает лодке место у дальнего пирса (см. правило 3).",
        fresh="Смотритель записывает опоздание в журнал причала.",
        body="* Место у причала переходит к следующей лодке в очереди.",
        note="Место у причала переходит",
        other="Лодки швартуются носом к колоколу, если смотритель не просит иначе.",
        third="Сигнал в туман подаёт смотритель причала.",
    ),
    "en": dict(
        footer=lambda n: f"Page {n}",
        law=lambda n, t: f"LAW {n} - {t}",
        titles=("MOORING", "LATE FOR THE TIDE", "FOG SIGNALS"),
        marked="1. A boat late for the tide loses its place at the quay*.",
        open="2. Where the keeper's own error made it late, the keeper may set aside clause 1 and",
        rest="give the boat a place at the far pier instead (see Law 3).",
        fresh="The keeper writes the delay into the quay's log.",
        body="* The place at the quay passes to the next boat waiting.",
        note="The place at the quay passes",
        other="Boats moor facing the bell unless the keeper asks otherwise.",
        third="The keeper of the quay gives the fog signal.",
    ),
}


def book(lang: str) -> str:
    b = BOOKS[lang]
    return "\n".join([
        b["law"](1, b["titles"][0]), b["other"], b["footer"](1),
        b["law"](2, b["titles"][1]), b["marked"], b["open"], b["footer"](2),
        b["rest"], b["body"], b["footer"](3),
        b["law"](3, b["titles"][2]), b["third"], b["footer"](4), ""])


@pytest.mark.parametrize("lang", sorted(BOOKS))
def test_a_body_after_a_continued_sentence_is_the_footnote_of_the_mark_before_the_footer(tmp_path, lang):
    b = BOOKS[lang]
    corpus = built(tmp_path, book(lang))
    note = next((f for f in corpus.footnotes if b["note"] in f.text), None)
    assert note is not None and not note.orphan and note.markers == ("2",), corpus.footnotes
    text = law_text(corpus, "2")
    assert b["note"] not in text and b["note"] not in law_text(corpus, "3")
    # the sentence that ran across the footer is one sentence of law 2
    last_word = b["open"].split()[-1]
    first_word = b["rest"].split()[0]
    assert f"{last_word} {first_word}" in text, text
    law2 = next(n for n in corpus.nodes if n.id == "2")
    assert any(m.kind == "footnote" and m.footnote == note.id for m in law2.marks)


@pytest.mark.parametrize("lang", sorted(BOOKS))
def test_a_body_after_a_page_of_its_own_text_stays_text(tmp_path, lang):
    b = BOOKS[lang]
    lines = book(lang).split("\n")
    # the page before ends its sentence and the next page starts one of its own
    lines[lines.index(b["open"])] = b["fresh"]
    lines[lines.index(b["rest"])] = b["third"]
    corpus = built(tmp_path, "\n".join(lines))
    assert not any(b["note"] in f.text for f in corpus.footnotes)
    assert b["note"] in law_text(corpus, "2")
