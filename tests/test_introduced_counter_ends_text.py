"""Issue 12, cold read 15, finding 6: a page counter or a row the law's last sentence introduces
with a colon («…на втором внизу пишется:» / «Страница 2 из 2») ends the text of the file's last
clause; kept as the text's own, it gives no "stops mid-sentence … the rest of it is lost" warning
and no gap mark. The control: a text that does stop mid-sentence at the file's end still does.
Invented pages, saved pages and plain text."""

from __future__ import annotations

import pytest

from test_furniture_pagers_cold13 import page, run_corpus

END = {
    "ru": ("Правило 81. ПОЧТА", "A. Листы", "Протокол занимает два листа; на втором внизу пишется:",
           ["Страница 2 из 2", "А Б В Г Д Е", "1 2 3 4 5 6"], "Протокол занимает два листа; на втором внизу"),
    "en": ("LAW 81 - THE POST", "A. Sheets", "The minutes fill two sheets; the second bears at its foot:",
           ["Page 2 of 2", "A B C D E F", "1 2 3 4 5 6"], "The minutes fill two sheets; the second bears at its"),
}


def _files(fmt: str, head: str, clause: str, sentence: str, last: str | None) -> dict[str, str]:
    lines = [head, clause, sentence] + ([last] if last else [])
    if fmt == "html":
        body = f"<h1>{head}</h1><h2>{clause}</h2>" + "".join(f"<p>{line}</p>" for line in lines[2:])
        return {"law81.html": page(body, "<footer>© 2022</footer>")}
    return {"law81.txt": "\n".join(lines[:2]) + "\n" + "\n".join(lines[2:]) + "\n"}


@pytest.mark.parametrize("fmt", ["html", "txt"])
@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_an_introduced_line_ends_the_text_whole(tmp_path, fmt, lang, row):
    head, clause, sentence, rows, _ = END[lang]
    nodes, checked, built = run_corpus(tmp_path, _files(fmt, head, clause, sentence, rows[row]))
    assert built.exit_code == 0, built.output
    assert rows[row] in nodes["81A"], nodes
    assert "stops mid-sentence" not in checked.output + built.output, checked.output
    assert "Gaps: 0 gap marks" in checked.output, checked.output


@pytest.mark.parametrize("fmt", ["html", "txt"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_text_cut_mid_sentence_still_warns(tmp_path, fmt, lang):
    """The control: the same clause broken off mid-sentence at the file's end."""
    head, clause, _, _, cut = END[lang]
    _, checked, _ = run_corpus(tmp_path, _files(fmt, head, clause, cut, None))
    assert "stops mid-sentence" in checked.output, checked.output
