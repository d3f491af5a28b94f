"""Search benchmark: relevance and warm latency of lawsearch's search against a baseline --
a plain whoosh index over the same nodes with whoosh's Russian Snowball stemmer and an
OR-grouped query parser -- plus index build figures and cold `lawsearch search` start-up.

For both relevance sets (tests/data/queries.tsv, the keywords set; tests/data/situations.tsv,
a director's situations, in its tuned and held-out halves; tests/data/situations2.tsv, a second
set written cold later and never tuned on) it prints recall@5 and MRR of
ours, of ours with the director's thesaurus off, and of the baseline; then warm p50/p95 per
query of ours and the baseline over the queries of both sets, on the seeds and on the 50×
synthetic corpus (benchmarks/make_corpus.py), where only latency counts (its laws are
renumbered, so the expected IDs mean nothing there).

    python benchmarks/bench_search.py                # seeds and the 50x synthetic corpus
    python benchmarks/bench_search.py --scale 0      # seeds only
    python benchmarks/bench_search.py --cold         # cold search / baseline script at 1x, 50x, 100x

Prints figures; asserts nothing (tests/test_relevance.py does).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOCABULARY = ROOT / "lawsearch" / "profiles" / "bridge"  # the built-in profile's lexicon and glossary
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import relevance_set, situations_set  # noqa: E402
from test_relevance import measure, situation_halves  # noqa: E402
from lawsearch.analysis import AnalysedCorpus, Analysis, Lexicon  # noqa: E402
from lawsearch.corpus import build_corpus  # noqa: E402
from lawsearch.index import build_index, documents, load_glossary  # noqa: E402
from lawsearch.query import Searcher  # noqa: E402


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build_ours(corpus, corpus_dir: Path, target: Path) -> float:
    lexicon = Lexicon.load(VOCABULARY / "lexicon.toml")
    glossary = load_glossary(VOCABULARY / "glossary.toml")
    thesaurus = corpus_dir / "thesaurus.toml"
    t = time.perf_counter()
    build_index(corpus, target, lexicon, glossary, thesaurus_file=thesaurus if thesaurus.is_file() else None)
    return time.perf_counter() - t


def build_baseline(corpus, corpus_dir: Path, target: Path) -> float:
    """The baseline: the same documents, whoosh's LanguageAnalyzer("ru") (Snowball), the
    same field boosts."""
    from whoosh import fields, index
    from whoosh.analysis import LanguageAnalyzer

    ru = LanguageAnalyzer("ru")
    schema = fields.Schema(id=fields.ID(stored=True, unique=True),
                           title=fields.TEXT(analyzer=ru, field_boost=3.0), text=fields.TEXT(analyzer=ru),
                           footnotes=fields.TEXT(analyzer=ru, field_boost=0.5),
                           commentary=fields.TEXT(analyzer=ru, field_boost=0.3))
    target.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    ix = index.create_in(str(target), schema)
    w = ix.writer()
    analysis = Analysis(Lexicon.load(VOCABULARY / "lexicon.toml"))
    for doc in documents(corpus, AnalysedCorpus(analysis), []):
        w.add_document(id=doc["id"], title=doc["title"], text=doc["text"], footnotes=doc["footnotes"],
                       commentary=doc["commentary"])
    w.commit()
    return time.perf_counter() - t


class Baseline:
    """whoosh's own query parser over the four Russian fields, words OR-grouped (any word
    may match: best match, as ours)."""

    def __init__(self, path: Path):
        from whoosh import index
        from whoosh.qparser import MultifieldParser, OrGroup

        self.searcher = index.open_dir(str(path)).searcher()
        self.parser = MultifieldParser(["title", "text", "footnotes", "commentary"], self.searcher.schema,
                                       group=OrGroup)

    def search(self, query: str, limit: int = 5) -> list[str]:
        return [r["id"] for r in self.searcher.search(self.parser.parse(query), limit=limit)]


def latency(search, queries: list[str], repeat: int) -> tuple[float, float]:
    """Warm p50 and p95 in ms: one pass first (caches), then ``repeat`` timed passes."""
    for q in queries:
        search(q)
    times = []
    for _ in range(repeat):
        for q in queries:
            t = time.perf_counter()
            search(q)
            times.append(time.perf_counter() - t)
    times.sort()
    return times[len(times) // 2] * 1000, times[int(len(times) * 0.95)] * 1000


def all_queries() -> list[str]:
    return [q for q, _, _ in relevance_set()] + [row[0] for half in situation_halves() for row in half]


def relevance(ours: Searcher, baseline: Baseline) -> None:
    tuned, held = situation_halves()
    sets = [("keywords (queries.tsv)", relevance_set(), True), ("situations, tuned half", tuned, False),
            ("situations, held-out half", held, False),
            ("situations2 (never tuned)", situations_set("situations2.tsv"), False)]

    def ours_ids(q):
        return [h.id for h in ours.search(q, 5).hits]

    print(f"{'':27} {'ours':>16} {'ours, no thesaurus':>20} {'baseline':>16}   (recall@5 / MRR)")
    for name, rows, every in sets:
        figures = [measure(ours_ids, rows, every)]
        ours.use_thesaurus = False
        figures.append(measure(ours_ids, rows, every))
        ours.use_thesaurus = True
        figures.append(measure(baseline.search, rows, every))
        print(f"{name:27} " + " ".join(f"{r:>9.3f} / {m:.3f}" for r, m in figures))


def run(name: str, corpus_dir: Path, work: Path, repeat: int, with_relevance: bool) -> None:
    corpus = build_corpus(corpus_dir)
    print(f"\n== {name}: {len(corpus.nodes)} nodes")
    ours_dir, base_dir = work / f"{name}-ours", work / f"{name}-baseline"
    secs = build_ours(corpus, corpus_dir, ours_dir)
    ours = Searcher(ours_dir)
    terms = sum(1 for _ in ours.searcher.lexicon("text"))
    print(f"ours    : index built in {secs:6.2f} s, {folder_size(ours_dir) / 1e6:6.2f} MB, {terms} text terms")
    secs = build_baseline(corpus, corpus_dir, base_dir)
    baseline = Baseline(base_dir)
    print(f"baseline: index built in {secs:6.2f} s, {folder_size(base_dir) / 1e6:6.2f} MB")
    if with_relevance:
        relevance(ours, baseline)
    queries = all_queries()
    p50, p95 = latency(lambda q: ours.search(q, 5), queries, repeat)
    b50, b95 = latency(lambda q: baseline.search(q, 5), queries, repeat)
    print(f"warm latency over {len(queries)} queries x {repeat}: ours p50 {p50:.2f} ms, p95 {p95:.2f} ms; "
          f"baseline p50 {b50:.2f} ms, p95 {b95:.2f} ms (p95 ratio {p95 / b95:.2f})")
    ours.close()


def cold_start(out: Path, corpus_dir: Path, runs: int = 5) -> tuple[float, float, float]:
    lawsearch = str(Path(sys.executable).parent / "lawsearch")

    def wall(cmd: list[str]) -> float:
        best = []
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True)
            best.append(time.perf_counter() - t)
        return statistics.median(best)

    return (wall([sys.executable, "-c", "pass"]),
            wall([lawsearch, "--help"]),
            wall([lawsearch, "search", "--corpus", str(corpus_dir), "--out", str(out), "штрафными картами"]))


def with_bytecode() -> dict[str, str]:
    """The environment with Python allowed to keep compiled modules: an installed package
    has them (pip compiles at install) and so have whoosh's in both runs; where
    PYTHONDONTWRITEBYTECODE is set, lawsearch's own modules were compiled from source in
    every timed run (~100 ms of a search) and the baseline's libraries never were. The
    first run, dropped, writes them."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cpu_of(command: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one run of ``command`` in a process of its own."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=with_bytecode())
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), command)
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - start


def cold_ratio(corpus_dir: Path, work: Path, runs: int, query: str = "штрафными картами") -> tuple[float, float, float]:
    """Cold ``lawsearch search`` against ``baseline_search.py`` (a whoosh index of the same
    nodes with the Snowball stemmer), each a fresh process, runs alternating so both see the
    same load: (lawsearch's median CPU s, the baseline's, their ratio)."""
    out, base = work / f"cold-build-{corpus_dir.parent.name}", work / f"cold-baseline-{corpus_dir.parent.name}"
    lawsearch = str(Path(sys.executable).parent / "lawsearch")
    subprocess.run([lawsearch, "build", "-q", "--corpus", str(corpus_dir), "--out", str(out)], check=True)
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "baseline_index.py"), str(out / "corpus.json"), str(base)],
                   check=True, capture_output=True)
    ours, theirs = [], []
    for _ in range(runs + 1):  # the first of each warms the file cache and writes .pyc files: dropped
        ours.append(cpu_of([lawsearch, "search", "--corpus", str(corpus_dir), "--out", str(out), query])[0])
        theirs.append(cpu_of([sys.executable, str(ROOT / "benchmarks" / "baseline_search.py"), str(base), query])[0])
    a, b = statistics.median(ours[1:]), statistics.median(theirs[1:])
    return a, b, a / b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=int, default=50, help="synthetic corpus size (0: seeds only)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5, help="timed passes over the queries for latency")
    ap.add_argument("--cold", type=int, nargs="*", metavar="SCALE",
                    help="only the cold-search ratios, at these sizes (1: the seeds; default 1 50 100)")
    ap.add_argument("--runs", type=int, default=7, help="cold runs of each script per size (median)")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-search-"))
    if args.cold is not None:
        try:
            for scale in args.cold or [1, 50, 100]:
                corpus_dir = ROOT / "corpus"
                if scale > 1:
                    corpus_dir = work / f"x{scale}" / "corpus"
                    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", str(scale),
                                    "--seed", str(args.seed), "--out", str(corpus_dir)], check=True, capture_output=True)
                ours, theirs, ratio = cold_ratio(corpus_dir, work, args.runs)
                print(f"cold search x{scale}: lawsearch {ours * 1000:.0f} ms CPU, baseline script {theirs * 1000:.0f} ms: "
                      f"{ratio:.2f} x (target <= 1.3)", flush=True)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return
    try:
        run("seeds", ROOT / "corpus", work, args.repeat, True)
        out = work / "build"
        from lawsearch.build import build
        build(ROOT / "corpus", out, lambda m: None)
        py, helptime, search = cold_start(out, ROOT / "corpus")
        print(f"cold start: python -c pass {py * 1000:.0f} ms; lawsearch --help {helptime * 1000:.0f} ms; "
              f"lawsearch search {search * 1000:.0f} ms (median of 5)")
        if args.scale:
            synthetic = work / f"syn{args.scale}"
            subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", str(args.scale),
                            "--seed", str(args.seed), "--out", str(synthetic)], check=True, capture_output=True)
            run(f"synthetic-{args.scale}x", synthetic, work, 1, False)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
