"""``lawsearch build -v`` prints each stage's time and peak memory as the stage ends."""

from __future__ import annotations

import re

import pytest

from click.testing import CliRunner

from lawsearch.budgets import Budgets, reset_peak
from lawsearch.cli import main

STAGES = ["read", "clean and structure", "corpus.json", "analysis pass", "index", "site pages", "search data",
          "single file", "switch"]
LINE = re.compile(r"^  (?P<stage>.+?)\s+(?P<wall>\d+\.\d\d) s   CPU\s+(?P<cpu>\d+\.\d\d) s   peak RSS\s+(?P<mb>\d+) MB$")


def test_build_verbose_prints_every_stage_with_time_and_memory(corpus_copy, tmp_path):
    result = CliRunner().invoke(main, ["build", "-v", "-q", "--single-file", "--corpus", str(corpus_copy),
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = [m for m in map(LINE.match, result.stderr.splitlines()) if m]
    stages = [m["stage"] for m in lines]
    assert [s for s in stages if s in STAGES] == STAGES  # each once, in the order they run
    assert all(int(m["mb"]) > 10 for m in lines)  # a Python process with the dictionary loaded holds more than 10 MB
    assert sum(float(m["wall"]) for m in lines) > 0
    # the last line is the whole build: its peak the largest stage's (not the process's ru_maxrss,
    # which after the stages' resets is the last stage's high-water mark only)
    assert stages[-1] == "whole build"
    assert int(lines[-1]["mb"]) == max(int(m["mb"]) for m in lines[:-1])


def test_build_without_verbose_prints_no_budget(corpus_copy, tmp_path):
    result = CliRunner().invoke(main, ["build", "-q", "--corpus", str(corpus_copy), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "peak RSS" not in result.stderr


def test_a_stage_peak_shows_the_memory_it_took():
    if not reset_peak():
        pytest.skip("the kernel's peak RSS cannot be reset here: every stage shows the process's peak so far")
    said = []
    budgets = Budgets(said.append)
    with budgets.stage("small"):
        pass
    with budgets.stage("large"):
        block = bytearray(100_000_000)
        block[::4096] = b"x" * len(block[::4096])  # touch every page: resident, not only reserved
        del block
    small, large = budgets.spent
    assert large.peak_rss - small.peak_rss > 60_000_000
    assert [line.split()[0] for line in said] == ["small", "large"]
