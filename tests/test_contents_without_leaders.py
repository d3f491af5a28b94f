"""Cold read 15, issue 13, finding 1: contents entries whose page number stands after no dot
leader -- after a space only ("Law 23. Descent 6"), a tab, a lone «…» or "...", or inside a
``|`` frame -- are contents entries on a contents page (its heading, its other entries): read
into the contents with their title (the page number left off it), never as the law's
heading. A file of such contents alone is filed as ``toc`` by ``add``. Controls: a law's
real heading printed twice still stops the build with its message; a heading with a number
but no title ("Law 23") is no entry; entries with leaders read as before. Invented books,
Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from added_books import built, law_text
from lawsearch.cli import main

BOOKS = {
    "ru": {"heading": "ОГЛАВЛЕНИЕ", "law": "Правило", "footer": "стр. {n}",
           "titles": ["Причал и его сторож", "Якорная цепь", "Спуск шлюпок", "Ночные огни"],
           "texts": ["Сторож открывает причал на рассвете.", "Цепь проверяет боцман перед выходом.",
                     "Шлюпки спускают только при ясной погоде.", "Огни зажигают с заходом солнца."]},
    "en": {"heading": "CONTENTS", "law": "Law", "footer": "Page {n}",
           "titles": ["The Jetty and its Keeper", "The Anchor Chain", "Rowing Boats", "Night Lights"],
           "texts": ["The keeper opens the jetty at dawn.", "The bosun checks the chain before sailing.",
                     "Boats are lowered only in fair weather.", "The lights are lit at sunset."]},
}
LAWS = [40, 41, 42, 43]
PAGES = ["5", "5", "6", "6"]
SEPARATORS = {"space": " ", "tab": "\t", "ellipsis": " … ", "glued ellipsis": "… ", "three dots": " ... "}


def heading(b, k: int) -> str:
    word = b["law"].upper() if b["law"] == "Law" else b["law"]
    return f"{word} {LAWS[k]}. {b['titles'][k].upper()}"


def contents(b, sep: str, *, framed: bool = False, leader_first: bool = False) -> list[str]:
    out = [b["heading"]]
    for k in range(4):
        gap = " .......... " if leader_first and k < 2 else sep
        entry = f"{b['law']} {LAWS[k]}. {b['titles'][k]}{gap}{PAGES[k]}"
        out.append(f"| {entry.ljust(48)} |" if framed else entry)
    return out


def laws(b, first_page: int = 5) -> list[str]:
    return [heading(b, 0), b["texts"][0], heading(b, 1), b["texts"][1], b["footer"].format(n=first_page),
            heading(b, 2), b["texts"][2], heading(b, 3), b["texts"][3], b["footer"].format(n=first_page + 1)]


def book(b, sep: str, **kw) -> str:
    return "\n".join(contents(b, sep, **kw) + [b["footer"].format(n=1)] + laws(b)) + "\n"


def errors(corpus) -> list[str]:
    return [p.message for p in corpus.problems if p.severity == "error"]


def laws_entries(corpus) -> list[tuple[str, str, str]]:
    return [(e["id"], e["title"], e.get("page")) for e in corpus.apparatus.get("toc", ()) if e.get("id")]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("sep", list(SEPARATORS))
def test_entries_without_leaders_are_contents(tmp_path, lang, sep):
    b = BOOKS[lang]
    corpus = built(tmp_path, book(b, SEPARATORS[sep], leader_first=True))
    assert not errors(corpus), errors(corpus)
    assert laws_entries(corpus) == [(str(n), t, p) for n, t, p in zip(LAWS, b["titles"], PAGES)]
    for k, n in enumerate(LAWS):
        law = next(x for x in corpus.nodes if x.id == str(n))
        assert law.title_from == "heading" and law.title.lower() == b["titles"][k].lower(), (law.title, law.title_from)
        assert b["texts"][k] in law_text(corpus, str(n))
        assert b["titles"][k] not in law_text(corpus, str(n))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("sep", ["space", "three dots", "ellipsis"])
def test_framed_entries_lose_their_page_numbers(tmp_path, lang, sep):
    b = BOOKS[lang]
    corpus = built(tmp_path, book(b, SEPARATORS[sep], framed=True))
    assert not errors(corpus), errors(corpus)
    assert laws_entries(corpus) == [(str(n), t, p) for n, t, p in zip(LAWS, b["titles"], PAGES)]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("sep", ["tab", "space", "ellipsis"])
def test_a_contents_only_file_is_filed_as_toc(tmp_path: Path, lang, sep):
    b = BOOKS[lang]
    (tmp_path / "contents.txt").write_text("\n".join(contents(b, SEPARATORS[sep])) + "\n", encoding="utf-8")
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(tmp_path / "contents.txt")])
    assert result.exit_code == 0, result.output
    assert f"({lang} toc;" in result.output, result.output
    assert (corpus / "toc" / lang / "contents.txt").exists()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_control_a_file_of_law_text_is_not_toc(tmp_path: Path, lang):
    b = BOOKS[lang]
    (tmp_path / "laws.txt").write_text("\n".join(laws(b)) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["add", "--corpus", str(tmp_path / "corpus"), str(tmp_path / "laws.txt")])
    assert result.exit_code == 0 and f"({lang} laws;" in result.output, result.output


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_control_a_real_repeated_heading_still_stops(tmp_path, lang):
    # no contents at all: a law's heading printed twice is still the error it was
    b = BOOKS[lang]
    lines = laws(b)
    lines[5:5] = [heading(b, 1), "Second words under the doubled heading stand here."]
    corpus = built(tmp_path, "\n".join(lines) + "\n")
    said = [m for m in errors(corpus) if f"heading of {LAWS[1]} repeats" in m]
    assert said, errors(corpus)


@pytest.mark.parametrize("lang", ["ru"])  # the English layout reads no heading without its title
def test_control_a_heading_with_a_number_and_no_title_is_no_entry(tmp_path, lang):
    # after the contents (no footer between), a law heading set as «Правило 44» alone with its
    # text under it opens the law text: its number is its label, not a page
    b = BOOKS[lang]
    lines = contents(b, " ") + [f"{b['law']} 44", b["texts"][0], f"{b['law']} 45", b["texts"][1]]
    corpus = built(tmp_path, "\n".join(lines) + "\n")
    assert b["texts"][0] in law_text(corpus, "44") and b["texts"][1] in law_text(corpus, "45")
    assert [e for e, _, _ in laws_entries(corpus)] == [str(n) for n in LAWS]
