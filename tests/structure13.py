"""The structure fixtures of issue 13 that the commentary and the placement of headless text
are measured on: the cold ones of tests/data/structure/{commentary,headless} (their
README.md says what each line of expected.tsv means) and ours of the same format under
tests/data/structure13/. A loader, and a corpus folder made of each.

    for fixture in load("commentary"):
        corpus = build_corpus(fixture.build_corpus(tmp_path))
        fixture.rows("para")        # [["66.3", "paragraph", "что взятка уже повёрнута,", "start"], …]
"""

from __future__ import annotations

import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
FOLDERS = (DATA / "structure", DATA / "structure13")


@dataclass
class StructureFixture:
    name: str
    kind: str
    folder: Path
    meta: dict
    lines: list[list[str]]  # expected.tsv's lines, split at tabs, comments left out

    def rows(self, kind: str) -> list[list[str]]:
        return [f[1:] for f in self.lines if f[0] == kind]

    @property
    def sources(self) -> list[str]:
        return list(self.meta.get("sources", ["source.txt"]))

    def build_corpus(self, tmp_path: Path, curation: str = "") -> Path:
        """A corpus folder: the fixture's files (a headless fixture's toc.txt left out: its
        contents entries are given to placement as data) and a manifest; the law text or
        the commentary as the fixture's kind says."""
        root = Path(tmp_path) / "corpus"
        kind = "commentary" if self.kind == "commentary" else "laws"
        lines = ["[code]", f'title = "{self.name}"', f"laws = [{self.meta['laws'][0]}, {self.meta['laws'][1]}]",
                 'curation = "curation.toml"', ""]
        for name in self.sources:
            if name == "toc.txt":
                continue
            target = root / kind / self.meta["lang"] / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(self.folder / name, target)
            lines += ["[[source]]", f'path = "{kind}/{self.meta["lang"]}/{name}"', f'lang = "{self.meta["lang"]}"',
                      f'kind = "{kind}"', 'encoding = "utf-8"', ""]
        (root / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
        (root / "curation.toml").write_text(curation, encoding="utf-8")
        return root


def load(kind: str) -> list[StructureFixture]:
    out = []
    for base in FOLDERS:
        for folder in sorted((base / kind).glob("*/fixture.toml")):
            folder = folder.parent
            meta = tomllib.loads((folder / "fixture.toml").read_text(encoding="utf-8"))
            lines = [line.split("\t") for line in (folder / "expected.tsv").read_text(encoding="utf-8").splitlines()
                     if line.strip() and not line.startswith("#")]
            out.append(StructureFixture(f"{base.name}/{kind}/{folder.name}", kind, folder, meta, lines))
    return out
