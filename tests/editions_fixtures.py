"""The cold edition fixtures (tests/data/editions/, README there) as corpus folders.

``corpus_of(name, root)`` writes a corpus folder whose manifest lists every edition's
sources with its ``edition`` and ``layout``, the fixture's default edition as
``[code] edition``; the sources are copied byte for byte.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent / "data" / "editions"


def names() -> list[str]:
    return sorted(p.parent.name for p in ROOT.glob("*/fixture.toml"))


def meta(name: str) -> dict:
    return tomllib.loads((ROOT / name / "fixture.toml").read_text(encoding="utf-8"))


def default_edition(name: str) -> str:
    return next(e["id"] for e in meta(name)["editions"] if e.get("default"))


def corpus_of(name: str, root: Path, editions: list[str] | None = None) -> Path:
    """A corpus folder under ``root`` with the fixture's editions (all, or those named)."""
    data = meta(name)
    corpus = root / name
    corpus.mkdir(parents=True)
    lines = ["[code]", 'title = "Edition fixture"', f'edition = "{default_edition(name)}"', ""]
    for ed in data["editions"]:
        if editions is not None and ed["id"] not in editions:
            continue
        for s in ed["sources"]:
            target = corpus / ed["id"] / f'{ed["id"]}-{Path(s["path"]).name}'
            target.parent.mkdir(exist_ok=True)
            shutil.copyfile(ROOT / name / s["path"], target)
            lines += ["[[source]]", f'path = "{ed["id"]}/{target.name}"', f'lang = "{s["lang"]}"', 'kind = "laws"',
                      f'edition = "{ed["id"]}"', f'layout = "{s["layout"]}"', 'encoding = "utf-8"', ""]
    (corpus / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    return corpus


def two_editions(root: Path, old: str, current: str) -> tuple[Path, Path]:
    """An invented bakery code in two Russian editions, 2006 (``old``) and 2016 (``current``, the
    default), written as a corpus folder under ``root`` and built; returns (corpus, build)."""
    from lawsearch.build import build

    corpus = root / "corpus"
    (corpus / "laws").mkdir(parents=True)
    lines = ["[code]", 'title = "Устав пекарни"', 'edition = "2016"', "laws = [1, 9]", ""]
    for ed, text in (("2006", old), ("2016", current)):
        (corpus / "laws" / f"{ed}-bake.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "laws/{ed}-bake.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{ed}"',
                  'layout = "ru-book"', ""]
    (corpus / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    build(corpus, root / "build", lambda message: None)
    return corpus, root / "build"
