"""Pipeline benchmark: read → clean → pages → structure → references on the seeds and on a
synthetic corpus N times the seeds, plus writing build/corpus.json.

    python benchmarks/bench_pipeline.py                 # seeds and 50x
    python benchmarks/bench_pipeline.py --scale 10 --repeat 5

The first run in a process loads the pymorphy3 dictionary; it is reported apart ("cold"),
then the pipeline is timed warm, best and median of --repeat runs.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lawsearch.build import corpus_document, write_json  # noqa: E402
from lawsearch.corpus import build_corpus  # noqa: E402


def input_bytes(corpus: Path) -> int:
    return sum(p.stat().st_size for p in corpus.rglob("*.txt"))


def timed(corpus: Path, repeat: int, out: Path) -> tuple[float, float, object]:
    times = []
    result = None
    for _ in range(repeat):
        t = time.perf_counter()
        result = build_corpus(corpus)
        write_json(out / "corpus.json", corpus_document(result))
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times), result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=int, default=50, help="synthetic corpus size (0: seeds only)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-pipeline-"))
    try:
        t = time.perf_counter()
        build_corpus(ROOT / "corpus")
        print(f"cold first run on the seeds (dictionary load included): {time.perf_counter() - t:.2f} s")
        corpora = [("seeds", ROOT / "corpus")]
        if args.scale:
            synthetic = work / f"syn{args.scale}"
            subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", str(args.scale),
                            "--seed", str(args.seed), "--out", str(synthetic)], check=True, capture_output=True)
            corpora.append((f"synthetic {args.scale}x", synthetic))
        print(f"{'corpus':14} {'MB in':>7} {'nodes':>6} {'refs':>6} {'best s':>7} {'median s':>9} {'MB/s':>6}")
        for name, corpus in corpora:
            size = input_bytes(corpus) / 1e6
            best, median, result = timed(corpus, args.repeat, work)
            print(f"{name:14} {size:7.2f} {len(result.nodes):6} {len(result.refs):6} {best:7.2f} {median:9.2f} "
                  f"{size / best:6.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
