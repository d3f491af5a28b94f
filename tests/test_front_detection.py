"""A title page found without a declaration (issue 13): a whole book copied as one file opens
with its title page; where the first lines plainly are one -- the profile's front-page labels
([apparatus.<lang>.front]) give at least three of edition, translator or editor, publisher,
year -- they are read as the title page and leave the law text. A law page, a preface or an
imprint line with a year in it is not a title page.

The title pages are the cold and own front fixtures (tests/data/structure*/front) and a few
invented here; the law text is invented.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.grammar import default_grammar
from lawsearch.profile import load_profile
from lawsearch.structure.apparatus import Apparatus, front_block

DATA = Path(__file__).resolve().parent / "data"
FRONT = sorted(p.parent for base in ("structure", "structure-own") for p in (DATA / base / "front").glob("*/fixture.toml"))
PROFILE = load_profile("bridge")

LAWS_RU = """Правило 17. Период торговли
A.Начало торговли
Торговля начинается, когда игрок впервые смотрит в свои карты.
- 31
Правило 19. Контра и реконтра
Игрок может объявить контру только на заявку соперника (см. правило 18).
"""

LAWS_EN = """LAW 17 - THE AUCTION PERIOD
A. Auction Period Starts
The auction period starts when a player first looks at his cards.
- 31
LAW 19 - DOUBLES AND REDOUBLES
A player may double only the last preceding bid of an opponent (see Law 18).
"""

# invented title pages: labels in other places and shapes than the fixtures'
INVENTED = {
    "ru-footer-then-text": ("ru", """    ПРАВИЛА ИГРЫ
    В ДУБЛИКАТНЫЙ БРИДЖ

    издание 1987 года

    Перевод В. Д. Ракитиной

    Издательство «Берёзовая роща»
    Тверь, 1996
- 1
"""),
    "en-editor-only": ("en", """THE CODE OF
DUPLICATE PLAY

1987 Edition

Edited by J. R. Wexford

Publisher: Millpond House
1991
"""),
}

# pages that must NOT be read as a title page: each has a year, and most a translator's or a
# publisher's word, but in sentences or beside a law heading
NOT_FRONT = {
    "ru-law-page-with-year": ("ru", """Правило 12. Полномочия судьи
Судья применяет кодекс в редакции 1987 года; перевод правил,
изданный в 1990 году издательством федерации, он толкует по оригиналу.
"""),
    "ru-headless-law-text": ("ru", """которую игрок открыл до окончания торговли; в издании 1987 года
это положение перенесено в другое правило, а перевод 1990 года
сохранил прежнюю нумерацию, о чём судья сообщает участникам турнира.
Издательство не отвечает за ошибки, допущенные при наборе текста правил.
1990
"""),
    "ru-preface": ("ru", """Эта книга выходит в переводе с английского языка, сделанном в 1989 году,
и повторяет редакцию кодекса 1987 года без сокращений и без изменений.
Издательство благодарит судей, прочитавших перевод до выхода книги в свет.
Москва
1990
"""),
    "en-law-page-with-year": ("en", """LAW 80 - REGULATION AND ORGANISATION
The 1987 edition of these Laws, translated and published by the sponsoring
organisation in 1990, is applied by the Director as printed here.
"""),
    "ru-imprint-alone": ("ru", """Москва
1990
"""),
}


def layout(lang: str):
    return default_grammar().layout_for(lang)


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def corpus_of(tmp_path: Path, lang: str, text: str) -> Path:
    """One undeclared file (kind laws): the page under test, then law text."""
    root = tmp_path / "corpus"
    (root / "book").mkdir(parents=True)
    (root / "book" / "book.txt").write_text(text + (LAWS_RU if lang == "ru" else LAWS_EN), encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "t"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "book/book.txt"\nlang = "{lang}"\nkind = "laws"\nencoding = "utf-8"\n', encoding="utf-8")
    return root


def expected_fields(folder: Path) -> dict[str, str]:
    rows = [line.split("\t") for line in (folder / "expected.tsv").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    return {r[1]: r[2] for r in rows if r[0] == "field"}


def lang_of(folder: Path) -> str:
    import tomllib

    return tomllib.loads((folder / "fixture.toml").read_text(encoding="utf-8"))["lang"]


@pytest.mark.parametrize("folder", FRONT, ids=[f"{p.parent.parent.name}/{p.name}" for p in FRONT])
def test_a_fixture_title_page_is_found_at_the_start_of_a_book(folder, tmp_path):
    text = (folder / "source.txt").read_text(encoding="utf-8")
    lang = lang_of(folder)
    lines = lines_of(text)
    n = front_block(lines, Apparatus.of(PROFILE, lang), layout(lang))
    assert n > 0, folder.name
    # the page's own text is all taken (an imprint after its footer is the next page's)
    assert all(not t.strip() for t in lines[n:]) or any(t.startswith("- ") for t in lines[:n])
    corpus = build_corpus(corpus_of(tmp_path, lang, text + "\n"), strict=False)
    front = corpus.apparatus.get("front") or {}
    want = expected_fields(folder)
    for key in ("translator", "publisher", "year", "edition"):
        if key in want:
            assert front.get(key) == want[key], (folder.name, key, front)
    # the law text is read as before, and none of the title page's words is in it
    assert [n.id for n in corpus.nodes if not n.missing and n.kind == "law"] == ["17", "19"]
    pieces = [n for n in corpus.nodes if n.kind == "piece"]
    assert not pieces, [p.text for p in pieces]
    assert [p["kind"] for p in corpus.apparatus["pages"]] == ["front"]


@pytest.mark.parametrize("name", sorted(INVENTED))
def test_an_invented_title_page_is_found(name, tmp_path):
    lang, text = INVENTED[name]
    corpus = build_corpus(corpus_of(tmp_path, lang, text), strict=False)
    front = corpus.apparatus.get("front") or {}
    assert front.get("year") in ("1996", "1991") and front.get("edition") == "1987", front
    assert front.get("publisher") in ("Берёзовая роща", "Millpond House"), front
    assert [n.id for n in corpus.nodes if not n.missing and n.kind == "law"] == ["17", "19"]


def test_a_title_page_ending_at_its_footer_keeps_the_page_model(tmp_path):
    """The title page's footer (``- 1``) stays in the law stream: the page after it is page 2."""
    lang, text = INVENTED["ru-footer-then-text"]
    corpus = build_corpus(corpus_of(tmp_path, lang, text), strict=False)
    page = corpus.apparatus["pages"][0]
    assert page["kind"] == "front" and page["page"] == "1" and page["lines"] == [1, len(lines_of(text))]


@pytest.mark.parametrize("name", sorted(NOT_FRONT))
def test_a_page_with_a_year_is_not_a_title_page(name, tmp_path):
    lang, text = NOT_FRONT[name]
    assert front_block(lines_of(text), Apparatus.of(PROFILE, lang), layout(lang)) == 0
    corpus = build_corpus(corpus_of(tmp_path, lang, text), strict=False)
    assert not corpus.apparatus.get("front")
    assert not [p for p in corpus.apparatus.get("pages", ()) if p["kind"] == "front"]


def test_a_title_page_later_in_the_file_is_not_taken():
    """Only the file's opening lines can be its title page: law text first, none."""
    lang, text = INVENTED["ru-footer-then-text"]
    lines = lines_of(LAWS_RU + text)
    assert front_block(lines, Apparatus.of(PROFILE, lang), layout(lang)) == 0


def test_a_declared_title_page_wins_over_one_found(tmp_path):
    """A corpus with a declared front source reads that one, wherever the manifest lists it;
    the undeclared file's opening page still leaves its law text."""
    root = corpus_of(tmp_path, *INVENTED["ru-footer-then-text"])
    declared = DATA / "structure" / "front" / "ru-letter-spaced" / "source.txt"
    (root / "book" / "front.txt").write_text(declared.read_text(encoding="utf-8"), encoding="utf-8")
    with open(root / "manifest.toml", "a", encoding="utf-8") as f:
        f.write('\n[[source]]\npath = "book/front.txt"\nlang = "ru"\nkind = "front"\nencoding = "utf-8"\n')
    corpus = build_corpus(root, strict=False)
    assert corpus.apparatus["front"]["year"] == "1990"  # the declared page's, not the undeclared one's 1996
    assert corpus.apparatus["front"]["translator"] == "А. В. Полозова"
