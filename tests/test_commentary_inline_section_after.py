"""Cold read 14, issue 13, finding 4: an inline commentary block set after a law's section
(«Комментарий к правилу 51» / «51.1. …» after section A) ends where the law's next section
heading stands («B. Новое время», "B. The New Time"): that section and its text are the
law's, not the last commentary paragraph's. A line in the commentary that does not go on
from the law's sections (a second «A.», or an «A.» in a law without sections) stays in the
commentary. Invented books without page footers, Russian and English."""

from __future__ import annotations

import pytest

from added_books import built, law_text

BOOKS = {
    "ru": {"law": "Правило 44. ОПОЗДАНИЕ КАТЕРА", "a": "A. Извещение",
           "a1": "1. Шкипер извещает судью об опоздании до начала тура.",
           "comm": "Комментарий к правилу 44", "c1": "44.1. Извещение можно передать по рации гавани.",
           "c2": "44.2. Число команд указывают:", "c3": "(i) словами;", "c4": "(ii) цифрами.",
           "b": "B. Новое время", "b1": "Судья назначает новое время тура, но не позднее полуночи.",
           "next": "Правило 45. СИГНАЛЬНЫЕ ОГНИ", "n1": "Огни зажигает шкипер перед закатом."},
    "en": {"law": "LAW 44. LATE ARRIVAL OF THE CUTTER", "a": "A. Warning",
           "a1": "1. The skipper warns the Director of the delay before the round begins.",
           "comm": "Commentary on Law 44", "c1": "44.1. A warning may go over the harbour radio.",
           "c2": "44.2. The number of teams is given:", "c3": "(i) in words;", "c4": "(ii) in figures.",
           "b": "B. The New Hour", "b1": "The Director sets a new hour for the round, not after midnight.",
           "next": "LAW 45. SIGNAL LIGHTS", "n1": "The skipper lights the signals before sunset."},
}


def text(b: dict, *, section: str | None = None, sections: bool = True) -> str:
    head = [b["law"], b["a"], b["a1"]] if sections else [b["law"], b["a1"][3:]]
    lines = head + [b["comm"], b["c1"], b["c2"], b["c3"], b["c4"],
                    section if section is not None else b["b"], b["b1"], b["next"], b["n1"]]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_laws_next_section_after_an_inline_commentary_is_the_laws(tmp_path, lang):
    b = BOOKS[lang]
    corpus = built(tmp_path, text(b))
    sec = next((n for n in corpus.nodes if n.id == "44B"), None)
    assert sec is not None and sec.title == b["b"][3:] and b["b1"][:25] in (sec.text or "")
    commentary = " ".join(n.text or "" for n in corpus.nodes if n.kind == "commentary")
    assert b["c1"][6:25] in commentary and b["c4"][5:] in commentary  # the commentary is still read
    assert b["b1"][:25] not in commentary and b["b"][3:] not in commentary
    assert b["n1"][:20] in law_text(corpus, "45")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_line_that_does_not_go_on_from_the_laws_sections_stays_in_the_commentary(tmp_path, lang):
    b = BOOKS[lang]
    again = b["a"][:3] + b["b"][3:]  # «A. Новое время»: the law's A again, no next section
    corpus = built(tmp_path, text(b, section=again))
    commentary = " ".join((n.title or "") + " " + (n.text or "") for n in corpus.nodes if n.kind == "commentary")
    assert b["b1"][:25] in commentary, commentary
    assert not any(n.id == "44B" for n in corpus.nodes)
    # a law with no sections: an «A.» inside its commentary is the commentary's
    (tmp_path / "plain").mkdir()
    corpus = built(tmp_path / "plain", text(b, section=again, sections=False))
    commentary = " ".join((n.title or "") + " " + (n.text or "") for n in corpus.nodes if n.kind == "commentary")
    assert b["b1"][:25] in commentary, commentary
