"""The subject index as cold read 8 found it (issue 13, findings 9 and 12): sub-entries
printed after a semicolon under one headword («Опоздание к лодке 2; по вине смотрителя 2»)
are entries of their own, the headword's sub-entries, not words of the headword; a target
written N.M («2.2») is the commentary's paragraph and links to it; a curated ``[[drop]]``
of one line of an index page takes that line's entry out; every page's menu links the
subject index where there is one. The books are invented, in Russian and in English: one
file each, the index a page of it, the commentary after it."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main

BOOKS = {
    "ru": """Правило 1. ШВАРТОВКА
Лодки швартуются носом к колоколу, если смотритель не просит иначе.
Правило 2. ОПОЗДАНИЕ К ЛОДКЕ
Гребец, опоздавший к отплытию, теряет место в лодке.
Страница 1
Правило 3. СИГНАЛЫ В ТУМАН
Сигнал в туман подаёт смотритель причала.
Страница 2
ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Колокол 1, 3
Опоздание к лодке 2; по вине смотрителя 2.2; в туман 3
Причал 1
Сигнал туманный 3
Швартовка см. Причал
Страница 3
КОММЕНТАРИЙ
Правило 2. ОПОЗДАНИЕ К ЛОДКЕ
2.1. Опоздание отсчитывается по колоколу причала.
2.2. Ошибка смотрителя не лишает гребца места.
Страница 4
""",
    "en": """LAW 1 - MOORING
Boats moor facing the bell unless the keeper asks otherwise.
LAW 2 - LATE FOR THE BOAT
A rower late for the boat loses the seat.
Page 1
LAW 3 - FOG SIGNALS
The keeper of the quay gives the fog signal.
Page 2
INDEX
Bell 1, 3
Lateness 2; keeper's error 2.2; in fog 3
Quay 1
Signal, fog 3
Mooring see Quay
Page 3
COMMENTARY
LAW 2 - LATE FOR THE BOAT
2.1. Lateness is counted by the bell of the quay.
2.2. The keeper's error does not cost the rower the seat.
Page 4
""",
}
HEAD = {"ru": "Опоздание к лодке", "en": "Lateness"}
SUBS = {"ru": ("по вине смотрителя", "в туман"), "en": ("keeper's error", "in fog")}
DROPPED = {"ru": "Сигнал туманный", "en": "Signal"}


def make(root: Path, lang: str, drop: bool = False, text: str | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "book.txt").write_text(text or BOOKS[lang], encoding="utf-8")
    corpus = root / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(root / "book.txt")])
    assert result.exit_code == 0, result.output
    if drop:
        line = BOOKS[lang].splitlines().index(next(t for t in BOOKS[lang].splitlines() if t.startswith(DROPPED[lang]))) + 1
        with (corpus / "curation.toml").open("a", encoding="utf-8") as f:
            f.write(f'\n[[drop]]\nat = "book:{line}"\nreason = "a line of the index left out"\n')
    out = root / "out"
    build(corpus, out, lambda message: None)
    return out


def entries(out: Path) -> list[dict]:
    import json

    return json.loads((out / "corpus.json").read_text(encoding="utf-8"))["apparatus"]["index"]


@pytest.fixture(scope="module", params=sorted(BOOKS))
def book(request, tmp_path_factory):
    return request.param, make(tmp_path_factory.mktemp(f"ix8-{request.param}"), request.param)


def test_semicolon_sub_entries_are_entries_of_their_headword(book):
    lang, out = book
    rows = [(e["headword"], e.get("sub"), e["targets"]) for e in entries(out) if e["headword"] == HEAD[lang]]
    first, second = SUBS[lang]
    assert (HEAD[lang], None, ["2"]) in rows, rows
    assert (HEAD[lang], first, ["2.2"]) in rows, rows
    assert (HEAD[lang], second, ["3"]) in rows, rows
    assert not any(";" in (e["headword"] + (e.get("sub") or "")) for e in entries(out))


def test_a_target_n_m_links_to_the_commentary_paragraph(book):
    lang, out = book
    page = html.unescape((out / "site" / "subject-index.html").read_text(encoding="utf-8"))
    link = next(t for t in page.split("<a ")[1:] if 'data-target="2.2"' in t)
    href = link.split('href="', 1)[1].split('"', 1)[0]
    law_page, _, anchor = href.partition("#")
    assert law_page == "laws/2.html" and anchor
    assert f'id="{anchor}"' in (out / "site" / law_page).read_text(encoding="utf-8")
    target = (out / "site" / law_page).read_text(encoding="utf-8").split(f'id="{anchor}"', 1)[1][:400]
    assert ("Ошибка смотрителя" if lang == "ru" else "keeper's error does not") in html.unescape(target)


@pytest.mark.parametrize("lang", sorted(BOOKS))
def test_a_drop_of_one_index_line_takes_its_entry_out(tmp_path, lang):
    kept = [e["headword"] for e in entries(make(tmp_path, lang, drop=True))]
    assert DROPPED[lang] not in kept and HEAD[lang] in kept, kept
    assert DROPPED[lang] in [e["headword"] for e in entries(make(tmp_path / "again", lang))]


def nav_links(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    nav = text.split('class="site-nav">', 1)[1].split("</nav>", 1)[0]
    return [href for href in (part.split('"', 1)[0] for part in nav.split('href="')[1:])]


def test_law_pages_and_every_page_s_menu_link_the_subject_index(book):
    """Cold read 8 finding 12: a law page's menu had no way to the subject index."""
    lang, out = book
    site = out / "site"
    assert "../subject-index.html" in nav_links(site / "laws" / "2.html")
    assert "subject-index.html" in nav_links(site / "search.html")
    assert (site / "subject-index.html").is_file()


@pytest.mark.parametrize("lang", sorted(BOOKS))
def test_no_subject_index_no_link(tmp_path, lang):
    text = BOOKS[lang]
    start = text.index("ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ" if lang == "ru" else "INDEX")
    end = text.index("КОММЕНТАРИЙ" if lang == "ru" else "COMMENTARY")
    out = make(tmp_path, lang, text=text[:start] + text[end:])
    assert not (out / "site" / "subject-index.html").exists()
    assert not any("subject-index" in href for href in nav_links(out / "site" / "laws" / "2.html"))
