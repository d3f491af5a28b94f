"""The ``lawsearch`` command line: options in, one library call, output out.

Data goes to stdout, progress and logs to stderr. Exit codes: 0 success, 1 a
well-formed request that failed (unknown ID, corpus error, damage left), 2 usage error.
"""

from __future__ import annotations

import errno
import functools
import json
import os
import re
import shlex
import sys
from pathlib import Path

import click

from .problems import SOURCE_KINDS, CorpusError, collapse, json_escaped, os_fault, shorten, visible
from .profile import DEFAULT as DEFAULT_PROFILE, load_profile
from .program import interruptible, report

DEFAULT_LIMIT = 10  # hits of `lawsearch search`


def find_corpus(explicit: str | None, given_by: str = "--corpus") -> Path:
    """``--corpus DIR``, else ``$LAWSEARCH_CORPUS``, else the nearest ``corpus/`` folder in the
    current directory or its parents (as git finds ``.git``). ``given_by`` names where
    ``explicit`` came from, for the message when it is not a corpus folder."""
    if not explicit and os.environ.get("LAWSEARCH_CORPUS"):
        explicit, given_by = os.environ["LAWSEARCH_CORPUS"], "$LAWSEARCH_CORPUS"
    if not explicit:
        here = Path.cwd().resolve()
        path = next((d / "corpus" for d in (here, *here.parents) if (d / "corpus" / "manifest.toml").is_file()), None)
        if path is None:
            raise click.ClickException(
                "no corpus/ folder with a manifest.toml here or in any parent folder; "
                "run from the project folder or pass --corpus DIR")
        return path
    path = Path(explicit)
    if not path.is_dir():
        raise click.ClickException(f"{given_by} names {path}, but there is no such folder")
    if not (path / "manifest.toml").exists():
        from .dropin import holds_raw_files

        nested = path / "corpus"
        if not (nested / "manifest.toml").is_file() and holds_raw_files(path):
            return path  # raw files and no manifest: read with the detected values
        # a project folder is the usual slip: the corpus is its corpus/ subfolder
        hint = f"; did you mean {nested}?" if (nested / "manifest.toml").is_file() else \
            "; a corpus folder holds manifest.toml and the raw files it lists"
        raise click.ClickException(f"{given_by} names {path}, which has no manifest.toml{hint}")
    return path


def named(what: str):
    """A click callback for an option that names ``what`` ("a folder", "a file"): an empty
    name is a usage error, not the default (``--out "$UNSET"`` must not build into build/).

    >>> @click.option("--out", callback=named("a folder"))          # doctest: +SKIP
    """
    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value == "" and ctx.get_parameter_source(param.name) != click.core.ParameterSource.ENVIRONMENT:
            raise click.UsageError(f"{max(param.opts, key=len)} needs {what}, not an empty name", ctx)
        return value or None
    return check


def corpus_options(command=None, *, every_error: bool = False):
    """``--corpus`` and ``--out``, shared by every command that reads the corpus. A failed
    read shows five problems and the command that lists them all; ``every_error`` (for that
    command, ``check``) shows them all."""
    if command is None:
        return functools.partial(corpus_options, every_error=every_error)

    @click.option("--corpus", "corpus_dir", metavar="DIR", envvar="LAWSEARCH_CORPUS", callback=named("a folder"),
                  help="The corpus folder (default: $LAWSEARCH_CORPUS, else the nearest corpus/ folder).")
    @click.option("--out", "out_dir", metavar="DIR", callback=named("a folder"),
                  help="Where builds go (default: build/ beside the corpus folder).")
    @functools.wraps(command)
    def wrapper(*args, corpus_dir, out_dir, **kwargs):
        source = click.get_current_context().get_parameter_source("corpus_dir")
        root = find_corpus(corpus_dir, "$LAWSEARCH_CORPUS" if source == click.core.ParameterSource.ENVIRONMENT
                           else "--corpus")
        out = Path(out_dir) if out_dir else root.resolve().parent / "build"
        try:
            return command(*args, root=root, out=out, **kwargs)
        except CorpusError as e:
            raise click.ClickException(error_message(e, limit=None if every_error else 5,
                                                     check=command_line(["check"], root, out))) from None
    return wrapper


def error_message(error: CorpusError, limit: int | None = 5, check: str = "lawsearch check") -> str:
    """The problems of a failed run, in file order, at most ``limit`` of them, repeats of
    one error collapsed into it with their count; ``check`` is the command that lists them all."""
    problems = sorted(collapse(error.problems), key=lambda p: (p.path or "", p.line or 0))
    # each problem on its line as check prints it, "Error: …"; click adds the first "Error: "
    lines = [f"{p.severity.capitalize()}: {p}" for p in problems[:limit]]
    if limit is not None and len(problems) > limit:
        lines.append(f"… and {len(problems) - limit} more like these (`{check}` lists them all)")
    return "\n".join(lines).removeprefix("Error: ")


def corpus_arguments(root: Path, out: Path) -> list[str]:
    """``--corpus`` and ``--out`` as a hint must give them so that it finds this corpus and
    this output from the current folder: only where the defaults would find others."""
    try:
        default = find_corpus(None).resolve()
    except click.ClickException:
        default = None
    args = [] if default == root.resolve() else ["--corpus", str(root)]
    if out.resolve() != (root.resolve().parent / "build").resolve():  # both resolved: build/ may be a link
        args += ["--out", str(out)]
    return args


def command_line(words: list[str], root: Path, out: Path) -> str:
    """A command for a hint, that works as printed: ``lawsearch check --corpus /x/corpus``.

    Shell-quoted, with ``--corpus`` and ``--out`` where the defaults would not find them."""
    return shlex.join(["lawsearch", *words, *corpus_arguments(root, out)])


def search_command(query: str, root: Path, out: Path, limit: int | None = None) -> str:
    """``lawsearch search QUERY`` for a hint; a query starting with ``-`` goes after ``--``
    (else it would be read as an option)."""
    options = (["--limit", str(limit)] if limit and limit > DEFAULT_LIMIT else []) + corpus_arguments(root, out)
    words = [*options, "--", query] if query.startswith("-") else [query, *options]
    return shlex.join(["lawsearch", "search", *words])


def tell(message: str) -> None:
    """A line on stderr -- progress, a notice, an error -- best effort: a command must not
    fail because nobody reads its log (`lawsearch build 2>&1 | head -1`, `2>/dev/full`)."""
    try:
        click.echo(message, err=True)
    except OSError:
        pass


def quiet(message: str) -> None:
    pass


class OutputError(Exception):
    """Writing the command's output to stdout failed: a full disk, /dev/full."""

    def __init__(self, error: OSError):
        super().__init__(error.strerror)
        self.error = error


def emit(text: str = "", nl: bool = True, raw: bool = False) -> None:
    """Data to stdout (progress and errors go to stderr); a failure is an OutputError, for
    the command boundary to report. A reader that has gone (``lawsearch export | head``)
    is no failure: the rest of the output is dropped and the command ends as it would. The
    text is made ``visible`` -- no control or bidi character of a law text reaches the
    terminal raw -- unless ``raw``: JSON (``emit_json``), an export, or a line styled after
    its parts were made visible."""
    try:
        click.echo(text if raw else visible(text), nl=nl)
    except OSError as e:
        if not _reader_gone(e):
            raise OutputError(e) from None
        _silence_output()


def _reader_gone(error: OSError) -> bool:
    """A closed pipe: EPIPE (EINVAL on Windows)."""
    return error.errno == errno.EPIPE or (os.name == "nt" and error.errno == errno.EINVAL)


class WritesHelp:
    """click writes --help and --version while it parses a command line: a failed write
    there is a failed write of the output, reported as ``emit``'s are."""

    def make_context(self, *args, **kwargs) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except OSError as e:
            if not _reader_gone(e):
                raise OutputError(e) from None
            _silence_output()
            raise click.exceptions.Exit(0) from None  # the help was all the command had to do


class Command(WritesHelp, click.Command):
    """A lawsearch command (``@main.command()``)."""


def emit_json(data, indent: int | None = 1) -> None:
    """JSON to stdout, exact: what a terminal must not get raw is written as a ``\\uXXXX``
    escape, which JSON reads back as the same character."""
    emit(json_escaped(json.dumps(data, ensure_ascii=False, indent=indent)), raw=True)


class Boundary(WritesHelp, click.Group):
    """The command group with one boundary for faults from outside the program: whatever a
    command meets, the user gets one sentence, never a traceback.

    * stdout closed by its reader (``lawsearch export | head``): quiet; the exit status is
      the command's own (a closed pipe changes nothing else: see ``emit``);
    * stdout full (``> /dev/full``, a full disk): "cannot write the output: …", exit 1;
    * a file that cannot be read or written: its name and what is wrong, exit 1;
    * Ctrl-C or SIGTERM: "interrupted" (with what it left, where the command says), exit 130
      or 143 (128 + the signal, as shells report it; lawsearch.program).
    """

    command_class = Command

    def invoke(self, ctx: click.Context):
        try:
            try:
                with interruptible():  # lawsearch.program: a signal stops the command only here
                    result = super().invoke(ctx)
            except BaseException as e:
                _flush_output(quiet=isinstance(e, (KeyboardInterrupt, OutputError)))
                raise
            _flush_output()
            return result
        except KeyboardInterrupt as e:
            # a command may say what the interruption left ("interrupted; build/ is left as it was")
            raise click.exceptions.Exit(report(e.args[0] if e.args else None)) from None
        except OutputError as e:
            raise _output_fault(e.error) from None
        except OSError as e:
            if e.filename:  # "FILE: permission denied (check its owner and permissions)"
                raise click.ClickException(f"{e.filename}: {os_fault(e, Path(os.fsdecode(e.filename)))}") from None
            raise click.ClickException(os_fault(e)) from None

    def main(self, *args, **kwargs):
        # the group's own --help and --version are written by click outside invoke
        try:
            return super().main(*args, **kwargs)
        except OutputError as e:
            fault = _output_fault(e.error)
            tell(f"Error: {fault.message}")
            sys.exit(fault.exit_code)
        except OSError:  # click could not write a usage error to stderr: nobody to tell
            _silence_output()
            sys.exit(1)


def _output_fault(error: OSError) -> click.ClickException:
    _silence_output()
    return click.ClickException(f"cannot write the output: {error.strerror}")


def _flush_output(quiet: bool = False) -> None:
    """Output still buffered fails only when flushed; flush it here, not at exit, where
    Python can only print "Exception ignored …". A reader gone is no failure (``emit``)."""
    try:
        sys.stdout.flush()
    except OSError as e:
        if not quiet and not _reader_gone(e):
            raise OutputError(e) from None
        _silence_output()


def _silence_output() -> None:
    """Point stdout at the null device so that the flush at exit cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # no real file behind stdout (a test runner's buffer): nothing is flushed at exit


@click.group(cls=Boundary, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
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
@click.option("-v", "--verbose", is_flag=True, help="Print each stage's time, CPU time and peak memory (RSS).")
@click.option("--single-file", is_flag=True,
              help="Also write OUT/lawsearch.html: the whole site, search included, in one file for a phone.")
@click.option("--force", is_flag=True,
              help="Build into a folder that holds files lawsearch did not write; they are kept, never deleted.")
def build(root: Path, out: Path, silent: bool, verbose: bool, single_file: bool, force: bool) -> None:
    """Build everything into OUT (default build/): the corpus tree corpus.json, the search
    index index/, and the static site site/ (open site/index.html in a browser, no server).

    The build is atomic: it is written whole into a new folder under OUT/.generations/ and
    published by one switch of the link OUT/current, so a failed, killed or interrupted
    build leaves the previous output intact and a reader never sees a mix of two builds.
    Files in OUT that lawsearch did not write are never deleted: a folder holding such
    files is refused unless --force. Ctrl-C stops a build with exit code 130 (SIGTERM: 143).

    A build never drops words in silence: text of a source that lands in no node fails it
    (exit 1, naming file and line) unless curation.toml places it or drops it with a reason.

    \b
    Example:
      lawsearch build
      lawsearch build --single-file          # also build/lawsearch.html, one file for a phone
      lawsearch build -v                     # each stage's time and peak memory
      lawsearch build --corpus ~/laws/corpus --out /tmp/laws-build
    """
    from .build import SINGLE_FILE, build as run_build
    from .corpus import for_user

    # interrupted, the build says what it left: "interrupted; build is left as it was"
    corpus = run_build(root, out, quiet if silent else tell, single_file=single_file, force=force,
                       notice=tell, budget=tell if verbose else None)
    for p in corpus.problems:
        if p.severity == "warning":
            tell(f"Warning: {for_user(p, root)}")
    if not silent:
        laws = sum(1 for n in corpus.nodes if n.kind == "law")
        bare = len(corpus.placeholder_laws())
        # placeholder laws (a number between laws that survive, a title at most) are not the sources' laws
        counted = f"{laws - bare} laws from the sources, {bare} placeholder{'s' * (bare != 1)}" if bare else f"{laws} laws"
        # where to open it: the site, and the single file when one was asked for
        single = f", or the single file {out / SINGLE_FILE}" if single_file else ""
        tell(f"built {out}: {counted}, {len(corpus.nodes)} nodes, {len(corpus.refs)} references; "
             f"open {out / 'site' / 'index.html'}{single}")


@main.command()
@corpus_options
@click.option("--format", "fmt", type=click.Choice(["json", "conllu", "tmx", "tei", "tbx", "csv-glossary"]), default="json",
              show_default=True,
              help="json: the corpus tree; conllu: tokens with lemma, UPOS and features; tmx: Russian-English "
                   "translation units; tei: TEI P5 XML of the tree; tbx: the glossary as TBX-Basic; "
                   "csv-glossary: the glossary as CSV. Each carries the corpus version stamp (editions, "
                   "sources' hashes, build).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), callback=named("a file"),
              help="Write to FILE instead of stdout.")
def export(root: Path, out: Path, fmt: str, output: str | None) -> None:
    """Export the corpus (builds it in memory if build/ is stale).

    \b
    Example:
      lawsearch export --format json -o laws.json
      lawsearch export --format conllu -o laws.conllu     # for UD tools and concordancers
      lawsearch export --format tmx -o laws.tmx           # for translation memories
      lawsearch export --format tei -o laws.xml
      lawsearch export --format tbx -o glossary.tbx        # for terminology tools
      lawsearch export --format csv-glossary -o glossary.csv
    """
    from .build import corpus_document, write_text

    corpus = load_corpus(root, out, quiet)
    if fmt == "json":
        text = json.dumps(corpus_document(corpus), ensure_ascii=False, indent=1) + "\n"
    else:
        from importlib.metadata import version

        from . import export as exports
        from .corpus import folder_lexicon
        from .sources import read_corpus_folder

        if fmt == "conllu":
            folder = read_corpus_folder(root)
            text = exports.to_conllu(corpus, folder_lexicon(folder).forms)
        elif fmt == "tmx":
            if not corpus.translation_languages:
                # a translation memory pairs two languages: an empty one with exit 0 would pass for a result
                raise click.UsageError(f"the corpus has text in one language only ({corpus.lang}): a TMX pairs "
                                       "each segment with its translation; add a source in another language")
            text = exports.to_tmx(corpus, version("lawsearch"))
        elif fmt in ("tbx", "csv-glossary"):
            from .glossary_export import to_glossary_csv, to_tbx
            from .sources import read_glossary

            folder = read_corpus_folder(root)
            # the terms in the languages the corpus has text in (an English-only corpus: English alone)
            terms = read_glossary(folder.vocabulary.get("glossary"), folder.profile.languages, corpus.languages)
            main_lang, other = (terms[0].lang, terms[0].translation_lang) if terms and terms[0].lang \
                else (*folder.profile.languages, "")[:2]  # the glossary's languages (one: no other)
            text = (to_tbx(terms, main_lang, other, corpus, str(corpus.code.get("title", "Glossary")))
                    if fmt == "tbx" else to_glossary_csv(terms, main_lang, other, corpus))
        else:
            text = exports.to_tei(corpus)
    if output:
        write_text(Path(output), text)
        tell(f"wrote {output}")
    else:
        emit(text, nl=False)


@main.command()
@corpus_options
@click.argument("node_id", metavar="ID")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.option("--lang", metavar="LANG",
              help="Which text to show: the corpus's own language (default), a translation's code (en, "
                   "where a source gives it), or both.")
@click.option("--edition", metavar="EDITION",
              help="The edition of the code the ID is in (default: the corpus's default edition).")
def show(root: Path, out: Path, node_id: str, as_json: bool, lang: str | None, edition: str | None) -> None:
    """Show one node: its text, children, footnotes, commentary and references both ways.

    ID may be written as in the book or by hand: 50E1, 50e1, 50Е1 (Cyrillic Е),
    "правило 50E1", "Law 50E1", 47E2(a), 48.4 (commentary), div-razdel-46, fn-84-1.

    \b
    Example:
      lawsearch show 50E
      lawsearch show 50E --lang both     # the corpus's text and its translations
      lawsearch show "правило 53" --json
      lawsearch show 50E --edition 2017   # 50E of the 2017 edition (its ID: 2017~50E)
    """
    from .show import as_dict, describe, languages, resolve

    if not node_id.strip():
        raise click.UsageError("the ID is empty; try: lawsearch show 50E")
    corpus = load_corpus(root, out, quiet)
    try:
        languages(corpus, lang)
    except CorpusError as e:
        raise click.BadParameter(e.problems[0].message, param_hint="'--lang'") from None
    if edition is not None:
        from .editions import qualify

        from .editions import in_order

        known = [e.id for e in in_order(corpus)]
        if edition not in known:
            raise click.BadParameter(f"{edition!r} is not an edition of this corpus; it has {', '.join(known)}",
                                     param_hint="'--edition'")
        from .editions import split

        named, bare_id = split(node_id.strip())
        if named is not None and named in known and named != edition:  # klub~1A --edition 2012: which one?
            raise click.BadParameter(f"{visible(node_id.strip())} names the {named} edition, --edition the {edition} "
                                     f"one: give the ID bare with --edition ({visible(bare_id)} --edition {edition}), "
                                     f"or the prefixed ID alone", param_hint="'--edition'")
        if named is not None and named == edition:
            node_id = bare_id  # 2012~1A --edition 2012: the same as 1A --edition 2012
        try:
            resolved = qualify(resolve(corpus.edition(edition), node_id), edition, corpus.editions_default)
        except CorpusError:
            from .show import not_in_edition

            said = not_in_edition(corpus, node_id, edition)
            if said is None:
                raise
            raise click.ClickException(said) from None
    else:
        resolved = None
        try:
            resolved = resolve(corpus, node_id)
        except CorpusError:
            from .editions import split
            from .show import not_in_edition

            named, bare_id = split(node_id.strip())  # 2011~49: an ID of an edition that lacks it
            known = {e.id for e in corpus.editions}
            if named is not None and named == corpus.editions_default:  # 1997~4A: the default's 4A
                try:
                    resolved = resolve(corpus.edition(named), bare_id)
                except CorpusError:
                    pass
            if resolved is None:
                # a bare ID is the default edition's: say which other edition has it (law 8 of 2007)
                said = not_in_edition(corpus, bare_id, named if named in known else corpus.editions_default) \
                    if len(known) > 1 and (named is None or named in known) else None
                if said is None:
                    raise
                raise click.ClickException(said) from None
    if as_json:
        emit_json(as_dict(corpus, resolved))
    else:
        emit(describe(corpus, resolved, lang), nl=False)


@main.command()
@corpus_options
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port on 127.0.0.1 (0: any free one).")
def serve(root: Path, out: Path, port: int) -> None:
    """Serve the built site on this machine (http://127.0.0.1:PORT/), as a static host
    would: over http a browser can install it and read it offline after one visit.

    \b
    Example:
      lawsearch serve --port 8000      # after lawsearch build
    """
    from .serve import serve as serve_site

    site = out / "site"
    if not (site / "index.html").is_file():
        raise click.ClickException(f"no built site in {site}: run {command_line(['build'], root, out)} first")
    try:
        serve_site(site, port, ready=lambda url: tell(f"serving {site} at {url} (Ctrl-C to stop)"))
    except OSError as e:
        raise click.ClickException(f"cannot serve on port {port}: {e.strerror or e}") from None


@main.command()
@corpus_options(every_error=True)
def check(root: Path, out: Path) -> None:
    """Report on the corpus: sources and repairs, pages, pieces, nodes by kind and by
    placement rule, gaps, missing laws, unplaced pieces, references by status.

    Exits 1 when damage is left in the output, a curation statement contradicts the
    text, or the input has another error.

    \b
    Example:
      lawsearch check && echo sound
    """
    from .check import quality_report

    from .corpus import lexicon_words
    from .sources import read_corpus_folder

    words = lexicon_words(read_corpus_folder(root))  # read before parsing: the two never share memory
    corpus = load_corpus(root, out, quiet, strict=False)
    report = quality_report(corpus, words, root)
    emit(report.text(), nl=False)
    for error in report.errors:
        tell(f"Error: {error}")  # best effort: the verdict is the exit status
    if report.errors:
        sys.exit(1)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--corpus", "corpus", callback=named("a folder"),
              help="The corpus folder to add to (made when absent; default: the nearest corpus/).")
def add(files: tuple[str, ...], corpus: str | None) -> None:
    """Add raw files to the corpus: each is copied byte for byte into
    <corpus>/<kind>/<lang>/ and listed in manifest.toml with its language, kind and
    edition as detected (the entry's `detected` says which; `check` lists them).
    A file of law text whose headings another of the profile's layouts reads better
    than its language's default (a web page's bullets or HTML lists, a code printed
    in another case) gets that `layout`, detected too.

    Reads .txt, .fb2, .fb2.zip, .epub, .html/.htm, .mhtml, .docx, .rtf and .pdf,
    told by the file's content whatever its name; a folder given adds every such
    file in it and names each other file it skips, with the reason. Files named one
    by one are added all together or not at all (a file that cannot be read stops
    them, and the message says nothing was added). A file with no law heading and no
    sentence of text (notes, a list) is skipped, with the reason.

    \b
    Example:
      lawsearch add ~/Downloads/laws.fb2.zip ~/Downloads/page-3.html
    """
    from .dropin import add_files, expand_folders

    root = Path(corpus) if corpus else find_corpus(None)
    if root.exists() and not root.is_dir():
        raise click.ClickException(f"--corpus names {root}, which is not a folder")
    made = [p for p in (root, *root.parents) if not p.exists()]  # what a failure must take away again
    try:
        root.mkdir(parents=True, exist_ok=True)
        chosen: dict[str, str] = {}
        skipped: list[tuple[Path, str]] = []
        given = expand_folders([Path(f) for f in files], skipped)
        for path, why in skipped:  # every file of a folder not added, with the reason
            tell(f"skipped {path}: {why}")
        named = {Path(f) for f in files}
        refused: list = []  # a folder's files that cannot be read: left out, the rest added
        added = add_files(root, given, chosen, frozenset(p for p in given if p not in named), refused)
    except OSError as e:
        _remove_empty(made)
        raise click.ClickException(f"cannot make the corpus folder {root}: {e.strerror or e}") from None
    except CorpusError as e:
        _remove_empty(made)  # (every problem listed: no corpus is left for `check` to list them)
        raise click.ClickException(f"{error_message(e, limit=None)}\nnothing was added to {root}: files named one by one are added "
                                   "all together or not at all; leave out the file(s) above, "
                                   "or name their folder (its unreadable files are skipped)") from None
    for a in added:
        if a.skipped:
            tell(f"skipped {a.source}: {a.why}" if a.why else
                 f"skipped {a.source}: the same bytes as {a.target}, already in the corpus (not added twice)")
            continue
        e = a.entry
        edition = f", edition {e['edition']}" if "edition" in e else ""
        edition += f", layout {e['layout']}" if "layout" in e else ""
        emit(f"added {a.target}  ({e['lang']} {e['kind']}{edition}; detected: {', '.join(e['detected'])})")
        for warning in a.warnings:
            tell(f"Warning: {a.source}: {warning}")
    if not any(not a.skipped for a in added) and not refused:
        _remove_empty(made)
        tell(f"nothing was added to {root}" + (" (every file is skipped, listed above)" if added else ""))
    if chosen:
        emit(f"main language: {chosen['lang']} ({chosen['why']}); to change it, set lang in the [code] table of "
             f"{root / 'manifest.toml'}")
    if refused:
        _remove_empty(made)  # a corpus folder made for files none of which could be read
        for problem in refused:
            tell(f"not added: {error_message(CorpusError([problem]))}")
        others = "the others were added" if any(not a.skipped for a in added) else "no other file was added"
        raise click.ClickException(f"{len(refused)} file(s) of the folder(s) given could not be read and were not "
                                   f"added (listed above); {others}")


def _remove_empty(made: list[Path]) -> None:
    """Take away the folders a failed ``add`` made (deepest first), as far as they hold no
    file: it leaves nothing behind it."""
    import os

    for top in made:
        if not top.is_dir():
            continue
        for here, _, _ in sorted(os.walk(top), key=lambda w: -len(w[0])):
            try:
                Path(here).rmdir()
            except OSError:
                pass  # a file in it: not ours to take away


def _as_built(path: Path, corpus_dir: str | None):
    """The file cleaned as the build cleans it, when it is a source of a corpus folder
    (``corpus_dir``, else the nearest folder above it with a manifest): (raw lines, cleaned,
    the raw lines the apparatus reader took out first), or None when it is no corpus's."""
    from .corpus import clean_source, cleaning_context
    from .sources import MANIFEST, read_corpus_folder

    root = Path(corpus_dir) if corpus_dir else next(
        (d for d in path.resolve().parents if (d / MANIFEST).is_file()), None)
    if root is None:
        return None
    try:
        folder = read_corpus_folder(root)
    except CorpusError as e:
        if corpus_dir:
            raise click.ClickException(error_message(e)) from None
        # a mistake elsewhere in the corpus does not stop cleaning this file: alone, and said so
        click.echo(f"note: the corpus {root} cannot be read ({error_message(e).splitlines()[0]}); "
                   "the file is cleaned alone, without what its other files share", err=True)
        return None
    here = path.resolve()
    source = next((s for s in folder.sources
                   if (root.resolve().parent / s.path).resolve() == here or (root / s.path).resolve() == here
                   or (root.resolve() / s.path.partition("/")[2]).resolve() == here), None)
    if source is None:
        if corpus_dir:
            raise click.ClickException(f"{path} is not a source of the corpus {root}")
        return None
    for warning in (w for w in folder.warnings if w.path == source.path):  # a truncated RTF, a misdeclared FB2
        tell(f"Warning: {path}: {warning.message}")
    original = list(folder.texts[source.id])
    context = cleaning_context(folder)
    raw = folder.texts[source.id]
    taken = {n for n, (a, b) in enumerate(zip(original, raw), 1) if a != b}
    return original, clean_source(folder, source, raw, context), taken, folder.dropped.get(source.id, [])


def _clean_alone(path: Path, kind: str | None, encoding: str | None):
    """A file no corpus lists (or read with another kind or encoding): its language and
    kind as its manifest entry says, else as ``lawsearch add`` would detect them."""
    from .clean import clean_lines
    from .dropin import detect
    from .formats import read_document
    from .furniture import known_words
    from .grammar import Grammar
    from .profile import DEFAULT as DEFAULT_PROFILE, load_profile
    from .sources import ORIGIN_MANIFEST, ORIGIN_OPTION, declared_source, decode

    declared = declared_source(path)
    data = path.read_bytes()
    guessed = None
    if not declared.get("lang") or not (kind or declared.get("kind")):
        try:
            guessed = detect(data, str(path))  # what a folder without a manifest would read it as
        except CorpusError:
            guessed = None
    lang = declared.get("lang") or (guessed.lang if guessed else load_profile().languages[0])
    # a message names where the encoding came from: the option, the manifest, or detection
    origin = ORIGIN_MANIFEST if declared.get("encoding") and not encoding else ORIGIN_OPTION
    chosen = (encoding or declared.get("encoding") or "auto").lower()
    try:
        from .sources import page_reading

        entry = {"lang": lang, "kind": kind or declared.get("kind") or (guessed.kind if guessed else "laws"),
                 **({"layout": declared["layout"]} if declared.get("layout") else {})}
        profile_ = load_profile(declared.get("profile", DEFAULT_PROFILE))
        document = read_document(data, str(path), lambda data, enc=None: decode(data, enc or chosen, str(path), lang,
                                                                                origin), declared=chosen != "auto",
                                 **page_reading(profile_, Grammar.from_profile(profile_), entry))
        raw = document.lines
    except CorpusError as e:
        raise click.ClickException(error_message(e)) from None
    raw = document.lines
    for warning in document.warnings:  # a truncated RTF, a misdeclared FB2
        tell(f"Warning: {path}: {warning}")
    try:
        grammar = Grammar.from_profile(load_profile(declared.get("profile", DEFAULT_PROFILE)))
        layout = grammar.layout_for(lang, declared.get("layout"))
    except CorpusError as e:
        raise click.ClickException(error_message(e)) from None
    import tomllib

    profile = load_profile(declared.get("profile", DEFAULT_PROFILE))
    vocabulary = [tomllib.loads(p.read_text(encoding="utf-8"))
                  for role in ("glossary", "titles", "thesaurus", "lexicon") for p in profile.vocabulary(role)]
    words = known_words([raw], vocabulary, profile, (lang,) if lang else None)  # the file's own, as a corpus's
    read_as = kind or declared.get("kind") or (guessed.kind if guessed else "laws")
    cleaned = clean_lines(raw, path.stem, read_as, words, lang=lang, layout=layout, grammar=grammar,
                          web=document.format in ("html", "mhtml"), content=frozenset(n + 1 for n in document.content))
    return raw, cleaned, document.dropped


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--explain", is_flag=True, help="After each changed raw line, name the rules that changed it.")
@click.option("--kind", type=click.Choice(list(SOURCE_KINDS)),
              help="How to read the file (default: as its manifest says, else laws).")
@click.option("--encoding", type=click.Choice(["auto", "utf-8", "cp1251", "cp866", "koi8-r"], case_sensitive=False),
              help="Encoding (default: as its manifest says, else detected).")
@click.option("--corpus", "corpus_dir", type=click.Path(file_okay=False),
              help="The corpus folder the file is in, read as the build reads it (default: the nearest "
                   "folder above the file with a manifest.toml).")
def clean(file: str, explain: bool, kind: str | None, encoding: str | None, corpus_dir: str | None) -> None:
    """Print the cleaned text of one raw file, one logical line per line.

    With --explain, each raw line a rule changed is shown before and after, with the
    names of the rules (see lawsearch/clean.py for what each does). A file of a corpus is
    cleaned as the build cleans it: with the language and layout the manifest gives (or
    detection guesses), the lines the corpus's other files share, its curation's drops.

    \b
    Example:
      lawsearch clean corpus/laws/ru/000_58dbb1f2fde933c1.txt --explain | less
    """
    path = Path(file)
    from .corpus import extracted_lines

    if explain and extracted_lines(path.name):
        click.echo(f"note: {path} is not plain text: its lines are those of the text extracted from it, "
                   "numbered as build and check name them (\"extracted line N\")", err=True)
    found = None if (kind or encoding) else _as_built(path, corpus_dir)
    if found is not None:
        raw, cleaned, taken, dropped = found
    else:
        raw, cleaned, dropped = _clean_alone(path, kind, encoding)
        taken = set()
    if not explain:
        for line in cleaned.lines:
            emit(line.text)
        return
    by_line = cleaned.rules_by_line()
    for n in taken:  # the contents, index or title page the build reads before the law text
        by_line.setdefault(n, []).insert(0, "apparatus")
    outputs: dict[int, list[str]] = {}
    for line in cleaned.lines:
        outputs.setdefault(line.first, []).append(line.text)
    left_out: dict[int, list[tuple[str, str]]] = {}  # what the file's reader left out, before raw line n
    for at, rule, text in dropped:
        left_out.setdefault(at + 1, []).append((rule, text))
    for n, before in enumerate([*raw, None], 1):
        for rule, text in left_out.get(n, []):  # a web page's furniture: no line of the text
            emit(f"{'':>5}   [{rule}] left out by the page reader")
            emit(f"      - {text}")
        if before is None:
            break
        rules = by_line.get(n)
        if not rules:
            for after in outputs.get(n, []):
                emit(f"{n:>5}   {after}")
            continue
        emit(f"{n:>5}   [{', '.join(rules)}]")
        emit(f"      - {before}")
        for after in outputs.get(n, []):
            emit(f"      + {after}")


@main.command()
@corpus_options
@click.argument("query", nargs=-1, required=True)
@click.option("-n", "--limit", default=DEFAULT_LIMIT, show_default=True, type=click.IntRange(1), help="How many hits.")
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON (query, corrected_query, suggestions, hits, groups, missing, understood_as) instead of text.")
def search(root: Path, out: Path, query: tuple[str, ...], limit: int, as_json: bool) -> None:
    """Search the laws and commentary by any word form, phrase, ID or English term;
    describe what happened in everyday words.

    \b
    Plain words match every form; each is optional:     вистующий засветил туза
      (best match: nodes covering more of the words come first)
    +word requires a word, -word or NOT excludes it:    штрафная карта +онер -младшая
    (quote a query with -word, or put -- before it:     lawsearch search -- онер -младшая)
    Quoted phrases match in any inflection:             "ход вне очереди"
    OR joins alternatives, word* is a prefix:           болван OR онер   штраф*
    Filters:                                            law:50  kind:commentary  lang:en
    An ID or citation jumps to it, then who cites it:   50E   "правило 53"   "Law 50E1"
    … and every other ID that show takes:               fn-84-1   div-razdel-46   48.4
    English terms go through the glossary:              penalty card   revoke
    Everyday words through the director's thesaurus:    декларант, LHO, атака, фоска

    Before the hits it says how it read the query: «понято как: декларант → разыгрывающий»,
    and «не найдено: …» for words no hit shown covers; a word the corpus does not know is
    corrected first ("showing results for …"). `lawsearch explain QUERY` shows each word's
    reading. Matched words are highlighted on a terminal. Run `lawsearch build` first.

    \b
    Example:
      lawsearch search декларант засветил даму
      lawsearch search '"ход вне очереди" law:54' --json
    """
    from .query import QueryError

    text = " ".join(query).strip()
    if not text:
        raise click.UsageError(f"the query is empty; try: lawsearch search {_example('example_query')}")
    searcher = _open_searcher(root, out)
    try:
        result = searcher.search(text, limit)
    except QueryError as e:
        raise click.UsageError(visible(str(e))) from None
    if as_json:
        emit_json(result.to_dict())
        return
    emit(format_result(result, lambda q, n=None: search_command(q, root, out, n), _words(root, searcher.meta)), raw=True)


def _example(key: str) -> str:
    """An example for a usage message, in the default profile's main language: the
    corpus is not read to say the command was typed wrong."""
    profile = load_profile()
    return profile.text(profile.languages[0], key)


def _words(root: Path, meta: dict) -> dict[str, str]:
    """The strings search output prints (the profile's, in the corpus's language), for the
    profile and language the index was built with."""
    profile = load_profile(meta.get("profile") or DEFAULT_PROFILE, root)
    words = EditionWords(profile.strings(meta.get("lang") or profile.languages[0]))
    # an edition in another language the profile speaks labels its hits in it (an English-only
    # edition's "Law 6 (2020 edition)" on a Russian corpus), as its pages do
    for edition, lang in ((meta.get("editions") or {}).get("langs") or {}).items():
        if lang != meta.get("lang") and lang in profile.languages:
            words.by_edition[edition] = profile.strings(lang)
    return words


class EditionWords(dict):
    """The profile's strings in the corpus's language, and (``by_edition``) those of each
    edition in another language, for its hits' labels."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.by_edition: dict[str, dict[str, str]] = {}

    def of(self, edition: str | None) -> dict[str, str]:
        return self.by_edition.get(edition or "", self)


@main.command()
@corpus_options
@click.argument("query", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON: query, corrected_query, filters, words.")
def explain(root: Path, out: Path, query: tuple[str, ...], as_json: bool) -> None:
    """How each word of a query is understood, as `lawsearch search` reads it: the
    correction made to a word the corpus does not know, whether the word is optional,
    required (+word), excluded (-word) or a stop word not searched, its lemmas (English
    stems, an ID), and the looser readings applied to it: its word family, the director's
    thesaurus («понято как»), the glossary (synonyms, English ↔ Russian).

    
    Example:
      lawsearch explain декларант сыграл со стола
      lawsearch explain '"ход вне очереди" +вистующий -болван'
      lawsearch explain penalty card --json
    """
    from .query import QueryError

    text = " ".join(query).strip()
    if not text:
        raise click.UsageError(f"the query is empty; try: lawsearch explain {_example('example_explain')}")
    searcher = _open_searcher(root, out)
    try:
        explained = searcher.explain(text)
    except QueryError as e:
        raise click.UsageError(visible(str(e))) from None
    if as_json:
        emit(json.dumps(explained, ensure_ascii=False, indent=1))
    else:
        emit(format_explained(explained))


def format_explained(explained: dict) -> str:
    """One line per word: as typed (→ its correction), its role, lemmas, readings.

    ``format_explained({"query": "декларант", "corrected_query": None, "id": None, "filters": {}, "words": [...]})``
    """
    if explained["id"]:
        return f"{shorten(explained['query'].strip())}: an ID; the search goes to {explained['id']}, then who cites it"
    lines = [f"query: {shorten(explained['query'])}"]
    if explained["corrected_query"]:
        lines.append(f"read as: {shorten(explained['corrected_query'])}")
    lines += [f"filter: {k}:{shorten(v)}" for k, v in explained["filters"].items()]
    width = max((len(shorten(w["word"], 30)) for w in explained["words"]), default=0)
    for w in explained["words"]:
        word = shorten(w["word"], 30) + (f" → {w['corrected']}" if w["corrected"] else "")
        parts = [("OR " if w.get("or") else "") + w["role"]]
        if w["lemmas"] and not w["role"].startswith("not"):
            parts.append(("stems " if w["kind"] == "english" else "ID " if w["kind"] == "id" else "lemmas ")
                         + ", ".join(w["lemmas"]))
        parts += [f"{r['by']}: {r['words']} → {', '.join(r['as'])}" for r in w["readings"]]
        lines.append(f"  {word:<{width}}  " + "; ".join(parts))
    width = max([width, *(len(shorten(w, 30)) for w in explained.get("foreign", []))])
    for w in explained.get("foreign", []):
        lines.append(f"  {shorten(w, 30):<{width}}  not searched: the corpus has no text in this word's script")
    if not explained["words"] and not explained.get("foreign"):
        lines.append("  (no words: filters alone list what they allow)")
    return "\n".join(lines)


def _open_searcher(root: Path, out: Path):
    """The current build's index, resolved once (one whole build however many switches
    happen meanwhile); a note when the corpus changed since it was built."""
    from .freshness import built_from
    from .output import current
    from .query import Searcher

    index_dir = out / "index"
    if not (current(out) / "index").is_dir():
        raise click.ClickException(f"{index_dir}: no search index yet; run `{command_line(['build'], root, out)}` first")
    searcher = Searcher(current(out) / "index")
    if not searcher.docs:  # a corpus whose text landed in no node: say so, not "no hits"
        raise click.ClickException(
            f"{index_dir} holds no text to search: the build read no law or commentary text from "
            f"{root}; run `{command_line(['check'], root, out)}` to see where its text went")
    fingerprint = searcher.meta.get("fingerprint")
    other = built_from(root, fingerprint)
    if other:  # rebuilding OUT from this corpus would replace another corpus's build: no hint to
        _manifest_must_read(root)  # a corpus that cannot be read gets no other corpus's answers
        tell(f"note: {index_dir} was built from the corpus {other}, not from {root}; its answers are that corpus's")
    elif not _index_is_fresh(root, fingerprint):
        tell(f"note: {index_dir} is older than the corpus; run `{command_line(['build'], root, out)}` to refresh it")
    return searcher


def _manifest_must_read(root: Path) -> None:
    """Stop with the manifest's own error when the corpus's manifest (and the profile it
    names) cannot be read."""
    from . import schema
    from .sources import MANIFEST

    path = root / MANIFEST
    if not path.is_file():
        return
    try:
        doc = schema.load(path, schema.MANIFEST)
        name = (doc.data.get("code") or {}).get("profile")
        if name:
            try:
                load_profile(name, root)
            except CorpusError as e:
                if e.problems[0].path is not None:
                    raise
                raise CorpusError(doc.problem(e.problems[0].message, "code", "profile")) from None
    except CorpusError as e:
        raise click.ClickException(error_message(e)) from None


def _index_is_fresh(root: Path, fingerprint: dict | None) -> bool:
    from .freshness import is_current  # by stat(): nothing of the corpus is read or parsed

    return is_current(root, fingerprint)


def format_result(result, command=lambda query, limit=None: shlex.join(["lawsearch", "search", query]),
                  words: dict[str, str] | None = None) -> str:
    """Hits grouped by law, the matched words in bold yellow (click drops the colour when
    the output is not a terminal). ``command(query, limit)`` writes the commands the hints
    give for hits not shown; the counts say how many each would show; ``words`` are the
    profile's strings (default: the default profile's main language's). Every part taken
    from the corpus or the query is made ``visible`` before it is styled."""
    from .query import PER_LAW, groups, reach

    if words is None:
        profile = load_profile()
        words = profile.strings(profile.languages[0])

    def hint(query: str, limit: int | None = None) -> str:
        return visible(command(query, limit))

    lines: list[str] = elsewhere_lines(result, words, hint)
    # the messages in the corpus's language: the profile's strings, as the site's search says them
    if result.corrected_query:
        lines.append(words["search_corrected"].format(query=shorten(result.corrected_query)))
        if result.suggestions:
            lines.append(words["search_maybe"] + ", ".join(f"«{shorten(s)}»" for s in result.suggestions))
    if not result.hits:
        if result.foreign:  # words of a script the corpus has no text in: say that, not "try other words"
            lines.append(words["search_foreign"].format(words=", ".join(f"«{shorten(w)}»" for w in result.foreign)))
            return "\n".join(lines)
        if result.unsearchable:  # only symbols: nothing to search, said so
            lines.append(words["search_unsearchable"].format(query=shorten(result.query)))
            return "\n".join(lines)
        lines.append(words["search_nothing"].format(query=shorten(result.corrected_query or result.query)))
        lines.append(words["search_try"])
        return "\n".join(lines)
    if result.kind != "text":  # the other editions' hint first, as for a text search
        return "\n".join([*lines, _format_jump(result, hint, words)])
    lines += reading_lines(result, words)
    by_id = {h.id: h for h in result.hits}
    query = result.corrected_query or result.query
    rows = groups(result.hits, totals=result.by_law)
    printed = 0
    for group in rows:
        printed += len(group["shown"])
        lines += _hit_lines((by_id[node_id] for node_id in group["shown"]), words)
        rest = group["total"] - len(group["shown"])
        if rest and group["law"] and len(rows) > 1:
            # "law:N …" shows every match of the law: one law is never capped
            again = hint(_law_filter(group["law"], query), group["total"])
            lines.append(click.style(f"    … and {rest} more in law {group['law']}: {again}", dim=True))
        lines.append("")
    count = f"{result.total} {'hit' if result.total == 1 else 'hits'}"
    if printed == result.total:
        lines.append(count)
        return "\n".join(lines)
    whole = reach(result.by_law)  # what a limit as big as the total would show
    if whole > printed:
        also = "them all" if whole == result.total else f"{whole} of them (at most {PER_LAW} per law)"
        lines.append(f"{count}, {printed} shown; `{hint(query, result.total)}` shows {also}")
    else:
        lines.append(f"{count}, {printed} shown: at most {PER_LAW} per law; the command under a law shows the rest of it")
    return "\n".join(lines)


def elsewhere_lines(result, words: dict[str, str], command) -> list[str]:
    """The ID asked for is not in the edition searched but in others (``result.elsewhere``):
    «6C нет в редакции 1987 г.; есть в 2017» (the profile's ``search_elsewhere``), then per
    edition where it is and the search that finds it there."""
    from .profile import template_for

    found = result.elsewhere
    if not found:
        return []
    values = {"id": visible(found["id"]), "edition": visible(found["edition"]),
              "found": ", ".join(visible(f["edition"]) for f in found["found"])}
    many = len(found["found"]) > 1 and "search_elsewhere_many" in words
    template = template_for(words, "search_elsewhere_many" if many else "search_elsewhere", values) \
        or "{id}: {edition} → {found}"
    lines = [template.format(**values)]
    if found.get("went"):  # where the comparison of the texts says it is in the edition searched
        from . import editions

        went = {"edition": values["edition"], "target": visible(editions.bare(found["went"]["id"]))}
        lines[0] += "; " + (template_for(words, "search_went", went) or "{edition}: {target}").format(**went)
    for f in found["found"]:
        lines.append(f"    {visible(f['edition'])}: {visible(f['url'])}   "
                     f"{command(found['id'] + ' edition:' + f['edition'])}")
    return lines + [""]


def reading_lines(result, words: dict[str, str]) -> list[str]:
    """How the query was read, before its hits: «понято как: стол → болван, карта стола»
    for each looser reading applied, «не найдено: …» for the words no hit shown covers
    (the profile's strings ``search_understood``, ``search_missing``), after the words some
    hit covers where there are any (``search_found_words``)."""
    lines = [f"{words['search_understood']}{shorten(u['words'])} → {', '.join(u['as'])}" for u in result.understood_as]
    if result.missing:  # some words found, some not: both said («найдено: связь; не найдено: мобильная»)
        found = getattr(result, "found", None)
        lines.append((words["search_found_words"] + ", ".join(shorten(w) for w in found) + "; " if found else "")
                     + words["search_missing"] + ", ".join(shorten(w) for w in result.missing))
    return lines + ([""] if lines else [])


def _format_jump(result, command, words: dict[str, str]) -> str:
    """An ID or a citation: the node first, then who cites it (a footnote: its owners)."""
    others = result.total - 1
    noun = "node" if others == 1 else f"{others} nodes"
    who = ("nothing in the corpus cites it" if not others else
           f"then the {noun} it belongs to" if result.hits[0].kind == "footnote" else f"then the {noun} citing it")
    lines = [f"{shorten(result.query.strip())}: {visible(result.hits[0].id)}, {who}"]
    if result.target != result.hits[0].id and result.elsewhere:
        # not in the edition searched, in others (said above): no hint of damage, only what is shown
        lines.append(f"(showing {visible(result.hits[0].id)}, its law in the {visible(result.elsewhere['edition'])} edition)")
    elif result.target != result.hits[0].id:
        lines.append(f"(no {shorten(result.target)} in our text; showing its law)")
    lines.append("")
    lines += _hit_lines(result.hits, words)
    if len(result.hits) < result.total:
        lines += ["", f"{len(result.hits)} of {result.total} shown; `{command(result.query.strip(), result.total)}` "
                      f"shows them all"]
    return "\n".join(lines)


def _hit_lines(hits, words: dict[str, str]) -> list[str]:
    from .editions import split
    from .profile import template_for

    lines = []
    for hit in hits:
        edition, bare = split(hit.id)  # another edition's ID as the site prints it: "60 (2017 edition)"
        own = words.of(edition) if isinstance(words, EditionWords) else words  # in that edition's language
        shown = bare if edition is None or "id_in_edition" not in own else \
            template_for(own, "id_in_edition", {"edition": edition}).format(id=bare, edition=edition)
        heading = visible(own["law"].format(id=shown) if hit.kind == "law" else shown)
        title = visible(f". {hit.title}") if hit.title else ""
        # found only through the subject index: said so beside its heading (query.Hit.via_subject_index)
        via = click.style(f"   ({own['search_via_subject_index']})", dim=True) if hit.via_subject_index else ""
        lines.append(click.style(f"{heading}{title}", bold=True) + via + click.style(visible(f"   {hit.url}"), dim=True))
        if hit.snippet and hit.snippet != hit.title:
            # one character for one: the highlights' offsets still fit
            lines.append("    " + _highlight(visible(hit.snippet), hit.highlights))
        if hit.aligned and hit.aligned.get("text"):  # the other language's aligned sentence
            lines.append(click.style(visible(f"    {hit.aligned['lang']}: {hit.aligned['text']}"), dim=True))
    return lines


def _highlight(snippet: str, spans: list[list[int]]) -> str:
    out, pos = "", 0
    for start, end in spans:
        out += snippet[pos:start] + click.style(snippet[start:end], fg="yellow", bold=True)
        pos = end
    return out + snippet[pos:]


def _law_filter(law: str, query: str) -> str:
    """The query narrowed to one law as a user types it: ``law:50 …``; another edition's law
    as ``law:50 edition:2017 …`` (the query's own edition: filter then left out)."""
    from .editions import split

    edition, bare_id = split(law)
    if edition is None:
        return f"law:{law} {query}"
    rest = re.sub(r"(?<!\S)edition:\S*\s*", "", query).strip()
    return f"law:{bare_id} edition:{edition} {rest}".rstrip()


def _check_law(corpus, law: str | None) -> None:
    """--law takes a law number of the corpus ("50"), not a clause or a citation."""
    if law is None:
        return
    node = corpus.node(law.strip())
    if node is None or node.kind != "law":
        laws = [n.id for n in corpus.nodes if n.kind == "law"]
        raise click.ClickException(f"no law {shorten(law)!r} in the corpus; --law takes a law number ({laws[0]}-{laws[-1]})")
    if node.missing and not corpus.commentary(node.id):
        raise click.ClickException(f"law {law} has no text in the corpus")


def _analysis(root: Path):
    from .analysis import Analysis
    from .corpus import folder_lexicon
    from .sources import read_corpus_folder

    return Analysis(folder_lexicon(read_corpus_folder(root)))


@main.command()
@corpus_options
@click.argument("word", nargs=-1, required=True)
@click.option("--sort", type=click.Choice(["node", "left", "right"]), default="node", show_default=True,
              help="Reading order, or by the words before (nearest first) or after the match.")
@click.option("--width", default=40, show_default=True, type=click.IntRange(5, 200), help="Characters of context each side.")
@click.option("--law", help="Only this law (and its commentary).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of {node, left, match, right, url} "
              "(a line of a node's translation also has its lang; with --aligned, each also has aligned: "
              "{lang, text, by}).")
@click.option("--aligned", "aligned_lang", metavar="LANG", is_flag=False, flag_value="", default=None,
              help="Under each line, the aligned sentence of the corpus's translation (or of LANG): bilingual kwic.")
def kwic(root: Path, out: Path, word: tuple[str, ...], sort: str, width: int, law: str | None, as_json: bool,
         aligned_lang: str | None) -> None:
    """Key word in context: every form of a word's lemma (or of a phrase's), in its context.

    \b
    Example:
      lawsearch kwic штрафная карта
      lawsearch kwic вистующий --sort right --width 30
      lawsearch kwic онер --json
      lawsearch kwic штрафная карта --aligned       # each line with its English sentence
    """
    from .analysis import tokenize
    from .concordance import kwic as find

    text = " ".join(word).strip()
    if not text:
        raise click.UsageError(f"the word is empty; try: lawsearch kwic {_example('example_word')}")
    corpus = load_corpus(root, out, quiet)
    _check_law(corpus, law)
    analysis = _analysis(root)
    if not analysis.terms(text):
        if not tokenize(text):  # "!!!": punctuation, or bytes that are no text
            raise click.UsageError(f"{shorten(text)!r} has no words to look for; try: lawsearch kwic {_example('example_word')}")
        raise click.UsageError(f"{shorten(text)!r} is only stop words ({_example('example_stop_words')}), "
                               "which the lemma index leaves out")
    other = None
    if aligned_lang is not None:
        from .concordance import aligned_sentence

        # its own language too: an English-only edition's lines pair with Russian (--aligned ru)
        languages = [corpus.lang, *corpus.translation_languages]
        other = aligned_lang or next(iter(corpus.translation_languages), None)
        if other is None or other not in languages or len(languages) < 2:
            known = ", ".join(languages) or "none"
            raise click.BadParameter(f"the corpus has no text in {shorten(other or 'another language')!r} to align "
                                     f"with (its languages: {known})", param_hint="'--aligned'")
    # the nodes' translations too: an English word finds the English beside the Russian
    lines = find(corpus, analysis, text, width, sort, law, translations=True)

    def pair_language(line) -> str | None:
        """The language a line pairs with: ``other``, but for a line already in it (an
        English-only edition's line, or a translation's, when English was asked for) the
        corpus's other language."""
        node = corpus.node(line.node)
        own = line.lang or (node.lang if node is not None else None) or corpus.lang
        return other if own != other else next((x for x in languages if x != own), None)

    pairs = [aligned_sentence(corpus, l, lang) if other and (lang := pair_language(l)) else None for l in lines]
    titles_only = bool(other and other != corpus.lang and lines
                       and not any((n.translations.get(other) or {}).get("text") for n in corpus.nodes))
    if titles_only:
        # titles only in that language (the profile's titles file): no sentence to pair any line
        # with -- one note on stderr, not the same empty pair under every line (exit 0: the lines
        # are the answer; JSON keeps each line's aligned, its text null)
        tell(f"the corpus has no {other} text aligned with its own (its {other} is titles only): "
             "the lines are shown without aligned sentences")
    if as_json:
        emit_json([{**l.to_dict(), "aligned": a} if a is not None else l.to_dict() for l, a in zip(lines, pairs)])
        return
    if not lines:
        emit(f"No form of {shorten(' '.join(word))!r} in the corpus text.")
        return
    for l, a in zip(lines, pairs):
        emit(f"{visible(l.node):>8}  {visible(l.left):>{width}} " + click.style(visible(l.match), bold=True, fg="yellow")
             + f" {visible(l.right)}", raw=True)
        if a is not None and not titles_only:
            emit(f"{'':>8}  {visible(a['lang'])}: {visible(a['text'] or '(no aligned text)')}")
    tell(f"{len(lines)} occurrence{'s' if len(lines) != 1 else ''}")


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
    from .concordance import freq as count

    corpus = load_corpus(root, out, quiet)
    _check_law(corpus, law)
    rows = count(corpus, _analysis(root), law)[:limit]
    if as_json:
        emit_json(rows, indent=None)
        return
    for lemma, n in rows:
        emit(f"{n:6}  {lemma}")


@main.command()
@click.argument("from_edition", metavar="[FROM", required=False)
@click.argument("to_edition", metavar="TO]", required=False)
@click.option("--editions", "description", metavar="FILE", type=click.Path(dir_okay=False), callback=named("a file"),
              help="An editions description (TOML: [[editions]] with id and sources; optionally [diff] with from "
                   "and to); FROM and TO are its edition ids. Without it, FROM and TO are two editions the corpus "
                   "holds, or two corpus folders, one edition each.")
@click.option("--corpus", "corpus_dir", metavar="DIR", callback=named("a folder"),
              help="The corpus whose editions FROM and TO name (default: $LAWSEARCH_CORPUS, else the nearest "
                   "corpus/ folder).")
@click.option("--out", "out_dir", metavar="DIR", callback=named("a folder"),
              help="Where its build is (default: build/ beside the corpus folder).")
@click.option("--law", metavar="N", help="Only the changes that touch this law (in either edition).")
@click.option("--lang", metavar="LANG", help="Compare in this language only (default: every language both editions have).")
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON: {from, to, langs, changes: {lang: [{kind, old, new, law, new_law, …}]}} "
                   "(docs/editions.md).")
@click.option("--html", "html_dir", metavar="DIR", callback=named("a folder"),
              help="Also write the compare view, a page per law, to DIR/compare/FROM~TO/ (a built site's folder, "
                   "or any folder: it opens from file://).")
def diff(from_edition: str, to_edition: str, description: str | None, corpus_dir: str | None, out_dir: str | None,
         law: str | None, lang: str | None, as_json: bool, html_dir: str | None) -> None:
    """What changed between two editions, law by law: added, removed, renumbered, moved,
    split, merged and reworded nodes (with the words changed).

    Nodes are matched by their text, not by number: a law renumbered or split is found as
    such. The editions are compared in each language both have; with none in common, diff
    says so and exits 1.

    Without FROM and TO, diff compares the description's [diff] from and to, else the only
    two editions the description (or the corpus) holds, the older first (by the year or date
    their names carry: 2007 before 2017; else in the order they are listed).

    \b
    Example:
      lawsearch diff 2007 2017 --editions editions.toml
      lawsearch diff 2007 2017 --editions editions.toml --law 50
      lawsearch diff 2007 2017 --editions editions.toml --lang en --json
      lawsearch diff 2007 2017 --editions editions.toml --html build/site   # compare/2007~2017/<law>.html
      lawsearch diff corpus-2007/ corpus-2017/          # two corpus folders
      lawsearch diff 2007 2017          # two editions the corpus (corpus/, $LAWSEARCH_CORPUS) holds
      lawsearch diff 2007 2017 --corpus my-corpus   # two editions of that corpus
      lawsearch diff                    # the corpus's two editions, the older first
      lawsearch diff --editions editions.toml   # its [diff] from and to, or its only two editions
    """
    from .compare import compare
    from .edition_trees import SeveralEditions, from_folders, read_description
    from .grammar import law_text_kinds

    if (from_edition is None) != (to_edition is None):
        raise click.UsageError("name both editions (FROM TO), or neither to compare the only two there are")
    try:
        if from_edition is None:
            editions = read_description(Path(description)) if description else _corpus_edition_set(corpus_dir,
                                                                                                      out_dir)
            from_edition, to_edition = editions.default_pair()
        elif description:
            editions = read_description(Path(description))
        elif (kept := _corpus_editions(from_edition, to_edition, corpus_dir, out_dir)) is not None:
            editions = kept  # two editions of the corpus itself (docs/editions.md)
        else:
            for folder in (from_edition, to_edition):
                if not Path(folder).is_dir():
                    raise click.UsageError(f"{shorten(folder)!r} is no corpus folder; to name editions by id, "
                                           "give --editions FILE")
            try:
                editions = from_folders(Path(from_edition), Path(to_edition))
            except SeveralEditions as e:
                raise click.UsageError(visible(str(e))) from None
            from_edition, to_edition = list(editions.editions)
        shared = editions.shared_languages(from_edition, to_edition)
        if not shared:
            a, b = editions.get(from_edition), editions.get(to_edition)
            raise click.ClickException(
                f"editions {from_edition} ({', '.join(a.langs) or 'no law text'}) and {to_edition} "
                f"({', '.join(b.langs) or 'no law text'}) share no language: there is nothing to compare word for word")
        if lang is not None:
            if lang not in shared:
                raise click.BadParameter(f"{shorten(lang)!r} is not a language of both editions "
                                         f"({', '.join(shared)})", param_hint="'--lang'")
            shared = [lang]
        results = {}
        if law is not None and not any(n.kind == "law" and n.id == law.strip() for code in shared
                                       for edition in (from_edition, to_edition) for n in editions.tree(edition, code)):
            raise click.ClickException(f"no law {shorten(law)!r} in edition {from_edition} or {to_edition}; "
                                       "--law takes a law number")
        kinds = law_text_kinds(editions.profile())  # the law text's kinds by the editions' profile
        for code in shared:
            comparison = compare(editions.tree(from_edition, code), editions.tree(to_edition, code), kinds)
            results[code] = comparison.for_law(law.strip()) if law else comparison.changes
        if html_dir:
            from .compare_site import pair_folder, write_compare

            target = Path(html_dir)
            # where a built site keeps this pair (compare/<old>~<new>/), so a site's own
            # compare/ pages and other pairs stay; a site's contents page is linked back to
            folder = pair_folder(from_edition, to_edition)
            home = "../../index.html" if (target / "index.html").is_file() else None
            # (a built site's search data beside: its pages' search box, as the site's own compare pages)
            written = write_compare(target, editions, from_edition, to_edition, shared, editions.profile(),
                                    folder=folder, home=home, search=(target / "search-index.js").is_file())
            tell(f"wrote {len(written)} compare pages to {target / folder}")
    except CorpusError as e:
        raise click.ClickException(error_message(e)) from None
    if as_json:
        emit_json({"from": from_edition, "to": to_edition, "langs": shared,
                   "changes": {code: [c.to_dict() for c in changes] for code, changes in results.items()}})
        return
    for code, changes in results.items():
        emit(visible(f"{from_edition} → {to_edition}, {code}: {len(changes)} change{'s' if len(changes) != 1 else ''}"
                     + (f" touching law {law}" if law else "")))
        current = object()
        for c in changes:
            if c.law != current:
                current = c.law
                emit(visible(f"  law {c.law}"))
            line = f"    {c.kind:<11} {' '.join(c.old) or '-':<12} → {' '.join(c.new) or '-'}"
            if c.kind in ("reworded", "retitled"):
                line += (f"   {round(c.share * 100)}% of the words; − {' '.join(c.removed_words) or '(none)'}"
                         f"; + {' '.join(c.added_words) or '(none)'}")
            emit(visible(line))


def _corpus_editions(from_edition: str, to_edition: str, corpus_dir: str | None = None, out_dir: str | None = None):
    """The corpus's own editions for ``diff FROM TO`` when both are editions it holds
    (lawsearch/editions.py) and neither names a folder; None when FROM and TO may be two
    corpus folders. A name that is neither an edition of a corpus holding several nor a
    folder is an error naming it and the corpus's editions."""
    from .editions import edition_set, in_order

    if any(Path(name).is_dir() for name in (from_edition, to_edition)):
        return None
    try:
        root = find_corpus(corpus_dir)
    except click.ClickException:
        if corpus_dir:
            raise
        return None
    corpus = load_corpus_quietly(root, out_dir)
    known = [e.id for e in in_order(corpus)]
    if len(known) < 2:
        return None
    unknown = list(dict.fromkeys(n for n in (from_edition, to_edition) if n not in known))
    if unknown:
        raise click.ClickException(
            f"{' and '.join(repr(shorten(n)) for n in unknown)} {'is no edition' if len(unknown) == 1 else 'are no editions'}"
            f" of {shorten(str(root))} (its editions: {', '.join(known)}) and no corpus folder")
    return edition_set(corpus)


def _corpus_edition_set(corpus_dir: str | None = None, out_dir: str | None = None):
    """The editions of the corpus (``--corpus``, else $LAWSEARCH_CORPUS or the nearest
    corpus/) for ``diff`` with no FROM and TO; a clear error where it holds only one."""
    from .editions import edition_list, edition_set

    root = find_corpus(corpus_dir)
    corpus = load_corpus_quietly(root, out_dir)
    known = [e.id for e in edition_list(corpus)]
    if len(known) < 2:
        raise click.ClickException(f"{shorten(str(root))} holds one edition ({', '.join(known) or 'unnamed'}): "
                                   "name two corpus folders (lawsearch diff DIR1 DIR2) or give --editions FILE")
    return edition_set(corpus)


def load_corpus(root: Path, out: Path, progress, strict: bool = True):
    """``build.load_corpus``, its profile made the active one for the rest of the command
    (``profile.activated``): the IDs a user types and the anchors written are its code's."""
    from .build import load_corpus as load
    from .profile import activated, of

    corpus = load(root, out, progress, strict=strict)
    context = click.get_current_context(silent=True)
    if context is not None:
        context.with_resource(activated(of(corpus)))
    return corpus


def load_corpus_quietly(root: Path, out_dir: str | None = None):

    return load_corpus(root, Path(out_dir) if out_dir else root.resolve().parent / "build", quiet)
