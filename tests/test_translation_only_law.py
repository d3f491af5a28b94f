"""A law only a translation holds is in the corpus (issue 9 cold read 5, small items of 9): a
reference of the main text to it is not "law not in the corpus", and its heading is not
"lost" (finding 7). The laws are invented."""

from __future__ import annotations

from lawsearch.corpus import build_corpus

MANIFEST = """[code]
edition = "1987"
laws = [1, 93]
profile = "bridge"
lang = "ru"

[[source]]
path = "laws/ru/book.txt"
lang = "ru"
kind = "laws"
edition = "1987"

[[source]]
path = "laws/en/laws.txt"
lang = "en"
kind = "laws"
edition = "1987"
layout = "en-mixed"
"""

RU = """Правило 30. Пас над самоваром
A. Когда самовар остыл
Если самовар остыл, игрок пасует, и торговля продолжается; см. правила 30-32.
"""

EN = """Law 30 - Pass Over the Samovar
A. When the Samovar Is Cold
If the samovar is cold, a player passes and the auction goes on; see Laws 30 through 32.

Law 32 - Double Over the Samovar
A. General
A double over a cold samovar is cancelled, and the teaspoon rule applies.
"""


def test_a_reference_to_a_law_only_the_translation_holds_is_in_the_corpus(tmp_path):
    for lang, text, name in (("ru", RU, "book.txt"), ("en", EN, "laws.txt")):
        (tmp_path / "laws" / lang).mkdir(parents=True)
        (tmp_path / "laws" / lang / name).write_text(text, encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    corpus = build_corpus(tmp_path, strict=False)
    nodes = {n.id: n for n in corpus.nodes}
    assert "32" in nodes and not nodes["32"].heading_lost
    status = {r.target: r.status for r in corpus.refs if r.from_ == "30A" and r.lang in ("", "ru")}
    assert status.get("32") in ("node", "law"), status
    assert status.get("31") == "outside", status  # a law no text holds stays outside


def test_check_does_not_call_a_law_only_the_translation_holds_missing(tmp_path):
    """check's reference list names 32 nowhere as "law not in the corpus" (it is in the
    English text); law 31, which no text holds, it does name."""
    from click.testing import CliRunner

    from lawsearch.cli import main

    for lang, text, name in (("ru", RU, "book.txt"), ("en", EN, "laws.txt")):
        (tmp_path / "laws" / lang).mkdir(parents=True)
        (tmp_path / "laws" / lang / name).write_text(text, encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    report = CliRunner().invoke(main, ["check", "--corpus", str(tmp_path), "--out", str(tmp_path / "out")]).output
    missing = next(line for line in report.splitlines() if "law not in the corpus" in line)
    assert "31" in missing.split(":", 1)[1] and "32" not in missing.split(":", 1)[1], missing
