"""Messages a new user found confusing (cold read A): the home page's title follows the
manifest's own title, the footer ends with one full stop, a count of nothing unplaced is no
link, show prints no empty edition. Invented corpus."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lawsearch.build import build

LAWS = """Правило 1. Порядок за столом
A. Места
Участники садятся за стол по жребию, который тянут перед началом встречи.
B. Смена мест
Участники меняются местами только с разрешения судьи встречи.
"""


def make(root: Path, title: str, edition: str = 'edition = "1999"\n') -> Path:
    corpus = root / "corpus"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / "law1.txt").write_text(LAWS, encoding="utf-8")
    (corpus / "manifest.toml").write_text(f'[code]\ntitle = "{title}"\n{edition}laws = [1, 5]\n\n'
                                          '[[source]]\npath = "laws/ru/law1.txt"\nlang = "ru"\nkind = "laws"\n'
                                          'encoding = "utf-8"\n', encoding="utf-8")
    return corpus


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("msgs")
    build(make(root, "Правила клуба «Ладья»"), root / "out", lambda message: None)
    return root / "out" / "site"


def test_home_page_title_is_the_manifests(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<h1>\s*Правила клуба «Ладья»\s*</h1>", home), home[:2000]


def test_footer_has_one_full_stop(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    footer = home[home.index('<footer class="site"'):]
    assert "1999 г.." not in footer and ".." not in re.sub(r"<[^>]+>", "", footer).replace("…", "")
    assert "1999 г." in footer


def test_no_unplaced_pieces_is_no_link(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="unattributed.html"' not in home
    assert "Неразмещённые фрагменты: 0" in home


def test_show_prints_no_empty_edition(tmp_path):
    from lawsearch.corpus import build_corpus
    from lawsearch.show import describe

    corpus = build_corpus(make(tmp_path, "Правила клуба", edition=""))
    text = describe(corpus, "1")
    assert not re.search(r"edition\s*(?:;|$)", text, re.M), text
