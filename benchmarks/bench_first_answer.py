"""Bytes a reader's browser loads before the first search answer, this tree against a
baseline commit, on the same synthetic library, in one run (issue 16: "no more than when
the issue started").

    python benchmarks/bench_first_answer.py                          # 50x, baseline 101cf7d
    python benchmarks/bench_first_answer.py --scale 10 --baseline main --cold 10

The baseline's code is taken with ``git archive`` into a temporary folder (no worktree, no
checkout) and builds the same corpus (benchmarks/make_corpus.py) as this tree does. For each
build, a fresh browser context per query opens ``index.html`` from ``file://``, types the
query into the box as a reader does and waits for the first hit in the panel; every file the
page asked for up to then is counted once, raw (what ``file://`` reads) and at gzip -9 (what
a static host would send; raw where that is smaller), split into the search's files (data,
chunks, scripts: what benchmarks/bench_scale.py counts) and everything (the page and its
styles too). Medians over the queries, then the ratio this tree / baseline. A request to
anything but ``file://`` is counted and reported: it must be 0.

The default baseline, 101cf7d, is main just before issue 16's branch was merged.
Needs Chromium (/usr/bin/chromium) and Playwright (the test extra).
"""

from __future__ import annotations

import argparse
import gzip
import io
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import relevance_set, situations_set  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
SEARCH_FILES = ("search-index.js", "static/stem-en.js", "static/engine.js", "static/pieces.js", "static/search.js")


def wire(path: Path) -> tuple[int, int]:
    raw = path.read_bytes()
    return len(raw), min(len(raw), len(gzip.compress(raw, 9)))


def program(src: Path) -> list[str]:
    """The ``lawsearch`` command of the code in ``src`` (its package first on the path)."""
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(src)!r}); "
                                  "from lawsearch.program import main; sys.exit(main())"]


def export(ref: str, target: Path) -> None:
    """The tree of ``ref`` into ``target``, by git archive (the repository is not touched)."""
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
        tar.extractall(target, filter="data")


def first_answer(browser, site: Path, query: str) -> dict:
    """One cold page: the files read until the first hit shows, and any non-file request."""
    context = browser.new_context()
    page = context.new_page()
    files: list[Path] = []
    outside: list[str] = []

    def seen(request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme == "file":
            files.append(Path(unquote(parts.path)))
        elif parts.scheme not in ("data", "blob", "about"):
            outside.append(request.url)

    page.on("request", seen)
    page.goto((site / "index.html").as_uri())
    page.fill("#q", query)
    page.wait_for_function("() => document.querySelector('#results li a, #results .info')", timeout=30000)
    read = list(dict.fromkeys(files))
    context.close()
    sizes = {p: wire(p) for p in read if p.is_file()}
    search = [s for p, s in sizes.items() if p.relative_to(site).as_posix() in SEARCH_FILES
              or p.relative_to(site).parts[0] == "search"]
    return {"all_raw": sum(r for r, _ in sizes.values()), "all_gz": sum(g for _, g in sizes.values()),
            "search_raw": sum(r for r, _ in search), "search_gz": sum(g for _, g in search),
            "outside": outside}


def measure(browser, site: Path, qs: list[str]) -> dict:
    rows = [first_answer(browser, site, q) for q in qs]
    out = {k: statistics.median(r[k] for r in rows) for k in ("all_raw", "all_gz", "search_raw", "search_gz")}
    out["outside"] = sum(len(r["outside"]) for r in rows)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--baseline", default="101cf7d", help="the commit to compare with (default: main before issue 16)")
    ap.add_argument("--cold", type=int, default=20, help="queries, spread evenly over both relevance sets")
    ap.add_argument("--work", type=Path, help="keep the corpus and builds here (default: a temporary folder)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    work = args.work or Path(tempfile.mkdtemp(prefix="lawsearch-first-"))
    try:
        corpus = work / f"syn{args.scale}"
        if not (corpus / "manifest.toml").exists():
            subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", str(args.scale),
                            "--seed", str(args.seed), "--out", str(corpus)], check=True, capture_output=True)
        base_src = work / f"src-{args.baseline}"
        if not base_src.exists():
            export(args.baseline, base_src)
        sites = {}
        for name, src in (("baseline", base_src), ("this tree", ROOT)):
            out = work / f"out-{name.replace(' ', '-')}"
            if name != "baseline" or not (out / "site" / "index.html").exists():  # a kept baseline is reused
                shutil.rmtree(out, ignore_errors=True)
                subprocess.run([*program(src), "build", "-q", "--corpus", str(corpus), "--out", str(out)],
                               check=True, cwd=src)
            sites[name] = (out / "site").resolve()
        every = [q for q, _, _ in relevance_set()] + [row[0] for row in situations_set()]
        qs = list(dict.fromkeys(every))[::max(1, len(every) // args.cold)][:args.cold]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=ARGS)
            figures = {name: measure(browser, site, qs) for name, site in sites.items()}
            browser.close()
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)
    base, now = figures["baseline"], figures["this tree"]
    print(f"{args.scale}x, {len(qs)} cold queries typed into index.html from file://, medians (KB):")
    print(f"{'':24}{'baseline ' + args.baseline:>18}{'this tree':>12}{'ratio':>8}")
    for key, label in (("search_gz", "search files, gzip -9"), ("search_raw", "search files, raw"),
                       ("all_gz", "everything, gzip -9"), ("all_raw", "everything, raw")):
        print(f"{label:24}{base[key] / 1024:18.1f}{now[key] / 1024:12.1f}{now[key] / base[key]:8.2f}")
    print(f"requests not to file://: baseline {base['outside']}, this tree {now['outside']}")


if __name__ == "__main__":
    main()
