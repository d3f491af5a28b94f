"""Reading the cold fixtures of tests/data/copies (furniture and damage in users' copies)
and scoring a parse against them; the README there defines expected.tsv.

    for fixture in fixtures():
        score = score_fixture(fixture, tmp_path)   # Score(furniture_left=[], words_lost=[], …)
"""

from __future__ import annotations

import shutil
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

COPIES = Path(__file__).resolve().parent / "data" / "copies"


@dataclass(frozen=True)
class Fixture:
    folder: Path
    lang: str
    source: Path
    nodes: list[tuple[str, str, str, str]]  # id, kind, title, text summary
    furniture: list[str]
    words: list[str]

    @property
    def name(self) -> str:
        return f"{self.folder.parent.name}/{self.folder.name}"


@dataclass
class Score:
    furniture_left: list[str] = field(default_factory=list)
    words_lost: list[str] = field(default_factory=list)
    headings_wrong: list[str] = field(default_factory=list)  # expected "ID title" not found as such
    body_words: int = 0
    body_kept: int = 0
    headings: int = 0


def fixtures() -> list[Fixture]:
    """Every fixture folder (``_full-text`` is the summaries' model, not a fixture)."""
    found = []
    for toml in sorted(COPIES.glob("[0-9]*/*/fixture.toml")):
        folder = toml.parent
        meta = tomllib.loads(toml.read_text(encoding="utf-8"))
        nodes, furniture, words = [], [], []
        for line in (folder / "expected.tsv").read_text(encoding="utf-8").splitlines():
            if not line or line.startswith("#"):
                continue
            what, *rest = line.split("\t")
            if what == "node":
                nodes.append(tuple(rest[:4]))
            elif what == "furniture":
                furniture.append(rest[0])
            elif what == "word":
                words.append(rest[0])
        source = next(folder.glob("source.*"))
        found.append(Fixture(folder, meta["lang"], source, nodes, furniture, words))
    return found


def full_text(fixture: Fixture) -> str:
    """The complete repaired text of the fixture's nodes, when ``_full-text`` has it."""
    path = COPIES / "_full-text" / f"{fixture.folder.parent.name}__{fixture.folder.name}.txt"
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def corpus_of(fixture: Fixture, root: Path) -> Path:
    """A corpus folder with the fixture's source as its one law text (file name kept by
    suffix, so the format reader is chosen as a user's file would be)."""
    corpus = root / "corpus"
    target = corpus / "laws" / fixture.lang / f"000_x{fixture.source.suffix}"
    target.parent.mkdir(parents=True)
    shutil.copyfile(fixture.source, target)
    (corpus / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nedition = "1987"\nlaws = [1, 93]\nlang = "{fixture.lang}"\n\n'
        f'[[source]]\npath = "laws/{fixture.lang}/{target.name}"\nlang = "{fixture.lang}"\nkind = "laws"\n',
        encoding="utf-8")
    return corpus


def _summary(text: str | None) -> str:
    words = (text or "").split()
    if not words:
        return "-"
    return " ".join(words) if len(words) <= 10 else " ".join(words[:5]) + " … " + " ".join(words[-5:])


def score(fixture: Fixture, nodes) -> Score:
    """Compare parsed ``nodes`` (``model.Node``) with the fixture's expectations."""
    s = Score()
    texts = [f"{n.title or ''}\n{n.text or ''}" for n in nodes]
    for f in fixture.furniture:
        if any(f in t for t in texts):
            s.furniture_left.append(f)
    joined = "\n".join(" ".join(t.split()) for t in texts)
    for w in fixture.words:
        if w not in joined:
            s.words_lost.append(w)
    by_id = {n.id: n for n in nodes}
    for id_, kind, title, text in fixture.nodes:
        s.headings += 1
        got = by_id.get(id_)
        got_title = "-" if got is None or not got.title else " ".join(got.title.split())
        if got is None or got_title != title:
            s.headings_wrong.append(f"{id_} {title!r} (got {got_title!r})" if got else f"{id_} missing")
        expected_words = [w for w in (text.split() if text != "-" else []) if w != "…"]
        s.body_words += len(expected_words)
        own = (got.text or "").split() if got is not None else []
        s.body_kept += _kept(expected_words, text, own)
    return s


def _kept(expected: list[str], summary: str, own: list[str]) -> int:
    """How many of the summary's words the node's own text has where the summary puts them."""
    if "…" in summary:
        head, tail = expected[:5], expected[5:]
        return sum(a == b for a, b in zip(head, own[:5])) + sum(a == b for a, b in zip(tail, own[-5:] if len(own) >= 5 else own))
    return sum(a == b for a, b in zip(expected, own)) if len(own) == len(expected) else 0
