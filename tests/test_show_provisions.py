"""``show ID --edition X`` of an ID X lacks tells each edition's provision of that ID apart
(issue 15, cold read 6 finding 7; show.not_in_edition): the comparisons of the texts decide
whether two editions' nodes of one ID are one provision -- 2001's 2B that became 3A in 2011
is not 2021's new 2B; and a claim two editions make alike («removed in the 2011 edition»)
is said once.

Invented laws of an invented caretakers' code; layout ``ru-book``."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main

OLD = """Правило 1. ДВОР
Двор метут каждое утро до восьми часов.
Правило 2. УБОРКА
A. Метла
Метлу хранят в кладовой у входа.
B. Вёдра
Вёдра моют горячей водой после каждой уборки.
C. Ключи
Ключи от подвала сдают дежурному под роспись.
Правило 3. ИНВЕНТАРЬ
A. Лестницы
Лестницы осматривают перед каждой весной.
"""
MIDDLE = """Правило 1. ДВОР
Двор метут каждое утро до восьми часов.
Правило 2. УБОРКА
A. Метла
Метлу хранят в кладовой у входа.
Правило 3. ИНВЕНТАРЬ
A. Вёдра
Вёдра моют горячей водой после каждой уборки.
B. Лестницы
Лестницы осматривают перед каждой весной.
"""
NEW = MIDDLE.replace("Правило 3. ИНВЕНТАРЬ", """B. Окна
Окна в подъезде протирают раз в месяц мягкой тряпкой.
Правило 3. ИНВЕНТАРЬ""")
# 1991 = 2001 = OLD; 2011: 2B «Вёдра» moved to 3A, 2C «Ключи» removed; 2021: a new 2B «Окна»


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("caretakers")
    corpus = root / "corpus"
    corpus.mkdir()
    lines = ["[code]", 'title = "Устав дворников"', 'edition = "2011"', "laws = [1, 3]", ""]
    for ed, text in (("2021", NEW), ("1991", OLD), ("2011", MIDDLE), ("2001", OLD)):
        (corpus / f"{ed}.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "{ed}.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{ed}"',
                  'layout = "ru-book"', 'encoding = "utf-8"', ""]
    (corpus / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    build(corpus, root / "out", lambda m: None)
    return corpus, root / "out"


def show(built, *args) -> str:
    corpus, out = built
    result = CliRunner().invoke(main, ["show", *args, "--corpus", str(corpus), "--out", str(out)])
    assert result.exit_code != 0
    return " ".join(result.output.split())


def test_two_provisions_sharing_an_id_are_told_apart(built):
    said = show(built, "2B", "--edition", "2011")
    first, _, second = said.partition("another provision numbered 2B is in")
    assert second, said
    # the old 2B: in 1991 and 2001, and 3A in 2011
    assert "1991 edition" in first and "2001 edition" in first and "in the 2011 edition it is 3A" in first
    # the new 2B: in 2021, added there; nothing of it claims the old one went to 3A
    assert "2021 edition" in second and "added in the 2021 edition" in second
    assert "3A" not in second and "2021" not in first


def test_one_claim_from_two_editions_is_said_once(built):
    said = show(built, "2C", "--edition", "2011")
    assert said.count("removed in the 2011 edition") == 1, said
    assert "lawsearch diff 2001 2011" in said  # from the nearest edition that has it
    assert "another provision" not in said  # 1991's 2C and 2001's are one
