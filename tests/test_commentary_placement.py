"""Commentary wherever a user puts it (cold read 2A, findings 2, 3, 4, 15): after a
commentary heading inside the whole-book file, as a short file of its own that `add` must
recognise, with its «Правило N. TITLE» headings read (not "text in no node"); a law whose
last page is followed by the subject index is complete; the same file added twice is
skipped. Invented texts."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.dropin import add_files
from lawsearch.sources import read_corpus_folder

RU_BOOK = """ПРАВИЛА КЛУБНОГО БРИДЖА

Правило 5. Места за столом
A. Выбор места
Пара, пришедшая первой, выбирает направление за столом.
B. Смена места
Игрок не меняет места без разрешения судьи.
- 3

Правило 6. Тасовка
A. Порядок тасовки
Колоду тщательно тасуют перед каждой сдачей.
- 4

ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ

Место 5A, 5B
Тасовка 6A
- 5
{commentary}"""

RU_COMMENTARY = """
КОММЕНТАРИЙ

Правило 5. МЕСТА ЗА СТОЛОМ
5.1. Направление выбирают до раздачи карточек с результатами.
5.2. Судья разрешает смену места только по уважительной причине.
Правило 6. ТАСОВКА
6.1. Тасовать колоду можно и машиной, если её одобрил организатор.
- 6
"""

EN_BOOK = """LAW 8 - SEATING
A. Choice of Seats
The pair arriving first chooses its direction at the table.
B. Change of Seats
A player changes seats only with the Director's leave.

LAW 9 - SHUFFLING
A. Procedure
The pack is thoroughly shuffled before every deal.

COMMENTARY

8.1. Directions are chosen before the score slips are handed out.
9.1. A dealing machine approved by the organiser may shuffle the pack.
"""


def corpus(tmp_path: Path, files: dict[str, tuple[str, str, str]], lang: str = "ru") -> Path:
    """``files``: name → (kind, lang, text)."""
    root = tmp_path / "corpus"
    entries = []
    for name, (kind, file_lang, text) in files.items():
        (root / kind / file_lang).mkdir(parents=True, exist_ok=True)
        (root / kind / file_lang / name).write_text(text, encoding="utf-8")
        entries.append(f'[[source]]\npath = "{kind}/{file_lang}/{name}"\nlang = "{file_lang}"\nkind = "{kind}"\n')
    (root / "manifest.toml").write_text(f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
                                        + "\n".join(entries), encoding="utf-8")
    return root


def check(root: Path, tmp_path: Path):
    return CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "build")])


def test_commentary_after_its_heading_in_the_book_file_is_commentary(tmp_path):
    root = corpus(tmp_path, {"book.txt": ("laws", "ru", RU_BOOK.format(commentary=RU_COMMENTARY))})
    c = parse_folder(read_corpus_folder(root))  # strict: no error
    by_id = {n.id: n for n in c.nodes}
    assert {"5.1", "5.2", "6.1"} <= set(by_id)
    assert by_id["5.1"].kind == "commentary" and "карточек" in by_id["5.1"].text
    assert "машиной" in by_id["6.1"].text
    # the law text ends at the commentary: no law clause holds a commentary sentence
    assert not any("машиной" in (n.text or "") for n in c.nodes if n.kind != "commentary")
    result = check(root, tmp_path)
    assert result.exit_code == 0 and "text in no node" not in result.output, result.output


def test_english_commentary_after_its_heading_in_the_book_file(tmp_path):
    root = corpus(tmp_path, {"book.txt": ("laws", "en", EN_BOOK)}, lang="en")
    c = parse_folder(read_corpus_folder(root))
    by_id = {n.id: n for n in c.nodes}
    assert by_id["8.1"].kind == "commentary" and "slips" in by_id["8.1"].text
    assert "machine" in by_id["9.1"].text and "machine" not in (by_id.get("9A").text or "")
    assert check(root, tmp_path).exit_code == 0


def test_a_law_before_the_index_page_is_complete(tmp_path):
    """Law 6 ends at the footer of page 4; page 5 is the subject index: no page gap."""
    root = corpus(tmp_path, {"book.txt": ("laws", "ru", RU_BOOK.format(commentary=""))})
    c = parse_folder(read_corpus_folder(root))
    six = {n.id: n for n in c.nodes}["6A"]
    assert not six.truncated_end and not any(m.kind == "gap" for m in six.marks)


def test_a_commentary_file_with_its_law_headings_checks_clean(tmp_path):
    """Its «Правило N. TITLE» headings name the laws: they are read, not lost."""
    root = corpus(tmp_path, {"book.txt": ("laws", "ru", RU_BOOK.format(commentary="")),
                             "comm.txt": ("commentary", "ru", RU_COMMENTARY.replace("КОММЕНТАРИЙ\n", ""))})
    result = check(root, tmp_path)
    assert result.exit_code == 0, result.output
    assert "text in no node" not in result.output


SHORT_COMMENTARIES = [
    RU_COMMENTARY.replace("КОММЕНТАРИЙ\n", ""),
    "ОПРЕДЕЛЕНИЯ\n1. Термин «стол» в этих правилах означает и место игры онлайн.\n\n"
    "Правило 12. ПОЛНОМОЧИЯ СУДЬИ\n12.1. Судья вправе назначить исправленный результат.\n"
    "12.2.(a) Назначение объявляют обеим парам.\n(b) Апелляцию подают в течение получаса.\n",
    "Правило 40. СОГЛАШЕНИЯ ПАРТНЕРОВ\n40.1. Соглашения раскрывают противникам.\n"
    "40.2. Скрытое соглашение наказывается.\nПравило 41. НАЧАЛО РОЗЫГРЫША\n41.1. Первый ход делают лицом вниз.\n",
]


@pytest.mark.parametrize("text", SHORT_COMMENTARIES)
def test_add_recognises_a_short_commentary(tmp_path, text):
    source = tmp_path / "notes.txt"
    source.write_text(text, encoding="utf-8")
    added = add_files(tmp_path / "corpus", [source])
    assert [a.entry["kind"] for a in added] == ["commentary"]


@pytest.mark.parametrize("text", [RU_BOOK.format(commentary=""), EN_BOOK.split("COMMENTARY")[0],
                                  "Правило 3. Столы\nA. Номера\n1. Столы нумеруют по порядку.\n"
                                  "2. Номер виден издалека.\nB. Карточки\nКарточки лежат на столе.\n"])
def test_add_still_calls_law_text_laws(tmp_path, text):
    source = tmp_path / "laws.txt"
    source.write_text(text, encoding="utf-8")
    assert [a.entry["kind"] for a in add_files(tmp_path / "corpus", [source])] == ["laws"]


def test_add_skips_a_file_already_in_the_corpus(tmp_path):
    first = tmp_path / "book.txt"
    first.write_text(RU_BOOK.format(commentary=""), encoding="utf-8")
    copy = tmp_path / "book-copy.txt"
    copy.write_bytes(first.read_bytes())
    root = tmp_path / "corpus"
    runner = CliRunner()
    assert runner.invoke(main, ["add", "--corpus", str(root), str(first)]).exit_code == 0
    result = runner.invoke(main, ["add", "--corpus", str(root), str(copy)])
    assert result.exit_code == 0 and "skipped" in result.output and "same bytes" in result.output
    manifest = (root / "manifest.toml").read_text(encoding="utf-8")
    assert manifest.count("\n[[source]]") == 1 and "book-copy" not in manifest
    # given twice in one call: added once
    other = tmp_path / "other.txt"
    other.write_text("Правило 7. Сдача\nКарты сдают по одной по часовой стрелке.\n", encoding="utf-8")
    added = add_files(root, [other, other])
    assert [a.skipped for a in added] == [False, True]


CURATED = """ОПРЕДЕЛЕНИЯ
1. Слово «стол» здесь означает и место игры онлайн.

Правило 12. ПОЛНОМОЧИЯ СУДЬИ
12.1. Судья вправе назначить исправленный результат.
- 40
Правило 13. НЕВЕРНОЕ ЧИСЛО КАРТ
13.1. Карты пересчитывают до начала торговли.
- 41
13.2. Лишнюю карту возвращают в ту руку, где её не хватает.
"""


@pytest.mark.parametrize("statement,verdict", [
    ('at = "notes:7"\nlaw = "13"', "confirmed by its heading"),  # after the footer - 40: a heading
    ('at = "notes:10"\nparagraph = "13.2"', "confirmed by its paragraph's number"),  # after - 41: a paragraph
    ('at = "notes:1"\nlaw = "12"', "but its heading gives the definitions"),
    ('at = "notes:7"\nlaw = "14"', "but its heading gives law 13"),
    ('at = "notes:10"\nparagraph = "13.3"', "but its paragraph's number gives 13.2"),
])
def test_curation_reaches_a_commentary_piece_that_opens_with_a_heading(tmp_path, statement, verdict):
    """A piece is the file's start or the text after a footer, whatever opens it: a statement
    naming one is checked against its heading or number (cold 2A finding 12)."""
    root = corpus(tmp_path, {"notes.txt": ("commentary", "ru", CURATED)})
    (root / "curation.toml").write_text(f'[[piece]]\n{statement}\nreason = "checked against the printed book"\n',
                                        encoding="utf-8")
    result = check(root, tmp_path)
    assert verdict in result.output, result.output
    assert "no piece of the commentary starts" not in result.output
    assert (result.exit_code == 0) == verdict.startswith("confirmed")


def test_a_commentary_declared_as_law_text_fails_check_not_vanishes(tmp_path):
    """Read as a second copy of the law text, its paragraphs would be merged away under
    the book's laws 5 and 6 (which have no text of their own): check names its lines."""
    root = corpus(tmp_path, {"book.txt": ("laws", "ru", RU_BOOK.format(commentary="")),
                             "notes.txt": ("laws", "ru", RU_COMMENTARY.replace("КОММЕНТАРИЙ\n", ""))})
    result = check(root, tmp_path)
    assert result.exit_code != 0
    assert "notes.txt:" in result.output and "text in no node" in result.output
    # stderr folds the repeated error into one line: the report says how many errors that line holds
    assert re.search(r"Errors on stderr: 1 line for \d+ errors", result.output)


def test_add_names_every_file_it_cannot_read(tmp_path):
    """No corpus is left after a failed add: its message lists every problem itself, not
    «`lawsearch check` lists them all» about a corpus that does not exist."""
    files = []
    for n in range(7):
        f = tmp_path / f"scan-{n}.pdf"
        f.write_bytes(b"not a pdf at all " + bytes([n]))
        files.append(str(f))
    result = CliRunner().invoke(main, ["add", "--corpus", str(tmp_path / "corpus"), *files])
    assert result.exit_code != 0
    assert all(f"scan-{n}.pdf" in result.output for n in range(7)), result.output
    assert "lists them all" not in result.output and not (tmp_path / "corpus").exists()


def test_a_new_manifest_takes_the_title_page_s_title(tmp_path):
    book = tmp_path / "book.txt"
    book.write_text("ПРАВИЛА КЛУБНОГО БРИДЖА\n\nИздание 2003 года\nПеревод: Л. М. Орлова\nИздательство «Береста»\n"
                    "Казань, 2003\n- 1\n" + RU_BOOK.format(commentary=""), encoding="utf-8")
    add_files(tmp_path / "corpus", [book])
    code = tomllib.loads((tmp_path / "corpus" / "manifest.toml").read_text(encoding="utf-8"))["code"]
    assert code["title"] == "ПРАВИЛА КЛУБНОГО БРИДЖА" and code["edition"] == "2003"


def test_a_new_manifest_s_language_is_the_one_most_law_text_is_in(tmp_path):
    """Three short English pages beside one Russian book: the corpus is Russian."""
    files = []
    for n, law in enumerate((8, 9, 10)):
        f = tmp_path / f"law{law}.txt"
        f.write_text(f"LAW {law} - SHORT\nA. Scope\nThis law is short.\n", encoding="utf-8")
        files.append(f)
    book = tmp_path / "book.txt"
    book.write_text(RU_BOOK.format(commentary="") * 2, encoding="utf-8")
    add_files(tmp_path / "corpus", [*files, book])
    manifest = tomllib.loads((tmp_path / "corpus" / "manifest.toml").read_text(encoding="utf-8"))
    assert manifest["code"]["lang"] == "ru"


def test_curation_in_a_whole_book_file_reaches_its_laws_and_its_commentary(tmp_path):
    """One file, two parts: a statement about a line before the commentary's heading is about
    the law text, one after it about the commentary."""
    root = corpus(tmp_path, {"book.txt": ("laws", "ru", RU_BOOK.format(commentary=RU_COMMENTARY))})
    (root / "curation.toml").write_text(
        '[[piece]]\nat = "book:10"\nlaw = "6"\nreason = "the page after - 3"\n\n'
        '[[piece]]\nat = "book:23"\nlaw = "5"\nreason = "the commentary\'s first page"\n', encoding="utf-8")
    result = check(root, tmp_path)
    assert result.exit_code == 0, result.output
    assert "book:23 law 5: confirmed by its heading" in result.output
    assert "book:10" in result.output.split("Curation confirmed by the text")[1]
