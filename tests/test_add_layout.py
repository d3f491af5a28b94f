"""`lawsearch add` records the layout a file's headings follow (issue 9 cold read 5, finding
2): a web page printing its parts as bullets, or as HTML lists, is read with the profile's
list layout, not the language's default, which would glue its parts into one text. The
files are invented English pages of a bridge-like code."""

from __future__ import annotations

import tomllib
from pathlib import Path

from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus

BULLETS = """Law 71 – Walrus Tricks
- 1. Tricks Claimed by a Walrus
  - 1. The Director returns a trick claimed by a walrus that had
    already been won by the other side.
  - 2. A trick conceded after the walrus claim is returned as well.
- 2. Tricks Claimed in Jest
  - 1. A claim made in jest is no claim.
"""

HTML = """<html><body><h1>Law 72 – Lighthouse Principles</h1>
<ol><li>Keeping the Light
<ol><li>The keeper lights the lamp at dusk, and a gull never does.</li>
<li>The keeper need not light a lamp that is already lit.</li></ol></li>
<li>Leaving the Light
<ol><li>A keeper must not leave the lamp unattended; see Law 71.</li></ol></li></ol>
</body></html>"""

PLAIN = """LAW 70 - HARBOUR DUTIES

A. WHEN THE HARBOUR MASTER MAY CLOSE THE PORT
1. The harbour master may close the port when a storm is named
in these Laws.
2. A closed port opens at dawn.
"""


def test_add_records_a_list_layout_and_keeps_the_default_for_plain_text(tmp_path):
    for name, text in (("web.txt", BULLETS), ("law72.html", HTML), ("plain.txt", PLAIN)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(corpus), *(str(tmp_path / n) for n in
                                                                          ("web.txt", "law72.html", "plain.txt"))])
    assert result.exit_code == 0, result.output
    sources = {Path(s["path"]).name: s for s in tomllib.loads((corpus / "manifest.toml").read_text())["source"]}
    for name in ("web.txt", "law72.html"):
        assert sources[name]["layout"] == "web-bullets" and "layout" in sources[name]["detected"], sources[name]
    assert "layout" not in sources["plain.txt"]  # the language's default reads it: nothing to record
    assert "layout web-bullets" in result.output
    # the manifest add wrote is one the build reads, and it reads the lists' parts
    ids = {n.id for n in build_corpus(corpus, strict=False).nodes}
    assert {"71A", "71A1", "71A2", "71B1", "72A", "72A1", "72A2", "72B1", "70A1", "70A2"} <= ids, sorted(ids)


def test_add_help_tells_of_the_layout():
    assert "layout" in CliRunner().invoke(main, ["add", "--help"]).output
