"""Cold read 15, issue 13, finding 3: where the contents' page numbers disagree with the
headings the text holds (law 33's heading on page 5 where the contents say 4, law 34's on 6
where they say 5: off by one from some entry on), the build warns at each such contents line,
and no headless page is placed by its page in the laws where they disagree (the lost law
next to them included): such a page is left unplaced, with a suggestion, never put into a
neighbour by a page number that is wrong. Control: contents whose pages agree with the
headings place headless pages by page as before, with no such warning. Invented books,
Russian and English."""

from __future__ import annotations

import pytest

from added_books import built, law_text

BOOKS = {
    "ru": {"contents": "ОГЛАВЛЕНИЕ", "law": "Правило", "titles": ["Сторож", "Заезд", "Ливень", "Перерыв", "Закрытие"],
           "texts": ["Сторож открывает павильон за час до игры и ведёт книгу гостей.",
                     "Пары тянут жребий у двери павильона за десять минут до игры.",
                     "Опоздавшая пара садится за запасной стол и отмечается в книге гостей.",
                     "Когда дождь доходит до крыши, судья приостанавливает игру под навесом.",
                     "Сидр подают только в перерыве, и бокал не ставят на игровой стол.",
                     "Сторож закрывает павильон, когда подсчитана последняя сдача."]},
    "en": {"contents": "CONTENTS", "law": "Law", "titles": ["The Keeper", "Arrival", "Rain", "The Interval", "Closing"],
           "texts": ["The keeper unlocks the pavilion an hour before play and keeps the visitors' book.",
                     "Pairs draw their tables at the pavilion door ten minutes before play.",
                     "A late pair plays at the spare table and is noted in the visitors' book.",
                     "When rain reaches the roof the director suspends play under cover.",
                     "Cider is served in the interval only and no glass stands on a card table.",
                     "The keeper closes the pavilion when the last board is scored."]},
}
TRUE_PAGES = [2, 2, 4, 5, 6]  # laws 30-34; law 32's heading is lost, its text on page 4


def heading(b, k: int) -> str:
    word = b["law"].upper() if b["law"] == "Law" else b["law"]
    return f"{word} {30 + k}. {b['titles'][k].upper()}"


def book(b, pages: list[int]) -> str:
    lines = [b["contents"]] + [f"{b['law']} {30 + k}. {t} .......... {p}" for k, (t, p) in enumerate(zip(b["titles"], pages))]
    lines += ["- 1 -", heading(b, 0), b["texts"][0], heading(b, 1), b["texts"][1], "- 2 -",
              b["texts"][2], "- 3 -",  # law 31's page (a late pair), no heading on it
              b["texts"][3], "- 4 -",  # law 32's page, its heading lost
              heading(b, 3), b["texts"][4], "- 5 -", heading(b, 4), b["texts"][5], "- 6 -"]
    return "\n".join(lines) + "\n"


def holder(corpus, text: str) -> list[tuple[str | None, str]]:
    return [(n.law, n.kind) for n in corpus.nodes if text[:30] in (n.text or "")]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_contents_off_by_a_page_place_nothing_by_page(tmp_path, lang):
    b = BOOKS[lang]
    off = [2, 2, 3, 4, 5]  # from law 32 on, one page early
    corpus = built(tmp_path, book(b, off))
    said = [p for p in corpus.problems if "disagree with the headings" in p.message]
    # named at the contents lines of laws 33 and 34 (lines 5 and 6), with the pages both ways
    assert sorted(p.line for p in said) == [5, 6], [str(p) for p in corpus.problems]
    assert all(p.path.endswith("book.txt") for p in said)
    assert "on page 4, but its heading stands on page 5" in next(p.message for p in said if p.line == 5)
    # the headless pages go into no law by page: neither law 32 nor 33 gets a neighbour's text
    for text in (b["texts"][2], b["texts"][3]):
        assert [law for law, kind in holder(corpus, text)] == [None], holder(corpus, text)
    assert b["texts"][3][:30] not in law_text(corpus, "33")
    assert law_text(corpus, "33").strip().startswith(b["texts"][4][:20])
    # the law text with headings is untouched
    assert b["texts"][1][:30] in law_text(corpus, "31") and b["texts"][5][:30] in law_text(corpus, "34")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_control_agreeing_contents_place_by_page(tmp_path, lang):
    b = BOOKS[lang]
    corpus = built(tmp_path, book(b, TRUE_PAGES))
    assert not [p for p in corpus.problems if "disagree with the headings" in p.message]
    assert b["texts"][2][:30] in law_text(corpus, "31")  # page 3 goes on law 31
    assert b["texts"][3][:30] in law_text(corpus, "32")  # page 4: law 32 by the contents' page
    placed = {n.law: n.attribution for n in corpus.nodes if n.kind == "law"}
    assert placed.get("32") in ("page", "toc"), placed
