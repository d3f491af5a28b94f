"""An ID whose letter is typed with a dot ("1.1.2.b" where the code writes 1.1.2(b)) or after a
space ("2.1.2 б", "2.1.2 b", "1.1.2 b") jumps to that node, in the command line and in the
browser alike, where the profile has a lettered level there (issue 9, cold read 11, finding 6
leftovers: stX11 "1.1.2.b", stR11 "2.1.2 б" searched as words). An ID of a level the code
does not have stays a text search. The texts are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_typed_ids import DOTTED, DOTTED_PROFILE

RU = """Раздел I. ОБЩИЕ ПОЛОЖЕНИЯ
Глава 1. Предмет правил
Статья 1. Сфера действия
1. Настоящие правила действуют на всём рынке.
Статья 2. Лотки
1. Лотком считается:
1) всякий стол под навесом;
2) тележка, кроме:
а) тележек без колёс;
б) тележек с зонтом, см. подпункт «а» настоящего пункта.
2. Торговец отвечает за свой лоток.
"""


def _built(tmp_path: Path, text: str, profile: str | None, lang: str) -> Path:
    from lawsearch.build import build

    root = tmp_path / "c"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "rules.txt").write_text(text, encoding="utf-8")
    if profile:
        (root / "profile.toml").write_text(profile, encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Market"\nprofile = "{"profile.toml" if profile else "statute-ru"}"\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/rules.txt"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    return out


def _both(out: Path, queries: list[str]) -> list[tuple[str, str | None, str | None]]:
    """Each query's jump target in Python and in the browser's engine (None: no jump)."""
    from lawsearch.query import Searcher
    from node_engine import NodeEngine

    searcher = Searcher(out / "index")
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        answers = []
        for query, js in zip(queries, engine.search(queries, 10)):
            result = searcher.search(query, 10)
            py = result.target if result.kind == "id" else None
            answers.append((query, py, js.get("target") if js.get("kind") == "id" else None))
        return answers
    finally:
        engine.close()
        searcher.close()


def test_a_bracketed_letter_typed_with_a_dot_or_a_space(tmp_path):
    queries = ["1.1.2.b", "1.1.2 b", "1.1.2 (b)", "1.1.2b"]
    assert _both(_built(tmp_path, DOTTED, DOTTED_PROFILE, "en"), queries) == [(q, "1.1.2(b)", "1.1.2(b)") for q in queries]


def test_a_dotted_russian_letter_typed_after_a_space(tmp_path):
    queries = ["2.1.2 б", "2.1.2 b", "2.1.2.б", "2.1.2б"]
    assert _both(_built(tmp_path, RU, None, "ru"), queries) == [(q, "2.1.2.b", "2.1.2.b") for q in queries]


def test_control_a_number_and_a_word_stay_a_text_search(tmp_path):
    from lawsearch.query import Searcher

    out = _built(tmp_path, DOTTED, DOTTED_PROFILE, "en")
    searcher = Searcher(out / "index")
    try:
        assert searcher.search("1.1.2 stall", 10).kind != "id"
        assert searcher.search("1.1.2.bb", 10).kind != "id"
    finally:
        searcher.close()
