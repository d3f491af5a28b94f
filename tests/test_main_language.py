"""A mixed folder's main language (cold read 3): ``lawsearch add`` and a folder with no
manifest choose it by the amount of law text in each language -- words of text, site
furniture left out -- not by the number or order of the files or their lines; ``add`` says
which it chose, why, and how to change it. Every text here is invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus

# one Russian file with long paragraphs of law text
RU = """Правило 5. МЕСТА ЗА СТОЛОМ
A. Первоначальные места
Пары занимают места по указанию судьи турнира, и никто не меняет своё место без его разрешения, даже если у окна дует ветер, а соседний стол шумит громче обычного.
B. Смена мест
Смена мест между сессиями допускается, когда об этом объявлено заранее и каждый капитан команды подтвердил объявление своей подписью в протоколе турнира, который хранит секретарь.
Правило 6. ТАСОВКА И СДАЧА
Карты тасуются тщательно и сдаются по одной, начиная с игрока слева от сдающего, причём сдающий не смотрит на нижнюю карту колоды и не показывает её соседям по столу.
"""


def english_page(n: int) -> str:
    """A saved web page: more lines than the Russian file, most of them the site's furniture."""
    return (f"Home > Library > Laws > Law {n}\nPrevious: Law {n - 1}   |   Next: Law {n + 1}\n"
            f"LAW {n} - TEST LAW\nA. First Part\nThe owl decides.\nB. Second Part\nThe heron waits.\n"
            f"Previous: Law {n - 1}   |   Next: Law {n + 1}\nPrinter-friendly version | Email this page | Bookmark\n"
            f"https://example.org/law{n}.html\nPage {n} of 93\n{n}\n")


def downloads(tmp_path: Path) -> list[Path]:
    out = tmp_path / "downloads"
    out.mkdir()
    files = []
    for n in (36, 37, 38):
        path = out / f"a-law{n}.txt"  # named to sort before the Russian file
        path.write_text(english_page(n), encoding="utf-8")
        files.append(path)
    ru = out / "z-pravila.txt"
    ru.write_text(RU, encoding="utf-8")
    files.append(ru)
    assert sum(len(p.read_text(encoding="utf-8").splitlines()) for p in files[:3]) > len(RU.splitlines())
    return files


@pytest.mark.parametrize("order", ["english first", "russian first"])
def test_add_chooses_the_language_with_the_most_law_text_and_says_why(tmp_path, order):
    files = downloads(tmp_path)
    if order == "russian first":
        files = files[::-1]
    root = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(root), *map(str, files)])
    assert result.exit_code == 0, result.output
    manifest = (root / "manifest.toml").read_text(encoding="utf-8")
    assert 'lang = "ru"' in manifest.split("\n[[source]]")[0]
    said = [line for line in result.stdout.splitlines() if line.startswith("main language:")]
    assert len(said) == 1
    assert said[0].startswith("main language: ru (it has the most law text: ru ")
    assert "en " in said[0] and "words" in said[0]  # the other language's amount, to compare
    assert "set lang in the [code] table" in said[0] and "manifest.toml" in said[0]  # how to change it
    assert build_corpus(root, strict=False).code["lang"] == "ru"


def test_a_folder_without_a_manifest_weighs_text_not_files(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    for path in downloads(tmp_path):
        (root / path.name).write_bytes(path.read_bytes())
    assert build_corpus(root, strict=False).code["lang"] == "ru"


def test_more_english_text_makes_english_the_main_language(tmp_path):
    """The rule is the amount, not a preference for the profile's first language."""
    en = tmp_path / "law.txt"
    en.write_text("LAW 40 - PARTNERSHIP UNDERSTANDINGS\nA. Players' Systemic Agreements\n"
                  + "A player may make any call or play without prior announcement, provided that it is not "
                    "based on an undisclosed partnership understanding of the kind the sponsor forbids. " * 3 + "\n",
                  encoding="utf-8")
    ru = tmp_path / "ru.txt"
    ru.write_text("Правило 5. МЕСТА\nПары садятся.\n", encoding="utf-8")
    root = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(root), str(ru), str(en)])
    assert result.exit_code == 0, result.output
    assert "main language: en (it has the most law text: en " in result.stdout


def test_adding_to_a_manifest_keeps_its_main_language(tmp_path):
    root = tmp_path / "corpus"
    files = downloads(tmp_path)
    CliRunner().invoke(main, ["add", "--corpus", str(root), str(files[-1])])
    again = CliRunner().invoke(main, ["add", "--corpus", str(root), *map(str, files[:3])])
    assert again.exit_code == 0, again.output
    assert "main language:" not in again.stdout
    assert 'lang = "ru"' in (root / "manifest.toml").read_text(encoding="utf-8").split("\n[[source]]")[0]


# -- a translation is shorter than its original (cold read 4): raw word counts do not decide --

RU_LAW = "Правило {n}. ФОНАРИ\nA. Зажигание\nСторож зажигает фонарь {n} в сумерках.\nB. Масло\nМасло хранят в сарае.\n"
EN_LAW = ("LAW {n} - LANTERNS\nA. Lighting\nThe keeper of the grounds lights lantern number {n} at dusk, "
          "as soon as the first bat is seen over the pond.\nB. Oil\nThe oil for all the lanterns is kept in the "
          "shed by the gate, in the tin with the blue lid.\n")


def _add(tmp_path, files: dict[str, str]):
    src = tmp_path / "src"
    src.mkdir()
    for name, text in files.items():
        (src / name).write_text(text, encoding="utf-8")
    root = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(root), *sorted(map(str, src.iterdir()))])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stdout.splitlines() if line.startswith("main language:")]
    return (root / "manifest.toml").read_text(encoding="utf-8").split("\n[[source]]")[0], said[0]


def test_a_text_and_its_longer_translation_do_not_make_the_translation_main(tmp_path):
    ru = "".join(RU_LAW.format(n=n) for n in (21, 22, 23))
    pages = {f"law{n}.txt": EN_LAW.format(n=n) for n in (21, 22, 23)}
    head, said = _add(tmp_path, {"kodeks.txt": ru, **pages})
    assert 'lang = "ru"' in head
    assert "same laws" in said and "ru 3 laws" in said and "en 3 laws" in said


def test_more_laws_outweigh_a_few_more_words_of_another_language(tmp_path):
    ru = "".join(RU_LAW.format(n=n) for n in range(21, 28))  # seven short laws: 63 words
    en = "".join(EN_LAW.format(n=n) for n in (40, 41))  # two longer ones: 88 words, not half as many again
    head, said = _add(tmp_path, {"kodeks.txt": ru, "lakeside.txt": en})
    assert 'lang = "ru"' in head
    assert "ru 7 laws" in said and "en 2 laws" in said


def test_more_laws_in_english_make_english_main(tmp_path):
    ru = "".join(RU_LAW.format(n=n) for n in (21,))
    en = "".join(EN_LAW.format(n=n) for n in (40, 41, 42, 43))
    head, said = _add(tmp_path, {"kodeks.txt": ru, "lakeside.txt": en})
    assert 'lang = "en"' in head


def test_check_is_ok_with_either_language_main(tmp_path):
    """Whatever the main language, the other language's text is searched (a translation's
    language is a language of the corpus: issue 9, cold read 11, finding 2), so check says
    nothing is unsearchable with English main or Russian main."""
    ru = "".join(RU_LAW.format(n=n) for n in (21, 22))
    pages = {f"law{n}.txt": EN_LAW.format(n=n) for n in (21, 22)}
    _add(tmp_path, {"kodeks.txt": ru, **pages})
    root = tmp_path / "corpus"
    manifest = root / "manifest.toml"
    head, rest = manifest.read_text(encoding="utf-8").split("\n[[source]]", 1)
    manifest.write_text(head.replace('lang = "ru"', 'lang = "en"') + "\n[[source]]" + rest, encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(main, ["check", "--corpus", str(root)])
    assert "not searchable" not in checked.output
    manifest.write_text(head + "\n[[source]]" + rest, encoding="utf-8")  # Russian main again
    checked = runner.invoke(main, ["check", "--corpus", str(root)])
    assert "not searchable" not in checked.output
    out = tmp_path / "out"
    assert runner.invoke(main, ["build", "--corpus", str(root), "--out", str(out)]).exit_code == 0
    found = runner.invoke(main, ["search", "--corpus", str(root), "--out", str(out), "фонарь"])
    assert "21" in found.output, found.output
