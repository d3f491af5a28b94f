"""A corpus of several editions takes its main language from its default edition (issue 15,
cold read 6 finding 1; corpus.main_language): the first of the profile's languages the
default edition has a law text in. The order the manifest lists its sources in never
decides: an English-only edition listed first leaves a Russian corpus Russian -- its site's
language and labels, its aligned English in search, ``show --lang both`` and ``kwic
--aligned``.

Invented laws of an invented kite-flying code; layouts are the built-in profile's
``ru-book`` and ``en-2007``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.corpus import build_corpus

RU_2005 = """Правило 1. ЗМЕЙ
A. Каркас
Каркас змея собирают из лёгких реек без гвоздей.
B. Хвост
Хвост змея длиннее его каркаса втрое.
Правило 2. НИТЬ
Нить наматывают на катушку перед каждым запуском.
"""
EN_2005 = """Law 1 - The Kite
A. Frame
The frame of a kite is put together from light laths without nails.
B. Tail
The tail of a kite is three times longer than its frame.
Law 2 - The Line
The line is wound onto a reel before every launch.
"""
EN_2019 = """Law 1 - The Kite
A. Frame
The frame of a kite is made of light laths or carbon rods.
B. Tail
The tail of a kite is three times longer than its frame.
Law 2 - The Line
The line is wound onto a reel before every flight.
"""
RU_1995 = """Правило 1. ЗМЕЙ
Змей собирают из реек и бумаги.
Правило 2. НИТЬ
Нить берут льняную.
"""

FILES = {  # edition, lang, layout, text
    "en2019": ("2019", "en", "en-2007", EN_2019),
    "ru1995": ("1995", "ru", "ru-book", RU_1995),
    "ru2005": ("2005", "ru", "ru-book", RU_2005),
    "en2005": ("2005", "en", "en-2007", EN_2005),
}


def write_corpus(root: Path, default: str, order: list[str], lang: str | None = None) -> Path:
    root.mkdir(parents=True)
    lines = ["[code]", 'title = "Правила запуска змеев"', f'edition = "{default}"']
    lines += [f'lang = "{lang}"'] if lang else []
    for key in order:
        edition, lang_, layout, text = FILES[key]
        (root / f"{key}.txt").write_text(text, encoding="utf-8")
        lines += ["", "[[source]]", f'path = "{key}.txt"', f'lang = "{lang_}"', 'kind = "laws"',
                  f'edition = "{edition}"', f'layout = "{layout}"', 'encoding = "utf-8"']
    (root / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("order", [["en2019", "ru1995", "ru2005", "en2005"], ["en2005", "en2019", "ru2005", "ru1995"],
                                   ["en2019", "en2005", "ru2005", "ru1995"], ["ru1995", "en2019", "en2005", "ru2005"],
                                   ["ru2005", "en2005", "en2019", "ru1995"]])
def test_the_default_editions_language_decides_whatever_the_order(tmp_path, order):
    corpus = build_corpus(write_corpus(tmp_path / "c", "2005", order), strict=False)
    assert corpus.code["lang"] == "ru" == corpus.lang
    own = {e["id"]: e["lang"] for e in corpus.code["editions"]}
    assert own == {"2019": "en", "1995": "ru", "2005": "ru"}  # each edition keeps its own language
    law = corpus.node("1B")
    assert law.lang == "ru" and "втрое" in law.text
    assert "three times" in law.translations["en"]["text"]  # the default edition's English aligned to it


def test_an_english_default_edition_makes_an_english_corpus_though_russian_is_listed_first(tmp_path):
    """The rule is the default edition's law text, not a preference for Russian."""
    corpus = build_corpus(write_corpus(tmp_path / "c", "2019", ["ru1995", "ru2005", "en2005", "en2019"]),
                          strict=False)
    assert corpus.code["lang"] == "en" == corpus.lang
    assert "carbon rods" in corpus.node("1A").text


def test_code_lang_still_overrides(tmp_path):
    corpus = build_corpus(write_corpus(tmp_path / "c", "2005", ["en2019", "ru2005", "en2005"], lang="en"),
                          strict=False)
    assert corpus.code["lang"] == "en"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mainlang")
    root = write_corpus(tmp / "corpus", "2005", ["en2019", "en2005", "ru1995", "ru2005"])
    build(root, tmp / "out", lambda m: None)
    return root, tmp / "out"


def test_the_site_speaks_the_default_editions_language(built):
    root, out = built
    site = out / "site"
    page = (site / "laws" / "1.html").read_text(encoding="utf-8")
    assert '<html lang="ru">' in page
    assert re.search(r"<h1[^>]*>[^<]*Правило 1", page) or "Правило 1" in page
    assert "Law 1. ЗМЕЙ" not in page  # no English label on the Russian text
    assert '<html lang="ru">' in (site / "index.html").read_text(encoding="utf-8")


def test_show_both_and_kwic_aligned_pair_russian_with_english(built):
    root, out = built
    runner = CliRunner()
    shown = runner.invoke(main, ["show", "1B", "--lang", "both", "--corpus", str(root), "--out", str(out)])
    assert shown.exit_code == 0, shown.output
    assert "втрое" in shown.output and "three times longer" in shown.output
    assert "no Russian text" not in shown.output
    kwic = runner.invoke(main, ["kwic", "хвост", "--aligned", "--corpus", str(root), "--out", str(out)])
    assert kwic.exit_code == 0, kwic.output
    assert "en: The tail of a kite is three times longer than its frame." in kwic.output
    found = runner.invoke(main, ["search", "катушку", "--corpus", str(root), "--out", str(out)])
    assert found.exit_code == 0, found.output
    assert "en: The line is wound onto a reel before every launch." in found.output


def test_editions_are_listed_in_date_order_whatever_the_manifests_order(built):
    """corpus.json's editions and sources, check's sources and laws, and an export's stamp
    list the editions as they were published, not as the manifest lists them (cold read 6,
    finding 8)."""
    import json

    from lawsearch.glossary_export import version_stamp

    root, out = built
    data = json.loads((out / "corpus.json").read_text(encoding="utf-8"))
    assert [e["id"] for e in data["code"]["editions"]] == ["1995", "2005", "2019"]
    # an edition's own sources in the manifest's order
    assert [s["path"].rpartition("/")[2] for s in data["sources"]] == ["ru1995.txt", "en2005.txt", "ru2005.txt",
                                                                      "en2019.txt"]
    corpus = build_corpus(root, strict=False)
    assert version_stamp(corpus)["editions"] == ["1995", "2005", "2019"]
    checked = CliRunner().invoke(main, ["check", "--corpus", str(root)])
    listed = [line.split()[0].rpartition("/")[2] for line in checked.output.split("Sources (")[1].splitlines()[1:5]]
    assert listed == ["ru1995.txt", "en2005.txt", "ru2005.txt", "en2019.txt"], checked.output
    laws = checked.output.split("\nLaws:\n")[1].splitlines()
    assert [line.split()[0] for line in laws[:4]] == ["1995~1", "1995~2", "1", "2"], checked.output


def test_an_english_only_editions_hits_are_labelled_in_english(built, browser):
    """On a Russian corpus the English-only 2019 edition's hits say "Law 2 (2019 edition)"
    and "1A (2019 edition)", as its pages do -- in the command line and in the browser's
    panel -- while the Russian editions' hits keep the Russian labels (finding 8)."""
    from lawsearch.profile import load_profile

    en, ru = load_profile("bridge").strings("en"), load_profile("bridge").strings("ru")
    root, out = built
    found = CliRunner().invoke(main, ["search", "carbon", "--corpus", str(root), "--out", str(out)])
    assert found.exit_code == 0, found.output
    label = en["id_in_edition"].format(id="1A", edition="2019")
    assert found.output.startswith(f"{label}. Frame"), found.output
    law = CliRunner().invoke(main, ["search", "law:2 edition:2019", "--corpus", str(root), "--out", str(out)])
    assert en["law"].format(id=en["id_in_edition"].format(id="2", edition="2019")) + ". The Line" in law.output
    russian = CliRunner().invoke(main, ["search", "льняную", "--corpus", str(root), "--out", str(out)])
    assert ru["id_in_edition"].format(id="2", edition="1995") in russian.output, russian.output
    page = browser.new_page()
    page.goto((out / "site" / "index.html").as_uri())
    page.fill("#q", "carbon")
    page.wait_for_function("document.querySelector('#results').innerText.includes('carbon')")
    text = page.inner_text("#results")
    assert label in text and ru["id_in_edition"].format(id="1A", edition="2019") not in text, text
    assert en["law"].format(id=en["id_in_edition"].format(id="1", edition="2019")) in text, text
    page.close()


def test_show_both_names_the_edition_that_lacks_a_language(built):
    """An English-only edition's node shows its English text as its own, and says the 2019
    edition has no Russian; a Russian-only edition's node says the 1995 edition has no
    English -- never "no English text in the corpus", which has English (cold 5 #7)."""
    root, out = built

    def show(*args):
        result = CliRunner().invoke(main, ["show", *args, "--corpus", str(root), "--out", str(out)])
        assert result.exit_code == 0, result.output
        return result.output

    english = show("1A", "--edition", "2019", "--lang", "both")
    assert "carbon rods" in english and "[no Russian text in the 2019 edition]" in english
    assert "English text" not in english
    russian = show("2", "--edition", "1995", "--lang", "both")
    assert "льняную" in russian and "[no English text in the 1995 edition]" in russian
    plain = show("1A", "--edition", "2019")
    assert "carbon rods" in plain and "no Russian text" not in plain
    assert "[no Russian text in the 2019 edition]" in show("1A", "--edition", "2019", "--lang", "ru")


def test_kwic_aligned_pairs_an_english_only_editions_lines_with_the_other_language(built):
    """``kwic --aligned ru`` on a Russian corpus is no usage error (Russian is a language of
    the corpus), and an English-only edition's English line pairs with Russian -- which its
    edition lacks -- never with English, its own (cold 5 #7)."""
    root, out = built

    def kwic(*args):
        result = CliRunner().invoke(main, ["kwic", *args, "--corpus", str(root), "--out", str(out)])
        assert result.exit_code == 0, result.output
        return result.output.splitlines()

    for asked in (["--aligned", "ru"], ["--aligned"]):
        lines = kwic("carbon", *asked)
        at = next(k for k, line in enumerate(lines) if "carbon" in line)
        assert lines[at + 1].split() == ["ru:", "(no", "aligned", "text)"], lines
    russian = kwic("хвост", "--aligned", "en")
    assert any("en: The tail of a kite is three times longer than its frame." in line for line in russian), russian
    wrong = CliRunner().invoke(main, ["kwic", "хвост", "--aligned", "fr", "--corpus", str(root), "--out", str(out)])
    assert wrong.exit_code == 2 and "ru, en" in wrong.output


def test_each_editions_pages_count_that_editions_sources(built):
    """The stamp in a page's footer counts the sources of the edition the page is of (the
    default edition's two files, 1995's one), not every source of the corpus (cold 5 #7)."""
    import re

    from lawsearch.profile import load_profile

    ru = load_profile("bridge").strings("ru")
    _, out = built
    site = out / "site"

    def counted(page: str) -> str:
        return re.search(r'<p class="stamp">(.*?)</p>', (site / page).read_text(encoding="utf-8"), re.S).group(1)

    assert ru["stamp"].split("{sources}")[0].format(edition="2005") + "2 " in counted("index.html")
    assert ru["stamp"].split("{sources}")[0].format(edition="1995") + "1 " in counted("laws/1995~1.html")
    assert ru["stamp"].split("{sources}")[0].format(edition="2019") + "1 " in counted("laws/2019~1.html")


def test_the_single_files_stamp_says_it_counts_every_editions_sources(tmp_path_factory):
    """The single file holds every edition: its stamp counts every source and says so («Все
    редакции · источников: 4»), never the default edition's name over every edition's count
    (cold read 15 of issue 16, finding 2); a site page's stamp still names its edition."""
    import re

    from lawsearch.profile import load_profile

    ru = load_profile("bridge").strings("ru")
    tmp = tmp_path_factory.mktemp("mainlang-single")
    root = write_corpus(tmp / "corpus", "2005", ["en2019", "en2005", "ru1995", "ru2005"])
    build(root, tmp / "out", lambda m: None, single_file=True)

    def stamps(page) -> list[str]:
        return re.findall(r'<p class="stamp">(.*?)</p>', page.read_text(encoding="utf-8"), re.S)

    single = stamps(tmp / "out" / "lawsearch.html")[-1]  # the footer's (a compare view's names its pair)
    assert single.startswith(ru["stamp_all"].split("{sources}")[0] + "4 "), single
    assert ru["stamp"].split(" ")[0] + " 2005" not in single, single
    assert stamps(tmp / "out" / "site" / "index.html")[0].startswith(
        ru["stamp"].split("{sources}")[0].format(edition="2005") + "2 ")


def test_kwic_of_an_english_word_finds_the_english_beside_the_russian(built):
    """The default edition is Russian with its English as a translation: an English word's
    kwic shows that English too (not only the English-only edition's), each line paired
    with the Russian sentence aligned with it (cold 7 #1)."""
    root, out = built

    def kwic(*args):
        result = CliRunner().invoke(main, ["kwic", *args, "--corpus", str(root), "--out", str(out)])
        assert result.exit_code == 0, result.output
        return result.output.splitlines()

    for asked in (["--aligned", "ru"], ["--aligned"]):
        lines = kwic("tail", *asked)
        # 1B's English (the default edition's translation), then its Russian sentence
        at = next(k for k, line in enumerate(lines) if line.split()[:1] == ["1B"] and "tail" in line)
        assert lines[at + 1].strip() == "ru: Хвост змея длиннее его каркаса втрое.", lines
    rows = json.loads(CliRunner().invoke(main, ["kwic", "frame", "--aligned", "ru", "--json", "--corpus", str(root),
                                                "--out", str(out)]).stdout)
    english = [r for r in rows if r.get("lang") == "en"]
    assert {r["node"] for r in english} >= {"1A", "1B"}
    by_node = {r["node"]: r["aligned"]["text"] for r in english}
    assert by_node["1A"] == "Каркас змея собирают из лёгких реек без гвоздей."
    # without --aligned too, and the main text's lines keep the contract's keys
    plain = json.loads(CliRunner().invoke(main, ["kwic", "нить", "--json", "--corpus", str(root),
                                                 "--out", str(out)]).stdout)
    assert plain and all(set(r) == {"node", "left", "match", "right", "url"} for r in plain)
