"""Overlapping sources of one edition (tests/data/overlap/, README there): copies of one
text merged by ID -- the less damaged copy's text wins, both spans are kept, a second copy
fills what the first lacks, and where the copies disagree ``check`` says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.model import Mark, Node, Span
from lawsearch.overlap import Damage, _disagree, damage

HERE = Path(__file__).parent / "data" / "overlap"


def sources_of(node) -> list[str]:
    return [Path(s.source).name for s in node.spans]


def disagreements(corpus) -> dict[str, str]:
    """Node ID → the path of the copy that lost, for every disagreement reported."""
    return {p.message.split(": ")[1]: Path(p.path).name for p in corpus.problems if "copies'" in p.message}


def test_txt_and_fb2_of_one_book_merge_and_the_undamaged_copy_wins():
    corpus = build_corpus(HERE / "ru-txt-and-fb2", strict=False)  # a disagreement: an error
    assert [n.id for n in corpus.nodes] == ["70", "70A", "70B", "71", "71A", "71B"]  # no repeated heading
    # the .txt's 70A had a ??? run: the .fb2's text is kept, the .txt's span too
    assert corpus.node("70A").text == "Каждый игрок занимает место, указанное судьёй до начала сессии."
    assert sources_of(corpus.node("70A")) == ["book-fb2.fb2", "book-txt.txt"]
    # equal damage: the copy listed first wins, and the word they differ in is reported
    assert "согласия" in corpus.node("70B").text
    assert disagreements(corpus) == {"70B": "book-fb2.fb2"}
    assert all(len(n.spans) == 2 for n in corpus.nodes)


def test_a_second_web_page_fills_what_the_first_lacks():
    corpus = build_corpus(HERE / "en-web-pages", strict=False)
    assert [n.id for n in corpus.nodes] == ["10", "10A", "11", "11A", "12", "12A", "12B", "13", "13A"]
    # page one ends after 12A: a web page with no page numbers ends where its document does
    # (no cut end, decisions.md "cold read A"), so the two 12A are equally sound and the tie
    # goes to the copy the manifest lists first; page two's 12B fills in what page one lacks
    assert corpus.node("12A").text.endswith("period set by the tournament regulations ends.")
    assert not corpus.node("12A").truncated_end
    assert sources_of(corpus.node("12A")) == ["page-one.html", "page-two.html"]
    assert sources_of(corpus.node("12B")) == ["page-two.html"]
    assert sources_of(corpus.node("10A")) == ["page-one.html"]
    assert disagreements(corpus) == {"12A": "page-two.html"}


def test_a_second_copy_fills_a_lost_page_and_damage_is_no_disagreement():
    corpus = build_corpus(HERE / "ru-second-copy-fills-page")
    laws = {n.id: n for n in corpus.nodes if n.kind == "law"}
    assert list(laws) == ["30", "31", "32"] and not any(n.missing for n in laws.values())
    assert sources_of(laws["31"]) == ["copy-b.txt"]
    assert laws["32"].text == "Торговля заканчивается, когда после заявки следуют три паса подряд."
    assert sources_of(laws["32"]) == ["copy-a.txt", "copy-b.txt"]
    assert disagreements(corpus) == {}


def test_check_fails_where_copies_disagree():
    """The copy that lost says something else: its words are in no node, so check fails
    (issue 9, cold read 4), naming both copies' places and the words they differ in."""
    result = CliRunner().invoke(main, ["check", "--corpus", str(HERE / "en-web-pages")])
    assert result.exit_code == 1, result.output
    line = next(x for x in result.stderr.splitlines() if "copies'" in x)
    assert "12A" in line and "page-one.html" in line and "page-two.html" in line and "set" in line and "fixed" in line


def _node(text: str, marks=(), truncated=False, missing=False) -> Node:
    return Node(id="1A", kind="section", law="1", parent="1", lang="ru", title="T", title_from="heading", text=text,
                marks=tuple(marks), footnotes=(), spans=(Span("c/a.txt", None, (1, 2)),), attribution="heading",
                uncertain=(), truncated_start=truncated, truncated_end=False, missing=missing, translations={})


def test_damage_counts_gaps_cut_ends_traces_and_raw_traces():
    assert damage(_node("Целый текст.")) == Damage()
    assert damage(_node("Текст", [Mark("gap", 5, 5)], truncated=True)).score == 20
    assert damage(_node("Текст ??? дальше")).traces == 1
    assert damage(_node("Чистый текст."), raw={"c/a.txt": {2: 3}}).traces == 3
    assert damage(_node("", missing=True)).score > damage(_node("Текст", [Mark("gap", 5, 5)] * 5)).score


@pytest.mark.parametrize("a, b, differ", [
    ("Игрок обязан сыграть карту.", "Игрок обязан сыграть карту", False),    # punctuation only
    ("Игрок обязан сыграть карту.", "Игрок сыграть карту.", False),          # a word lost to damage
    ("Игрок обязан сыграть карту.", "Игрок вправе сыграть карту.", True),    # another word
    ("", "Игрок вправе сыграть карту.", False),                              # one copy has no text
])
def test_what_counts_as_copies_disagreeing(a, b, differ):
    assert _disagree(a, b) is differ


def test_three_equally_sound_copies_keep_what_two_of_them_say(tmp_path):
    """Copies tied on damage: the text most other copies agree with wins (two witnesses
    against one), whatever the manifest's order; the odd copy out is the one reported."""
    head = "Правило 5. Лодки\nA.Вёсла\n"
    tail = "\nB.Причал\nЛодки привязывают к причалу двойным узлом на ночь.\n"
    texts = {"first.txt": "В каждой лодке лежат три весла и черпак.",
             "second.txt": "В каждой лодке лежат два весла и черпак.",
             "third.txt": "В каждой лодке лежат два весла и черпак."}
    lines = ['[code]\ntitle = "Лодки"\nlaws = [5, 5]\n']
    for name, text in texts.items():
        (tmp_path / name).write_text(head + text + tail, encoding="utf-8")
        lines.append(f'[[source]]\npath = "{name}"\nlang = "ru"\nkind = "laws"\n')
    (tmp_path / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    corpus = build_corpus(tmp_path, strict=False)
    assert "два весла" in corpus.node("5A").text
    assert disagreements(corpus) == {"5A": "first.txt"}
    assert sorted(sources_of(corpus.node("5A"))) == ["first.txt", "second.txt", "third.txt"]


def _two_copies(tmp_path, first: str, second: str, order=("a.txt", "b.txt")):
    """A corpus of two copies of law 7 (invented text), listed in ``order``."""
    (tmp_path / "a.txt").write_text(first, encoding="utf-8")
    (tmp_path / "b.txt").write_text(second, encoding="utf-8")
    lines = ['[code]\ntitle = "Сады"\nlaws = [7, 7]\n']
    lines += [f'[[source]]\npath = "{name}"\nlang = "ru"\nkind = "laws"\n' for name in order]
    (tmp_path / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    return build_corpus(tmp_path, strict=False)


WHOLE = ("Правило 7. Сад\nA.Полив\nГрядки поливают на рассвете из лейки с мелкой сеткой.\n"
         "B.Сбор\nЯблоки снимают руками и кладут в корзину с соломой.\n")
CUT = "Правило 7. Сад\nA.Полив\nГрядки поливают на рассвете из лейки с мелкой сеткой.\nB.Сбор\nЯблоки снимают руками и кладут в\n"


@pytest.mark.parametrize("order", [("a.txt", "b.txt"), ("b.txt", "a.txt")])
def test_a_copy_cut_mid_sentence_loses_whatever_the_order(tmp_path, order):
    corpus = _two_copies(tmp_path, CUT, WHOLE, order)
    assert corpus.node("7B").text == "Яблоки снимают руками и кладут в корзину с соломой."
    assert not corpus.node("7B").truncated_end
    assert disagreements(corpus) == {}  # a cut is damage, not another text


def test_a_copy_cut_at_the_end_of_its_file_is_marked_cut_when_no_copy_is_whole(tmp_path):
    # the other copy lacks 7B: the cut text is all there is, and it says it was cut
    corpus = _two_copies(tmp_path, CUT, WHOLE.split("B.Сбор")[0])
    assert corpus.node("7B").truncated_end
    assert not corpus.node("7A").truncated_end


def test_a_strict_prefix_loses_even_ending_a_sentence_elsewhere(tmp_path):
    # the cut copy's 7A stops after «рассвете», in the middle of its file, not at its end
    cut = WHOLE.replace(" из лейки с мелкой сеткой.", "")
    corpus = _two_copies(tmp_path, cut, WHOLE)
    assert corpus.node("7A").text.endswith("из лейки с мелкой сеткой.")


def test_differing_copies_are_reported_with_the_words_they_differ_in(tmp_path):
    other = WHOLE.replace("на рассвете", "на закате").replace("B.Сбор", "B.Сбор урожая")
    corpus = _two_copies(tmp_path, WHOLE, other)
    found = {p.message.split(": ")[1]: p.message for p in corpus.problems if "copies'" in p.message}
    assert set(found) == {"7A", "7B"}
    assert "«на рассвете из» / «на закате из»" in found["7A"] and "texts" in found["7A"]
    assert "«Сбор» / «Сбор урожая»" in found["7B"] and "titles" in found["7B"]
    result = CliRunner().invoke(main, ["check", "--corpus", str(tmp_path)])
    assert "«Сбор» / «Сбор урожая»" in result.output


@pytest.mark.parametrize("order", [("a.txt", "b.txt"), ("b.txt", "a.txt")])
def test_a_copy_cut_mid_word_beside_a_whole_copy_is_no_disagreement_and_no_gap(tmp_path, order):
    """A download broken off inside a word («…кладут в корз») beside a whole copy: the whole
    copy supplies the text, so nothing is lost -- no disagreement (no error in check), no
    gap mark, no warning that the text stops mid-sentence (decisions.md, cold read 2B)."""
    cut = WHOLE.replace("корзину с соломой.\n", "корз\n")
    corpus = _two_copies(tmp_path, cut, WHOLE, order)
    node = corpus.node("7B")
    assert node.text == "Яблоки снимают руками и кладут в корзину с соломой."
    assert not node.truncated_end and not [m for m in node.marks if m.kind == "gap"]
    assert disagreements(corpus) == {}
    assert not [p for p in corpus.problems if "mid-sentence" in p.message]
    result = CliRunner().invoke(main, ["check", "--corpus", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "mid-sentence" not in result.output and "disagree" not in result.output


def test_a_cut_copy_whose_last_word_starts_another_word_still_disagrees(tmp_path):
    # the cut copy's broken-off word is no beginning of the whole copy's word there: another text
    cut = WHOLE.replace("корзину с соломой.\n", "ящ\n")
    corpus = _two_copies(tmp_path, cut, WHOLE)
    assert disagreements(corpus) == {"7B": "a.txt"}


@pytest.mark.parametrize("corpus_name", ["en-web-pages", "ru-txt-and-fb2"])
def test_build_fails_where_check_says_text_in_no_node(tmp_path, corpus_name):
    """The README's promise: text that lands in no node fails ``build`` (exit 1, nothing
    written) as it fails ``check`` -- a copy whose words lost to another's is such text, in
    both commands alike (cold read 8, finding 1: build exited 0 with it as a warning)."""
    out = tmp_path / "out"
    built = CliRunner().invoke(main, ["build", "--corpus", str(HERE / corpus_name), "--out", str(out)])
    checked = CliRunner().invoke(main, ["check", "--corpus", str(HERE / corpus_name), "--out", str(out)])
    assert built.exit_code == 1, built.output
    assert checked.exit_code == 1, checked.output
    assert not out.exists() or not any(out.iterdir())  # nothing written
    said = [x for x in built.output.splitlines() if "text in no node" in x and "copies'" in x]
    assert said and all("Warning" not in x for x in said)


@pytest.mark.parametrize("what", ["title", "text"])
def test_a_disagreeing_copy_fails_build_whichever_part_differs(tmp_path, what):
    one = "Law 5 - The Basket\nA. Lid\nThe lid of the basket is closed before the start.\n"
    other = (one.replace("The Basket", "The Crate") if what == "title"
             else one.replace("closed before the start", "painted before the season"))
    lines = ["[code]", 'title = "Clubs"', "laws = [5, 6]", 'lang = "en"']
    for name, text in (("a.txt", one), ("b.txt", other)):
        (tmp_path / "c").mkdir(exist_ok=True)
        (tmp_path / "c" / name).write_text(text, encoding="utf-8")
        lines += ["", "[[source]]", f'path = "{name}"', 'lang = "en"', 'kind = "laws"', 'layout = "en-2007"',
                  'encoding = "utf-8"']
    (tmp_path / "c" / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    built = CliRunner().invoke(main, ["build", "--corpus", str(tmp_path / "c"), "--out", str(out)])
    assert built.exit_code == 1, built.output
    assert "text in no node" in built.output and "b.txt" in built.output
    assert not (out / "corpus.json").exists() and not (out / "site").exists()
