"""Word families benchmark: time to generate the families of a vocabulary, how many there
are and how big, on

* the seed corpus's lemmas and the 50x synthetic corpus's (``benchmarks/make_corpus.py``);
* a large vocabulary: every verb and every -ние/-тие noun the pymorphy3 dictionary has as
  a lemma (listing them walks the whole dictionary, ~100 s; ``--words FILE`` keeps the
  list between runs).

With ``--sample FILE`` it also writes the precision sample: 200 families of two or more
members drawn with a fixed seed from the large vocabulary's table, one per line
(``n``, members, links with their rules, an empty ``verdict`` column for a reader).
``--table FILE`` writes the whole large table in the build's readable format.

    .venv/bin/python benchmarks/bench_families.py --scale 50
    .venv/bin/python benchmarks/bench_families.py --scale 0 --words /tmp/dict-words.txt \\
        --sample tests/data/families-sample.tsv

Prints figures; asserts nothing (tests/test_families.py does that).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOCABULARY = ROOT / "lawsearch" / "profiles" / "bridge"  # the built-in profile's lexicon and glossary
sys.path.insert(0, str(ROOT))

from lawsearch import families as fam  # noqa: E402
from lawsearch import morph  # noqa: E402
from lawsearch.analysis import Analysis, Lexicon  # noqa: E402
from lawsearch.corpus import build_corpus  # noqa: E402

# Round 2's seed; round 1 (seed 20240610, judged 181/200) is tests/data/families-sample-1.tsv.
# A new round after a change of rules takes a new seed, so that the rules are never judged
# on the families they were tightened on (draws with seeds 20250612, 1 and 2 were read
# while the round-2 rules were written; this one was not).
SAMPLE_SEED = 20250701
SAMPLE_ROUND = 2
SAMPLE_SIZE = 200


def corpus_lemmas(corpus_dir: Path) -> tuple[set[str], set[str]]:
    """The Cyrillic lemmas of a corpus's titles, texts and footnotes; the lexicon's lemmas."""
    corpus = build_corpus(corpus_dir)
    lexicon = Lexicon.load(VOCABULARY / "lexicon.toml")
    analysis = Analysis(lexicon)
    lemmas: set[str] = set()
    texts = [t for n in corpus.nodes for t in (n.title, n.text) if t] + [f.text for f in corpus.footnotes]
    for text in texts:
        for terms in analysis.terms(text):
            lemmas.update(t for t in terms if any("а" <= c <= "я" for c in t))
    return lemmas, set(lexicon.forms.values())


def dictionary_words() -> list[str]:
    """Every verb lemma and every -ние/-тие noun lemma of the dictionary, ё folded."""
    dictionary = morph.analyzer().dictionary
    words: set[str] = set()
    for word, (paradigm, index) in dictionary.words.iteritems():
        if index:
            continue
        pos = dictionary.build_tag_info(paradigm, 0).POS
        if pos == "INFN" or (pos == "NOUN" and word.endswith(("ние", "тие"))):
            words.add(word.replace("ё", "е"))
    return sorted(words)


def report(name: str, lemmas, standalone=()) -> fam.FamilyTable:
    for value in vars(fam).values():  # a cold start: every lookup counted
        if hasattr(value, "cache_clear"):
            value.cache_clear()
    t = time.perf_counter()
    table = fam.build_families(lemmas, standalone)
    took = time.perf_counter() - t
    sizes = Counter(len(f.members) for f in table.families)
    covered = sum(1 for w in table.vocabulary if len(table.family(w)) > 1)
    print(f"{name}: {len(table.vocabulary)} lemmas, {covered} in a family; {len(table.families)} families, "
          f"{sum(len(f.members) for f in table.families)} words; {took:.1f} s")
    print("  sizes: " + ", ".join(f"{k}: {v}" for k, v in sorted(sizes.items())))
    rules = Counter(" ".join(link.rule.split(" ")[:2]).rstrip(",")
                    for f in table.families for link in f.links)
    print("  links: " + ", ".join(f"{k}: {v}" for k, v in rules.most_common()))
    return table


def write_sample(table: fam.FamilyTable, path: Path) -> None:
    """200 families drawn with a fixed seed, in reading order of their heads."""
    families = sorted(table.families, key=lambda f: sorted(f.members))
    drawn = random.Random(SAMPLE_SEED).sample(families, SAMPLE_SIZE)
    lines = [f"# Precision sample of word families (lawsearch/families.py), round {SAMPLE_ROUND}, drawn by",
             f"# benchmarks/bench_families.py with seed {SAMPLE_SEED} from the families of every verb and",
             "# -ние/-тие noun of the pymorphy3 dictionary. Judge each family by reading: 'ok' when every",
             "# member is a form, aspect partner or verbal noun of one word, so that a search for one",
             "# should find the others; 'wrong: member: reason' otherwise.",
             "n\tmembers\tlinks\tverdict"]
    for n, family in enumerate(sorted(drawn, key=fam.head), 1):
        first = fam.head(family)
        members = " ".join([first] + sorted(family.members - {first}))
        joined = "; ".join(f"{link.word} ~ {link.other}: {link.rule}" for link in family.links)
        lines.append(f"{n}\t{members}\t{joined}\t")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"sample of {SAMPLE_SIZE} written to {path}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=int, default=50, help="synthetic corpus size (0: seeds only)")
    ap.add_argument("--words", type=Path, help="list of dictionary words: read if it exists, else written")
    ap.add_argument("--sample", type=Path, help="write the precision sample here")
    ap.add_argument("--table", type=Path, help="write the large vocabulary's table here")
    ap.add_argument("--no-dictionary", action="store_true", help="skip the large vocabulary")
    args = ap.parse_args()

    lemmas, lexicon = corpus_lemmas(ROOT / "corpus")
    report("seed corpus", lemmas, lexicon)
    if args.scale:
        with tempfile.TemporaryDirectory() as work:
            synthetic = Path(work) / f"syn{args.scale}"
            subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", str(args.scale),
                            "--seed", "1", "--out", str(synthetic)], check=True, stdout=subprocess.DEVNULL)
            lemmas, lexicon = corpus_lemmas(synthetic)
        report(f"synthetic {args.scale}x", lemmas, lexicon)
    if args.no_dictionary:
        return
    if args.words and args.words.exists():
        words = args.words.read_text(encoding="utf-8").split()
    else:
        t = time.perf_counter()
        words = dictionary_words()
        print(f"listing the dictionary: {len(words)} words, {time.perf_counter() - t:.0f} s")
        if args.words:
            args.words.write_text("\n".join(words) + "\n", encoding="utf-8")
    verbs = [w for w in words if not w.endswith(("ние", "тие"))]
    report("dictionary verbs", verbs)
    table = report("dictionary verbs and -ние/-тие nouns", words)
    if args.table:
        fam.write_table(table, args.table)
    if args.sample:
        write_sample(table, args.sample)


if __name__ == "__main__":
    main()
