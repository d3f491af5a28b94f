"""A saved web page whose bytes are not the encoding it declares is read in the one its
bytes are in, with a warning saying so and how to state it, as an FB2's is (cold read 6 of
issue 12, finding 8); the manifest's encoding, once stated, is read over the page's own
declaration, with no warning. Every text here is invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus

PAGES = [
    ("utf-8", "cp1251", "<h1>Правило 41. ПЕРЕРЫВЫ</h1><p>Самовар ставят заранее, чашки моют после тура.</p>"),
    ("utf-8", "koi8-r", "<h1>Правило 12. ЧАЙНИКИ</h1><p>Чайник кипятят до начала сессии.</p>"),
    ("windows-1251", "utf-8", "<h1>Правило 13. ЛОЖКИ</h1><p>Ложки раскладывают справа от блюдца.</p>"),
]


def _corpus(root: Path, declared: str, written: str, body: str, manifest_encoding: str = "auto") -> Path:
    (root / "laws" / "ru").mkdir(parents=True)
    page = (f'<html><head><meta charset="{declared}"><title>t</title></head><body>{body}</body></html>').encode(written)
    (root / "laws" / "ru" / "p.html").write_bytes(page)
    (root / "manifest.toml").write_text('[code]\ntitle = "T"\nlaws = [1, 93]\n\n[[source]]\npath = "laws/ru/p.html"\n'
                                        f'lang = "ru"\nkind = "laws"\nencoding = "{manifest_encoding}"\n', encoding="utf-8")
    return root


@pytest.mark.parametrize("declared, written, body", PAGES)
def test_a_page_in_another_encoding_than_it_declares_is_read_with_a_warning(tmp_path, declared, written, body):
    root = _corpus(tmp_path / "c", declared, written, body)
    c = build_corpus(root)
    sentence = body.split("<p>")[1].split("</p>")[0]
    assert any(sentence == (n.text or "") for n in c.nodes)
    built = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    assert f"declares {declared.replace('windows-', 'cp')}" in built.output and f'encoding = "{written}"' in built.output


@pytest.mark.parametrize("declared, written, body", PAGES)
def test_the_manifests_encoding_is_read_over_the_pages_declaration(tmp_path, declared, written, body):
    root = _corpus(tmp_path / "c", declared, written, body, written)
    built = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    assert "declares" not in built.output
