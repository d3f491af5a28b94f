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
