"""What a reader says of a file it reads whole but not cleanly (issue 12, cold read 3):
an RTF cut short (its closing braces lost) is read with a warning naming the file and that
it looks truncated, its text kept; an FB2 whose XML declaration names the wrong encoding
is read in the encoding its bytes are in, and the warning names both and how to state it.

Every file here is written by the test (invented sentences)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.formats import read_document


def rtf(body: str, codepage: int = 1251) -> bytes:
    """An RTF document of ``body`` (RTF markup, Cyrillic as \\'hh escapes of the code page)."""
    escaped = "".join(c if ord(c) < 128 else "".join(f"\\'{b:02x}" for b in c.encode(f"cp{codepage}")) for c in body)
    return ("{\\rtf1\\ansi\\ansicpg%d\\deff0{\\fonttbl{\\f0 Times;}}\n" % codepage + escaped + "}").encode("ascii")


LAW = ("Правило 12. ПОРЯДОК ОБЪЯВЛЕНИЙ\\par\n"
       "A. Очерёдность\\par\n"
       "Игроки объявляют по очереди, начиная с того, кто сдавал карты на столе у окна.\\par\n"
       "B. Пропуск очереди\\par\n"
       "Игрок, пропустивший очередь, ждёт решения судьи и не торопит соседей.\\par\n")
# three ways a copy is cut short: inside a paragraph, inside a footnote, inside nested formatting
TRUNCATED = {
    "mid-paragraph": rtf(LAW + "C. Поздний вопрос\\par\nВопрос, заданный после конца торговли, судья")[:-1],
    "in-footnote": rtf(LAW.replace("сдавал карты", "сдавал{\\footnote Сдающий меняется каждую сдачу.} карты")
                       + "C. Поздний вопрос\\par\nСлово{\\footnote Примечание обрывается на")[:-1],
    "nested-groups": rtf(LAW + "{\\b C. Поздний вопрос\\par}{\\i Вопрос после торговли {\\ul решает")[:-1],
}


@pytest.mark.parametrize("case", sorted(TRUNCATED))
def test_a_truncated_rtf_warns_and_keeps_its_text(case):
    doc = read_document(TRUNCATED[case], "cut.rtf")
    assert doc.warnings and "looks truncated" in doc.warnings[0]
    text = "\n".join(doc.lines)
    assert "Игрок, пропустивший очередь, ждёт решения судьи" in text
    last = {"mid-paragraph": "судья", "in-footnote": "Примечание обрывается на", "nested-groups": "решает"}[case]
    assert last in text  # the text up to the cut is kept, a footnote's too


def test_a_whole_rtf_gives_no_warning():
    assert read_document(rtf(LAW), "whole.rtf").warnings == []
    # a brace written as text (\\{) is no group
    assert read_document(rtf(LAW + "Скобка \\{ в тексте.\\par\n"), "brace.rtf").warnings == []


def test_build_and_add_name_the_truncated_file(tmp_path):
    src = tmp_path / "cut.rtf"
    src.write_bytes(TRUNCATED["mid-paragraph"])
    root = tmp_path / "corpus"
    added = CliRunner().invoke(main, ["add", "--corpus", str(root), str(src)])
    assert added.exit_code == 0, added.output
    assert "cut.rtf" in added.stderr and "looks truncated" in added.stderr
    corpus = build_corpus(root)
    said = [p for p in corpus.problems if "looks truncated" in p.message]
    assert len(said) == 1 and said[0].severity == "warning" and said[0].path.endswith("laws/ru/cut.rtf")
    assert corpus.node("12B").text.startswith("Игрок, пропустивший очередь")


FB2_BODY = ('<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><body><section>'
            "<title><p>Правило 14. НЕПОЛНАЯ КОЛОДА</p></title>"
            "<p>Если в колоде не хватает карты, судья ищет её под столом и на подоконнике.</p>"
            "<p>Найденная карта возвращается владельцу до начала следующей сдачи.</p>"
            "</section></body></FictionBook>")


def fb2(declared: str | None, written: str) -> bytes:
    head = f'<?xml version="1.0" encoding="{declared}"?>' if declared else '<?xml version="1.0"?>'
    return (head + FB2_BODY).encode(written)


def read_as_corpus(tmp_path: Path, data: bytes, name: str = "book.fb2", encoding: str = "auto"):
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / name).write_bytes(data)
    (root / "manifest.toml").write_text(f'[[source]]\npath = "laws/ru/{name}"\nlang = "ru"\nkind = "laws"\n'
                                        f'encoding = "{encoding}"\n', encoding="utf-8")
    return build_corpus(root)


# the declaration, the bytes' real encoding
WRONG = [("windows-1251", "utf-8"), ("utf-8", "cp1251"), (None, "koi8-r"), ("koi8-r", "cp1251"), ("cp866", "cp1251")]


@pytest.mark.parametrize("declared, written", WRONG)
def test_an_fb2_with_a_wrong_declared_encoding_is_read_right_and_says_so(tmp_path, declared, written):
    corpus = read_as_corpus(tmp_path, fb2(declared, written))
    assert corpus.node("14").text.startswith("Если в колоде не хватает карты")
    said = [p for p in corpus.problems if "FB2" in p.message]
    assert len(said) == 1 and said[0].severity == "warning" and said[0].path.endswith("book.fb2")
    message = said[0].message
    assert (f'encoding="{declared}"' if declared else "declares no encoding") in message  # what the file says
    assert f"they are {written} (detected)" in message  # what its bytes are
    assert f'set encoding = "{written}"' in message and "manifest.toml" in message  # how to state it


def test_the_manifest_stating_the_encoding_silences_it(tmp_path):
    corpus = read_as_corpus(tmp_path, fb2("windows-1251", "utf-8"), encoding="utf-8")
    assert not [p for p in corpus.problems if "FB2" in p.message]
    assert corpus.node("14").text.startswith("Если в колоде")


@pytest.mark.parametrize("declared, written", [("windows-1251", "cp1251"), ("utf-8", "utf-8"), (None, "utf-8"),
                                               ("KOI8-R", "koi8-r")])
def test_a_right_declaration_gives_no_warning(tmp_path, declared, written):
    corpus = read_as_corpus(tmp_path, fb2(declared, written))
    assert not [p for p in corpus.problems if "FB2" in p.message]
    assert corpus.node("14").text.startswith("Если в колоде")


def test_a_zipped_fb2_and_add_say_it_too(tmp_path):
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("book.fb2", fb2("utf-8", "cp1251"))
    src = tmp_path / "book.fb2.zip"
    src.write_bytes(buffer.getvalue())
    added = CliRunner().invoke(main, ["add", "--corpus", str(tmp_path / "corpus"), str(src)])
    assert added.exit_code == 0, added.output
    assert 'encoding="utf-8"' in added.stderr and "they are cp1251 (detected)" in added.stderr


def test_clean_says_it_too_alone_and_in_a_corpus(tmp_path):
    alone = tmp_path / "cut.rtf"
    alone.write_bytes(TRUNCATED["nested-groups"])
    said = CliRunner().invoke(main, ["clean", str(alone)])
    assert said.exit_code == 0 and "cut.rtf" in said.stderr and "looks truncated" in said.stderr
    assert "Игрок, пропустивший очередь" in said.stdout
    root = tmp_path / "corpus"
    CliRunner().invoke(main, ["add", "--corpus", str(root), str(alone)])
    said = CliRunner().invoke(main, ["clean", str(root / "laws" / "ru" / "cut.rtf")])
    assert said.exit_code == 0 and "looks truncated" in said.stderr
