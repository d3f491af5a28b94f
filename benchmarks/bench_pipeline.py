"""Time the pipeline on the shipped seeds and on synthetic corpora N times their size, and
the whole build against a plain whoosh + Snowball indexing script over the same nodes.

Stages timed per corpus:

* ``parse`` -- ``lawsearch.corpus.build_corpus``: read → clean → pages → structure →
  references, in memory;
* ``json``  -- the parse, then ``corpus.json`` written into a temporary folder the way
  ``lawsearch.build.build`` writes it (``corpus_document`` + ``write_json``);
* ``index`` -- the build's analysis pass and ``build_index`` (whoosh and meta.json) on
  the parsed corpus, in this process with its lemma caches emptied;
* ``build`` -- ``lawsearch build``: corpus.json, the index and the site, in a process of
  its own as a user runs it (start-up and the dictionary's loading included);
* ``baseline`` -- ``benchmarks/baseline_index.py`` in a process of its own: the same
  nodes, read from that build's corpus.json, indexed by whoosh with its Russian Snowball
  stemmer and nothing else.

Each stage runs once untimed-for-the-statistics (its time is shown as ``first``; the very
first parse of the process is *cold*: it loads the pymorphy3 dictionary), then
``--repeat`` times; the table shows the best and the median of those runs and MB/s of
raw input at the best time. MB = 10^6 bytes of the raw source files. Times are CPU
seconds (user + system: what the load of other processes on a shared machine disturbs
least); ``build`` and ``baseline`` also as wall time (``-wall``). Their runs alternate,
so both see the same load; the ratios are of the best times.
The growth exponent b of a stage from scale n1 to n2 is ln(t2 / t1) / ln(n2 / n1): 1 is
linear.

The synthetic corpus is made with ``benchmarks/make_corpus.py``; it must parse like the
seeds: the script checks that it builds in strict mode with ``scale`` times the seeds'
nodes, references, footnotes and pieces -- plus the laws between blocks of copies that
no copy holds, each a "missing" law node (``Numbering.law_gaps``) -- and no problems
beyond ``scale`` times the seeds' own, and prints what differs otherwise. It also prints
the corpus's words and distinct word forms (Heaps' N and V).

Usage:

    .venv/bin/python benchmarks/bench_pipeline.py                    # seeds, 50x and 100x, seed 1
    .venv/bin/python benchmarks/bench_pipeline.py --scale 10 50 --repeat 5
    .venv/bin/python benchmarks/bench_pipeline.py --scale 0          # seeds only
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lawsearch import morph
from lawsearch.analysis import Analysis, Lexicon, analyse_corpus
from lawsearch.build import corpus_document, write_json
from lawsearch.corpus import build_corpus
from lawsearch.index import build_index, load_glossary
from lawsearch.model import Corpus, CorpusError

ROOT = Path(__file__).resolve().parent.parent
VOCABULARY = ROOT / "lawsearch" / "profiles" / "bridge"  # the built-in profile's lexicon and glossary
SEEDS = ROOT / "corpus"
MAKE_CORPUS = ROOT / "benchmarks" / "make_corpus.py"
BASELINE = ROOT / "benchmarks" / "baseline_index.py"
sys.path.insert(0, str(ROOT / "benchmarks"))

import baseline_index  # noqa: E402
import make_corpus  # noqa: E402


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
    """CPU seconds of one first call, then of ``repeat`` more."""
    times = []
    for _ in range(repeat + 1):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
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


def expected_report(seeds: dict[str, int], scale: int) -> dict[str, int]:
    """What ``scale`` copies of the seeds parse into: every count ``scale`` times the
    seeds', and a "missing" law node for each law number between blocks of copies."""
    numbering = make_corpus.Numbering.of(make_corpus.read_seeds(SEEDS))
    expected = {k: v * scale for k, v in seeds.items()}
    gaps = numbering.law_gaps(scale)
    expected["nodes"] += gaps
    expected["missing laws"] += gaps
    return expected


def check_like_seeds(name: str, root: Path, seeds: dict[str, int], scale: int) -> Corpus:
    """Parse strictly; say whether the synthetic corpus parses like ``scale`` copies of the seeds."""
    try:
        corpus = build_corpus(root)
        strict = "strict build: ok"
    except CorpusError as e:
        strict = f"strict build RAISES CorpusError with {len(e.problems)} problems"
        corpus = build_corpus(root, strict=False)
    report = parse_report(corpus)
    expected = expected_report(seeds, scale)
    off = {k: (v, expected[k]) for k, v in report.items() if v != expected[k]}
    print(f"{name}: {strict}; " + ", ".join(f"{k} {v}" for k, v in report.items()))
    if off:
        print(f"  DIFFERS from {scale} x seeds: " + ", ".join(f"{k} {got} (expected {want})" for k, (got, want) in off.items()))
        for message, count in Counter(p.message for p in corpus.problems).most_common(20):
            print(f"  problem x{count}: {message}")
    else:
        gaps = expected["nodes"] - seeds["nodes"] * scale
        print(f"  parses like the seeds: every count is {scale} x the seeds'"
              + (f", plus {gaps} missing laws between blocks of copies" if gaps else ""))
    words, forms = make_corpus.measure(root)
    print(f"  vocabulary: {words} words, {forms} distinct forms")
    return corpus


def index_stage(root: Path, corpus: Corpus, target: Path) -> None:
    """The analysis pass and the index of a parsed corpus, as ``build`` makes them, with
    the lemma caches emptied first: a build process starts with none."""
    morph.lemmas.cache_clear()
    morph.is_known.cache_clear()
    lexicon = Lexicon.load(VOCABULARY / "lexicon.toml")
    analysed = analyse_corpus(corpus, Analysis(lexicon))
    build_index(corpus, target, lexicon, load_glossary(VOCABULARY / "glossary.toml"), analysed=analysed)


PEAK = re.compile(r"peak RSS\s+(\d+) MB")


def child(command: list[str]) -> tuple[float, float, int]:
    """Run a command; its CPU seconds (user and system, ``wait4``'s rusage of that one
    process), wall seconds and peak RSS in bytes: the largest of the stage peaks ``build -v``
    prints (0 for another command). rusage's own ru_maxrss is not used: it counts the
    memory of this large process, forked before the command ran."""
    start = time.perf_counter()
    # compiled modules allowed (PYTHONDONTWRITEBYTECODE dropped), as an installed package has them
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, command, stderr=stderr)
    return usage.ru_utime + usage.ru_stime, wall, max((int(mb) * 10**6 for mb in PEAK.findall(stderr)), default=0)


def bench(root: Path, repeat: int, cold: bool) -> tuple[Corpus, list[Timing], int]:
    """The stages' timings; also the words the baseline indexed.

    ``build`` is ``lawsearch build`` and ``baseline`` is ``baseline_index.py``, each in a
    process of its own as a user runs them, alternating so both see the same load; their
    times are CPU seconds (user + system), which another process on the machine disturbs
    far less than wall time (``build-wall``, ``baseline-wall``)."""
    first, runs = timed(lambda: build_corpus(root, strict=False), repeat)
    timings = [Timing("parse", first, runs, cold)]
    corpus = build_corpus(root, strict=False)
    with tempfile.TemporaryDirectory(prefix="bench-build-") as out:
        first, runs = timed(lambda: write_json(Path(out) / "corpus.json", corpus_document(build_corpus(root, strict=False))),
                            repeat)
        timings.append(Timing("json", first, runs, False))
    with tempfile.TemporaryDirectory(prefix="bench-index-") as out:
        runs_made = iter(range(repeat + 1))
        first, runs = timed(lambda: index_stage(root, corpus, Path(out) / f"index{next(runs_made)}"), repeat)
        timings.append(Timing("index", first, runs, False))
    lawsearch = str(Path(sys.executable).parent / "lawsearch")
    builds, baselines = [], []
    with tempfile.TemporaryDirectory(prefix="bench-build-") as out:
        for n in range(repeat + 1):
            target = Path(out) / f"build{n}"
            builds.append(child([lawsearch, "build", "-v", "--corpus", str(root), "--out", str(target)]))
            baselines.append(child([sys.executable, str(BASELINE), str(target / "corpus.json"), str(Path(out) / f"baseline{n}")]))
        words = baseline_index.words(baseline_index.documents(json.loads((target / "corpus.json").read_text(encoding="utf-8"))))
    for name, runs_of in (("build", builds), ("baseline", baselines)):
        timings.append(Timing(name, runs_of[0][0], [cpu for cpu, _, _ in runs_of[1:]], False))
        timings.append(Timing(f"{name}-wall", runs_of[0][1], [wall for _, wall, _ in runs_of[1:]], False))
    # peak RSS in MB, shown in the "s" columns: the most any run took
    timings.append(Timing("build-RSS-MB", builds[0][2] / 1e6, [max(r[2] for r in builds) / 1e6], False))
    return corpus, timings, words


def read_throughput(formats: list[str], scale: int, seed: int, repeat: int) -> None:
    """Read the synthetic corpus written in each format (``sources.read_corpus_folder``:
    the format's reader, decoding, the manifest) and print MB/s of the files and of the
    text they hold. CPU seconds, best of ``repeat`` after one untimed run."""
    from lawsearch.sources import read_corpus_folder

    print(f"read throughput per format at x{scale} (make_corpus.py --scale {scale} --seed {seed} --format FMT):")
    print(f"  {'format':<8} {'file MB':>8} {'text MB':>8} {'made s':>7} {'best s':>7} {'file MB/s':>10} {'text MB/s':>10}")
    with tempfile.TemporaryDirectory(prefix="bench-formats-") as tmp:
        for fmt in formats:
            root = Path(tmp) / fmt / "corpus"
            start = time.perf_counter()
            subprocess.run([sys.executable, str(MAKE_CORPUS), "--scale", str(scale), "--seed", str(seed),
                            "--out", str(root), "--format", fmt], check=True, stderr=subprocess.DEVNULL)
            made = time.perf_counter() - start
            folder = read_corpus_folder(root)
            file_mb = sum((root.parent / s.path).stat().st_size for s in folder.sources) / 1e6
            text_mb = sum(len(line.encode()) + 1 for lines in folder.texts.values() for line in lines) / 1e6
            _, runs = timed(lambda: read_corpus_folder(root), repeat)
            best = min(runs)
            print(f"  {fmt:<8} {file_mb:>8.3f} {text_mb:>8.3f} {made:>7.1f} {best:>7.3f} {file_mb / best:>10.3f} "
                  f"{text_mb / best:>10.3f}", flush=True)
            shutil.rmtree(root.parent)
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time read → clean → pages → structure → references, the index and the whole build "
                    "on the seeds and on synthetic corpora, against a plain whoosh + Snowball script.",
        epilog="example: .venv/bin/python benchmarks/bench_pipeline.py --scale 10 50 --repeat 5",
    )
    parser.add_argument("--scale", type=int, nargs="+", default=[10, 50, 100],
                        help="synthetic corpus sizes, in copies of the seeds (default 10 50 100; 0: seeds only)")
    parser.add_argument("--seed", type=int, default=1, help="seed of make_corpus.py (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per stage after the first (default 3)")
    parser.add_argument("--formats", nargs="*", default=None, metavar="FMT",
                        help="time reading the synthetic corpus written in each format (make_corpus.py --format) "
                             f"at --read-scale; no FMT: all of {' '.join(make_corpus.FORMATS)}")
    parser.add_argument("--read-scale", type=int, default=50, help="scale of the formats' corpora (default 50)")
    parser.add_argument("--formats-only", action="store_true", help="time only the readers (with --formats)")
    args = parser.parse_args(argv)
    if args.formats is not None:
        read_throughput(args.formats or list(make_corpus.FORMATS), args.read_scale, args.seed, args.repeat)
        if args.formats_only:
            return 0
    if args.repeat < 1 or any(s < 0 for s in args.scale):
        parser.error("--repeat must be at least 1 and --scale at least 0")

    rows: list[tuple[str, float, dict[str, int], Timing]] = []
    per_scale: dict[int, tuple[dict[str, Timing], int]] = {}
    seeds_corpus, timings, words = bench(SEEDS, args.repeat, cold=True)
    seeds = parse_report(seeds_corpus)
    print("seeds: " + ", ".join(f"{k} {v}" for k, v in seeds.items()))
    rows += [("seeds", input_bytes(SEEDS, seeds_corpus) / 1e6, seeds, t) for t in timings]
    per_scale[1] = ({t.stage: t for t in timings}, words)

    with tempfile.TemporaryDirectory(prefix="bench-corpora-") as tmp:
        for scale in [s for s in args.scale if s]:
            name = f"synthetic x{scale}"
            root = Path(tmp) / f"x{scale}" / "corpus"
            made = make_synthetic(scale, args.seed, root)
            print(f"{name}: made by make_corpus.py --scale {scale} --seed {args.seed} in {made:.2f} s")
            check_like_seeds(name, root, seeds, scale)
            corpus, timings, words = bench(root, args.repeat, cold=False)
            rows += [(name, input_bytes(root, corpus) / 1e6, parse_report(corpus), t) for t in timings]
            per_scale[scale] = ({t.stage: t for t in timings}, words)

    print()
    header = f"{'corpus':<15} {'MB':>6} {'nodes':>6} {'refs':>6}  {'stage':<13} {'first s':>9} {'best s':>8} {'median s':>9} {'MB/s':>7}"
    print(header)
    print("-" * len(header))
    for name, mb, report, t in rows:
        first = f"{t.first:.3f}" + ("*" if t.cold and t.stage == "parse" else " ")
        print(f"{name:<15} {mb:>6.3f} {report['nodes']:>6} {report['refs']:>6}  {t.stage:<13} {first:>9} "
              f"{t.best:>8.3f} {t.median:>9.3f} {mb / t.best:>7.3f}")
    print(f"\nbest and median of {args.repeat} warm runs; first = the run before them "
          f"(* cold: the process's first parse, loading the pymorphy3 dictionary)")

    print("\nagainst a plain whoosh + Snowball script indexing the same nodes (best times, same run):")
    for scale, (stages, words) in per_scale.items():
        base = stages["baseline"].best
        print(f"  {'seeds' if scale == 1 else f'x{scale}':>6}: build {stages['build'].best / base:5.2f} x baseline "
              f"(CPU; wall {stages['build-wall'].best / stages['baseline-wall'].best:.2f} x); "
              f"words/s: index stage {words / stages['index'].best:,.0f} (in process), baseline script {words / base:,.0f}")
    synthetic = sorted(s for s in per_scale if s > 1)
    for small, large in zip(synthetic, synthetic[1:]):
        exponent = {stage: math.log(per_scale[large][0][stage].best / per_scale[small][0][stage].best)
                    / math.log(large / small) for stage in ("build", "index", "baseline")}
        print(f"  growth exponent x{small} -> x{large}: " + ", ".join(f"{k} {v:.2f}" for k, v in exponent.items()))
    print("\nissue 11's targets (this run):")
    for scale in (50, 100):
        if scale in per_scale:
            stages = per_scale[scale][0]
            ratio = stages["build"].best / stages["baseline"].best
            print(f"  build x{scale}: {ratio:.2f} x baseline (target <= 4)")
    if 50 in per_scale and 100 in per_scale:
        b = math.log(per_scale[100][0]["build"].best / per_scale[50][0]["build"].best) / math.log(2)
        print(f"  build growth exponent x50 -> x100: {b:.2f} (target <= 1.05)")
    if 10 in per_scale and 100 in per_scale:
        small, large = per_scale[10][0]["build-RSS-MB"].best, per_scale[100][0]["build-RSS-MB"].best
        print(f"  build peak RSS x10 {small:.0f} MB, x100 {large:.0f} MB: {large / small:.2f} x (target <= 1.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
