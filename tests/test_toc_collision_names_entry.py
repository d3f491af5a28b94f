"""A contents page not read as such (no heading line, no page footer) leaves its entries to
the law reader, and the law's real heading then repeats its entry: the error is named at the
contents entry's own file and line -- the line to mend -- names the real heading's line, and
says what to do (cold read 11 of issue 13, finding 1). Invented books, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus

BOOKS = {
    "ru": """Составители благодарят клуб «Маяк» за помощь в подготовке издания.
Правило 7. Фонари на столах ………………… 3
Правило 8. Часы судьи ……………………………… 4
Правило 7. ФОНАРИ НА СТОЛАХ
Каждый стол освещается своим фонарём, который зажигает дежурный.
Правило 8. ЧАСЫ СУДЬИ
Судья заводит часы перед первым раундом и следит за их ходом.
""",
    "en": """The editors thank the Lighthouse Club for its help with this edition.
LAW 7 - LAMPS ON THE TABLES .......... 3
LAW 8 - THE REFEREE'S CLOCK .......... 4
LAW 7 - LAMPS ON THE TABLES
Every table is lit by its own lamp, which the steward lights.
LAW 8 - THE REFEREE'S CLOCK
The referee winds the clock before the first round and watches it.
""",
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_collision_is_named_at_the_contents_entry(tmp_path: Path, lang):
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "book.txt").write_text(BOOKS[lang], encoding="utf-8")
    (root / "manifest.toml").write_text(f'[code]\ntitle = "t"\nlaws = [1, 93]\nlang = "{lang}"\n\n[[source]]\n'
                                        f'path = "laws/book.txt"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    corpus = build_corpus(root, strict=False)
    errors = [p for p in corpus.problems if p.severity == "error"]
    said = [p for p in errors if "contents entry" in p.message]
    assert said, [str(p) for p in errors]
    first = said[0]
    # at the contents entry (line 2), naming the law's real heading (line 4)
    assert first.path.endswith("book.txt") and first.line == 2, str(first)
    assert "line 4" in first.message and "7" in first.message
    assert "kind toc" in first.message and "heading line" in first.message
    # the real headings are no silent loss on top of it
    assert not [p for p in errors if "lands in no node" in p.message], [str(p) for p in errors]
