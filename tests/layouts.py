"""The layout fixtures of tests/data/layouts (see its README.md): a loader, and a corpus
folder made of each, for the tests that run them through the real pipeline.

    for fixture in load_fixtures():
        root = fixture.build_corpus(tmp_path)        # a corpus folder: manifest + raw file(s)
        fixture.nodes[0]                             # ("div-razdel-50", "division", "Ход игры")

A title "-" in expected.tsv is None here (a node with no title)."""

from __future__ import annotations

import shutil
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from lawsearch.profile import builtin_names

LAYOUTS_DIR = Path(__file__).resolve().parent / "data" / "layouts"


@dataclass
class Fixture:
    name: str  # "<layout>/<name>"
    layout: str  # the folder's layout: ru-book, en-1987, en-mixed, web-bullets, statute-ru, mixed-corpus
    lang: str  # the corpus's main language
    folder: Path
    sources: dict[str, Path]  # language -> raw file
    layouts: dict[str, str]  # language -> the layout that file is printed in
    laws: tuple[int, int]
    nodes: list[tuple[str, str, str | None]] = field(default_factory=list)  # (id, kind, title)
    refs: list[tuple[str, str, str]] = field(default_factory=list)  # (from, surface, target)
    en_nodes: list[tuple[str, str, str | None]] = field(default_factory=list)  # the second file's tree

    @property
    def profile(self) -> str:
        """The built-in profile the fixture's layout belongs to: its own where one is named
        after it (statute-ru), else the bridge laws'."""
        return self.layout if self.layout in builtin_names() else "bridge"

    def build_corpus(self, tmp_path: Path) -> Path:
        """A corpus folder under ``tmp_path`` holding the fixture's raw file(s) and a
        manifest naming the profile and each file's layout; returns its path."""
        root = Path(tmp_path) / "corpus"
        lines = ["[code]", f'title = "{self.name}"', f"laws = [{self.laws[0]}, {self.laws[1]}]",
                 f'lang = "{self.lang}"', f'profile = "{self.profile}"', ""]
        for lang, path in self.sources.items():
            target = root / "laws" / lang / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
            lines += ["[[source]]", f'path = "laws/{lang}/{path.name}"', f'lang = "{lang}"', 'kind = "laws"',
                      f'layout = "{self.layouts[lang]}"', 'encoding = "utf-8"', ""]
        (root / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
        return root


def load_fixtures(root: Path = LAYOUTS_DIR) -> list[Fixture]:
    """Every fixture under ``root``, in folder order."""
    return [load_fixture(folder) for folder in sorted(root.glob("*/*")) if (folder / "fixture.toml").is_file()]


def load_fixture(folder: Path) -> Fixture:
    meta = tomllib.loads((folder / "fixture.toml").read_text(encoding="utf-8"))
    lang = meta["lang"]
    if "sources" in meta:
        sources = {k: folder / v for k, v in meta["sources"].items()}
        layouts = dict(meta["layouts"])
    else:
        sources = {lang: folder / "source.txt"}
        layouts = {lang: meta["layout"]}
    fixture = Fixture(f"{folder.parent.name}/{folder.name}", meta["layout"], lang, folder, sources, layouts,
                      tuple(meta["laws"]))
    for n, line in enumerate((folder / "expected.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        kind, *fields = line.split("\t")
        if kind in ("node", "en-node") and len(fields) == 3:
            node_id, node_kind, title = fields
            (fixture.nodes if kind == "node" else fixture.en_nodes).append(
                (node_id, node_kind, None if title == "-" else title))
        elif kind == "ref" and len(fields) == 3:
            fixture.refs.append((fields[0], fields[1], fields[2]))
        else:
            raise ValueError(f"{folder / 'expected.tsv'}:{n}: not a node, en-node or ref line: {line!r}")
    return fixture
