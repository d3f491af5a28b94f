"""Cold read 13, issue 13, finding 7: a ``[[drop]]`` removes the one line it names, so the
heading line of an afterword is not the whole afterword. check writes out, for a piece it
suggests no law for, the exact statements that remove all of it (one for each of its
lines); written into the curation file, they leave none of its words, no error and no
statement left to write. Invented book, Russian and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from added_books import book_folder

BOOKS = {
    "ru": ["Правило 3. ЧАСЫ\nЧасы в зале сверяют с дежурным перед началом.\nСтраница 1",
           "Правило 4. СВЕТ\nСвет в зале гасит последний уходящий игрок.\nСтраница 2",
           "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ\nСвет 4\nЧасы 3\nСтраница 3",
           "ПОСЛЕСЛОВИЕ\nСоставитель признателен всем друзьям за терпение и добрые советы.\nСтраница 4"],
    "en": ["LAW 3 - CLOCKS\nThe clocks in the hall are set by the steward before play.\nPage 1",
           "LAW 4 - LIGHTS\nThe last player to leave turns the lights off.\nPage 2",
           "SUBJECT INDEX\nClocks 3\nLights 4\nPage 3",
           "AFTERWORD\nThe compiler is grateful to all friends for their patience and kind advice.\nPage 4"],
}


def corpus(tmp_path: Path, lang: str) -> Path:
    root = book_folder(tmp_path, lang, "\n".join(BOOKS[lang]) + "\n", code='curation = "curation.toml"\n')
    (root / "curation.toml").write_text("", encoding="utf-8")
    return root


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_check_writes_the_drops_that_remove_a_whole_unplaced_block(tmp_path, lang):
    root = corpus(tmp_path, lang)
    out = CliRunner().invoke(main, ["check", "--corpus", str(root)]).output
    statements = re.findall(r'\[\[drop\]\]\n\s+at = "(book:\d+)"', out)
    assert statements == ["book:11", "book:12"], out  # the afterword's heading and its text
    assert "removes only the line it names" in out
    (root / "curation.toml").write_text("".join(f'[[drop]]\nat = "{at}"\nreason = "afterword"\n\n'
                                                for at in statements), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--corpus", str(root)])
    assert result.exit_code == 0, result.output
    assert "[[drop]]" not in result.output and "piece-book" not in result.output
    last = BOOKS[lang][3].splitlines()[1].split()[1]
    build = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(tmp_path / "b")])
    assert build.exit_code == 0 and last not in (tmp_path / "b" / "corpus.json").read_text(encoding="utf-8")
