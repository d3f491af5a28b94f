"""Where a whole ``lawsearch build`` spends its time: CPU time per stage, and with
``--profile`` the top entries of a cProfile run.

Stages are timed by wrapping the functions ``lawsearch.build.build`` calls (those that
exist in the checked-out code: older and newer versions of the package name them the
same way), so the figures add up to the build's own time; nested stages (the index's
``meta``, the site's ``concordance``) are shown indented under the stage that calls them.

    .venv/bin/python benchmarks/make_corpus.py --scale 50 --seed 1 --out /tmp/syn50
    .venv/bin/python benchmarks/profile_build.py --corpus /tmp/syn50
    .venv/bin/python benchmarks/profile_build.py --corpus /tmp/syn50 --profile --top 25
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import importlib
import io
import pstats
import sys
import tempfile
import time
from pathlib import Path

# (module, attribute or Class.method, label, depth): the build's stages in the order they run
STAGES = [
    ("lawsearch.build", "parse_folder", "parse (read, clean, pages, tree, references)", 0),
    ("lawsearch.build", "write_json", "corpus.json", 0),
    ("lawsearch.analysis", "analyse_corpus", "analysis pass (tokens and terms, once)", 0),
    ("lawsearch.index", "build_index", "index (whoosh + meta.json)", 0),
    ("lawsearch.index", "meta", "meta.json (forms table, vocabulary)", 1),
    ("lawsearch.index", "FormWords.add", "forms: lemmas' forms generated", 2),
    ("lawsearch.index", "FormWords.table", "forms: each form's terms", 2),
    ("lawsearch.index", "family_table", "word families", 2),
    ("lawsearch.index", "correction_vocabulary", "vocabulary for corrections", 2),
    ("lawsearch.index", "real_neighbours", "real words next to corpus words", 2),
    ("lawsearch.tables", "WordTable.write", "forms.txt and neighbours.txt", 1),
    ("lawsearch.site", "SiteBuilder.write", "site pages", 0),
    ("lawsearch.site", "SiteBuilder.concordance", "concordance page", 1),
    ("lawsearch.site", "search_payload", "browser search data", 0),
    ("lawsearch.pieces", "split", "search data split into core and chunks", 0),
    ("lawsearch.pieces", "write_pieces", "search data chunks written", 0),
    ("lawsearch.site", "SiteBuilder.write_single", "single file", 0),
]


def wrap_stages(totals: dict[str, float]) -> None:
    """Replace each stage function by one that adds its CPU time (this process's, user and
    system: what other processes on a shared machine disturb least) to ``totals``."""
    for module_name, attribute, label, _ in STAGES:
        module = importlib.import_module(module_name)
        owner, name = module, attribute
        if "." in attribute:
            owner_name, name = attribute.split(".")
            owner = getattr(module, owner_name)
        function = getattr(owner, name, None)
        if function is None:
            continue  # a stage this version of the code does not have

        def timed(*args, _function=function, _label=label, **kwargs):
            start = time.process_time()
            try:
                return _function(*args, **kwargs)
            finally:
                totals[_label] = totals.get(_label, 0.0) + time.process_time() - start

        setattr(owner, name, functools.wraps(function)(timed))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, required=True, help="corpus folder to build")
    parser.add_argument("--single-file", action="store_true", help="also write the single file")
    parser.add_argument("--profile", action="store_true", help="run under cProfile and print the top entries")
    parser.add_argument("--top", type=int, default=20, help="profile entries to print (default 20)")
    parser.add_argument("--sort", default="cumulative", help="profile order: cumulative or tottime")
    args = parser.parse_args(argv)

    from lawsearch import morph
    from lawsearch.build import build

    morph.analyzer()  # load the dictionary outside the timings: the CLI pays it once too
    totals: dict[str, float] = {}
    wrap_stages(totals)
    with tempfile.TemporaryDirectory(prefix="profile-build-") as out:
        profiler = cProfile.Profile() if args.profile else None
        start = time.process_time()
        if profiler:
            profiler.enable()
        build(args.corpus, Path(out), lambda message: None, single_file=args.single_file)
        if profiler:
            profiler.disable()
        total = time.process_time() - start
    print(f"build of {args.corpus}: {total:.2f} CPU s" + (" (under cProfile)" if profiler else ""))
    accounted = 0.0
    for _, _, label, depth in STAGES:
        if label in totals:
            print(f"  {'  ' * depth}{label:<{48 - 2 * depth}} {totals[label]:7.2f} s")
            accounted += totals[label] if depth == 0 else 0.0
    print(f"  {'other (staging, writing, imports)':<48} {total - accounted:7.2f} s")
    if profiler:
        stream = io.StringIO()
        pstats.Stats(profiler, stream=stream).sort_stats(args.sort).print_stats(args.top)
        print(stream.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
