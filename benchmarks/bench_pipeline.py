"""Time the pipeline on the shipped seeds and on synthetic corpora N times their size.

Stages timed per corpus:

* ``parse`` -- ``lawsearch.corpus.build_corpus``: read → clean → pages → structure →
  references, in memory;
* ``json``  -- the parse, then ``corpus.json`` written into a temporary folder the way
  ``lawsearch.build.build`` writes it (``corpus_document`` + ``write_json``);
* ``build`` -- with ``--full-build`` only: ``lawsearch.build.build`` itself, which also
  writes the search index and the site (about 15-35 s a run at 50x).

Each stage runs once untimed-for-the-statistics (its time is shown as ``first``; the very
first parse of the process is *cold*: it loads the pymorphy3 dictionary), then
``--repeat`` times; the table shows the best and the median of those runs and MB/s of
raw input at the best time. MB = 10^6 bytes of the raw source files.

The synthetic corpus is made with ``benchmarks/make_corpus.py`` (copy k shifts laws by
18k and pages by 100k); it must parse like the seeds: the script checks that it builds in
strict mode with ``scale`` times the seeds' nodes, references, footnotes and pieces, and no
problems beyond ``scale`` times the seeds' own, and prints what differs otherwise.

Usage:

    .venv/bin/python benchmarks/bench_pipeline.py                    # seeds and 50x, seed 1
    .venv/bin/python benchmarks/bench_pipeline.py --scale 10 50 --repeat 5
    .venv/bin/python benchmarks/bench_pipeline.py --scale 0          # seeds only
    .venv/bin/python benchmarks/bench_pipeline.py --scale 5 --full-build
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lawsearch.build import build, corpus_document, write_json
from lawsearch.corpus import build_corpus
from lawsearch.model import Corpus, CorpusError

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "corpus"
MAKE_CORPUS = ROOT / "benchmarks" / "make_corpus.py"


@dataclass
class Timing:
    stage: str
    first: float
    runs: list[float]
    cold: bool

    @property
    def best(self) -> float:
        return min(self.runs)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)


def timed(call: Callable[[], object], repeat: int) -> tuple[float, list[float]]:
    """Seconds of one first call, then of ``repeat`` more."""
    times = []
    for _ in range(repeat + 1):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times[0], times[1:]


def input_bytes(root: Path, corpus: Corpus) -> int:
    """Bytes of the raw sources (``Source.path`` is relative to the corpus folder's parent)."""
    return sum((root.parent / s.path).stat().st_size for s in corpus.sources)


def make_synthetic(scale: int, seed: int, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, str(MAKE_CORPUS), "--scale", str(scale), "--seed", str(seed), "--out", str(out)],
                   check=True, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def parse_report(corpus: Corpus) -> dict[str, int]:
    kinds = Counter(n.kind for n in corpus.nodes)
    return {
        "nodes": len(corpus.nodes), "refs": len(corpus.refs), "footnotes": len(corpus.footnotes),
        "pieces": len(corpus.code.get("pieces", [])),
        "runs": len({p["run"] for p in corpus.code.get("pieces", [])}),
        "unattributed": sum(1 for n in corpus.nodes if n.attribution == "unattributed"),
        "piece nodes": kinds["piece"], "missing laws": sum(1 for n in corpus.nodes if n.missing),
        "errors": sum(1 for p in corpus.problems if p.severity == "error"),
        "warnings": sum(1 for p in corpus.problems if p.severity == "warning"),
    }


def check_like_seeds(name: str, root: Path, seeds: dict[str, int], scale: int) -> Corpus:
    """Parse strictly; say whether the synthetic corpus parses like ``scale`` copies of the seeds."""
    try:
        corpus = build_corpus(root)
        strict = "strict build: ok"
    except CorpusError as e:
        strict = f"strict build RAISES CorpusError with {len(e.problems)} problems"
        corpus = build_corpus(root, strict=False)
    report = parse_report(corpus)
    off = {k: (v, seeds[k] * scale) for k, v in report.items() if v != seeds[k] * scale}
    print(f"{name}: {strict}; " + ", ".join(f"{k} {v}" for k, v in report.items()))
    if off:
        print(f"  DIFFERS from {scale} x seeds: " + ", ".join(f"{k} {got} (expected {want})" for k, (got, want) in off.items()))
        for message, count in Counter(p.message for p in corpus.problems).most_common(20):
            print(f"  problem x{count}: {message}")
    else:
        print(f"  parses like the seeds: every count is {scale} x the seeds'")
    return corpus


def bench(root: Path, repeat: int, full_build: bool, cold: bool) -> tuple[Corpus, list[Timing]]:
    first, runs = timed(lambda: build_corpus(root, strict=False), repeat)
    timings = [Timing("parse", first, runs, cold)]
    corpus = build_corpus(root, strict=False)
    with tempfile.TemporaryDirectory(prefix="bench-build-") as out:
        first, runs = timed(lambda: write_json(Path(out) / "corpus.json", corpus_document(build_corpus(root, strict=False))),
                            repeat)
        timings.append(Timing("json", first, runs, False))
    if full_build:
        with tempfile.TemporaryDirectory(prefix="bench-build-") as out:
            first, runs = timed(lambda: build(root, Path(out), lambda message: None), repeat)
            timings.append(Timing("build", first, runs, False))
    return corpus, timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time read → clean → pages → structure → references (and the full build) "
                    "on the seeds and on synthetic corpora.",
        epilog="example: .venv/bin/python benchmarks/bench_pipeline.py --scale 10 50 --repeat 5",
    )
    parser.add_argument("--scale", type=int, nargs="+", default=[50],
                        help="synthetic corpus sizes, in copies of the seeds (default 50; 0: seeds only)")
    parser.add_argument("--seed", type=int, default=1, help="seed of make_corpus.py (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per stage after the first (default 3)")
    parser.add_argument("--full-build", action="store_true",
                        help="also time lawsearch.build.build (corpus.json, search index and site)")
    args = parser.parse_args(argv)
    if args.repeat < 1 or any(s < 0 for s in args.scale):
        parser.error("--repeat must be at least 1 and --scale at least 0")

    rows: list[tuple[str, float, dict[str, int], Timing]] = []
    seeds_corpus, timings = bench(SEEDS, args.repeat, args.full_build, cold=True)
    seeds = parse_report(seeds_corpus)
    print("seeds: " + ", ".join(f"{k} {v}" for k, v in seeds.items()))
    rows += [("seeds", input_bytes(SEEDS, seeds_corpus) / 1e6, seeds, t) for t in timings]

    with tempfile.TemporaryDirectory(prefix="bench-corpora-") as tmp:
        for scale in [s for s in args.scale if s]:
            name = f"synthetic x{scale}"
            root = Path(tmp) / f"x{scale}" / "corpus"
            made = make_synthetic(scale, args.seed, root)
            print(f"{name}: made by make_corpus.py --scale {scale} --seed {args.seed} in {made:.2f} s")
            check_like_seeds(name, root, seeds, scale)
            corpus, timings = bench(root, args.repeat, args.full_build, cold=False)
            rows += [(name, input_bytes(root, corpus) / 1e6, parse_report(corpus), t) for t in timings]

    print()
    header = f"{'corpus':<15} {'MB':>6} {'nodes':>6} {'refs':>6}  {'stage':<6} {'first s':>9} {'best s':>8} {'median s':>9} {'MB/s':>7}"
    print(header)
    print("-" * len(header))
    for name, mb, report, t in rows:
        first = f"{t.first:.3f}" + ("*" if t.cold and t.stage == "parse" else " ")
        print(f"{name:<15} {mb:>6.3f} {report['nodes']:>6} {report['refs']:>6}  {t.stage:<6} {first:>9} "
              f"{t.best:>8.3f} {t.median:>9.3f} {mb / t.best:>7.3f}")
    print(f"\nbest and median of {args.repeat} warm runs; first = the run before them "
          f"(* cold: the process's first parse, loading the pymorphy3 dictionary)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
