"""Cold read 7 of issue 12, finding 6: a source whose reader finds its end lost (an RTF
ending inside open groups: its closing braces cut off) ends mid-law -- the last law is not
"complete" in check, the site or show, and Gaps counts the lost tail, whether the cut falls
after a bare heading or after a full stop. The same file whole: every law complete.
Invented text of an invented cloakroom code."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

PARAGRAPHS = ["LAW 60 - THE HALL", "A. Lamps", "The lamps are lit before the first round.",
              "LAW 61 - THE CUPS", "A. Holders", "A cup in its holder stands on the side table.",
              "LAW 62 - THE CLOAKROOM", "A. Tokens", "Every coat gets a brass token.", "B. Umbrellas",
              "Umbrellas stand in the stand by the door."]


def rtf(paragraphs: list[str], whole: bool) -> bytes:
    body = "".join(f"{{\\pard\\plain\\f0 {p}\\par}}\n" for p in paragraphs)
    text = "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}\n" + body + "}"
    if not whole:  # a download broken off: the last paragraph's group and the document's are left open
        text = text[:text.rindex("\\par}")]
    return text.encode("ascii")


def check(tmp_path, data: bytes) -> str:
    (tmp_path / "laws").mkdir()
    (tmp_path / "laws" / "rules.rtf").write_bytes(data)
    (tmp_path / "manifest.toml").write_text(
        '[code]\ntitle = "Cloakroom"\nlaws = [1, 93]\nlang = "en"\n\n[[source]]\npath = "laws/rules.rtf"\n'
        'lang = "en"\nkind = "laws"\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--corpus", str(tmp_path), "--out", str(tmp_path / "out")])
    assert "Traceback" not in result.output, result.output
    return result.output


def law_line(output: str, law: str) -> str:
    return next(line for line in output.splitlines() if re.match(rf"^\s+{law}\s", line))


@pytest.mark.parametrize("kept", [
    8,   # cut right after «A. Tokens»: the law's heading and a bare section heading survive
    9,   # cut after a full stop: the text's last mark says nothing, the reader does
])
def test_the_last_law_of_a_truncated_rtf_is_not_complete(tmp_path, kept):
    output = check(tmp_path, rtf(PARAGRAPHS[:kept], whole=False))
    assert "looks truncated" in output
    assert "complete" not in law_line(output, "62")
    assert "cut at the end of its file" in law_line(output, "62")
    assert "complete as far as the sources go" in law_line(output, "61")
    gaps = re.search(r"Gaps: (\d+) gap marks?; (\d+) nodes? with text lost", output)
    assert gaps and int(gaps[1]) >= 1 and int(gaps[2]) >= 1


def test_the_same_rtf_whole_is_complete(tmp_path):
    output = check(tmp_path, rtf(PARAGRAPHS, whole=True))
    assert "looks truncated" not in output
    assert "complete as far as the sources go" in law_line(output, "62")
    assert "Gaps: 0 gap marks" in output
