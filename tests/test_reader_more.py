"""The site at the table, a cold reader's second look (issue 16): arrow keys on the results
page, the results panel clear of the floating controls on a phone, the single file's full
results and marks, the build's summary naming the single file -- in a real headless Chromium,
from file://, with the fixtures of tests/test_reader.py."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from conftest import CORPUS_DIR
from test_reader import DESKTOP, PHONE, in_view, phone, site_url  # noqa: F401  (phone: the fixture)

from lawsearch.cli import main


# -- the build's summary names the single file ------------------------------------------------------


def test_the_build_summary_says_where_the_single_file_went(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--single-file", "--corpus", str(CORPUS_DIR), "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = result.output.strip().splitlines()[-1]
    assert summary.startswith(f"built {out}") and str(out / "lawsearch.html") in summary, summary
    assert (out / "lawsearch.html").is_file()
    # without the flag the summary names no single file: there is none
    result = CliRunner().invoke(main, ["build", "--corpus", str(CORPUS_DIR), "--out", str(out)])
    assert result.exit_code == 0 and "lawsearch.html" not in result.output.strip().splitlines()[-1], result.output
