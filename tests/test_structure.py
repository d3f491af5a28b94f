"""The law tree on the shipped corpus: headings, placement rules, gaps, footnotes,
commentary, provenance. Expected values are read off the raw text (file:line)."""

import re

import pytest

from lawsearch import ids
from lawsearch.corpus import build_corpus
from lawsearch.model import CorpusError

# Every heading below a law in the seed law text: (ID, title as printed, with damage repaired).
HEADINGS = [
    ("45G", "Переворачивание взятки"),  # 000:1
    ("46", "Неполное или ошибочное называние карты стола"),  # 000:5, split by its underline
    ("46A", "Надлежащая форма обозначения карты стола"), ("46B", "Неполное или ошибочное называние"),
    ("46B1", "Неполное обозначение старшинства"),
    ("47E", "Изменение игры, основанной на дезинформации"), ("47E1", "Ход вне очереди"),
    ("47E2", "Отмена сыгранной карты"), ("47E2(a)", "Никто впоследствие не сыграл"),
    ("47E2(b)", "Одна или более карт впоследствие сыграны"),  # 004:7-8 сыг|раны
    ("47F", "Разоблачение отменённой карты, ущемляющее сторону"), ("47G", "Нелегальная отмена сыгранной карты"),
    ("50B", "Штрафная карта остаётся открытой"), ("50C", "Старшая или младшая штрафная карта?"),
    ("50D", "Распоряжение младшей штрафной картой"), ("50E", "Распоряжение старшей штрафной картой"),
    ("50E1", "Нарушителю принадлежит очередь игры"), ("50E2(b)", "Не налагать ограничений на ход"),
    ("51", "Две или более штрафных карт"), ("51A", "Нарушителю принадлежит очередь игры"),
    ("51B", "Партнёр нарушителя при ходе"), ("51B1", "Штрафные карты в одной масти"),
    ("51B1(a)", "Разыгрывающий требует хода в эту масть"), ("51B1(b)", "Разыгрывающий запрещает ход в масть"),
    ("51B2", "Штрафные карты более чем в одной масти"),
    ("51B2(a)", "Разыгрывающий требует хода в определённую масть"),
    ("51B2(b)", "Разыгрывающий запрещает ход в определённые масти"),
    ("52", "Неигра штрафной картой"), ("52A", "Вистующий не играет штрафной картой"),
    ("53B", "Не тот вистующий сыграл картой после неправильного хода разыгрывающего"),
    ("53C", "Правильный ход сделан после неправильного"),
    ("54", "Показанный первый ход вне очереди"), ("54A", "Разыгрывающий выкладывает свою руку"),
    ("54B", "Разыгрывающий принимает ход"), ("54B1", "Разыгрывающий играет второй картой"),
    ("54B2", "Второй картой сыграл болван"), ("54C", "Разыгрывающий должен принять ход"),
    ("54D", "Разыгрывающий не принимает первый ход"),
    ("55", "Ход разыгрывающего вне очереди"), ("55A", "Ход разыгрывающего принят"),
    ("55B", "От разыгрывающего требуют отменить ход"), ("55B1", "Ход принадлежит вистующему"),
    ("55B2", "Ход принадлежит руке разыгрывающего или болвана"), ("55C", "Разыгрывающий мог заполучить информацию"),
    ("56", "Ход вистующего вне очереди"),
    ("57", "Преждевременный ход или игра вистующего"), ("57A", "Преждевременная игра или ход в следующую взятку"),
    ("57A1", "Самая старшая карта"), ("57A2", "Самая младшая карта"), ("57A3", "Карта другой масти"),
    ("57B", "Партнёр нарушителя не в состоянии исполнить наказание"),
    ("59", "Неспособность сделать ход или сыграть как требуется"),
    ("60C", "Игра нарушившей стороны до утверждения наказания"),
    ("61", "Недавание в масть - расспросы относительно фальшренонса"),
    ("62B1", "Карта вистующего"), ("62B2", "Карта разыгрывающего, стола или открытая карта вистующего"),
    ("62C", "Последующие сыгранные во взятку карты"), ("62C1", "Ненарушившей стороной"),
    ("62C2", "Партнёром нарушителя"), ("62D", "Фальшренонс в 12-й взятке"), ("62D1", "Должен быть исправлен"),
]


def test_every_heading_is_a_node_with_its_title(corpus):
    titled = {n.id: n.title for n in corpus.nodes if n.title_from == "heading" and n.kind != "division"}
    assert titled == dict(HEADINGS)


@pytest.mark.parametrize("node_id, rule", [
    ("46A", "heading"), ("57B", "heading"),
    ("51B", "continuity"), ("54C", "continuity"),  # pages 82 and 85 continue 81 and 84
    ("45G", "next-heading"), ("53B", "next-heading"), ("60C", "next-heading"), ("50E2(b)", "next-heading"),
    ("47E", "curated"), ("50B", "curated"), ("62B1", "curated"),
])
def test_each_node_records_the_rule_that_fixed_its_law(corpus, node_id, rule):
    assert corpus.node(node_id).attribution == rule


@pytest.mark.parametrize("node_id, guess", [
    ("45F", ("section",)), ("47D", ("section",)), ("50A", ("section",)), ("53A", ("section",)),
    ("50E2(b)", ("clause",)), ("45G", ()), ("62B1", ()),  # 62 B is stated by curation, not a guess
])
def test_guessed_parts_of_ids(corpus, node_id, guess):
    node = corpus.node(node_id)
    assert node.uncertain == guess
    if guess == ("section",):  # a leading tail: its heading is lost, so no title and a gap before it
        assert node.title is None and node.truncated_start and node.marks[0].kind == "gap"


def test_laws_cover_the_span_with_missing_and_commentary_only_laws(corpus):
    laws = [n for n in corpus.nodes if n.kind == "law"]
    assert [n.id for n in laws] == [str(n) for n in range(45, 63)]
    assert [n.id for n in laws if n.missing] == ["48", "49", "58"]
    assert corpus.node("58").title is None and not corpus.commentary("58")
    assert corpus.node("48").title == "Открытие карт разыгрывающего" and corpus.node("48").title_from == "commentary"
    assert corpus.node("49").title == "Открытие карт защитника"


def test_english_titles_on_law_nodes(corpus):
    assert corpus.node("50").translations["en"]["title"] == "Disposition of Penalty Card"
    assert corpus.node("50E1").translations["en"] == {"title": None, "text": None}


def test_divisions_and_their_laws(corpus):
    divisions = {n.id: n for n in corpus.nodes if n.kind == "division"}
    assert set(divisions) == {"div-razdel-46", "div-razdel-57", "div-razdel-61"}
    assert divisions["div-razdel-46"].label == "Раздел II" and divisions["div-razdel-57"].label == "Раздел II"
    assert divisions["div-razdel-61"].title == "Фальшренонс"
    parents = {n.id: n.parent for n in corpus.nodes if n.kind == "law"}
    assert parents["45"] is None  # Раздел I's heading is lost
    assert {parents[str(n)] for n in range(46, 57)} == {"div-razdel-46"}
    assert {parents[str(n)] for n in range(57, 61)} == {"div-razdel-57"}
    assert {parents["61"], parents["62"]} == {"div-razdel-61"}


def test_sentence_across_pages_84_85_reads_as_one(corpus):
    node = corpus.node("54B2")
    assert "второй картой во взятке со стола, то карта стола не может быть отменена" in node.text
    assert [m for m in node.marks if m.kind == "gap"] == []
    assert {s.page for s in node.spans} == {84, 85}


def test_page_82_head_and_tail_join(corpus):
    node = corpus.node("52A")
    assert node.title == "Вистующий не играет штрафной картой"
    assert node.text.startswith("Когда вистующий не играет или не ходит старшей штрафной картой")
    assert node.truncated_end  # page 83 is lost


@pytest.mark.parametrize("node_id, where", [
    ("46B1", "end"), ("47G", "end"), ("50E1", "end"), ("57B", "end"), ("62D1", "end"),
    ("45F", "start"), ("47D", "start"), ("50A", "start"), ("53A", "start"),
])
def test_gap_marks_where_text_is_missing(corpus, node_id, where):
    node = corpus.node(node_id)
    gap = [m.start for m in node.marks if m.kind == "gap"]
    assert gap == ([0] if where == "start" else [len(node.text)])
    assert node.truncated_start == (where == "start") and node.truncated_end == (where == "end")


def test_no_gap_where_pages_join(corpus):
    for node_id in ("51A", "51B", "54C", "55C", "56"):
        node = corpus.node(node_id)
        assert not node.truncated_start and not node.truncated_end, node_id


def test_footnotes_lifted_out_and_attached(corpus):
    notes = {f.id: f for f in corpus.footnotes}
    assert notes["fn-84-1"].text == "Но см. раздел C ниже." and notes["fn-84-1"].markers == ("53A", "53B")
    assert notes["fn-81-1"].orphan and notes["fn-81-1"].at == "51A"
    assert notes["fn-82-1"].markers == ("51B2(a)", "51B2(b)")
    assert notes["fn-81-1"].text == notes["fn-82-1"].text  # identical bodies, two footnotes
    assert corpus.node("53A").footnotes == ("fn-84-1",)
    lost = [m for m in corpus.node("62B2").marks if m.kind == "footnote"]
    assert len(lost) == 1 and lost[0].footnote is None  # 001:24: marker survives, body lost
    assert all("(*)" not in (n.text or "") for n in corpus.nodes)
    assert "второй картой во взятке" in corpus.node("54B2").text  # the body no longer splits the sentence


def test_footnote_mark_stands_where_the_marker_was(corpus):
    node = corpus.node("53B")
    (mark,) = [m for m in node.marks if m.kind == "footnote"]
    assert node.text[:mark.start].endswith("играет картой")


def test_inline_label_kept_and_marked(corpus):
    node = corpus.node("57A")
    (label,) = [m for m in node.marks if m.kind == "label"]
    assert node.text[label.start:label.end] == "(НАКАЗАНИЕ)"


def test_commentary_nodes(corpus):
    ids_ = [n.id for n in corpus.nodes if n.kind == "commentary"]
    assert ids_ == ["47.7", "47.8", "47.9", "48.1", "48.2", "48.3", "48.4", "48.5", "49.1"]
    tail = corpus.node("47.7")
    assert tail.truncated_start and tail.text.startswith("которые вполне могли бы") and tail.parent == "47"
    assert corpus.node("48.4").text.split("\n\n")[1].startswith("Пример претензии, которая не всегда понимается как претензия:")
    assert corpus.node("48.1").text.startswith("Случайное открытие карт(ы) разыгрывающим не влечет")
    assert all(n.parent == n.law for n in corpus.nodes if n.kind == "commentary")


def test_every_node_knows_its_edition(corpus):
    assert {n.edition for n in corpus.nodes} == {"1987"}
    assert corpus.node("50E1").translator == "А. Рыбников"


def test_tree_is_connected_and_in_reading_order(corpus):
    known = {n.id for n in corpus.nodes}
    assert all(n.parent is None or n.parent in known for n in corpus.nodes)
    keys = [ids.sort_key(n.id, n.law, n.kind) for n in corpus.nodes]
    assert keys == sorted(keys)
    assert len(known) == len(corpus.nodes)


def test_every_span_maps_back_to_its_raw_text(corpus, raw_lines):
    """Each word of a node's text and title stands in the raw lines its spans name."""
    for node in corpus.nodes:
        raw = "".join(" ".join(raw_lines[s.source][s.lines[0] - 1:s.lines[1]]) for s in node.spans)
        letters = re.sub(r"[^а-яёa-z0-9]", "", raw.lower())
        for field in (node.text, node.title):
            for word in re.findall(r"[а-яёa-z0-9]+", (field or "").lower()):
                assert word in letters, (node.id, word)
        if node.text or node.title:
            assert node.spans, node.id


def test_without_curation_unplaceable_pieces_are_kept_apart(corpus_copy):
    (corpus_copy / "curation.toml").write_text("", encoding="utf-8")
    corpus = build_corpus(corpus_copy, strict=False)
    piece = corpus.node("piece-000_58dbb1f2fde933c1-11")  # page 80: no heading, no neighbour
    assert piece.kind == "piece" and piece.law is None and piece.attribution == "unattributed"
    assert piece.text.startswith("ло 57), есть штрафная карта")
    assert corpus.node("50B") is None  # never glued to a wrong law
    assert corpus.node("45G").attribution == "next-heading"  # the stronger rules still place their text


@pytest.mark.parametrize("old, new, message", [
    ('at = "000:1"\npage = 76\nlaw = "45"', 'at = "000:1"\npage = 76\nlaw = "44"', "law 44"),
    ('at = "004:13"\npage = 82\nlaw = "51"\nsection = "B"', 'at = "004:13"\npage = 82\nlaw = "51"\nsection = "C"', "section C"),
    ('at = "000:1"\npage = 76', 'at = "000:1"\npage = 77', "page 76"),
])
def test_curation_the_text_contradicts_is_an_error(corpus_copy, old, new, message):
    path = corpus_copy / "curation.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        build_corpus(corpus_copy)
    problem = info.value.problems[0]
    assert problem.path.endswith("curation.toml") and problem.line and message in problem.message


def test_curation_confirmed_by_a_stronger_rule_is_recorded(corpus):
    verified = "\n".join(corpus.report.verified)
    assert "000:1 law 45" in verified and "004:13 section B" in verified
