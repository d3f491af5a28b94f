"""Site benchmark: site build time, the bytes the browser search needs (raw and gzip), and
in-browser query latency over the relevance set in headless Chromium.

    python benchmarks/bench_site.py              # seeds and the 50x synthetic corpus
    python benchmarks/bench_site.py --scale 0    # seeds only

Targets (site issue): the whole search payload of the 50x corpus under 300 KB gzip, p95 under 50 ms.
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import relevance_set  # noqa: E402
from lawsearch.build import build  # noqa: E402


def payload_sizes(site: Path) -> tuple[int, int]:
    """The whole search data (the core and every chunk, lawsearch/pieces.py) and the page
    script; a query reads only part of it (benchmarks/bench_scale.py measures that)."""
    files = [site / "search-index.js", site / "static" / "search.js", *(site / "search").glob("*.js")]
    raw = sum(f.stat().st_size for f in files)
    zipped = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    return raw, zipped


def browser_latency(site: Path, repeat: int) -> tuple[float, float, float]:
    from playwright.sync_api import sync_playwright

    queries = [q for q, _, _ in relevance_set()]
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=shutil.which("chromium"), args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        page = b.new_page()
        t = time.perf_counter()
        page.goto((site / "index.html").as_uri())
        page.wait_for_function("window.lawsearch !== undefined")
        load = time.perf_counter() - t
        times = page.evaluate("""([qs, repeat]) => {
            qs.forEach(q => window.lawsearch.search(q, 10));           // warm
            const out = [];
            for (let r = 0; r < repeat; r++) for (const q of qs) {
                const t = performance.now(); window.lawsearch.search(q, 10); out.push(performance.now() - t);
            }
            return out.sort((a, b) => a - b);
        }""", [queries, repeat])
        b.close()
    return load, times[len(times) // 2], times[int(len(times) * 0.95)]


def run(name: str, corpus: Path, work: Path, repeat: int, latency: bool) -> None:
    out = work / name
    t = time.perf_counter()
    build(corpus, out, lambda m: None)
    total = time.perf_counter() - t
    raw, zipped = payload_sizes(out / "site")
    pages = len(list((out / "site").rglob("*.html")))
    line = (f"{name:14} build (corpus+index+site) {total:6.2f} s; {pages} pages; "
            f"search payload {raw / 1024:8.1f} KB raw, {zipped / 1024:7.1f} KB gzip")
    if latency and shutil.which("chromium"):
        load, p50, p95 = browser_latency(out / "site", repeat)
        line += f"; page+index load {load * 1000:.0f} ms; query p50 {p50:.2f} ms, p95 {p95:.2f} ms"
    print(line, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-site-"))
    try:
        run("seeds", ROOT / "corpus", work, args.repeat, True)
        if args.scale:
            synthetic = work / f"syn{args.scale}"
            subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", str(args.scale),
                            "--seed", str(args.seed), "--out", str(synthetic)], check=True, capture_output=True)
            # the relevance queries are about the seeds' laws; on 50x they still exercise the same paths
            run(f"synthetic-{args.scale}x", synthetic, work, args.repeat, True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
