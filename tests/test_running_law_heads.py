"""A printed code's running head that repeats the current law's heading at the top of each
of its pages (cold read 4 of issue 12) is furniture: the law keeps its one heading, the head
is not glued to the next page's first line, and the build does not fail on a repeated
heading. Every text here is invented."""

from __future__ import annotations

import pytest

from formats_gen import FONT
from lawsearch.corpus import build_corpus
from lawsearch.furniture import prepare

LAWS = [
    ("Правило 61. КОЛОДЕЦ", [("A. Ведро", " ".join(
        f"Ведро номер {n} опускают медленно, придерживая {w} цепь обеими руками, чтобы оно не ударилось о каменную "
        f"стенку колодца." for n, w in enumerate(["ржавую", "новую", "длинную", "тяжёлую", "короткую", "звонкую", "мокрую",
                                                     "холодную"], 1))),
                              ("B. Крышка", "Крышку колодца закрывают на ночь и в грозу, а ключ от замка хранит староста.")]),
    ("Правило 62. ПОГРЕБ", [("A. Лестница", " ".join(
        f"По {w} лестнице погреба спускаются спиной вперёд, держа фонарь номер {n}." for n, w in enumerate(
            ["крутой", "узкой", "скользкой", "старой", "дубовой", "шаткой", "тёмной", "сырой",
             "новой", "длинной", "каменной", "железной"], 1))),
                             ("B. Полки", "Банки ставят на нижние полки, а мешки с картошкой кладут на пол у стены.")]),
]


def _pdf(number_first: bool) -> bytes:
    from fpdf import FPDF

    class Printed(FPDF):
        current = ""

        def header(self):
            self.set_font("dv", size=9)
            lines = [str(self.page_no() + 40), self.current] if number_first else [self.current, str(self.page_no() + 40)]
            for line in lines:
                self.cell(0, 5, line, align="C")
                self.ln(5)
            self.ln(4)

    pdf = Printed(format=(105, 148))
    pdf.add_font("dv", "", str(FONT))
    pdf.set_auto_page_break(True, margin=12)
    for heading, sections in LAWS:
        pdf.current = heading
        pdf.add_page()
        pdf.set_font("dv", size=10)
        pdf.multi_cell(0, 5, heading, new_x="LMARGIN", new_y="NEXT", align="L")
        for label, text in sections:
            pdf.multi_cell(0, 5, label, new_x="LMARGIN", new_y="NEXT", align="L")
            pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT", align="L")
    return bytes(pdf.output())


@pytest.mark.parametrize("number_first", [False, True])
def test_a_running_head_repeating_the_laws_heading_is_furniture(tmp_path, number_first):
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "kodeks.pdf").write_bytes(_pdf(number_first))
    built = build_corpus(root, strict=True)
    laws = {n.id: n.title for n in built.nodes if n.kind == "law" and not n.missing}
    assert laws == {"61": "КОЛОДЕЦ", "62": "ПОГРЕБ"}
    for node in built.nodes:
        assert "КОЛОДЕЦ" not in (node.text or "") and "ПОГРЕБ" not in (node.text or ""), (node.id, node.text)
    text = {n.id: n.text for n in built.nodes}
    assert all(f"Ведро номер {n} опускают медленно" in text["61A"] for n in range(1, 9)), text["61A"]
    assert all(f"держа фонарь номер {n}." in text["62A"] for n in range(1, 13)), text["62A"]


def test_a_heading_cited_again_away_from_a_page_number_stays():
    lines = ["Правило 5. КАРТЫ", "A. Раздача", "Текст.", "Правило 5. КАРТЫ", "Ещё текст."]
    kept, changes = prepare(lines, "laws", "ru", lambda s: s.startswith("Правило"))
    assert kept == lines and not changes
