"""Sub-clauses whose first word is in lower case in the Russian book's layout (issue 9, cold
read 11, finding 1): after a clause that ends with «:» (or a sibling ending with «;» or «.»),
«(a) первое …;» is a sub-clause, as «(a) Первое …» is, and as the web-bullet and English
layouts read one; where such a line follows no clause's end it stays text, with a warning
naming the file and line. The texts are invented."""

from __future__ import annotations

from pathlib import Path

from lawsearch.corpus import build_corpus
from tests.test_cyrillic_labels import corpus

HEAD = "Правило 40. ЧАЕПИТИЕ\nA.Посуда\n1.Чашки моют после каждого чаепития.\n"


def built(root: Path, text: str):
    return build_corpus(corpus(root, text), strict=False)


def test_lower_case_sub_clauses_after_a_colon(tmp_path):
    text = HEAD + ("2.Дежурному можно напомнить о посуде:\n(a) первое напоминание вслух;\n(b) второе шёпотом;\n"
                   "(c) третье запиской, в отличие от (a) и (b) выше.\n3.Дежурный ставит чашки в шкаф.\n")
    got = {n.id: n.text for n in built(tmp_path, text).nodes if n.id.startswith("40A")}
    assert got["40A2"] == "Дежурному можно напомнить о посуде:"
    assert got["40A2(a)"] == "первое напоминание вслух;"
    assert got["40A2(b)"] == "второе шёпотом;"
    assert got["40A2(c)"].startswith("третье запиской")
    assert "40A3" in got


def test_russian_letters_in_lower_case_too(tmp_path):
    text = HEAD + "2.Чашки бывают:\n(а) фарфоровые;\n(б) глиняные.\n"
    got = {n.id: n.text for n in built(tmp_path, text).nodes if n.kind == "subclause"}
    assert got == {"40A2(a)": "фарфоровые;", "40A2(b)": "глиняные."}


def test_a_label_after_no_clause_end_stays_text_and_is_said(tmp_path):
    text = HEAD + "2.Дежурный моет чашки, как сказано в\n(a) первом пункте правила.\n"
    result = built(tmp_path, text)
    assert not [n for n in result.nodes if n.kind == "subclause"]
    said = [p for p in result.problems if "(a) первом пункте" in p.message]
    assert said and said[0].path.endswith("ru.txt") and said[0].line == 5, said
