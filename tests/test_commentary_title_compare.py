"""Cold read 14 of issue 13, finding 8, on invented books:

* "(compare 51.2.(b))", "cf. 51.1." in an English commentary cite commentary paragraphs, as
  "see 51.1." does;
* a commentary file's own title in capitals opening with the commentary's word
  («КОММЕНТАРИЙ ЛИГИ К УСТАВУ», "COMMENTARY OF THE CIRCLE'S COMMITTEE") is the file's
  title, not an unplaced piece; another title in capitals stays a piece, with its warning;
* a Russian-only corpus does not report English as a language searched without morphology
  (it has no English text); an English corpus does."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder

LAWS = {
    "en": """Law 50. THE BELL
The bell is rung at the start of each round by the keeper of the tide table.
Law 51. LATE LAUNCH
A. Notice
1. The boatman gives notice of a late launch before the round begins.
2. The notice states:
(a) the hour of arrival;
(b) the number of teams carried.
""",
    "ru": """Правило 50. КОЛОКОЛ
Колокол звонит в начале каждого тура по знаку смотрителя приливов.
Правило 51. ОПОЗДАНИЕ КАТЕРА
A. Извещение
1. Лодочник извещает судью об опоздании катера до начала тура.
2. Извещение содержит:
(a) час прибытия;
(b) число перевозимых команд.
""",
}

COMMENTARY = {
    "en": """{title}
Law 51. LATE LAUNCH
51.1. Notice may be given over the harbour radio or by flag.
51.2. The notice is kept in the station book; in it:
(a) the hour is written in figures;
(b) the boatman signs it.
Law 50. THE BELL
50.1. The bell is rung three times; the third stroke starts play ({cite}).
""",
    "ru": """{title}
Правило 51. ОПОЗДАНИЕ КАТЕРА
51.1. Извещение можно передать по радио гавани или флагом.
51.2. Извещение хранится в журнале станции; в нём:
а) час пишется цифрами;
б) лодочник его подписывает.
Правило 50. КОЛОКОЛ
50.1. Колокол звонит трижды; третий удар начинает игру (см. п. 51.2.).
""",
}


def corpus(tmp_path: Path, lang: str, title: str, cite: str = "see 51.1.") -> Path:
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "commentary" / lang).mkdir(parents=True)
    (root / "laws" / lang / "book.txt").write_text(LAWS[lang], encoding="utf-8")
    (root / "commentary" / lang / "comm.txt").write_text(COMMENTARY[lang].format(title=title, cite=cite),
                                                        encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/{lang}/book.txt"\nlang = "{lang}"\nkind = "laws"\n\n'
        f'[[source]]\npath = "commentary/{lang}/comm.txt"\nlang = "{lang}"\nkind = "commentary"\n',
        encoding="utf-8")
    return root


def built(root: Path):
    return parse_folder(read_corpus_folder(root), strict=False)


@pytest.mark.parametrize("cite, target", [("compare 51.2.(b)", "51.2(b)"), ("Compare 51.1.", "51.1"),
                                          ("cf. 51.2.", "51.2"), ("see 51.1.", "51.1")])
def test_compare_cites_a_commentary_paragraph(tmp_path, cite, target):
    c = built(corpus(tmp_path, "en", "COMMENTARY", cite))
    assert [r.target for r in c.refs if r.from_ == "50.1"] == [target]


@pytest.mark.parametrize("lang, title", [
    ("ru", "КОММЕНТАРИЙ ЛИГИ К УСТАВУ"), ("ru", "КОММЕНТАРИЙ ПРАВЛЕНИЯ"),
    ("en", "COMMENTARY OF THE CIRCLE'S COMMITTEE"), ("en", "COMMENTARY ON THE HARBOUR CODE")])
def test_a_commentary_file_s_own_title_is_no_piece(tmp_path, lang, title):
    c = built(corpus(tmp_path, lang, title))
    assert not [n for n in c.nodes if n.kind == "piece"]
    assert not [p for p in c.problems if "title line" in p.message]
    assert c.node("51.1") is not None and c.node("50.1") is not None


@pytest.mark.parametrize("lang, title", [("ru", "ЗАМЕТКИ СУДЕЙ ЛИГИ"), ("en", "NOTES OF THE HARBOUR JUDGES")])
def test_control_another_title_stays_a_piece_with_its_warning(tmp_path, lang, title):
    c = built(corpus(tmp_path, lang, title))
    assert [n for n in c.nodes if n.kind == "piece" and title in (n.text or "")]
    assert [p for p in c.problems if "title line" in p.message]


@pytest.mark.parametrize("lang, said", [("ru", False), ("en", True)])
def test_english_morphology_note_only_with_english_text(tmp_path, lang, said):
    root = corpus(tmp_path, lang, "COMMENTARY" if lang == "en" else "КОММЕНТАРИЙ")
    out = CliRunner().invoke(main, ["check", "--corpus", str(root)]).output
    assert ("English (en) has no morphology" in out) == said, out
