"""Lost text is no change (docs/editions.md, "A law not in an edition"): a copy cut at its
end is marked cut and warned of, and what the other edition has where the text is lost is
neither "added" nor "removed", "reworded" nor «ещё нет» -- in ``diff``, ``show`` and the
edition switch alike."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.profile import load_profile

# invented: a code of a rowing club. The 2006 edition's only copy breaks off mid-word in 2A
# (a download cut short); 2016 has 2A whole, adds 2B after it and 1C inside law 1.
CUT_2006 = """Правило 1. Лодки
A.Хранение
Лодки хранят в эллинге килем вверх на деревянных козлах.
B.Осмотр
Перед выходом на воду рулевой осматривает уключины и банки.
Правило 2. Вёсла
A.Выдача
Вёсла выдаёт дежурный по журналу и принимает их обратно после тренировки, проверяя лопа
"""
WHOLE_2016 = """Правило 1. Лодки
A.Хранение
Лодки хранят в эллинге килем вверх на деревянных козлах.
B.Осмотр
Перед выходом на воду рулевой осматривает уключины и банки.
C.Спасательные жилеты
Каждый гребец надевает жилет до того, как сядет в лодку.
Правило 2. Вёсла
A.Выдача
Вёсла выдаёт дежурный по журналу и принимает их обратно после тренировки, проверяя лопасти на трещины.
B.Ремонт
Треснувшее весло откладывают в отдельную стойку с красной меткой.
"""
# a 2006 copy holding laws 3 and 4 only: laws 1 and 2 are lost there, not "not yet"
PART_2006 = """Правило 3. Причал
A.Швартовка
Лодку швартуют носом к причалу двумя концами.
Правило 4. Погода
A.Ветер
При ветре сильнее десяти метров в секунду выход на воду запрещён.
"""
FULL_2016 = """Правило 1. Лодки
A.Хранение
Лодки хранят в эллинге килем вверх на деревянных козлах.
Правило 2. Вёсла
A.Выдача
Вёсла выдаёт дежурный по журналу.
Правило 3. Причал
A.Швартовка
Лодку швартуют носом к причалу двумя концами.
Правило 4. Погода
A.Ветер
При ветре сильнее десяти метров в секунду выход на воду запрещён.
"""


def corpus(root, old: str, new: str):
    folder = root / "corpus"
    (folder / "laws").mkdir(parents=True)
    lines = ["[code]", 'title = "Устав гребного клуба"', 'edition = "2006"', "laws = [1, 9]", ""]
    for ed, text in (("2006", old), ("2016", new)):
        (folder / "laws" / f"{ed}-row.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "laws/{ed}-row.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{ed}"',
                  'layout = "ru-book"', ""]
    (folder / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def cut(tmp_path_factory):
    root = tmp_path_factory.mktemp("row-cut")
    folder = corpus(root, CUT_2006, WHOLE_2016)
    built = CliRunner().invoke(main, ["build", "--corpus", str(folder), "--out", str(root / "build")])
    assert built.exit_code == 0, built.output
    return folder, root / "build", built.output


@pytest.fixture(scope="module")
def part(tmp_path_factory):
    root = tmp_path_factory.mktemp("row-part")
    folder = corpus(root, PART_2006, FULL_2016)
    build(folder, root / "build", lambda message: None)
    return folder, root / "build"


def run(built, *args):
    folder, out = built[0], built[1]
    return CliRunner().invoke(main, [args[0], "--corpus", str(folder), "--out", str(out), *args[1:]])


def changes(built) -> list[dict]:
    result = run(built, "diff", "2006", "2016", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["changes"]["ru"]


def test_a_cut_only_copy_is_marked_cut_with_a_gap_mark(cut):
    node = build_corpus(cut[0]).node("2A")
    assert node.truncated_end and any(m.kind == "gap" and m.start == len(node.text) for m in node.marks)


def test_a_cut_only_copy_is_warned_in_build_and_check_naming_file_and_line(cut):
    folder = cut[0]
    warned = [s for s in cut[2].splitlines() if "2006-row.txt:8" in s and "2A" in s and "лопа" in s]
    assert warned and warned[0].startswith("Warning"), cut[2]
    check = CliRunner().invoke(main, ["check", "--corpus", str(folder)])
    assert "2006-row.txt:8" in check.output and "2A" in check.output and "лопа" in check.output, check.output


def test_a_file_ending_a_sentence_is_not_cut(part):
    """The control: a copy ending with a full stop ends where its document does."""
    assert not any(n.truncated_end for n in build_corpus(part[0]).nodes)


def test_diff_claims_no_rewording_or_addition_from_a_cut(cut):
    found = changes(cut)
    assert not [c for c in found if c["kind"] == "reworded" and c["old"] == ["2A"]], found
    assert not [c for c in found if c["kind"] == "added" and c["new"] == ["2B"]], found
    # text that stands where both editions run on is still compared: 1C is added
    assert [c for c in found if c["kind"] == "added" and c["new"] == ["1C"]], found


def test_show_says_the_text_is_lost_not_added(cut):
    shown = run(cut, "show", "2B")
    assert shown.exit_code == 1 and "not in our text of the 2006 edition" in shown.output, shown.output
    assert "cut after 2A" in shown.output and "added" not in shown.output


def test_diff_claims_nothing_of_laws_before_a_partial_copy(part):
    found = changes(part)
    assert not [c for c in found if c["kind"] in ("added", "removed")], found
    assert [c for c in found if c["kind"] == "reworded" and c["old"] == ["2A"]] == []  # law 2 is not in 2006 at all


def test_show_and_the_switch_say_lost_not_yet_of_laws_before_a_partial_copy(part):
    shown = run(part, "show", "1")
    assert shown.exit_code == 1 and "start at law 3" in shown.output and "added" not in shown.output, shown.output
    profile = load_profile("bridge")
    page = (part[1] / "site" / "laws" / "2016~1.html").read_text(encoding="utf-8")
    assert profile.text("ru", "edition_lost", edition="2006") in page
    assert profile.text("ru", "edition_not_yet", edition="2006") not in page
    # law 3, which both have, is linked as ever
    page = (part[1] / "site" / "laws" / "2016~3.html").read_text(encoding="utf-8")
    assert 'href="3.html' in page or 'href="../laws/3.html' in page or "3.html" in page
