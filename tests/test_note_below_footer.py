"""A bare footnote mark's body set below the page's footer, at the next page's top, is the
footnote of the mark on the page before (issue 13 cold read 7, finding 4): an English book
printing ``… the door.*`` on one page and ``* In round rooms …`` after its footer had the
body as law text of the next law. A body with no mark waiting for it stays text, as
printed, and so does one after the page's own text. The books are invented."""

from __future__ import annotations

import pytest

from added_books import built, law_text

FOOTERS = {"page word": lambda n: f"Page {n}", "own": lambda n: f"- {n}", "framed": lambda n: f"- {n} -"}


def book(footer, mark: str = "*", body_at_top: bool = True, marked: bool = True) -> str:
    body = f"{mark} In windy harbours the keeper names a pier instead of the bell."
    page3 = [body, "LAW 3 - FOG SIGNALS"] if body_at_top else ["LAW 3 - FOG SIGNALS", body]
    return "\n".join([
        "THE HARBOUR CODE", footer(1),
        "LAW 1 - MOORING",
        "Boats moor facing the bell unless the keeper asks otherwise." + (mark if marked else ""),
        "LAW 2 - ROPES LEFT ON THE QUAY",
        "Ropes left on the quay after the tide are handed to the keeper.",
        footer(2),
        *page3,
        "A. Before the Tide",
        "A fog signal given before the tide is answered by the keeper at the quay.",
        "B. After the Tide",
        "A fog signal given after the tide is answered in writing (see Law 2).",
        footer(3), ""])


@pytest.mark.parametrize("mark", ["*", "†"])
@pytest.mark.parametrize("footer", sorted(FOOTERS))
def test_a_body_below_the_footer_is_the_footnote_of_the_page_before(tmp_path, footer, mark):
    corpus = built(tmp_path, book(FOOTERS[footer], mark))
    note = next((f for f in corpus.footnotes if "windy harbours" in f.text), None)
    assert note is not None and not note.orphan and note.markers == ("1",), (corpus.footnotes, footer, mark)
    assert "windy harbours" not in law_text(corpus, "2") + law_text(corpus, "3")
    law1 = next(n for n in corpus.nodes if n.id == "1")
    assert law1.text.endswith("otherwise.") and any(m.kind == "footnote" and m.footnote == note.id for m in law1.marks)


@pytest.mark.parametrize("footer", sorted(FOOTERS))
def test_a_body_no_mark_waits_for_stays_text(tmp_path, footer):
    corpus = built(tmp_path, book(FOOTERS[footer], marked=False))
    assert not any("windy harbours" in f.text for f in corpus.footnotes)
    assert "windy harbours" in law_text(corpus, "2") + law_text(corpus, "3") + " ".join(
        n.text or "" for n in corpus.nodes if n.kind == "piece")


def test_a_body_after_the_page_s_own_text_does_not_answer_the_page_before(tmp_path):
    corpus = built(tmp_path, book(FOOTERS["own"], body_at_top=False))
    assert not any("windy harbours" in f.text for f in corpus.footnotes)
    assert "windy harbours" in law_text(corpus, "3")
