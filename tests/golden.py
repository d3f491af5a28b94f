"""The reviewed golden file of the whole seed corpus: IDs, titles, attribution, guesses,
gaps, footnotes and references, one line per case.

Regenerate after a deliberate change, then READ THE DIFF against the raw text before
committing it:

    python tests/golden.py --write && git diff tests/data/golden.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "data" / "golden.txt"


def _short(path: str) -> str:
    return path.rsplit("/", 1)[-1].split("_")[0]


def _clip(text: str | None, width: int = 28) -> str:
    if not text:
        return "-"
    flat = text.replace("\n\n", " ¶ ")
    if len(flat) <= 2 * width + 1:
        return flat
    return f"{flat[:width]}…{flat[-width:]}"


def render(corpus) -> str:
    lines = ["# lawsearch golden file: see tests/golden.py for how to regenerate and review it"]
    for n in corpus.nodes:
        spans = ",".join(f"{_short(s.source)}:{s.lines[0]}" + (f"-{s.lines[1]}" if s.lines[1] != s.lines[0] else "")
                         + (f"@{s.page}" if s.page is not None else "") for s in n.spans) or "-"
        trunc = "+".join(k for k, v in (("start", n.truncated_start), ("end", n.truncated_end)) if v) or "-"
        marks = ",".join(f"{m.kind}@{m.start}" + (f"={m.footnote}" if m.kind == "footnote" else "") for m in n.marks) or "-"
        lines.append(
            f"node {n.id} | {n.kind} | law={n.law} parent={n.parent} | by={n.attribution} guess={'/'.join(n.uncertain) or '-'}"
            f" trunc={trunc} missing={int(n.missing)} | title={n.title or '-'} ({n.title_from or '-'})"
            f" | en={n.translations.get('en', {}).get('title') or '-'} | text={_clip(n.text)} | marks={marks} | spans={spans}")
    for f in corpus.footnotes:
        lines.append(f"footnote {f.id} | page={f.page} markers={','.join(f.markers) or '-'} orphan={int(f.orphan)} at={f.at} | {f.text}")
    for r in corpus.refs:
        lines.append(f"ref {r.from_} -> {r.target} | {r.status} | law={r.law} group={r.group} | {r.surface!r} | {_short(r.source)}:{r.line}"
                     + (" | partial" if r.partial else ""))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from lawsearch.corpus import build_corpus

    text = render(build_corpus(HERE.parent / "corpus"))
    if "--write" in sys.argv:
        GOLDEN.write_text(text, encoding="utf-8")
        print(f"wrote {GOLDEN}; now read `git diff {GOLDEN.relative_to(HERE.parent)}` against the raw text")
    else:
        sys.stdout.write(text)
