"""Writing the build output, and finding a fresh one to reuse.

Each build is written whole into a generation folder of its own and published by one
atomic switch (lawsearch/output.py): a failed, killed or interrupted build leaves the
previous output intact, and a reader sees one whole build, never a mix.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from . import freshness, ids, output
from .corpus import Progress, parse_folder
from .model import Corpus, CorpusError, Problem, Streamed, os_fault
from .plausibility import lemmatizers
from .profile import activated
from .sources import read_corpus_folder

CORPUS_JSON = "corpus.json"
INDEX = "index"
SITE = "site"


CODE_CACHE = Path(__file__).parent / "__pycache__" / "code-fingerprint.txt"


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of the package's own code: a build made by other code is stale.

    Hashing every module each run is what a command's start-up cannot afford, so the hash
    is kept in ``__pycache__`` beside the package's compiled files, under a key made of the
    modules' names, sizes and times: it is computed again only when a module changed (as
    Python itself recompiles only then). Where that folder is read-only it is computed each
    time.

    >>> len(code_fingerprint())
    16
    """
    modules = sorted(Path(__file__).parent.glob("*.py"))
    key = hashlib.sha256(repr([(p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in modules]).encode()).hexdigest()
    try:
        cached_key, cached = CODE_CACHE.read_text(encoding="ascii").split()
        if cached_key == key:
            return cached
    except (OSError, ValueError):
        pass  # no cache yet, or one of another shape: compute it
    digest = hashlib.sha256()
    for path in modules:
        digest.update(path.read_bytes())
    code = digest.hexdigest()[:16]
    try:
        CODE_CACHE.parent.mkdir(exist_ok=True)
        _write_text(CODE_CACHE, f"{key} {code}\n")
    except (OSError, CorpusError):
        pass  # a read-only install: the hash is still right, only not kept
    return code


def write_text(path: Path, text: str | Iterable[str]) -> None:
    """Write a file through a temporary file in the same folder, then rename. A target that
    is not a regular file (``/dev/stdout``, a pipe, a symlink) is written in place: renaming
    over it would replace the device or the link itself. A failure names ``path`` (not the
    temporary file) and says what is wrong."""
    try:
        _write_text(path, text)
    except OSError as e:
        raise CorpusError(Problem("error", f"cannot write it: {os_fault(e)}", str(path))) from None


def _write_text(path: Path, text: str | Iterable[str]) -> None:
    """``text``: the whole text, or its pieces in order (written as they come)."""
    pieces = [text] if isinstance(text, str) else text
    if path.is_symlink() or (path.exists() and not path.is_file()):  # also a link to a file not yet made
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(pieces)
        return
    if not path.parent.is_dir():
        raise CorpusError(Problem("error", "no such folder to write into", str(path.parent)))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.writelines(pieces)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes it private; a build is for readers
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: Path, data: object) -> None:
    write_text(path, json_chunks(data))


def json_chunks(data: object) -> Iterator[str]:
    """``json.dumps(data, ensure_ascii=False, indent=1) + "\\n"``, the same text piece by piece:
    a ``Streamed`` row list at the top level of a dict is written an item at a time, so neither
    the whole document's dicts nor its text are ever held at once (at 1,000× the corpus JSON
    alone is ~100 MB of text)."""

    def dumps(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, indent=1)

    if not isinstance(data, dict) or not data:
        yield dumps(data) + "\n"
        return
    yield "{"
    for k, (key, value) in enumerate(data.items()):
        yield ("\n " if k == 0 else ",\n ") + dumps(str(key)) + ": "
        if isinstance(value, Streamed):
            n = 0
            for item in value:
                yield ("[\n  " if n == 0 else ",\n  ") + dumps(item).replace("\n", "\n  ")
                n += 1
            yield "\n ]" if n else "[]"
        else:
            yield dumps(value).replace("\n", "\n ")
    yield "\n}\n"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def corpus_document(corpus: Corpus, build_id: str | None = None, streamed: bool = False) -> dict:
    """The corpus JSON; ``build_id`` names the build that wrote it (``build/corpus.json``);
    ``streamed``: its long lists made as ``write_json`` writes them (``Corpus.to_dict``)."""
    data = corpus.to_dict(url=ids.node_url, streamed=streamed)
    # a corpus read back from corpus.json already carries the code's fingerprint
    data["inputs"] = f"{corpus.inputs.split(':')[0]}:{code_fingerprint()}"
    data["build"] = build_id or corpus.build  # null for a corpus parsed in memory: no build holds it
    return data


SINGLE_FILE = "lawsearch.html"


def build(root: Path, out: Path, progress: Progress, single_file: bool = False, force: bool = False,
          notice: Progress | None = None, budget: Progress | None = None) -> Corpus:
    """``lawsearch build``: parse the corpus, write ``corpus.json``, ``index/``, ``site/`` (and
    ``lawsearch.html``) as one new generation of ``out`` and switch to it.

    ``force`` builds into a folder holding files lawsearch did not write (they are kept);
    ``notice`` gets what the user must hear even when progress is quiet (waiting for
    another build, files of theirs kept); ``budget`` gets a line per stage with its time and
    peak memory as the stage ends (lawsearch/budgets.py). A fault while writing is a CorpusError;
    an interrupt, a KeyboardInterrupt saying what it left ("build is left as it was").
    """
    try:
        return _build(root, out, progress, single_file, force, notice, budget)
    except KeyboardInterrupt as e:
        raise KeyboardInterrupt(e.args[0] if e.args else output.outcome(out)) from None


def _build(root: Path, out: Path, progress: Progress, single_file: bool, force: bool, notice: Progress | None,
           budget: Progress | None) -> Corpus:
    from .budgets import Budgets

    if out.exists() and not out.is_dir():
        raise CorpusError(Problem("error", "the output folder is a file; give --out a folder", str(out)))
    budgets = Budgets(budget)
    with budgets.stage("read"):
        folder = read_corpus_folder(root)
    # every ID, anchor and citation of this build is the corpus's profile's (ids.rules)
    with activated(folder.profile):
        corpus = _build_folder(folder, out, progress, single_file, force, notice, budgets)
    budgets.summary()
    return corpus


def _build_folder(folder, out: Path, progress: Progress, single_file: bool, force: bool, notice: Progress | None,
                  budgets) -> Corpus:
    from .analysis import Analysis, analyse_corpus
    from .corpus import folder_lexicon
    from .index import build_index, load_glossary
    from . import pieces
    from .site import SiteBuilder, curation_reasons, search_payload, search_script

    with budgets.stage("clean and structure"):
        corpus = parse_folder(folder, progress)
        lexicon = folder_lexicon(folder)
        # in the corpus's languages only: an English corpus's search and site show no Russian term
        glossary = load_glossary(folder.vocabulary.get("glossary"), folder.profile.languages, corpus.languages)
    output.fault_point("after-parse")
    budgets.begin("output folder")  # the lock, the marker, removing old generations
    with output.new_generation(out, force=force, notice=notice or progress) as generation:
        stage = generation.path
        with budgets.stage("corpus.json"):
            write_json(stage / CORPUS_JSON, corpus_document(corpus, generation.id, streamed=True))
        output.fault_point("after-corpus-json")
        with budgets.stage("analysis pass"):
            analysis = Analysis(lexicon, languages=corpus.languages)
            analysed = analyse_corpus(corpus, analysis)  # every text tokenized and lemmatized once
        with budgets.stage("index"):
            build_index(corpus, stage / INDEX, lexicon, glossary, progress=progress, build_id=generation.id,
                        analysed=analysed, thesaurus_file=folder.vocabulary.get("thesaurus", []))
            # the dictionary's answers for every form of the vocabulary (the forms table asked
            # them all) are not asked again: the pass's own cache keeps the terms the site reads
            for lemmatizer in lemmatizers(tuple(corpus.languages)):
                lemmatizer.clear_caches()
        output.fault_point("after-index")
        with budgets.stage("site pages"):
            builder = SiteBuilder(corpus, curation_reasons(corpus), glossary, analysis, build_id=generation.id,
                                  analysed=analysed)
            pages = builder.write(stage / SITE)
        with budgets.stage("search data"):
            # the chunks a query loads when it touches them, each written as it is made (none
            # kept), then the core every page loads
            payload = search_payload(stage / INDEX, corpus)
            parts = pieces.Split(payload, analysed)
            chunk_files = pieces.write_stream(payload["build"], parts.chunks(), stage / SITE)
            core = parts.core
            del payload, parts
            (stage / SITE / "search-index.js").write_text(search_script(core), encoding="utf-8")
            # the service worker keeps every file of the build offline: the chunks too, written after it
            builder.write_offline(stage / SITE, [*pages, *(stage / SITE / rel for rel in chunk_files)])
        if single_file:
            with budgets.stage("single file"):
                # the chunks as written: each file is the script the single file inlines
                builder.write_single(stage / SINGLE_FILE, search_script(core) + "".join(
                    (stage / SITE / rel).read_text(encoding="utf-8") for rel in chunk_files))
            progress(f"wrote the single file {out / SINGLE_FILE}")
        output.fault_point("after-site")
        progress(f"rendered {len(pages)} site files")
        progress(f"writing {out / CORPUS_JSON}, {out / INDEX}/ and {out / SITE}/ (build {generation.id})")
        budgets.begin("switch")
    budgets.end()
    return corpus


def load_corpus(root: Path, out: Path, progress: Progress, strict: bool = True) -> Corpus:
    """The corpus from ``out/corpus.json`` when it was built from these very inputs by this
    code, else parsed afresh in memory (nothing is written). Whether the inputs are the
    same is told from their stored fingerprint (lawsearch/freshness.py), not by reading them."""
    path = output.current(out) / CORPUS_JSON  # resolved once: one whole build, whatever switches meanwhile
    if path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            fresh = (str(data.get("inputs")).endswith(f":{code_fingerprint()}")
                     and freshness.is_current(root, data.get("fingerprint")))
        except (ValueError, OSError):
            fresh = False
        if fresh:
            progress(f"using {path}")
            corpus = Corpus.from_dict(data)
            if not strict or not any(p.severity == "error" for p in corpus.problems):
                return corpus
    return parse_folder(read_corpus_folder(root), progress, strict=strict)
