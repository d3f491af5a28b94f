"""Scale benchmark: lawsearch beside a plain whoosh+Snowball script and Pagefind, over
synthetic libraries N times the seeds (benchmarks/make_corpus.py), in one run.

    python benchmarks/bench_scale.py                    # N = 1, 10, 50
    python benchmarks/bench_scale.py --scales 1 10 50 200 --repeat 3

For each N it prints:
- build: ``lawsearch build`` wall time and peak RSS; the baseline script's
  (benchmarks/baseline_index.py) on the same nodes; Pagefind's indexing of the same site;
- cold CLI search: a ``lawsearch search`` process, and benchmarks/baseline_search.py's;
- in headless Chromium, over both relevance sets (tests/data/queries.tsv and
  situations.tsv): the bytes the first answer needs (median over --cold queries spread
  evenly over both sets, each in a fresh context; every file
  of the search counted at its gzip size -9, or raw where that is smaller: Pagefind's
  files are compressed already), the time from navigation to the first answer in hand
  (the top ten hits with their snippets; for Pagefind ``search()`` and ``data()`` of the
  top ten), warm p50/p95 per query, and the JS heap after the warm runs (after a GC).
  Ours from ``file://`` and from the loopback server that serves Pagefind (127.0.0.1: it
  needs http); a fresh browser context per cold query, so nothing is cached.
- growth exponents: the slope of log(figure) over log(N) from the smallest N to the largest.

Pagefind is installed from PyPI (``pagefind[bin]``, the package with its binary) into a
virtual environment of its own under the system's temporary folder, once; it never enters
the project's environment. Needs Chromium (/usr/bin/chromium) and Playwright (the test extra).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import relevance_set, situations_set  # noqa: E402

LAWSEARCH = [sys.executable, "-c", "import sys; from lawsearch.program import main; sys.exit(main())"]
PAGEFIND_VENV = Path(tempfile.gettempdir()) / "lawsearch-bench-pagefind"
# the files of our search (the page itself and its styles are not): the core, the scripts, the chunks
OUR_FILES = ("search-index.js", "static/stem-en.js", "static/engine.js", "static/pieces.js", "static/search.js")
PARTS = ("build", "cli", "pagefind", "browser")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def queries() -> list[str]:
    """Both relevance sets' queries, each once."""
    return list(dict.fromkeys([q for q, _, _ in relevance_set()] + [row[0] for row in situations_set()]))


class TimedOut(Exception):
    """A measured process ran past --timeout and was killed."""


def run_measured(argv: list[str], timeout: float | None = None) -> tuple[float, float, float]:
    """Run a process; its wall time (s), CPU time (s, user + system) and peak RSS (MB), from
    the kernel's accounting of it. Killed after ``timeout`` seconds (raises TimedOut). Its
    stderr goes to a file, not a pipe (a long build's progress would fill a pipe and stop it)."""
    t = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        timer = threading.Timer(timeout, process.kill) if timeout else None
        if timer:
            timer.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            if timer:
                timer.cancel()
        process.returncode = status
        elapsed = time.perf_counter() - t
        if timeout and elapsed >= timeout and status:
            raise TimedOut(f"{' '.join(map(str, argv[-4:]))}: killed after {timeout:.0f} s")
        if status:
            err.seek(0)
            raise SystemExit(f"{' '.join(map(str, argv[-4:]))} failed: {err.read().decode(errors='replace')[-2000:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def pagefind_command() -> list[str]:
    """Pagefind's command, installing ``pagefind[bin]`` from PyPI into a venv of its own once."""
    python = PAGEFIND_VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(PAGEFIND_VENV)], check=True)
        subprocess.run([str(PAGEFIND_VENV / "bin" / "pip"), "install", "-q", "pagefind[bin]"], check=True)
    return [str(python), "-m", "pagefind"]


def wire_size(path: Path) -> int:
    """A file's bytes on the wire: gzip -9, or raw where that is smaller (already compressed)."""
    raw = path.read_bytes()
    return min(len(raw), len(gzip.compress(raw, 9)))


class Server:
    """A static server on 127.0.0.1 (a free port) over one folder, in a thread."""

    def __init__(self, folder: Path):
        handler = functools.partial(Quiet, directory=str(folder))
        self.httpd = QuietServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that has its answer closes connections still sending: not an error here."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


# what a page runs: the first answer (cold) and one answer (warm), each awaited whole
OURS_ANSWER = "q => window.lawsearch.search(q, 10).then(r => r.hits.length)"
PAGEFIND_ANSWER = """async q => {
  window.pf = window.pf || await import("/pagefind/pagefind.js");
  await window.pf.init();
  const found = await window.pf.search(q);
  const top = await Promise.all(found.results.slice(0, 10).map(r => r.data()));
  return top.length;
}"""


def cold(browser, page_url: str, served: Path, answer: str, wanted, query: str) -> tuple[int, float]:
    """A fresh context opens the page and asks one query: (bytes of the search files it
    read, ms from navigation start to the answer in hand)."""
    context = browser.new_context()
    page = context.new_page()
    files: list[Path] = []

    def seen(request) -> None:
        parts = urlsplit(request.url)
        path = Path(unquote(parts.path)) if parts.scheme == "file" else served / unquote(parts.path).lstrip("/")
        if wanted(path):
            files.append(path)

    page.on("request", seen)
    page.goto(page_url)
    page.evaluate(answer, query)
    ms = page.evaluate("performance.now()")
    context.close()
    return sum(wire_size(p) for p in dict.fromkeys(files) if p.is_file()), ms


def warm(browser, page_url: str, answer: str, qs: list[str], repeat: int) -> tuple[float, float, float]:
    """One page, every query once to warm it, then each ``repeat`` times: (p50 ms, p95 ms, heap MB)."""
    page = browser.new_page()
    page.goto(page_url)
    for q in qs:
        page.evaluate(answer, q)
    times = page.evaluate(f"""async ([qs, repeat]) => {{
        const answer = {answer};
        const out = [];
        for (let r = 0; r < repeat; r++) for (const q of qs) {{
          const t = performance.now(); await answer(q); out.push(performance.now() - t);
        }}
        return out.sort((a, b) => a - b);
    }}""", [qs, repeat])
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"] / 2**20
    page.close()
    return times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.95))], heap


def browser_figures(browser, site: Path, served: Path, server: Server, qs: list[str], repeat: int,
                    cold_queries: int) -> dict:
    ours = lambda folder: (lambda p: p.is_relative_to(folder) and (  # noqa: E731
        str(p.relative_to(folder)) in OUR_FILES or p.relative_to(folder).parts[0] == "search"))
    pagefind = lambda p: p.is_relative_to(served / "pagefind")  # noqa: E731
    out = {}
    for name, url, answer, wanted, where in (
            ("ours file://", (site / "index.html").as_uri(), OURS_ANSWER, ours(site), site),
            ("ours http", server.url + "index.html", OURS_ANSWER, ours(served), served),
            ("pagefind", server.url + "index.html", PAGEFIND_ANSWER, pagefind, served)):
        t = time.perf_counter()
        firsts = [cold(browser, url, where, answer, wanted, q) for q in qs[::max(1, len(qs) // cold_queries)]]
        t2 = time.perf_counter()
        p50, p95, heap = warm(browser, url, answer, qs, repeat)
        out[name] = {"bytes": statistics.median(b for b, _ in firsts), "first_ms": statistics.median(t for _, t in firsts),
                     "p50": p50, "p95": p95, "heap_mb": heap}
        print(f"  ({name}: cold {t2 - t:.0f} s, warm {time.perf_counter() - t2:.0f} s)", file=sys.stderr, flush=True)
    return out


def cold_cli(argv_for, qs: list[str]) -> float:
    """Median wall ms of a search process over a few queries."""
    times = []
    for q in qs[:5]:
        t = time.perf_counter()
        subprocess.run(argv_for(q), check=True, capture_output=True)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def load() -> str:
    """The machine's load averages (1, 5, 15 min), as ``uptime`` prints them."""
    return "load " + ", ".join(f"{x:.1f}" for x in os.getloadavg())


def free_gb(folder: Path) -> float:
    return shutil.disk_usage(folder).free / 2**30


def make_corpus(n: int, corpus: Path, seed: int, library: bool, timeout: float | None) -> None:
    if (corpus / "manifest.toml").exists():
        return
    t = time.perf_counter()
    run_measured([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", str(n), "--seed", str(seed),
                  "--out", str(corpus), *(["--library"] if library else [])], timeout)
    print(f"  (corpus {n}x{' library' if library else ''}: {time.perf_counter() - t:.0f} s)", file=sys.stderr, flush=True)


def one_scale(n: int, work: Path, args, browser, qs: list[str]) -> dict:
    """Every figure of one scale, each part printed as soon as it is measured (a long run
    gives what it has); a part past --timeout ends the scale with what it has."""
    library = args.library or n > 500
    corpus = work / (f"syn{n}-library" if library else f"syn{n}")
    out, baseline = work / f"out{n}", work / f"baseline{n}"
    row: dict = {"n": n, "library": library, "load": load()}
    print(f"N={n}{' (library: editions in Russian and English)' if library else ''}: {row['load']}, "
          f"{free_gb(work):.0f} GB free in {work}", flush=True)
    make_corpus(n, corpus, args.seed, library, args.timeout)
    if "build" in args.only or not (out / "site" / "index.html").exists():
        shutil.rmtree(out, ignore_errors=True)
        row["build_s"], row["build_cpu"], row["build_mb"] = run_measured(
            [*LAWSEARCH, "build", "-q", "--corpus", str(corpus), "--out", str(out)], args.timeout)
        shutil.rmtree(baseline, ignore_errors=True)
        row["baseline_s"], row["baseline_cpu"], row["baseline_mb"] = run_measured(
            [sys.executable, str(ROOT / "benchmarks" / "baseline_index.py"), str(out / "corpus.json"), str(baseline)],
            args.timeout)
        print(f"  build {row['build_s']:7.1f} s wall {row['build_cpu']:7.1f} s CPU {row['build_mb']:5.0f} MB | baseline "
              f"{row['baseline_s']:6.1f} s wall {row['baseline_cpu']:6.1f} s CPU {row['baseline_mb']:4.0f} MB | ratio CPU "
              f"{row['build_cpu'] / row['baseline_cpu']:.2f} (wall {row['build_s'] / row['baseline_s']:.2f}) | {load()}",
              flush=True)
    if "cli" in args.only:
        row["cli_ms"] = cold_cli(lambda q: [*LAWSEARCH, "search", "--corpus", str(corpus), "--out", str(out), q], qs)
        row["baseline_cli_ms"] = cold_cli(
            lambda q: [sys.executable, str(ROOT / "benchmarks" / "baseline_search.py"), str(baseline), q], qs)
        print(f"  cold CLI {row['cli_ms']:6.0f} ms, baseline {row['baseline_cli_ms']:6.0f} ms (ratio "
              f"{row['cli_ms'] / row['baseline_cli_ms']:.2f}) | {load()}", flush=True)
    site = (out / "site").resolve()
    served = work / f"served{n}"
    if "pagefind" in args.only or "browser" in args.only:
        shutil.rmtree(served, ignore_errors=True)
        shutil.copytree(site, served)
        row["pagefind_s"], row["pagefind_cpu"], row["pagefind_mb"] = run_measured(
            [*pagefind_command(), "--site", str(served), "--force-language", "ru"], args.timeout)
        print(f"  pagefind index {row['pagefind_s']:6.1f} s wall {row['pagefind_cpu']:6.1f} s CPU "
              f"{row['pagefind_mb']:5.0f} MB | {load()}", flush=True)
    if "browser" in args.only and browser is not None:
        server = Server(served)
        try:
            row["browser"] = browser_figures(browser, site, served, server, qs, args.repeat, args.cold)
        finally:
            server.close()
        print_browser(row)
    return row


def print_browser(row: dict) -> None:
    b = row["browser"]
    for name, f in b.items():
        print(f"        {name:13} first answer: {f['bytes'] / 1024:7.1f} KB gz, {f['first_ms']:6.0f} ms | "
              f"warm p50 {f['p50']:6.2f} ms p95 {f['p95']:6.2f} ms | heap {f['heap_mb']:6.1f} MB", flush=True)
    pf, ours = b["pagefind"], b["ours file://"]
    print(f"        ours/pagefind: bytes {ours['bytes'] / pf['bytes']:.2f}, first answer {ours['first_ms'] / pf['first_ms']:.2f} "
          f"(http {b['ours http']['first_ms'] / pf['first_ms']:.2f}), warm p95 {ours['p95'] / pf['p95']:.2f} | {load()}",
          flush=True)


def exponent(rows: list[dict], get) -> float:
    a, b = rows[0], rows[-1]
    return math.log(get(b) / get(a)) / math.log(b["n"] / a["n"]) if get(a) > 0 and get(b) > 0 else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scales", type=int, nargs="+", default=[1, 10, 50])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="warm runs of each query")
    ap.add_argument("--cold", type=int, default=30, help="queries asked cold, each in a fresh browser context "
                    "(evenly spread over both sets)")
    ap.add_argument("--work", type=Path, help="keep corpora and builds here (default: a temporary folder, removed); "
                    "a build already there is reused when --only leaves the build out")
    ap.add_argument("--library", action="store_true", help="the bilingual library of editions (make_corpus.py "
                    "--library) at every scale; always above 500x, where the plain corpus's law numbers end")
    ap.add_argument("--only", nargs="+", choices=PARTS, default=list(PARTS),
                    help="measure only these parts (default: all)")
    ap.add_argument("--skip-browser", action="store_true",
                    help="leave out the browser part (its 3 x --cold fresh contexts and warm runs take longest)")
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds any one measured process may run before it is killed (default: none)")
    args = ap.parse_args()
    if args.skip_browser and "browser" in args.only:
        args.only.remove("browser")
    skipped = [part for part in PARTS if part not in args.only]
    work = args.work or Path(tempfile.mkdtemp(prefix="bench-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    qs = queries()
    print(f"{len(qs)} queries (both relevance sets); Pagefind from PyPI in {PAGEFIND_VENV}; {load()}", flush=True)
    if skipped:
        print(f"not measured: {', '.join(skipped)} (--only / --skip-browser"
              f"{': the browser part opens 3 x --cold fresh contexts per scale, the slowest part' if 'browser' in skipped else ''})",
              flush=True)
    rows = []
    try:
        with contextlib.ExitStack() as stack:
            browser = None
            if "browser" in args.only:
                from playwright.sync_api import sync_playwright

                p = stack.enter_context(sync_playwright())
                browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                            args=CHROMIUM_ARGS)
                stack.callback(browser.close)
            for n in args.scales:
                try:
                    rows.append(one_scale(n, work, args, browser, qs))
                except TimedOut as e:
                    print(f"  N={n} stopped: {e}", flush=True)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)
    if len(rows) > 1:
        print(f"growth exponents N={rows[0]['n']}..{rows[-1]['n']}:")
        figures = {"build CPU": lambda r: r.get("build_cpu", 0), "peak RSS": lambda r: r.get("build_mb", 0)}
        for name in rows[0].get("browser", {}):
            for key in ("bytes", "first_ms", "p95", "heap_mb"):
                figures[f"{name} {key}"] = (lambda r, name=name, key=key: r.get("browser", {}).get(name, {}).get(key, 0))
        for label, get in figures.items():
            print(f"  {label:28} {exponent(rows, get):5.2f}")


if __name__ == "__main__":
    main()
