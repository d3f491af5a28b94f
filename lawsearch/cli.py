"""The ``lawsearch`` command line: options in, one library call, output out.

Data goes to stdout, progress and logs to stderr. Exit codes: 0 success, 1 a
well-formed request that failed (unknown ID, corpus error, damage left), 2 usage error.
"""

from __future__ import annotations

import functools
import json
import os
import shlex
import sys
from pathlib import Path

import click

from .model import CorpusError, collapse


def find_corpus(explicit: str | None) -> Path:
    """``--corpus DIR``, else ``$LAWSEARCH_CORPUS``, else the nearest ``corpus/`` folder in the
    current directory or its parents (as git finds ``.git``)."""
    if explicit:
        path = Path(explicit)
    elif os.environ.get("LAWSEARCH_CORPUS"):
        path = Path(os.environ["LAWSEARCH_CORPUS"])
    else:
        here = Path.cwd().resolve()
        path = next((d / "corpus" for d in (here, *here.parents) if (d / "corpus" / "manifest.toml").is_file()), None)
        if path is None:
            raise click.ClickException(
                "no corpus/ folder with a manifest.toml here or in any parent folder; "
                "run from the project folder or pass --corpus DIR")
    if not path.is_dir():
        raise click.ClickException(f"{path}: no such corpus folder")
    return path


def corpus_options(command):
    """``--corpus`` and ``--out``, shared by every command that reads the corpus."""
    @click.option("--corpus", "corpus_dir", metavar="DIR", envvar="LAWSEARCH_CORPUS",
                  help="The corpus folder (default: $LAWSEARCH_CORPUS, else the nearest corpus/ folder).")
    @click.option("--out", "out_dir", metavar="DIR",
                  help="Where builds go (default: build/ beside the corpus folder).")
    @functools.wraps(command)
    def wrapper(*args, corpus_dir, out_dir, **kwargs):
        root = find_corpus(corpus_dir)
        out = Path(out_dir) if out_dir else root.resolve().parent / "build"
        try:
            return command(*args, root=root, out=out, **kwargs)
        except CorpusError as e:
            raise click.ClickException(error_message(e)) from None
    return wrapper


def error_message(error: CorpusError, limit: int = 5) -> str:
    """The problems of a failed run, in file order, at most ``limit`` of them; repeats of
    one error collapsed into it with their count."""
    problems = sorted(collapse(error.problems), key=lambda p: (p.path or "", p.line or 0))
    lines = [str(p) for p in problems[:limit]]
    if len(problems) > limit:
        lines.append(f"… and {len(problems) - limit} more like these (`lawsearch check` lists them all)")
    return "\n".join(lines)


def _quiet_broken_pipe() -> None:
    """`lawsearch clean FILE | head` must end quietly when head stops reading."""
    import signal

    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)


_quiet_broken_pipe()


def progress(message: str) -> None:
    click.echo(message, err=True)


def quiet(message: str) -> None:
    pass


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="lawsearch")
def main() -> None:
    """lawsearch: the Laws of Duplicate Bridge (Russian translation of the 1987 code) as a
    searchable, cross-referenced corpus built from damaged raw text.

    \b
    Start with:
      lawsearch build              # corpus/ → build/corpus.json
      lawsearch show 50E           # one rule, what it cites and what cites it
      lawsearch check              # what the corpus holds, what the book lacks
    """


@main.command()
@corpus_options
@click.option("-q", "--quiet", "silent", is_flag=True, help="No progress messages.")
@click.option("--single-file", is_flag=True,
              help="Also write OUT/lawsearch.html: the whole site, search included, in one file for a phone.")
def build(root: Path, out: Path, silent: bool, single_file: bool) -> None:
    """Build everything into OUT (default build/): the corpus tree corpus.json, the search
    index index/, and the static site site/ (open site/index.html in a browser, no server).

    The build is atomic: it is written to a staging folder and swapped in only when
    complete, so a failed build leaves the previous output intact.

    \b
    Example:
      lawsearch build
      lawsearch build --single-file          # also build/lawsearch.html, one file for a phone
      lawsearch build --corpus ~/laws/corpus --out /tmp/laws-build
    """
    from .build import build as run_build

    corpus = run_build(root, out, quiet if silent else progress, single_file=single_file)
    for p in corpus.problems:
        if p.severity == "warning":
            click.echo(f"warning: {p}", err=True)
    if not silent:
        laws = sum(1 for n in corpus.nodes if n.kind == "law")
        click.echo(f"built {out}: {laws} laws, {len(corpus.nodes)} nodes, {len(corpus.refs)} references; "
                   f"open {out / 'site' / 'index.html'}", err=True)


@main.command()
@corpus_options
@click.option("--format", "fmt", type=click.Choice(["json", "conllu", "tmx", "tei"]), default="json", show_default=True,
              help="json: the corpus tree; conllu: tokens with lemma, UPOS and features; tmx: Russian-English "
                   "translation units; tei: TEI P5 XML of the tree.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write to FILE instead of stdout.")
def export(root: Path, out: Path, fmt: str, output: str | None) -> None:
    """Export the corpus (builds it in memory if build/ is stale).

    \b
    Example:
      lawsearch export --format json -o laws.json
      lawsearch export --format conllu -o laws.conllu     # for UD tools and concordancers
      lawsearch export --format tmx -o laws.tmx           # for translation memories
      lawsearch export --format tei -o laws.xml
    """
    from .build import corpus_document, load_corpus, write_text

    corpus = load_corpus(root, out, quiet)
    if fmt == "json":
        text = json.dumps(corpus_document(corpus), ensure_ascii=False, indent=1) + "\n"
    else:
        from importlib.metadata import version

        from . import export as exports
        from .analysis import Lexicon
        from .sources import read_corpus_folder

        if fmt == "conllu":
            folder = read_corpus_folder(root)
            text = exports.to_conllu(corpus, Lexicon.load(folder.data_files.get("lexicon")).forms)
        elif fmt == "tmx":
            text = exports.to_tmx(corpus, version("lawsearch"))
        else:
            text = exports.to_tei(corpus)
    if output:
        write_text(Path(output), text)
        click.echo(f"wrote {output}", err=True)
    else:
        click.echo(text, nl=False)


@main.command()
@corpus_options
@click.argument("node_id", metavar="ID")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.option("--lang", type=click.Choice(["ru", "en", "both"]), default="ru", show_default=True,
              help="Which text to show: the Russian, the English (where a source gives it), or both.")
def show(root: Path, out: Path, node_id: str, as_json: bool, lang: str) -> None:
    """Show one node: its text, children, footnotes, commentary and references both ways.

    ID may be written as in the book or by hand: 50E1, 50e1, 50Е1 (Cyrillic Е),
    "правило 50E1", "Law 50E1", 47E2(a), 48.4 (commentary), div-razdel-46, fn-84-1.

    \b
    Example:
      lawsearch show 50E
      lawsearch show 50E --lang both     # the Russian and the English text
      lawsearch show "правило 53" --json
    """
    from .build import load_corpus
    from .show import as_dict, describe, resolve

    if not node_id.strip():
        raise click.UsageError("the ID is empty; try: lawsearch show 50E")
    corpus = load_corpus(root, out, quiet)
    resolved = resolve(corpus, node_id)
    if as_json:
        click.echo(json.dumps(as_dict(corpus, resolved), ensure_ascii=False, indent=1))
    else:
        click.echo(describe(corpus, resolved, lang), nl=False)


@main.command()
@corpus_options
def check(root: Path, out: Path) -> None:
    """Report on the corpus: sources and repairs, pages, pieces, nodes by kind and by
    placement rule, gaps, missing laws, unplaced pieces, references by status.

    Exits 1 when damage is left in the output, a curation statement contradicts the
    text, or the input has another error.

    \b
    Example:
      lawsearch check && echo sound
    """
    from .build import load_corpus
    from .check import quality_report

    from .corpus import lexicon_words
    from .sources import read_corpus_folder

    words = lexicon_words(read_corpus_folder(root))  # read before parsing: the two never share memory
    corpus = load_corpus(root, out, quiet, strict=False)
    report = quality_report(corpus, words)
    click.echo(report.text(), nl=False)
    for error in report.errors:
        click.echo(f"error: {error}", err=True)
    if report.errors:
        sys.exit(1)


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--explain", is_flag=True, help="After each changed raw line, name the rules that changed it.")
@click.option("--kind", type=click.Choice(["laws", "commentary"]),
              help="How to read the file (default: as its manifest says, else laws).")
@click.option("--encoding", type=click.Choice(["auto", "utf-8", "cp1251", "cp866", "koi8-r"], case_sensitive=False),
              help="Encoding (default: as its manifest says, else detected).")
def clean(file: str, explain: bool, kind: str | None, encoding: str | None) -> None:
    """Print the cleaned text of one raw file, one logical line per line.

    With --explain, each raw line a rule changed is shown before and after, with the
    names of the rules (see lawsearch/clean.py for what each does).

    \b
    Example:
      lawsearch clean corpus/laws/ru/000_58dbb1f2fde933c1.txt --explain | less
    """
    from .clean import clean_lines
    from .sources import LINE_BREAK, decode, read_corpus_folder

    path = Path(file)
    declared_kind, declared_encoding = None, None
    manifest = next((d for d in path.resolve().parents if (d / "manifest.toml").is_file()), None)
    if manifest is not None:
        try:
            folder = read_corpus_folder(manifest)
            source = next((s for s in folder.sources if (manifest.parent / s.path).resolve() == path.resolve()), None)
            if source is not None:
                declared_kind, declared_encoding = source.kind, source.encoding
        except CorpusError:
            pass  # a broken manifest elsewhere should not stop cleaning this one file
    try:
        text, _ = decode(path.read_bytes(), (encoding or declared_encoding or "auto").lower(), str(path))
    except CorpusError as e:
        raise click.ClickException(error_message(e)) from None
    raw = LINE_BREAK.split(text)
    if raw and raw[-1] == "":
        raw.pop()
    cleaned = clean_lines(raw, path.stem, kind or declared_kind or "laws")
    if not explain:
        for line in cleaned.lines:
            click.echo(line.text)
        return
    by_line = cleaned.rules_by_line()
    outputs: dict[int, list[str]] = {}
    for line in cleaned.lines:
        outputs.setdefault(line.first, []).append(line.text)
    for n, before in enumerate(raw, 1):
        rules = by_line.get(n)
        if not rules:
            for after in outputs.get(n, []):
                click.echo(f"{n:>5}   {after}")
            continue
        click.echo(f"{n:>5}   [{', '.join(rules)}]")
        click.echo(f"      - {before}")
        for after in outputs.get(n, []):
            click.echo(f"      + {after}")


@main.command()
@corpus_options
@click.argument("query", nargs=-1, required=True)
@click.option("-n", "--limit", default=10, show_default=True, type=click.IntRange(1), help="How many hits.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (query, corrected_query, suggestions, hits) instead of text.")
def search(root: Path, out: Path, query: tuple[str, ...], limit: int, as_json: bool) -> None:
    """Search the laws and commentary by any word form, phrase, ID or English term.

    \b
    Plain words match every form and must all match:   штрафными картами
    Quoted phrases match in any inflection:             "ход вне очереди"
    OR, NOT or -word, and word* prefixes:               болван OR онер -младшая
    (quote a query with -word, or put -- before it:     lawsearch search -- онер -младшая)
    Filters:                                            law:50  kind:commentary  lang:en
    An ID or citation jumps to it, then who cites it:   50E   "правило 53"   "Law 50E1"
    English terms go through the glossary:              penalty card   revoke

    Matched words are highlighted on a terminal. Run `lawsearch build` first.

    \b
    Example:
      lawsearch search штрафными картами
      lawsearch search '"ход вне очереди" law:54' --json
    """
    from .query import Searcher

    text = " ".join(query).strip()
    if not text:
        raise click.UsageError("the query is empty; try: lawsearch search штрафными картами")
    index_dir = out / "index"
    if not index_dir.is_dir():
        hint = "lawsearch build" + (f" --corpus {root}" if root.resolve() != (Path.cwd() / "corpus").resolve() else "") \
            + (f" --out {out}" if out.resolve() != (root.resolve().parent / "build") else "")
        raise click.ClickException(f"{index_dir}: no search index yet; run `{hint}` first")
    searcher = Searcher(index_dir)
    fresh = _index_is_fresh(root, searcher.meta.get("inputs"))
    if not fresh:
        click.echo(f"note: {index_dir} is older than the corpus; run `lawsearch build` to refresh it", err=True)
    result = searcher.search(text, limit)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=1))
        return
    click.echo(format_result(result))


def _index_is_fresh(root: Path, inputs: str | None) -> bool:
    from .sources import read_corpus_folder

    try:
        return read_corpus_folder(root).inputs == inputs
    except CorpusError:
        return False


def format_result(result) -> str:
    """Hits grouped by law, the matched words in bold yellow (click drops the colour when
    the output is not a terminal)."""
    lines: list[str] = []
    if result.corrected_query:
        lines.append(f"No hits for {result.query!r}; showing results for {result.corrected_query!r}.")
    if not result.hits:
        lines.append(f"Nothing matches {result.query!r}.")
        if result.suggestions:
            lines.append("Did you mean: " + ", ".join(repr(s) for s in result.suggestions) + "?")
        lines.append("Try fewer words, a word* prefix, or an ID like 50E.")
        return "\n".join(lines)
    by_id = {h.id: h for h in result.hits}
    printed = 0
    for group in _groups(result.hits) if result.kind == "text" else [{"shown": [h.id for h in result.hits], "more": 0}]:
        printed += len(group["shown"])
        for node_id in group["shown"]:
            hit = by_id[node_id]
            heading = f"Правило {hit.id}" if hit.kind == "law" else hit.id
            title = f". {hit.title}" if hit.title else ""
            lines.append(click.style(f"{heading}{title}", bold=True) + click.style(f"   {hit.url}", dim=True))
            if hit.snippet and hit.snippet != hit.title:
                lines.append("    " + _highlight(hit.snippet, hit.highlights))
        if group["more"] and group.get("law"):
            again = shlex.quote(f"law:{group['law']} {result.corrected_query or result.query}")
            lines.append(click.style(f"    … and {group['more']} more in law {group['law']}: lawsearch search {again}",
                                     dim=True))
        lines.append("")
    more = f" (showing {printed} of {result.total}; --limit for more)" if result.total > printed else ""
    if result.kind == "text":
        lines.append(f"{result.total} {'hit' if result.total == 1 else 'hits'}{more}")
    else:
        citing = result.total - 1
        who = "nothing in the corpus cites it" if not citing else \
            f"then the {'node' if citing == 1 else f'{citing} nodes'} citing it"
        lines.insert(0, f"{result.query}: {result.hits[0].id}, {who}" + (
            f"\n(no {result.target} in our text; showing its law)" if result.target != result.hits[0].id else "") + "\n")
    return "\n".join(lines)


def _groups(hits):
    from .query import groups

    return groups(hits)


def _highlight(snippet: str, spans: list[list[int]]) -> str:
    out, pos = "", 0
    for start, end in spans:
        out += snippet[pos:start] + click.style(snippet[start:end], fg="yellow", bold=True)
        pos = end
    return out + snippet[pos:]


def _check_law(corpus, law: str | None) -> None:
    """--law takes a law number of the corpus ("50"), not a clause or a citation."""
    if law is None:
        return
    node = corpus.node(law.strip())
    if node is None or node.kind != "law":
        laws = [n.id for n in corpus.nodes if n.kind == "law"]
        raise click.ClickException(f"no law {law!r} in the corpus; --law takes a law number ({laws[0]}-{laws[-1]})")
    if node.missing and not corpus.commentary(node.id):
        raise click.ClickException(f"law {law} has no text in the corpus")


def _analysis(root: Path):
    from .analysis import Analysis, Lexicon
    from .sources import read_corpus_folder

    return Analysis(Lexicon.load(read_corpus_folder(root).data_files.get("lexicon")))


@main.command()
@corpus_options
@click.argument("word", nargs=-1, required=True)
@click.option("--sort", type=click.Choice(["node", "left", "right"]), default="node", show_default=True,
              help="Reading order, or by the words before (nearest first) or after the match.")
@click.option("--width", default=40, show_default=True, type=click.IntRange(5, 200), help="Characters of context each side.")
@click.option("--law", help="Only this law (and its commentary).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of {node, left, match, right, url}.")
def kwic(root: Path, out: Path, word: tuple[str, ...], sort: str, width: int, law: str | None, as_json: bool) -> None:
    """Key word in context: every form of a word's lemma (or of a phrase's), in its context.

    \b
    Example:
      lawsearch kwic штрафная карта
      lawsearch kwic вистующий --sort right --width 30
      lawsearch kwic онер --json
    """
    from .build import load_corpus
    from .concordance import kwic as find

    text = " ".join(word).strip()
    if not text:
        raise click.UsageError("the word is empty; try: lawsearch kwic штрафная карта")
    corpus = load_corpus(root, out, quiet)
    _check_law(corpus, law)
    analysis = _analysis(root)
    if not analysis.terms(text):
        raise click.UsageError(f"{text!r} is only stop words (и, в, на …), which the lemma index leaves out")
    lines = find(corpus, analysis, text, width, sort, law)
    if as_json:
        click.echo(json.dumps([l.to_dict() for l in lines], ensure_ascii=False, indent=1))
        return
    if not lines:
        click.echo(f"No form of {' '.join(word)!r} in the corpus text.")
        return
    for l in lines:
        click.echo(f"{l.node:>8}  {l.left:>{width}} " + click.style(l.match, bold=True, fg="yellow") + f" {l.right}")
    click.echo(f"{len(lines)} occurrence{'s' if len(lines) != 1 else ''}", err=True)


@main.command()
@corpus_options
@click.option("--law", help="Only this law (and its commentary); default: the whole corpus.")
@click.option("-n", "--limit", default=30, show_default=True, type=click.IntRange(1), help="How many lemmas.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: [[lemma, count], …].")
def freq(root: Path, out: Path, law: str | None, limit: int, as_json: bool) -> None:
    """Lemma frequencies of the law text and commentary (the index's stop words -- и, в, на,
    … -- left out; не, или, если and the like are counted: they matter in law text).

    \b
    Example:
      lawsearch freq
      lawsearch freq --law 50 -n 10
    """
    from .build import load_corpus
    from .concordance import freq as count

    corpus = load_corpus(root, out, quiet)
    _check_law(corpus, law)
    rows = count(corpus, _analysis(root), law)[:limit]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False))
        return
    for lemma, n in rows:
        click.echo(f"{n:6}  {lemma}")
