"""Hostile input a new user tried (cold read A): a failed add leaves nothing behind; a file
we refuse in a folder with no manifest is an error, like an empty text; a TOML syntax error
points at the line the bracket was opened on; search with a corpus whose manifest is broken
fails with that error, not another corpus's answers; an unknown profile and a misspelt key
get one "did you mean"."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.model import CorpusError
from lawsearch.sources import read_corpus_folder

LAW = "Правило 18. Проверка\nA. Порядок\nСудья проверяет доски перед началом каждого круга встречи.\n"
SOURCE = '[[source]]\npath = "laws/ru/law18.txt"\nlang = "ru"\n{kind}encoding = "utf-8"\n'


def corpus(root: Path, code: str = 'title = "Т"\nlaws = [1, 93]\n', kind: str = 'kind = "laws"\n') -> Path:
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "law18.txt").write_text(LAW, encoding="utf-8")
    (root / "manifest.toml").write_text("[code]\n" + code + "\n" + SOURCE.format(kind=kind), encoding="utf-8")
    return root


def run(*args: str, cwd: Path):
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, list(args))
    finally:
        os.chdir(old)


def test_a_failed_add_leaves_no_folder_behind(tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"")
    result = run("add", "empty.txt", "--corpus", "new/corpus", cwd=tmp_path)
    assert result.exit_code == 1 and "empty" in result.output
    assert not (tmp_path / "new").exists()
    # a folder that was there before stays
    (tmp_path / "mine").mkdir()
    run("add", "empty.txt", "--corpus", "mine", cwd=tmp_path)
    assert (tmp_path / "mine").is_dir()


def test_a_refused_format_in_a_folder_with_no_manifest_is_an_error(tmp_path):
    (tmp_path / "law18.txt").write_text(LAW, encoding="utf-8")
    (tmp_path / "law15.doc").write_bytes(b"\xd0\xcf\x11\xe0 old word")
    with pytest.raises(CorpusError) as e:
        read_corpus_folder(tmp_path)
    message = str(e.value.problems[0].path) + " " + e.value.problems[0].message
    assert "law15.doc" in message and ".docx" in message


def test_toml_error_points_at_the_unclosed_array(tmp_path):
    corpus(tmp_path / "c", code='title = "Т"\nlaws = [1, 93\n')
    with pytest.raises(CorpusError) as e:
        read_corpus_folder(tmp_path / "c")
    p = e.value.problems[0]
    assert p.line == 3 and "Unclosed array" in p.message


def test_search_with_a_broken_manifest_fails_with_its_error(tmp_path):
    good = corpus(tmp_path / "good")
    assert run("build", "--corpus", "good", cwd=tmp_path).exit_code == 0
    corpus(tmp_path / "bad", code='title = "Т"\nlaws = [1, 93]\nprofile = "brigde"\n')
    result = run("search", "--corpus", "bad", "доски", cwd=tmp_path)
    assert result.exit_code != 0
    assert "brigde" in result.output and "did you mean 'bridge'" in result.output
    assert "18A" not in result.output
    assert good.is_dir()


def test_a_misspelt_required_key_is_one_error(tmp_path):
    corpus(tmp_path / "c", kind='knd = "laws"\n')
    with pytest.raises(CorpusError) as e:
        read_corpus_folder(tmp_path / "c")
    messages = [p.message for p in e.value.problems]
    assert len(messages) == 1 and "did you mean 'kind'" in messages[0], messages
    # a required key simply absent is still named
    corpus(tmp_path / "d", kind="")
    with pytest.raises(CorpusError) as e:
        read_corpus_folder(tmp_path / "d")
    assert any("has no 'kind'" in p.message for p in e.value.problems)
