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


def test_lower_case_first_sub_clause_under_a_title_only_clause(tmp_path):
    # issue 16, cold read 13, finding 3: a clause whose line is its name, no stop («2. Повторная
    # пересадка»), then its sub-clauses in lower case -- read as the English layout reads its twin
    text = HEAD + "2.Повторная мойка\n(a) при повторной мойке чашки ополаскивают;\n(b) дежурный записывает её.\n"
    result = built(tmp_path, text)
    got = {n.id: n for n in result.nodes if n.id.startswith("40A2")}
    assert got["40A2"].title == "Повторная мойка"
    assert got["40A2(a)"].text == "при повторной мойке чашки ополаскивают;"
    assert got["40A2(b)"].text == "дежурный записывает её."
    assert not [p for p in result.problems if "(a) при повторной" in p.message], result.problems


def test_lower_case_label_after_a_cut_clause_sentence_stays_text(tmp_path):
    # the clause's "title" is a sentence the line cut (a comma in it): «(a) …» goes on with it
    text = HEAD + "2.Дежурный, как сказано\n(a) первом пункте, моет чашки.\n"
    result = built(tmp_path, text)
    assert not [n for n in result.nodes if n.kind == "subclause"]
    assert [p for p in result.problems if "(a) первом пункте" in p.message]


def test_lower_case_second_label_under_a_title_stays_text(tmp_path):
    # only the first label of the alphabet opens under a title: «(c)» there is no sub-clause's start
    text = HEAD + "2.Повторная мойка\n(c) при повторной мойке ополаскивают.\n"
    result = built(tmp_path, text)
    assert not [n for n in result.nodes if n.kind == "subclause"]
