"""Each cleaning rule on real seed lines (file:line in the comment), and the whole stage."""

import pytest

from lawsearch.clean import (
    add_missing_space, attach_lost_question_mark, clean_lines, drop_page_directives,
    end_paragraph_at_marks, join_commentary_lines, join_wrapped_lines, normalize_line,
    normalize_whitespace, split_at_footer, split_at_rule_runs, split_run_in_headings,
)
from lawsearch.model import Line


@pytest.mark.parametrize("raw, expected", [
    # 000:5 a title split by its underline
    ("Правило 46. Неполное или ошибочное называние ???????????????????????????????? карты стола",
     ["Правило 46. Неполное или ошибочное называние", "карты стола"]),
    # 000:22 the underline between a law title and its first section
    ("Правило 54. Показанный первый ход вне очереди ????????? A.Разыгрывающий выкладывает свою руку",
     ["Правило 54. Показанный первый ход вне очереди", "A.Разыгрывающий выкладывает свою руку"]),
    # 000:28 a footnote rule in mid-sentence
    ("Если разыгрывающий играет второй картой во ???????????? (*) - Но см. раздел C ниже.",
     ["Если разыгрывающий играет второй картой во", "(*) - Но см. раздел C ниже."]),
    # 001:4 an underline followed by the law's own text
    ("?????????????????????????????????????? Когда разыгрывающий требует",
     ["Когда разыгрывающий требует"]),
    # the wider book: spaced groups, њ runs, intact box drawing
    ("Правило 12. Права судьи ?? ?? ?? (*) - сноска", ["Правило 12. Права судьи", "(*) - сноска"]),
    ("Заголовок њњњњњњ текст", ["Заголовок", "текст"]),
    ("Правило 46. Неполное ─────══ карты стола", ["Правило 46. Неполное", "карты стола"]),
    ("Раздел II - Другие запрещённые ходы или игра ============", ["Раздел II - Другие запрещённые ходы или игра"]),
    # a real question mark stays
    ("C.Старшая или младшая штрафная карта ?", ["C.Старшая или младшая штрафная карта ?"]),
])
def test_split_at_rule_runs(raw, expected):
    assert split_at_rule_runs(raw) == expected


@pytest.mark.parametrize("raw, expected", [
    ("- 76 ло 57), есть штрафная карта", ["- 76", "ло 57), есть штрафная карта"]),  # 000:11
    ("- 85 C.Игра нарушившей стороны до утверждения нака", ["- 85", "C.Игра нарушившей стороны до утверждения нака"]),  # 002:18
    ("- 84", ["- 84"]),  # 000:29
    ("нарушитель - когда бы он ни играл", ["нарушитель - когда бы он ни играл"]),  # 000:15, a dash in text
])
def test_split_at_footer(raw, expected):
    assert split_at_footer(raw) == expected


@pytest.mark.parametrize("raw, expected", [
    # 000:7
    ("как масть,так и старшинство этой карты. B.Неполное или ошибочное называние",
     ["как масть,так и старшинство этой карты.", "B.Неполное или ошибочное называние"]),
    # 000:14: after a reference in parentheses
    ("нелегальна (см. правило 16A). E.Распоряжение старшей штрафной картой",
     ["нелегальна (см. правило 16A).", "E.Распоряжение старшей штрафной картой"]),
    # 000:20: "правило 57." must not be taken for the heading
    ("и применяется правило 57. C.Правильный ход сделан после неправильного",
     ["и применяется правило 57.", "C.Правильный ход сделан после неправильного"]),
    # sub-clause and item labels (the wider book)
    ("ход. (A).Никто впоследствие не сыграл", ["ход.", "(A).Никто впоследствие не сыграл"]),
    ("ход. (1).Оставить карту", ["ход.", "(1).Оставить карту"]),
    # references are not headings: a space after the dot, or a lower-case word
    ("(см. раздел C ниже)", ["(см. раздел C ниже)"]),
    ("согласно предшествующему разделу (A), применяется правило 40C.",
     ["согласно предшествующему разделу (A), применяется правило 40C."]),
    ("иначе.Судье надлежит", ["иначе.Судье надлежит"]),
])
def test_split_run_in_headings(raw, expected):
    assert split_run_in_headings(raw) == expected


@pytest.mark.parametrize("raw, expected", [
    ("как масть,так и", "как масть, так и"),  # 000:7
    ("определяет иначе.Судье надлежит", "определяет иначе. Судье надлежит"),  # 000:11
    ("в обозначенной масти;если он", "в обозначенной масти; если он"),  # 000:10
    ("(однако,он имеет право", "(однако, он имеет право"),  # 000:14
    ("ход утверждается,и применяется", "ход утверждается, и применяется"),  # 000:20
    ("в 1,5 раза", "в 1,5 раза"),  # decimals stay
    ("B.Штрафная карта", "B.Штрафная карта"),  # heading labels stay
    ("(A).Никто впоследствие", "(A).Никто впоследствие"),
    ("в 12-й взятке", "в 12-й взятке"),
    ("(НАКАЗАНИЕ) карта", "(НАКАЗАНИЕ) карта"),
])
def test_add_missing_space(raw, expected):
    assert add_missing_space(raw) == expected


@pytest.mark.parametrize("raw, expected", [
    ("C.Старшая или младшая штрафная карта ?", "C.Старшая или младшая штрафная карта?"),  # 000:12
    ("Кто ходит?", "Кто ходит?"),
    ("Вопрос ? и ответ", "Вопрос ? и ответ"),
])
def test_attach_lost_question_mark(raw, expected):
    assert attach_lost_question_mark(raw) == expected


def test_normalize_whitespace():
    assert normalize_whitespace("  Правило 51.\tДве или более\u00a0 штрафных карт ") == "Правило 51. Две или более штрафных карт"


@pytest.mark.parametrize("raw, expected", [
    ("Правило 16С2).(DC4)", ["Правило 16С2).", ""]),  # 003:2
    ("Правило 49. ОТКРЫТИЕ КАРТ ЗАЩИТНИКА(DC4)", ["Правило 49. ОТКРЫТИЕ КАРТ ЗАЩИТНИКА", ""]),  # 003:44
    ("текст\x14", ["текст", ""]),
    ("обычная строка", ["обычная строка"]),
])
def test_end_paragraph_at_marks(raw, expected):
    assert end_paragraph_at_marks(raw) == expected


def test_drop_page_directives():
    assert drop_page_directives("..page3") == []  # 003:13
    assert drop_page_directives("..page") == []
    assert drop_page_directives("см. стр. 3") == ["см. стр. 3"]


@pytest.mark.parametrize("head, tail, joined", [
    # 000:18-19: a word split without a hyphen
    ("B.Не тот вистующий сыграл картой после непра", "вильного хода разыгрывающего",
     "B.Не тот вистующий сыграл картой после неправильного хода разыгрывающего"),
    ("(B).Одна или более карт впоследствие сыг", "раны", "(B).Одна или более карт впоследствие сыграны"),  # 004:7-8
    ("C.Игра нарушившей стороны до утверждения нака", "зания", "C.Игра нарушившей стороны до утверждения наказания"),  # 002:18-19
    ("(A).Разыгрывающий требует хода в опреде", "лённую масть", "(A).Разыгрывающий требует хода в определённую масть"),  # 004:20-21
    # wraps between words keep the space
    ("2.Ход принадлежит руке разыгрывающего или", "болвана", "2.Ход принадлежит руке разыгрывающего или болвана"),  # 002:14-15
    ("A.Преждевременная игра или ход в следующую", "взятку", "A.Преждевременная игра или ход в следующую взятку"),  # 001:8-9
    ("Правило 59. Неспособность сделать ход или", "сыграть как требуется", "Правило 59. Неспособность сделать ход или сыграть как требуется"),
    # a wrong join would be a word too: both halves are words, so they stay apart
    ("1.Прервать розыгрыш", "на время", "1.Прервать розыгрыш на время"),
    # the wider book's harder cases
    ("3.Нелегальная ин", "формация", "3.Нелегальная информация"),
    ("1.Сыграть какой", "нибудь картой", "1.Сыграть какой-нибудь картой"),
])
def test_join_wrapped_heading_lines(head, tail, joined):
    lines, changes = join_wrapped_lines([Line(head, "x", 1, 1), Line(tail, "x", 2, 2)])
    assert [l.text for l in lines] == [joined]
    assert (lines[0].first, lines[0].last) == (1, 2)
    assert {c.line for c in changes} == {1, 2}


BODY = "игрок сыграл карту в масть партнёра и директор решает по правилу без наказания."


@pytest.mark.parametrize("raw, expected", [
    # a section whose body starts lower-case: prose ending a sentence is no title
    (["A.Общая цель", BODY, BODY], ["A.Общая цель", f"{BODY} {BODY}"]),
    (["Правило 70. Спорная претензия", "игрок сыграл карту;"], ["Правило 70. Спорная претензия игрок сыграл карту;"]),
    # a title wraps onto a line or two, not three
    (["1.Карта разыгрывающего", "стола или", "открытая карта", "вистующего"],
     ["1.Карта разыгрывающего стола или открытая карта", "вистующего"]),
    # a heading line is no longer than a title can be, even without a sentence end
    (["B.Партнёр нарушителя", BODY.rstrip(".") + " и в масть разыгрывающего, когда тот сыграл карту стола"],
     ["B.Партнёр нарушителя", BODY.rstrip(".") + " и в масть разыгрывающего, когда тот сыграл карту стола"]),
    (["B.Партнёр нарушителя", "не в состоянии исполнить наказание"], ["B.Партнёр нарушителя не в состоянии исполнить наказание"]),
], ids=["prose", "short-sentence", "three-wraps", "too-long", "one-wrap"])
def test_a_heading_takes_a_short_continuation_only(raw, expected):
    lines, _ = join_wrapped_lines([Line(t, "x", n, n) for n, t in enumerate(raw, 1)])
    assert [l.text for l in lines] == expected


def test_join_wrapped_lines_leaves_new_pages_and_capitals_alone():
    lines = [Line("- 81", "x", 6, 6), Line("взятке со стола, то карта стола", "x", 6, 6),
             Line("C.Разыгрывающий должен принять ход", "x", 6, 6), Line("Если разыгрывающий мог", "x", 7, 7)]
    out, changes = join_wrapped_lines(lines)
    assert [l.text for l in out] == [l.text for l in lines]
    assert changes == []


def test_join_commentary_lines():
    lines = [Line("которые вполне могли бы быть подсказаны этой информацией (см.", "c", 1, 1),
             Line("Правило 16С2).", "c", 2, 2), Line("", "c", 2, 2),
             Line("47.8. Нелегально взятая назад карта должна быть", "c", 3, 3),
             Line("сыграна во взятку;", "c", 4, 4),
             Line("47.9. Если игра", "c", 10, 10),
             Line("Правило 48. ОТКРЫТИЕ КАРТ РАЗЫГРЫВАЮЩЕГО", "c", 14, 14),
             Line("48.1. Случайное открытие", "c", 15, 15)]
    out, _ = join_commentary_lines(lines)
    assert [l.text for l in out] == [
        "которые вполне могли бы быть подсказаны этой информацией (см. Правило 16С2).",
        "47.8. Нелегально взятая назад карта должна быть сыграна во взятку;",
        "47.9. Если игра",
        "Правило 48. ОТКРЫТИЕ КАРТ РАЗЫГРЫВАЮЩЕГО",
        "48.1. Случайное открытие",
    ]
    assert (out[1].first, out[1].last) == (3, 4)


def test_legitimate_text_survives_cleaning():
    raw = ["(НАКАЗАНИЕ) карта, сыгранная таким образом, в 12-й взятке, в 1,5 раза. Кто ходит?"]
    assert [l.text for l in clean_lines(raw, "x").lines] == raw


def test_normalize_line_is_idempotent_on_seed_lines(raw_lines):
    for path, lines in raw_lines.items():
        kind = "commentary" if "/commentary/" in path else "laws"
        for line in lines:
            for out in normalize_line(line, kind):
                assert normalize_line(out, kind) == [out], (path, line)


def test_explain_names_the_rules_per_raw_line(raw_lines):
    raw = raw_lines["corpus/laws/ru/000_58dbb1f2fde933c1.txt"]
    cleaned = clean_lines(raw, "000")
    rules = cleaned.rules_by_line()
    assert rules[5] == ["split_at_rule_runs", "join_wrapped_lines"]  # underline cut, title rejoined
    assert "split_at_footer" in rules[11] and "split_run_in_headings" in rules[11]
    assert "join_wrapped_lines" in rules[18] and "join_wrapped_lines" in rules[19]
    assert 2 not in rules  # an untouched line
    assert cleaned.counts()["split_at_footer"] == 2
