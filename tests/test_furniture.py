"""The furniture and damage rules one by one: what each removes or mends, and the prose
of the same shape each must leave alone; their names in ``clean --explain`` and ``check``."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import one_file_corpus
from lawsearch import furniture
from lawsearch.clean import _read_by_layout, clean_lines
from lawsearch.cli import main


def removed(lines: list[str], lang: str = "ru") -> dict[int, str]:
    """Line number -> the rule that emptied it, as cleaning runs the rules."""
    out, changes = furniture.prepare(lines, "laws", lang, lambda s: _read_by_layout(s, lang))
    return {n: rule for n, rule in changes if not out[n - 1] and lines[n - 1].strip()}


@pytest.mark.parametrize("line,rule", [
    ("http://lib.example.ru/txt/sport/z.txt", "lone_urls"),
    ("www.example.org/books/laws/part-4.html", "lone_urls"),
    ("laws_bridge_ru.txt", "lone_file_names"),
    ("страница 4", "page_of_n"),
    ("Стр. 5 из 12", "page_of_n"),
    ("Page 3 of 12", "page_of_n"),
    ("Страницы: 1 2 3 4 5 … 17", "pager_rows"),
    ("Первая  2 3 4 5 6  Последняя", "pager_rows"),
    ("« Предыдущая | Следующая »", "link_rows"),
    ("Читать далее →", "link_rows"),
    ("Скачать книгу: fb2 | txt | rtf (98 Кб)", "link_rows"),
    ("Previous: Tables and Chairs | Next: The Scorer", "link_rows"),
    # rows naming the neighbouring pages beside a navigation word (marked ends or wide gaps)
    ("‹ Law 11        Up        Law 13 ›", "link_rows"),
    ("← Глава 3 | Оглавление | Глава 5 →", "link_rows"),
    ("Правило 4     Наверх     Правило 6", "link_rows"),
    ("Главная » Библиотека » Спорт » Бридж", "breadcrumb_rows"),
    ("Home > Books > Card Games > Duplicate Laws", "breadcrumb_rows"),
    ("Home › The Laws › Chapter II › Law 12", "breadcrumb_rows"),
    ("А Б В Г Д Е Ж З И К Л", "alphabet_rows"),
    ("# | A | B | C | D | E | F | All", "alphabet_rows"),
    ("56                        ЗАКОНЫ БРИДЖА", "running_heads"),
    ("ГЛАВА 5. РОЗЫГРЫШ                        57", "running_heads"),
    ("..page 7", "page_directives"),
    ("..page8", "page_directives"),
    ("57", "lone_page_numbers"),
])
def test_furniture_lines_are_emptied(line, rule):
    lines = ["Правило 5. Карты", "Текст правила.", line, "Ещё текст правила."]
    assert removed(lines) == {3: rule}


@pytest.mark.parametrize("line", [
    "Сдают все четверо игроков по очереди: доски 1, 2 и 3 сдаёт Север.",
    "Далее игра продолжается как обычно.",
    "Страница протокола отводится под решение судьи.",
    "см. правило 16 > правила 12",
    "Г Л А В А",
    "Following the next deal, the Director may act.",
    "Счёт 3 : 1 записывают в протокол.",
    "20 30 40 50",
    "3 2 1",
    "- 76",
    "Правило 4 наверх не поднимается.",
    "Игрок смотрит правило 12 и далее правило 13",
])
def test_prose_of_the_same_shape_stays(line):
    lines = ["Правило 5. Карты", "Текст правила.", line, "Ещё текст правила."]
    assert 3 not in removed(lines)


def test_repeated_header_but_not_a_repeated_heading_or_footer():
    lines = ["Электронная библиотека «Заводь»", "Правило 44. Смена столов", "Текст.",
             "Электронная библиотека «Заводь»", "ещё текст.", "- 76", "Правило 44. Смена столов", "- 77", "- 76"]
    got = removed(lines)
    assert got.get(1) == got.get(4) == "repeated_lines"
    assert not {2, 6, 7, 8, 9} & set(got)


def test_overstrike_by_column_and_by_repetition():
    lines = ["A. Leaving During a Board", "   Leaving During a Board",
             "1. IMPORTANT: a player who leaves takes no", "   IMPORTANT:",
             "If the Director rules that", "that board cannot be finished."]
    got = removed(lines, "en")
    assert got == {2: "overstrike_duplicates", 4: "overstrike_duplicates"}


@pytest.mark.parametrize("before,after", [
    ("Scoring by Hand¶", "Scoring by Hand"),
    ("Бланк после торговли\x14", "Бланк после торговли"),
    ("Доска с неверной зоной(DC4)", "Доска с неверной зоной"),
    ("Сч„т в командном матче", "Счёт в командном матче"),
    ("Правило 68. Порядок њњњњњњ выдачи", "Правило 68. Порядок ?????? выдачи"),
    ("П Р А В И Л О  8 1 .  С У Д Ь Я  В  З А Л Е", "Правило 81. СУДЬЯ В ЗАЛЕ"),
    ("«Счёт» и „лапки“", "«Счёт» и „лапки“"),
])
def test_damage_is_mended(before, after):
    lines, _ = furniture.prepare([before], "laws", "ru", lambda s: _read_by_layout(s, "ru"))
    assert lines == [after]


@pytest.mark.parametrize("raw,expected", [
    (["Правило 5. Карты", "Есть какой", "нибудь повод"], "Есть какой-нибудь повод"),
    (["Правило 5. Карты", "Ни разыгры", "вающий не видел"], "Ни разыгрывающий не видел"),
    (["Правило 5. Карты", "Во", "первых, карту"], "Во-первых, карту"),
    (["Правило 5. Карты", "Объявляет, что", "то или иное решение"], "Объявляет, что то или иное решение"),
    (["Правило 5. Карты", "Достали из", "колоды"], "Достали из колоды"),
    (["Правило 5. Карты", "Разыгрывающий, задума-", "вшийся над ходом"], "Разыгрывающий, задумавшийся над ходом"),
    (["Правило 5. Карты", "Пара Север-", "юг садится"], "Пара Север-юг садится"),
])
def test_words_split_at_a_break(raw, expected):
    cleaned = clean_lines(raw, "x")
    assert cleaned.lines[1].text == expected
    # the raw line still starts where its text does
    text, starts = cleaned.lines[1].text, cleaned.lines[1].line_starts()
    assert starts[0] == (0, 2) and text[starts[1][0]:].split()[0] in expected


ELSEWHERE = "Everyone in the room saw the declarer and the opponents together; anyone may look into it."


@pytest.mark.parametrize("wrapped,expected", [
    # a word split in two: the joined word stands whole elsewhere, or is a form of a vocabulary term
    (["the decla", "rer plays"], "the declarer plays"),
    (["the oppo", "nent leads"], "the opponent leads"),   # "opponent" only as "opponents"
    (["the defen", "ders agree"], "the defenders agree"),  # the thesaurus's "defender"
    # a lost hyphen: a prefix, a compound number, a hyphenated term of the glossary
    (["the non", "vulnerable side"], "the non-vulnerable side"),
    (["after forty", "two boards"], "after forty-two boards"),
    (["the non", "offending side"], "the non-offending side"),
    # a printed hyphen: it stays in a compound, goes in a split word
    (["the non-", "offending side"], "the non-offending side"),
    (["the decla-", "rer plays"], "the declarer plays"),
    # two words whose joined form is a word too stay apart (both halves are words)
    (["every", "one of them"], "every one of them"),
    (["hand it in", "to the Director"], "hand it in to the Director"),
    (["any", "one of the players"], "any one of the players"),
    (["score it by", "passing"], "score it by passing"),
    # an unknown joined word stays apart; a capital starts another word
    (["the quick", "silver"], "the quick silver"),
    (["to the Decla", "Rer"], "to the Decla Rer"),
])
def test_english_words_split_at_a_break(tmp_path, wrapped, expected):
    """No dictionary for English: the corpus's own words, the vocabulary and the profile's
    hyphenation decide (furniture.mend_without_dictionary)."""
    from lawsearch.profile import load_profile
    from lawsearch.sources import read_corpus_folder

    folder = read_corpus_folder(Path(__file__).resolve().parent.parent / "corpus")
    vocabulary = [doc.data for key, docs in folder.documents.items() if key != "curation" for doc in docs]
    raw = ["LAW 5 - CARDS", "The law's text.", "So " + wrapped[0], *wrapped[1:-1], wrapped[-1] + " here.", ELSEWHERE]
    words = furniture.known_words([raw], vocabulary, load_profile())
    cleaned = clean_lines(raw, "x", "laws", words, lang="en")
    assert [line.text for line in cleaned.lines[2:]] == ["So " + expected + " here.", ELSEWHERE]


def test_explain_names_the_furniture_rule_and_check_counts_it(tmp_path):
    law = ("Правило 5. Карты\nТекст правила.\nСтраницы: 1 2 3 4 … 17\nЕщё текст правила.\n"
           "http://example.org/a.txt\n")
    corpus = one_file_corpus(tmp_path, law)
    explained = CliRunner().invoke(main, ["clean", str(corpus / "laws" / "ru" / "000_x.txt"), "--explain"])
    assert explained.exit_code == 0
    assert "[pager_rows]" in explained.output and "[lone_urls]" in explained.output
    checked = CliRunner().invoke(main, ["check", "--corpus", str(corpus)])
    assert "pager_rows 1" in checked.output and "lone_urls 1" in checked.output


def test_a_header_once_in_each_of_several_files_is_furniture(tmp_path):
    """A site's pages saved one file each: its header stands once in every file."""
    corpus = one_file_corpus(tmp_path, "Читальня «Тихий угол» — книги о бридже\nПравило 5. Карты\nТекст правила.\n")
    (corpus / "laws" / "ru" / "001_y.txt").write_text(
        "Читальня «Тихий угол» — книги о бридже\nПравило 6. Колода\nТекст другого правила.\n", encoding="utf-8")
    manifest = corpus / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8")
                        + '\n[[source]]\npath = "laws/ru/001_y.txt"\nlang = "ru"\nkind = "laws"\n', encoding="utf-8")
    from lawsearch.corpus import build_corpus

    built = build_corpus(corpus, strict=False)
    assert not any("Тихий угол" in f"{n.title} {n.text}" for n in built.nodes)
    assert [n.id for n in built.nodes if not n.missing and n.kind == "law"] == ["5", "6"]


def test_no_furniture_rule_fires_on_the_shipped_corpus(corpus):
    """The book's own text has no site furniture: every rule of furniture.py leaves the
    shipped sources alone (a box line is no link row, a footer no repeated header)."""
    names = {r.__name__ for r in furniture.LINE_RULES} | {r.__name__ for r in furniture.DAMAGE_RULES} | {
        "repeated_lines", "overstrike_duplicates", "furniture_labels", "paragraph_marks", "double_spacing",
        "lost_hyphens", "hyphens_at_breaks", "split_headings", "typed_footnotes"}
    fired = {source: sorted(set(rules) & names) for source, rules in corpus.repairs.items()}
    assert all(not rules for rules in fired.values()), fired


def test_lines_alike_but_for_a_number_inside_are_text():
    """«Текст пункта 1, см. правило 46.» and «… 2 …» are two lines of text, not a header
    repeated with its page number."""
    lines = ["Правило 45. Карта"] + [f"Текст пункта {n}, см. правило 46." for n in range(5)]
    assert removed(lines) == {}


def test_file_sizes_and_borrowed_navigation_words_are_the_profiles():
    """A download link's size units and the navigation words every page borrows (English's)
    come from the profile's [furniture] tables: a language the profile has no table for still
    reads the borrowed language's, and only those."""
    file_size, navigation_words = furniture.file_size, furniture.navigation_words
    assert file_size("ru").fullmatch("(1,2 Мб)") and file_size("ru").fullmatch("340 KB")
    assert file_size("de").fullmatch("340 KiB") and not file_size("de").search("12 кб")
    assert "next" in navigation_words("de") and "следующая" not in navigation_words("de")
    assert {"next", "следующая"} <= set(navigation_words("ru"))
