"""benchmarks/make_corpus.py: a synthetic corpus that parses like the seeds, numbered as a
code is, deterministic, with a vocabulary that grows as Heaps' law says real text does."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import CORPUS_DIR, ROOT
from lawsearch.corpus import build_corpus

sys.path.insert(0, str(ROOT / "benchmarks"))
import make_corpus  # noqa: E402


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """Corpora of 1, 3 and 9 copies (seed 1): scale → (folder, what generate reports)."""
    out = {}
    for scale in (1, 3, 9):
        folder = tmp_path_factory.mktemp(f"syn{scale}")
        out[scale] = folder, make_corpus.generate(CORPUS_DIR, folder, scale, 1)
    return out


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_same_scale_and_seed_give_the_same_bytes(made, tmp_path):
    folder, _ = made[3]
    make_corpus.generate(CORPUS_DIR, tmp_path, 3, 1)
    assert files(tmp_path) == files(folder)


def test_the_output_does_not_follow_string_hashing(tmp_path):
    """Two processes with other PYTHONHASHSEEDs (set and dict orders of strings differ)
    write the same bytes for one scale and seed: a benchmark's corpus can be made again."""
    import os
    import subprocess

    outs = []
    for hashseed in ("1", "3"):
        out = tmp_path / f"hash{hashseed}"
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", "4",
                        "--seed", "1", "--out", str(out), "--corpus", str(CORPUS_DIR)],
                       env=env, check=True, capture_output=True)
        outs.append(files(out))
    assert outs[0] and outs[0] == outs[1]


def test_copy_k_is_the_same_whatever_the_scale(made):
    small, large = files(made[3][0]), files(made[9][0])
    copies = {name: data for name, data in small.items() if name.endswith(".txt")}
    assert len(copies) == 15
    assert all(large[name] == data for name, data in copies.items())


def test_another_seed_gives_other_words(made, tmp_path):
    make_corpus.generate(CORPUS_DIR, tmp_path, 1, 2)
    assert files(tmp_path) != files(made[1][0])


def test_the_vocabulary_grows_at_the_heaps_rate(made):
    points = [make_corpus.measure(folder) for folder, _ in (made[1], made[3], made[9])]
    (n1, v1), (n3, v3), (n9, v9) = points
    assert n3 == 3 * n1 and n9 == 9 * n1  # a replacement is one word for one word
    assert v1 < v3 < v9
    heaps = made[9][1].heaps
    seeds_words, seeds_forms = make_corpus.measure(CORPUS_DIR)
    assert heaps.k == pytest.approx(seeds_forms / seeds_words ** 0.6)
    for n, v in points:
        assert v == pytest.approx(heaps.types(n), rel=0.05)
    assert make_corpus.fitted_beta(points) == pytest.approx(0.6, abs=0.05)
    assert (made[9][1].tokens, made[9][1].types) == (n9, v9)  # what generate reports is what it wrote


def test_new_forms_are_words_of_the_dictionary(made):
    from lawsearch import morph

    seeds = set(make_corpus.word_forms(" ".join(p.read_text(encoding="utf-8") for p in CORPUS_DIR.rglob("*.txt"))))
    folder, _ = made[9]
    written = set()
    for path in folder.rglob("*.txt"):
        written.update(make_corpus.word_forms(path.read_text(encoding="utf-8")))
    new = sorted(written - seeds)
    assert len(new) > 1000
    assert all(morph.is_known(w) for w in new)


def test_laws_stay_in_the_code_range_within_a_block_of_copies():
    numbering = make_corpus.Numbering(low=1, high=93, first_law=45, law_step=18)
    assert numbering.per_block == 5
    block = [numbering.law(k, n) for k in range(5) for n in range(45, 63)]
    assert sorted(block) == list(range(1, 91))  # five windows, no law twice
    # references move with their copy and wrap inside the code: "правило 16A" in laws 1-18
    assert numbering.law(0, 16) == 65 and numbering.law(4, 68) == 3
    assert all(1 <= numbering.law(k, n) <= 93 for k in range(5) for n in (12, 16, 24, 40, 41, 68))
    # the next block reads as law 100 * block + n
    assert [numbering.law(5, 45), numbering.law(9, 62), numbering.law(13, 47)] == [101, 190, 257]
    assert numbering.law_range(5) == [1, 93] and numbering.law_range(6) == [1, 193]
    assert numbering.law_gaps(5) == 0 and numbering.law_gaps(6) == 10


def test_numbers_keep_four_digits_up_to_the_largest_scale():
    numbering = make_corpus.Numbering(low=1, high=93, first_law=45, law_step=18)
    last = numbering.max_scale() - 1
    assert numbering.max_scale() == 500
    assert numbering.law(last, 62) <= 9999 and numbering.page(last, 86) <= 9999
    headings = [numbering.law(k, n) for k in range(numbering.max_scale()) for n in range(45, 63)]
    assert len(set(headings)) == len(headings)
    pages = [numbering.page(k, p) for k in range(numbering.max_scale()) for p in range(76, 87)]
    assert len(set(pages)) == len(pages)


def test_a_scale_past_four_digit_laws_is_refused(tmp_path):
    with pytest.raises(SystemExit, match="at most 500 copies"):
        make_corpus.generate(CORPUS_DIR, tmp_path, 501, 1)


def test_a_corpus_of_two_blocks_parses_like_the_seeds(tmp_path):
    """Six copies: a block of five within laws 1-90 of the default edition, a sixth copy as
    laws 101-118 of an edition marked "1987-b1". Editions are a key (docs/editions.md): the
    sixth copy is a tree of its own with prefixed IDs, and laws 91-100, inside neither
    edition's span, are no edition's lost laws."""
    make_corpus.generate(CORPUS_DIR, tmp_path, 6, 1)
    seeds = build_corpus(CORPUS_DIR)
    corpus = build_corpus(tmp_path)  # strict: any problem raises
    assert len(corpus.nodes) == 6 * len(seeds.nodes)
    assert len(corpus.refs) == 6 * len(seeds.refs)
    assert len(corpus.footnotes) == 6 * len(seeds.footnotes)
    assert [(e.id, e.default) for e in corpus.editions] == [("1987", True), ("1987-b1", False)]
    default = sorted(int(n.id) for n in corpus.nodes if n.kind == "law" and "~" not in n.id)
    assert default == list(range(1, 91))
    other = sorted(int(n.id.removeprefix("1987-b1~")) for n in corpus.nodes if n.kind == "law" and "~" in n.id)
    assert other == list(range(101, 119))
    editions = {s.path.rsplit("_k", 1)[1].split(".")[0]: s.edition for s in corpus.sources}
    assert editions == {"0": "1987", "1": "1987", "2": "1987", "3": "1987", "4": "1987", "5": "1987-b1"}
    sixth = [n for n in corpus.nodes if n.spans and all("_k5." in s.source for s in n.spans)]
    assert sixth and {int(n.law.removeprefix("1987-b1~")) for n in sixth if n.law} <= set(range(101, 119))
    assert max(s.page for n in corpus.nodes for s in n.spans if s.page) == 86 + 5 * make_corpus.PAGE_STEP


@pytest.mark.parametrize("fmt", [f for f in make_corpus.FORMATS if f != "txt"])
def test_every_format_holds_the_same_words(made, tmp_path, fmt):
    """``--format``: the synthetic corpus written in another format reads back with the
    same words, source by source (a PDF sets the lines again, so words, not lines)."""
    import re

    from formats_gen import FONT, HEADER
    from lawsearch.sources import read_corpus_folder

    if fmt == "pdf" and not FONT.is_file():
        pytest.skip(f"no {FONT}")
    make_corpus.generate(CORPUS_DIR, tmp_path, 1, 1)
    make_corpus.convert(tmp_path, fmt)
    assert not list(tmp_path.rglob("*.txt"))
    converted = read_corpus_folder(tmp_path)
    plain = read_corpus_folder(made[1][0])

    def words(lines):
        return re.findall(r"\w+", " ".join(lines).replace("\u00ad", ""))

    for source in plain.sources:
        lines = converted.texts[source.id]
        if fmt == "pdf":  # the page's running head and number, left for cleaning to remove
            lines = [line for line in lines if line != HEADER and not line.isdigit()]
        got, expected = words(lines), words(plain.texts[source.id])
        if fmt == "pdf":  # a typesetter's hyphen at a line end splits a word until cleaning joins it
            got, expected = "".join(got), "".join(expected)
        assert got == expected, (fmt, source.id)


# --------------------------------------------------------------------------- --library
LAW_TEXT = ("law", "section", "clause", "subclause", "item")


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    """The bilingual library of 15 copies (seed 1): three blocks, three editions."""
    folder = tmp_path_factory.mktemp("library15")
    written = make_corpus.generate(CORPUS_DIR, folder, 15, 1, library=True)
    return folder, written


def _edition(node_id: str) -> tuple[str, str]:
    edition, _, bare = node_id.rpartition("~")
    return edition or "1987", bare


def test_the_library_numbers_every_edition_as_the_code_at_any_scale():
    """Past 500 copies the plain corpus has no law numbers left; the library's every block
    is an edition numbered 1-90 within the code's 1-93, its pages those of one book."""
    numbering = make_corpus.Numbering(low=1, high=93, first_law=45, law_step=18, library=True)
    assert numbering.max_scale() > 100_000
    for k in (0, 4, 5, 999, 4999, 123_456):
        laws = [numbering.law(k, n) for n in range(45, 63)]
        assert all(1 <= law <= 90 for law in laws)
        assert all(76 <= numbering.page(k, p) <= 86 + 4 * make_corpus.PAGE_STEP for p in range(76, 87))
    assert sorted(numbering.law(k, n) for k in range(5, 10) for n in range(45, 63)) == list(range(1, 91))
    assert numbering.law_range(1000) == [1, 93] and numbering.law_gaps(1000) == 0


def test_the_library_parses_like_the_seeds_in_both_languages(library):
    """Editions 1987 (Russian and English), 1987-b1 (Russian), 1987-b2 (English): each
    Russian edition parses into five times the seeds' nodes (strict: no problem), the
    English one into the same law-text tree by ID, and in the bilingual edition every
    Russian node of the law text has its English."""
    folder, _ = library
    seeds = build_corpus(CORPUS_DIR)
    corpus = build_corpus(folder)  # strict: any problem raises
    assert [(e.id, e.default) for e in corpus.editions] == [("1987", True), ("1987-b1", False), ("1987-b2", False)]
    by_edition: dict[str, list] = {}
    for node in corpus.nodes:
        by_edition.setdefault(_edition(node.id)[0], []).append(node)
    assert len(by_edition["1987"]) == len(by_edition["1987-b1"]) == 5 * len(seeds.nodes)
    assert {n.lang for n in by_edition["1987-b1"]} == {"ru"} and {n.lang for n in by_edition["1987-b2"]} == {"en"}
    laws = {e: sorted(int(_edition(n.id)[1]) for n in nodes if n.kind == "law") for e, nodes in by_edition.items()}
    assert laws == {e: list(range(1, 91)) for e in ("1987", "1987-b1", "1987-b2")}
    ru_tree = {(_edition(n.id)[1], n.kind) for n in by_edition["1987-b1"] if n.kind in LAW_TEXT}
    en_tree = {(_edition(n.id)[1], n.kind) for n in by_edition["1987-b2"] if n.kind in LAW_TEXT}
    assert en_tree == ru_tree
    both = [n for n in by_edition["1987"] if n.kind in LAW_TEXT and n.lang == "ru"]
    assert both and all(n.translations.get("en") for n in both)
    english = [n for n in by_edition["1987-b2"] if n.kind in ("section", "clause", "subclause") and n.text]
    assert len(english) > len(en_tree) / 2 and all(n.text.endswith(".") for n in english)
    assert all(n.text for n in by_edition["1987-b2"] if n.kind == "subclause")  # "(a) text": a sentence, no title
    assert len(corpus.refs) > 10 * len(seeds.refs)  # English references ("see Law 65") as well as Russian
    assert max(s.page for n in corpus.nodes for s in n.spans if s.page) == 86 + 4 * make_corpus.PAGE_STEP


def test_the_library_english_vocabulary_grows_at_the_heaps_rate(library, tmp_path):
    """The English copies draw new words from the word list as Heaps' law says (K of the
    Russian seeds), and copy k is the same whatever the scale."""
    import re

    folder, written = library
    english = sorted((folder / "laws" / "en").glob("*.txt"), key=lambda p: int(p.stem.rsplit("_k", 1)[1]))
    assert len(english) == 10  # blocks 0 and 2
    points, seen, tokens = [], set(), 0
    for path in english:
        words = [w.lower() for w in re.findall(r"[A-Za-z]+", path.read_text(encoding="utf-8"))
                 if not re.fullmatch(r"[A-Z]|Law|see", w)]
        tokens += len(words)
        seen.update(words)
        points.append((tokens, len(seen)))
    for n, v in points[2:]:
        assert v == pytest.approx(written.heaps.types(n), rel=0.1)
    make_corpus.generate(CORPUS_DIR, tmp_path, 11, 1, library=True)
    assert files(tmp_path).keys() <= files(folder).keys()
    assert all(data == files(folder)[name] for name, data in files(tmp_path).items() if name.endswith(".txt"))
