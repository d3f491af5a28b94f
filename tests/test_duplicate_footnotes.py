"""The same book given twice, in two formats (an FB2 and an RTF of it: cold read 11, finding
11), gave two identical footnotes and no word of it. A footnote standing again word for word on
the same node in another file is warned of, both files named; different notes, or one file's
own, are not. Every sentence is invented."""

from __future__ import annotations

import pytest

from lawsearch.corpus import build_corpus
from formats_gen import write_lines

RU = ["Правило 60. КОТЕЛЬНАЯ", "A. Топливо", "Истопник(*) колет дрова по субботам.",
      "(*) - Истопника зовут Евграф.", "B. Зола", "Золу выносят в вёдрах за сарай."]
EN = ["LAW 60 - THE BOILER ROOM", "A. Fuel", "The stoker* splits the logs on Saturdays.",
      "* The stoker is called Evgraf.", "B. Ash", "The ash is carried out in buckets."]


def corpus(tmp_path, lang: str, files: dict[str, bytes]):
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    entries = []
    for name, data in files.items():
        (root / "laws" / lang / name).write_bytes(data)
        entries.append(f'[[source]]\npath = "laws/{lang}/{name}"\nlang = "{lang}"\nkind = "laws"\n')
    (root / "manifest.toml").write_text(f'[code]\nlang = "{lang}"\n\n' + "\n".join(entries), encoding="utf-8")
    return build_corpus(root)


def twice(built) -> list:
    return [p for p in built.problems if "stands twice" in p.message]


@pytest.mark.parametrize("lang,lines,formats", [
    ("ru", RU, ("fb2", "rtf")),
    ("ru", RU, ("txt", "docx")),
    ("en", EN, ("txt", "fb2")),
])
def test_the_same_note_from_two_files_is_warned_of_naming_both(tmp_path, lang, lines, formats):
    files = {f"book-{fmt}.{fmt}": write_lines(lines, fmt) for fmt in formats}
    built = corpus(tmp_path, lang, files)
    said = twice(built)
    assert len(said) == 1 and said[0].severity == "warning"
    for fmt in formats:
        assert f"book-{fmt}.{fmt}" in said[0].message
    assert "60A" in said[0].message


def test_control_two_files_with_different_notes_and_one_file_alone(tmp_path):
    other = [line.replace("Евграф", "Прокоп") for line in RU]
    assert not twice(corpus(tmp_path / "a", "ru", {"a.txt": write_lines(RU, "txt"), "b.txt": write_lines(other, "txt")}))
    assert not twice(corpus(tmp_path / "b", "ru", {"a.txt": write_lines(RU, "txt")}))
