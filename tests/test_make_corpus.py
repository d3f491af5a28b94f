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
