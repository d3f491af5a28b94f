"""Export benchmark: time of each export format on the seeds and on a synthetic corpus.

    python benchmarks/bench_export.py            # seeds and 50x
    python benchmarks/bench_export.py --scale 0  # seeds only
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOCABULARY = ROOT / "lawsearch" / "profiles" / "bridge"  # the built-in profile's lexicon and glossary
sys.path.insert(0, str(ROOT))

from lawsearch.analysis import Lexicon  # noqa: E402
from lawsearch.build import corpus_document  # noqa: E402
from lawsearch.corpus import build_corpus  # noqa: E402
from lawsearch.export import to_conllu, to_tei, to_tmx  # noqa: E402


def run(name: str, corpus_dir: Path, repeat: int) -> None:
    corpus = build_corpus(corpus_dir)
    lexicon = Lexicon.load(VOCABULARY / "lexicon.toml").forms
    formats = {
        "json": lambda: json.dumps(corpus_document(corpus), ensure_ascii=False, indent=1),
        "conllu": lambda: to_conllu(corpus, lexicon),
        "tmx": lambda: to_tmx(corpus),
        "tei": lambda: to_tei(corpus),
    }
    for fmt, make in formats.items():
        make()  # warm (the dictionary, caches)
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            text = make()
            times.append(time.perf_counter() - t)
        print(f"{name:14} {fmt:7} best {min(times):6.2f} s  {len(text.encode()) / 1e6:7.2f} MB", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    run("seeds", ROOT / "corpus", args.repeat)
    if args.scale:
        work = Path(tempfile.mkdtemp(prefix="bench-export-"))
        try:
            synthetic = work / f"syn{args.scale}"
            subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", str(args.scale),
                            "--seed", str(args.seed), "--out", str(synthetic)], check=True, capture_output=True)
            run(f"synthetic {args.scale}x", synthetic, args.repeat)
        finally:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
