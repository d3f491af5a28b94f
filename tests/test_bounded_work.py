"""Bounded work on absurd input (issue 8): a source that repeats one page thousands of
times gives one error line with a count, not one line per repeat; its memory grows in
proportion to its size (docs/decisions.md states the bound) and its time too.
"""

from __future__ import annotations

import gc
import json
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from conftest import CORPUS_DIR

from lawsearch.clean import clean_lines
from lawsearch.corpus import build_corpus
from lawsearch.model import PROBLEMS_KEPT, Corpus, CorpusError, Problem, ProblemLog, collapse

LAW_000 = "laws/ru/000_58dbb1f2fde933c1.txt"
BYTES_PER_SOURCE_BYTE = 8  # the bound of docs/decisions.md ("Bounded work"); measured: 6


def repeated_corpus(parent: Path, copies: int) -> Path:
    """The shipped corpus with law file 000 repeated ``copies`` times: every heading of it
    repeats, each an error."""
    root = parent / f"corpus-{copies}"
    shutil.copytree(CORPUS_DIR, root)
    seed = (CORPUS_DIR / LAW_000).read_bytes()
    (root / LAW_000).write_bytes(seed * copies)
    return root


# `lawsearch check` in a child process that reports its own peak memory last on stderr
CHILD = """
import resource, sys
from lawsearch.cli import main
try:
    main(sys.argv[1:])
except SystemExit as e:
    code = e.code
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)  # kilobytes on Linux
sys.exit(code)
"""


def check_in_child(root: Path, out: Path) -> tuple[int, str, list[str], int]:
    """(exit code, stdout, stderr lines, peak resident memory in bytes)."""
    result = subprocess.run([sys.executable, "-c", CHILD, "check", "--corpus", str(root), "--out", str(out)],
                            capture_output=True, text=True, timeout=120)
    *errors, rss = result.stderr.splitlines()
    return result.returncode, result.stdout, errors, int(rss) * 1024


def stated_total(stdout: str) -> int:
    return int(re.search(r"^([\d,]+) errors? \(listed on stderr\)$", stdout, re.M)[1].replace(",", ""))


def listed_total(errors: list[str]) -> int:
    """Errors on stderr, each line counting itself and the repeats it stands for."""
    return sum(1 + int(m[1].replace(",", "")) if (m := re.search(r"\(and ([\d,]+) more lines? like this\)$", e)) else 1
               for e in errors)


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in kilobytes on Linux only")
def test_a_huge_repeated_source_gives_one_line_per_error_and_memory_in_proportion(tmp_path):
    small, large = 115, 460  # about 1 MB and 4 MB of source
    runs = {}
    for copies in (small, large):
        root = repeated_corpus(tmp_path, copies)
        runs[copies] = (*check_in_child(root, tmp_path / "out"), (root / LAW_000).stat().st_size)

    for copies, (code, stdout, errors, _, _) in runs.items():
        assert code == 1
        assert "Traceback" not in "\n".join(errors)
        assert all(e.startswith("Error: ") for e in errors), errors
        assert stated_total(stdout) == listed_total(errors)
    # the lines do not grow with the copies: each kind of error is one line with its count
    assert len(runs[small][2]) == len(runs[large][2]) <= 3
    # every copy after the first repeats its headings: the count grows with the copies, none lost
    assert stated_total(runs[large][1]) / stated_total(runs[small][1]) == pytest.approx(large / small, rel=0.02)

    grown = runs[large][3] - runs[small][3]
    added = runs[large][4] - runs[small][4]
    assert grown <= BYTES_PER_SOURCE_BYTE * added, f"{grown / added:.1f} bytes of memory per byte of source"


def test_the_corpus_keeps_a_hundred_problems_of_a_kind_with_the_count_of_the_rest(tmp_path):
    def heading_repeats(corpus_or_error) -> list[Problem]:
        return [p for p in corpus_or_error.problems if re.match(r"heading of \S+ repeats", p.message)]

    def total(problems: list[Problem]) -> int:
        return sum(1 + p.repeats for p in problems)

    two, three = (len(heading_repeats(build_corpus(repeated_corpus(tmp_path, n), strict=False))) for n in (2, 3))
    expected = two + 10 * (three - two)  # each copy adds as many repeats as the third did
    corpus = build_corpus(repeated_corpus(tmp_path, 12), strict=False)
    kept = heading_repeats(corpus)
    # a heading at the top of a page says more (it may be a running head): two kinds of message
    kinds = Counter(re.sub(r"\w*\d\w*", "#", p.message) for p in kept)
    assert max(kinds.values()) == PROBLEMS_KEPT and len(kept) < expected
    assert total(kept) == expected
    # the counts survive corpus.json
    again = Corpus.from_dict(json.loads(json.dumps(corpus.to_dict())))
    assert heading_repeats(again) == kept
    (tmp_path / "strict").mkdir()
    with pytest.raises(CorpusError) as info:  # a build: the error keeps the count too
        build_corpus(repeated_corpus(tmp_path / "strict", 12))
    assert total(heading_repeats(info.value)) == expected
    assert "more lines like this" in str(info.value)


def law_of(lines: int) -> str:
    """One law with ``lines`` lines of text, each citing another law."""
    return "Правило 45. Сыгранная карта\n" + "".join(f"Текст пункта {n}, см. правило 46.\n" for n in range(lines))


def parse_seconds(tmp_path: Path, lines: int) -> float:
    root = tmp_path / f"law-{lines}"
    shutil.copytree(CORPUS_DIR, root)
    (root / LAW_000).write_text(law_of(lines), encoding="utf-8")
    start = time.process_time()
    build_corpus(root, strict=False)
    return time.process_time() - start


def test_a_long_law_costs_time_in_proportion_to_its_lines(tmp_path):
    # a law's text was copied whole at each line added, and each citation's line found by
    # listing every line of its node: 4x the lines cost 11x the time (16x as they grow);
    # linear, they cost about 4x
    build_corpus(CORPUS_DIR)  # the dictionary loaded before timing
    small, large = (min(parse_seconds(tmp_path / f"{lines}-{n}", lines) for n in range(2)) for lines in (4_000, 16_000))
    assert large < 6.5 * small, f"{large:.2f} s for 4x the lines of {small:.2f} s"


@pytest.mark.parametrize("messages, keep, expected", [
    # numbers differ: one kind
    (["law 51 is outside", "law 59 is outside", "law 60 is outside"], 1, [("law 51 is outside", 2)]),
    (["law 51 is outside", "law 59 is outside", "law 60 is outside"], 2,
     [("law 51 is outside", 0), ("law 59 is outside", 1)]),
    # IDs with letters count as numbers; the words make the kind
    (["heading of 46B1 repeats", "heading of 59G repeats", "law 5 is outside"], 1,
     [("heading of 46B1 repeats", 1), ("law 5 is outside", 0)]),
    # words differ: different kinds, in their order
    (["unknown key 'chapter'", "unknown key 'title'"], 1, [("unknown key 'chapter'", 0), ("unknown key 'title'", 0)]),
], ids=["numbers", "keep two", "ids", "words"])
def test_collapse(messages, keep, expected):
    problems = [Problem("error", m, "a.txt", n) for n, m in enumerate(messages, 1)]
    assert [(p.message, p.repeats) for p in collapse(problems, keep)] == expected


def test_problems_of_other_files_or_severity_are_other_kinds():
    log = ProblemLog(keep=1)
    log.extend([Problem("error", "law 1 is outside", "a.txt", 1), Problem("error", "law 2 is outside", "b.txt", 1),
                Problem("warning", "law 3 is outside", "a.txt", 2), Problem("error", "law 4 is outside", "a.txt", 9)])
    assert [(p.path, p.severity, p.repeats) for p in log.problems()] == [
        ("a.txt", "error", 1), ("b.txt", "error", 0), ("a.txt", "warning", 0)]


@pytest.mark.parametrize("repeats, line, text", [
    (0, 3, "a.txt:3: law 51 is outside"),
    (1, 3, "a.txt:3: law 51 is outside (and 1 more line like this)"),
    (78_154, 3, "a.txt:3: law 51 is outside (and 78,154 more lines like this)"),
    (2, None, "a.txt: law 51 is outside (and 2 more like this)"),
])
def test_a_collapsed_problem_says_how_many_it_stands_for(repeats, line, text):
    assert str(Problem("error", "law 51 is outside", "a.txt", line, repeats)) == text


def heading_then_lower_case(lines: int) -> list[str]:
    """A section heading and ``lines`` lines of its body, each starting lower-case."""
    return ["Правило 70. Спорная претензия", "A.Общая цель",
            *["игрок сыграл карту в масть партнёра и директор решает по правилу без наказания."] * lines]


def clean_seconds(raw: list[str]) -> float:
    gc.collect()
    gc.disable()  # the collector's passes over a growing heap are not the cost measured here
    try:
        start = time.process_time()
        clean_lines(raw, "q")
        return time.process_time() - start
    finally:
        gc.enable()


def test_a_heading_followed_by_lower_case_lines_costs_time_in_proportion():
    # each lower-case line was joined to the heading, the whole heading rescanned and
    # copied at each: 4x the lines cost 16x the time (1,000 lines 4 s, 4,000 lines 65 s)
    # CPU time, which other processes on a shared machine do not add to; linear is 4x,
    # cache effects reach about 6x, quadratic is 16x
    small, large = (min(clean_seconds(heading_then_lower_case(lines)) for _ in range(3)) for lines in (1_000, 4_000))
    assert large < 8 * small, f"{large:.2f} s for 4x the lines of {small:.2f} s"
