"""Faults from outside the program reach the user as one sentence, never a traceback
(issue 8): unreadable sources, a full or closed stdout, Ctrl-C; and the friction items:
hints that are commands that work, filters that name nothing, every ID searchable, honest
counts, long input echoed short.

Output, pipe and Ctrl-C faults run the installed ``lawsearch`` in a subprocess (the real
stdout and signals); the rest goes through ``CliRunner``.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR, ROOT
from lawsearch.cli import main
from lawsearch.model import TERMINAL_UNSAFE, CorpusError
from lawsearch.sources import read_corpus_folder

LAWSEARCH = shutil.which("lawsearch", path=str(Path(sys.executable).parent)) or shutil.which("lawsearch")
LAW_000 = "laws/ru/000_58dbb1f2fde933c1.txt"
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def lawsearch(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """The installed command, as a user runs it."""
    assert LAWSEARCH, "lawsearch is not installed (pip install -e .)"
    return subprocess.run([LAWSEARCH, *args], capture_output="stdout" not in kwargs, text=True, timeout=120, **kwargs)


def assert_one_sentence(result: subprocess.CompletedProcess, code: int = 1) -> str:
    """Exit ``code``, no traceback, one line on stderr; returns it."""
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr, result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr
    return result.stderr


def manifest_line(root: Path, needle: str) -> int:
    lines = (root / "manifest.toml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if needle in line)


# -- sources that cannot be read (D1 and its kin) -----------------------------------------


def loop(path: Path) -> None:
    path.unlink(missing_ok=True)  # a glossary.toml of the folder's own, looping, where the profile's serves
    path.symlink_to(path.name)  # a link to itself


def dangling(path: Path) -> None:
    path.unlink()
    path.symlink_to("nowhere.txt")


def dangling_outside(path: Path) -> None:
    path.unlink()
    path.symlink_to("/nonexistent/law.txt")  # was "outside the corpus folder"


def folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)  # reading it would wait for a writer for ever


@pytest.mark.parametrize("damage, words", [
    (loop, "symbolic link that loops"),
    (dangling, "symbolic link to nowhere.txt, which does not exist"),
    (dangling_outside, "symbolic link to /nonexistent/law.txt, which does not exist"),
    (folder, "a folder, not a file"),
    (fifo, "not a regular file"),
], ids=["symlink-loop", "dangling-symlink", "dangling-symlink-outside", "folder", "named-pipe"])
def test_an_unreadable_source_is_named_at_its_manifest_line(corpus_copy, tmp_path, damage, words):
    damage(corpus_copy / LAW_000)
    for command in ("check", "build"):
        result = CliRunner().invoke(main, [command, "--corpus", str(corpus_copy), "--out", str(tmp_path / "out")])
        assert result.exit_code == 1, result.output
        assert isinstance(result.exception, SystemExit), repr(result.exception)
        where = f"manifest.toml:{manifest_line(corpus_copy, '000_58dbb1f2fde933c1')}"
        assert where in result.stderr and LAW_000 in result.stderr and words in result.stderr, result.stderr


def test_a_source_linked_to_a_file_kept_outside_the_corpus_is_read_through_its_link(corpus_copy, tmp_path):
    """The manifest's path is inside the corpus folder as written: a user may keep raw files
    elsewhere and link them in. A path written outside it (``../x.txt``) stays refused."""
    source = corpus_copy / LAW_000
    kept = tmp_path / "raw files" / source.name
    kept.parent.mkdir()
    kept.write_bytes(source.read_bytes())
    source.unlink()
    source.symlink_to(kept)
    folder = read_corpus_folder(corpus_copy)
    assert folder.texts["000_58dbb1f2fde933c1"][0] == kept.read_text(encoding="utf-8").splitlines()[0]
    result = CliRunner().invoke(main, ["check", "--corpus", str(corpus_copy), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize("name", ["manifest.toml", "curation.toml", "glossary.toml"])
def test_a_looping_data_file_is_named_not_skipped(corpus_copy, name):
    loop(corpus_copy / name)
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(corpus_copy)
    assert name in str(info.value) and "loops" in str(info.value)


def test_a_source_we_may_not_read_is_named(corpus_copy, tmp_path, monkeypatch):
    """As root every file is readable; the error is injected where the file is read."""
    target = (corpus_copy / LAW_000)
    real = Path.read_bytes

    def read_bytes(self):
        if self == target:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    result = CliRunner().invoke(main, ["check", "--corpus", str(corpus_copy), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), repr(result.exception)
    assert LAW_000 in result.stderr and "permission denied" in result.stderr


@pytest.mark.skipif(AS_ROOT, reason="root reads files whatever their permissions")
def test_unreadable_files_for_real(corpus_copy, tmp_path):
    (corpus_copy / LAW_000).chmod(0)
    result = lawsearch("check", "--corpus", str(corpus_copy), "--out", str(tmp_path / "out"))
    assert LAW_000 in assert_one_sentence(result) and "permission denied" in result.stderr
    (corpus_copy / LAW_000).chmod(0o644)
    corpus_copy.chmod(0)
    try:
        result = lawsearch("check", "--corpus", str(corpus_copy / "x"), "--out", str(tmp_path / "out"))
        assert "permission denied" in assert_one_sentence(result).lower()
    finally:
        corpus_copy.chmod(0o755)


def test_export_to_a_file_we_may_not_write_names_it(tmp_path, monkeypatch):
    import tempfile

    def refuse(*args, dir=None, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(Path(dir) / ".tmp123"))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    target = tmp_path / "laws.json"
    result = CliRunner().invoke(main, ["export", "-o", str(target), "--corpus", str(CORPUS_DIR),
                                       "--out", str(tmp_path / "none")])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), repr(result.exception)
    assert f"{target}: cannot write it: permission denied" in result.stderr
    assert ".tmp123" not in result.stderr  # the user's file, not our temporary one


def test_export_to_a_full_device_says_so(tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    result = CliRunner().invoke(main, ["export", "-o", "/dev/full", "--corpus", str(CORPUS_DIR),
                                       "--out", str(tmp_path / "none")])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), repr(result.exception)
    assert "/dev/full: cannot write it: no space left" in result.stderr


# -- stdout full or closed ----------------------------------------------------------------


@pytest.fixture(scope="module")
def built_out(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("faults-build")
    assert CliRunner().invoke(main, ["build", "-q", "--corpus", str(CORPUS_DIR), "--out", str(out)]).exit_code == 0
    return out


def commands(out: Path) -> list[list[str]]:
    """One of each kind: a node, search text and JSON, the whole export, a report, a raw
    file, click's own help."""
    where = ["--corpus", str(CORPUS_DIR), "--out", str(out)]
    return [["show", "50E", *where], ["search", "карта", *where], ["search", "карта", "--json", *where],
            ["export", *where], ["check", *where], ["clean", str(CORPUS_DIR / LAW_000)], ["kwic", "карта", *where],
            ["freq", *where], ["--help"], ["show", "--help"]]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_full_stdout_is_one_sentence(built_out):
    for argv in commands(built_out):
        with open("/dev/full", "w") as full:
            result = lawsearch(*argv, stdout=full, stderr=subprocess.PIPE)
        assert result.returncode == 1, (argv, result.stderr)
        assert result.stderr == "Error: cannot write the output: No space left on device\n", (argv, result.stderr)


def closed_before_writing(argv: list[str]) -> subprocess.CompletedProcess:
    """The reader of the pipe is gone before we write (``lawsearch show 50E | true``)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return lawsearch(*argv, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)


def closed_after_a_line(argv: list[str]) -> subprocess.CompletedProcess:
    """The reader takes one line and goes (``lawsearch export | head -1``): whether a later
    write fails depends on the pipe's buffer and the timing."""
    child = subprocess.Popen([LAWSEARCH, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    child.stdout.readline()
    child.stdout.close()
    stderr = child.stderr.read()
    return subprocess.CompletedProcess(argv, child.wait(timeout=120), "", stderr)


def test_a_closed_stdout_ends_quietly_with_the_commands_own_status(built_out):
    """A reader that stops reading is no failure: every command ends quietly -- not killed
    by SIGPIPE, no "Exception ignored … BrokenPipeError" -- with the status it has when its
    output is read whole, however early the reader went (the same every time: whether a
    write fails at all depends on the pipe's buffer and the timing)."""
    for argv in commands(built_out):
        whole = lawsearch(*argv)
        for result in (closed_before_writing(argv), closed_after_a_line(argv)):
            assert (result.returncode, result.stderr) == (whole.returncode, whole.stderr), argv


def test_check_with_its_stdout_closed_still_gives_its_verdict(corpus_copy, tmp_path):
    """The report goes to the closed pipe; the errors found after it still reach stderr and
    the exit status: a closed pipe makes no corpus sound."""
    curation = corpus_copy / "curation.toml"
    # 000:1 ends at the footer "- 76": page 77 contradicts it (a finding of the report, not a read error)
    curation.write_text(curation.read_text(encoding="utf-8").replace("page = 76", "page = 77"), encoding="utf-8")
    argv = ["check", "--corpus", str(corpus_copy), "--out", str(tmp_path / "out")]
    for result in (closed_before_writing(argv), closed_after_a_line(argv)):
        assert result.returncode == 1 and "curation.toml:24: says 000:1 is on page 77" in result.stderr, result.stderr


def test_a_build_whose_log_nobody_reads_still_completes(tmp_path):
    """``lawsearch build 2>&1 | head -1``: progress is best effort; the build is not killed
    half-way by a closed pipe."""
    read, write = os.pipe()
    os.close(read)
    out = tmp_path / "out"
    try:
        result = lawsearch("build", "--single-file", "--corpus", str(CORPUS_DIR), "--out", str(out),
                           stdout=write, stderr=write)
    finally:
        os.close(write)
    assert result.returncode == 0  # the log is best effort: the build succeeded
    assert json.loads((out / "corpus.json").read_text(encoding="utf-8"))["version"] == 1
    assert (out / "index").is_dir() and (out / "site" / "index.html").is_file() and (out / "lawsearch.html").is_file()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_build_whose_log_cannot_be_written_succeeds(tmp_path):
    """``lawsearch build 2>/dev/full``: progress, notices and the closing line go nowhere,
    and there is nobody to tell; the build is published, exit 0."""
    out = tmp_path / "out"
    with open("/dev/full", "w") as full:
        result = lawsearch("build", "--single-file", "--corpus", str(CORPUS_DIR), "--out", str(out),
                           stdout=subprocess.PIPE, stderr=full)
    assert result.returncode == 0
    build = json.loads((out / "corpus.json").read_text(encoding="utf-8"))["build"]
    assert build and json.loads((out / "index" / "meta.json").read_text(encoding="utf-8"))["build"] == build
    assert (out / "site" / "index.html").is_file() and (out / "lawsearch.html").is_file()


def test_importing_the_cli_leaves_the_process_signals_alone():
    """A program that imports lawsearch.cli (a test runner, a server) must not be killed by
    SIGPIPE on its own closed sockets and pipes."""
    if not hasattr(signal, "SIGPIPE"):
        pytest.skip("no SIGPIPE on this system")
    code = "import signal; before = signal.getsignal(signal.SIGPIPE); import lawsearch.cli; " \
           "print(signal.getsignal(signal.SIGPIPE) == before)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "True"


# -- Ctrl-C -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus_5x(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("syn") / "corpus"
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", "5", "--seed", "1",
                    "--out", str(out)], check=True, capture_output=True)
    return out


@pytest.mark.skipif(os.name == "nt", reason="SIGINT cannot be sent to a child process on Windows")
@pytest.mark.parametrize("progress_lines", [1, 3])
def test_ctrl_c_prints_one_line_and_exits_130(corpus_5x, tmp_path, progress_lines):
    """Interrupted after reading the sources, or after building the tree (the index and the
    site are written next): one line, exit 130 as shells report Ctrl-C, no traceback."""
    child = subprocess.Popen([LAWSEARCH, "build", "--corpus", str(corpus_5x), "--out", str(tmp_path / "out")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    log = [child.stderr.readline() for _ in range(progress_lines)]
    child.send_signal(signal.SIGINT)
    rest = child.stderr.read()
    code = child.wait(timeout=60)
    assert all(line.endswith("\n") for line in log), log  # still running when interrupted
    assert code == 130, rest
    assert "Traceback" not in rest and "Aborted" not in rest, rest
    assert rest.splitlines()[-1].startswith("interrupted") and rest.count("interrupted") == 1, rest
    assert child.stdout.read() == ""


STOPS = [(signal.SIGINT, 130), (signal.SIGTERM, 143)] if os.name != "nt" else []
EARLY = (0, 0.02, 0.05, 0.1, 0.3, 1.0)  # seconds: Python starting, the imports (~0.1 s), the command


def lawsearch_has_the_signals(pid: int) -> bool | None:
    """Whether lawsearch.program has taken SIGTERM yet -- Python itself never does, so this
    tells Python's startup apart from lawsearch's run. None where there is no /proc."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    caught = int(re.search(r"^SigCgt:\s*([0-9a-f]+)", status, re.M)[1], 16)
    return bool(caught >> (signal.SIGTERM - 1) & 1)


def interrupted(argv: list[str], signum: int, delay: float) -> tuple[subprocess.CompletedProcess, bool]:
    """The installed command, sent ``signum`` ``delay`` seconds after it was started, and
    whether lawsearch had taken the signals by then."""
    child = subprocess.Popen([LAWSEARCH, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    started = lawsearch_has_the_signals(child.pid)
    child.send_signal(signum)
    if started is None:  # no /proc: by 0.1 s Python has started (~20 ms, 60 ms on a loaded machine)
        started = delay >= 0.1
    stdout, stderr = child.communicate(timeout=120)
    return subprocess.CompletedProcess(argv, child.returncode, stdout, stderr), started


@pytest.mark.skipif(os.name == "nt", reason="signals cannot be sent to a child process on Windows")
@pytest.mark.parametrize("signum, code", STOPS, ids=["SIGINT", "SIGTERM"])
def test_an_interrupt_at_any_moment_is_one_line(built_out, signum, code):
    """From the program's first moment -- while it imports click and whoosh, parses the
    command line, runs the command: one line `interrupted`, exit 128 + the signal (130 for
    Ctrl-C, 143 for SIGTERM, as a shell reports them); or the command had finished. Before
    that moment Python is starting (~20 ms; more on a loaded machine): what it does then is
    Python's, and no line of lawsearch has run (docs/reliability.md)."""
    where = ["--corpus", str(CORPUS_DIR), "--out", str(built_out)]
    shown = lawsearch("show", "50E", *where).stdout
    reached = set()
    for delay in EARLY:
        for argv in (["show", "50E", *where], ["build", "-q", *where]):
            result, started = interrupted(argv, signum, delay)
            said = (argv[0], delay, result.returncode, result.stderr)
            if not started:
                assert "lawsearch/" not in result.stderr, said  # nothing heavy before the handlers
                continue
            reached.add(argv[0])
            assert result.returncode in (code, 0), said
            assert "Traceback" not in result.stderr and "Aborted" not in result.stderr, said
            if argv[0] == "show":
                assert result.stdout in ("", shown), said  # all or nothing
            if result.returncode == code:
                assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("interrupted"), said
    # however loaded the machine, by the last delay the program had its handlers: the checks
    # above ran on a live lawsearch, not only on a Python still starting
    assert reached == {"show", "build"}, reached


# -- finding the corpus: messages and hints that work -------------------------------------


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A project folder whose name has a space (hints must quote it) holding corpus/; the
    current folder is elsewhere, so only the hints' --corpus and --out can find them."""
    root = tmp_path / "my laws"
    shutil.copytree(CORPUS_DIR, root / "corpus")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.delenv("LAWSEARCH_CORPUS", raising=False)
    return root


def run_hint(command: str):
    """Run a ``lawsearch …`` command as a shell would split it."""
    argv = shlex.split(command)
    assert argv[0] == "lawsearch", command
    return CliRunner().invoke(main, argv[1:])


def hints(text: str) -> list[str]:
    return re.findall(r"`(lawsearch [^`]+)`", text)


@pytest.mark.parametrize("command", [["search", "карта"], ["show", "50E"], ["check"], ["build"]])
def test_corpus_pointing_at_the_project_folder_says_which_folder_is_meant(project, monkeypatch, command):
    monkeypatch.setenv("LAWSEARCH_CORPUS", str(project))
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), repr(result.exception)
    assert "$LAWSEARCH_CORPUS" in result.stderr and "manifest.toml" in result.stderr
    assert f"did you mean {project / 'corpus'}?" in result.stderr
    assert not hints(result.stderr)  # no command that would fail the same way
    monkeypatch.delenv("LAWSEARCH_CORPUS")
    option = CliRunner().invoke(main, [*command, "--corpus", str(project)])
    assert "--corpus" in option.stderr and f"did you mean {project / 'corpus'}?" in option.stderr


def test_the_build_hint_of_search_builds_what_search_reads(project, tmp_path):
    out = tmp_path / "other out"
    where = ["--corpus", str(project / "corpus"), "--out", str(out)]
    first = CliRunner().invoke(main, ["search", "карта", *where])
    assert first.exit_code == 1
    (hint,) = hints(first.stderr)
    assert run_hint(hint).exit_code == 0
    assert CliRunner().invoke(main, ["search", "карта", *where]).exit_code == 0


def test_a_build_folder_that_is_a_link_is_still_the_default_in_hints(project, tmp_path, monkeypatch):
    """build/ a symbolic link to another disk: the hint needs no --out (it compared the
    resolved --out with the unresolved default, and gave one)."""
    elsewhere = tmp_path / "on another disk"
    elsewhere.mkdir()
    (project / "build").symlink_to(elsewhere, target_is_directory=True)
    monkeypatch.chdir(project)
    assert hints(CliRunner().invoke(main, ["search", "карта"]).stderr) == ["lawsearch build"]
    assert run_hint("lawsearch build -q").exit_code == 0
    assert CliRunner().invoke(main, ["search", "карта"]).exit_code == 0


def test_the_refresh_hint_of_a_stale_index_refreshes_it(project, tmp_path):
    out = tmp_path / "other out"
    where = ["--corpus", str(project / "corpus"), "--out", str(out)]
    assert CliRunner().invoke(main, ["build", "-q", *where]).exit_code == 0
    manifest = project / "corpus" / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    stale = CliRunner().invoke(main, ["search", "карта", *where])
    assert "older than the corpus" in stale.stderr
    (hint,) = hints(stale.stderr)
    assert run_hint(hint).exit_code == 0
    assert "older than the corpus" not in CliRunner().invoke(main, ["search", "карта", *where]).stderr


def test_the_check_hint_of_a_failed_build_lists_every_error(project, tmp_path):
    curation = project / "corpus" / "curation.toml"
    mistakes = ["colour", "size", "weight", "owner", "mood", "flavour", "shape"]  # seven different unknown keys
    curation.write_text(curation.read_text(encoding="utf-8") + "".join(
        f'\n[[piece]]\nat = "000:{n + 100}"\nreason = "x"\n{key} = "x"\n' for n, key in enumerate(mistakes)),
        encoding="utf-8")
    failed = CliRunner().invoke(main, ["build", "--corpus", str(project / "corpus"), "--out", str(tmp_path / "o")])
    more = int(re.search(r"… and (\d+) more like these", failed.stderr)[1])
    (hint,) = hints(failed.stderr)
    listed = run_hint(hint)
    assert listed.exit_code == 1 and "no corpus" not in listed.stderr
    assert listed.stderr.count("unknown key") == more + 5 == len(mistakes)


@pytest.mark.parametrize("argv, words", [
    (["build", "--out", ""], "--out needs a folder"),
    (["show", "50E", "--out", ""], "--out needs a folder"),
    (["show", "50E", "--corpus", ""], "--corpus needs a folder"),
    (["export", "-o", ""], "--output needs a file"),
], ids=["build-out", "show-out", "show-corpus", "export-output"])
def test_an_empty_name_is_a_usage_error(project, monkeypatch, argv, words):
    """``--out ""`` built into the default build/ and ``--corpus ""`` read the nearest
    corpus/, silently: an empty name is a mistake (a variable that was not set), not the
    default."""
    monkeypatch.chdir(project)  # where the defaults would find corpus/ and build/
    result = CliRunner().invoke(main, argv)
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert words in result.stderr
    assert not (project / "build").exists()


def test_an_empty_corpus_variable_is_no_corpus_variable(project, monkeypatch):
    """An empty environment variable counts as unset, as shells treat them."""
    monkeypatch.chdir(project)
    monkeypatch.setenv("LAWSEARCH_CORPUS", "")
    assert CliRunner().invoke(main, ["show", "50E"]).exit_code == 0


# -- filters that name nothing --------------------------------------------------------------


@pytest.mark.parametrize("query, words", [
    ("law:999 карта", ["law:999", "45-62"]),
    ("law:50E карта", ["law:50E", "45-62"]),
    ("kind:bogus", ["kind:bogus", "commentary", "section"]),
    ("карта kind:Law", ["kind:Law", "law"]),
    ("lang:fr card", ["lang:fr", "en, ru"]),
])
def test_a_filter_naming_nothing_is_a_usage_error(built_out, searcher, query, words):
    from lawsearch.query import QueryError

    with pytest.raises(QueryError) as info:
        searcher.search(query)
    for word in words:
        assert word in str(info.value)
    for extra in ([], ["--json"]):
        result = CliRunner().invoke(main, ["search", query, *extra, "--corpus", str(CORPUS_DIR), "--out", str(built_out)])
        assert result.exit_code == 2 and result.stdout == "", result.output
        assert str(info.value) in result.stderr and "Ничего не найдено" not in result.output


@pytest.mark.parametrize("query", ["law:50 карта", "kind:commentary", "lang:en card", "lang:ru карта"])
def test_filters_the_corpus_has_still_work(searcher, query):
    assert searcher.search(query).hits


# -- every ID show takes is an ID query -----------------------------------------------------


def test_every_id_show_takes_is_found_by_search(corpus, searcher, built):
    """Nodes of every kind (divisions, commentary paragraphs, pieces where the corpus has
    them) and footnotes: the ID query puts it first, at the anchor the site gives it."""
    ids = [n.id for n in corpus.nodes] + [f.id for f in corpus.footnotes]
    assert {"div-razdel-46", "48.4", "fn-81-1"} <= set(ids)
    for node_id in ids:
        result = searcher.search(node_id)
        assert result.kind == "id" and result.hits[0].id == node_id, node_id
        page, _, anchor = result.hits[0].url.partition("#")
        assert f'id="{anchor}"' in (built / "site" / page).read_text(encoding="utf-8"), node_id


def test_a_footnote_query_lists_the_nodes_it_belongs_to(built_out):
    result = CliRunner().invoke(main, ["search", "fn-84-1", "--corpus", str(CORPUS_DIR), "--out", str(built_out)])
    assert result.exit_code == 0, result.stderr
    # 000:18 and 000:20: the markers of fn-84-1 stand in 53A and 53B
    assert result.stdout.splitlines()[0] == "fn-84-1: fn-84-1, then the 2 nodes it belongs to"
    found = re.findall(r"^(\S+?)\.? .*?(laws/\S+)$", result.stdout, re.M)
    assert found == [("fn-84-1", "laws/53.html#fn-84-1"), ("53A", "laws/53.html#l53a"), ("53B", "laws/53.html#l53b")]


# -- honest counts ------------------------------------------------------------------------------


def search_cli(out: Path, *args: str):
    return CliRunner().invoke(main, ["search", *args, "--corpus", str(CORPUS_DIR), "--out", str(out)])


@pytest.mark.parametrize("limit", ["10", "1000"])
def test_the_counts_add_up_and_every_hint_shows_what_it_says(built_out, limit, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = search_cli(built_out, "карта", "--limit", limit)
    lines = result.stdout.splitlines()
    footer = lines[-1]
    total, printed = (int(x) for x in re.match(r"(\d+) hits, (\d+) shown", footer).groups())
    assert printed == sum(1 for line in lines if re.match(r"^\S+.*   laws/", line))
    hidden = {m[2]: (int(m[1]), m[3]) for m in re.finditer(r"… and (\d+) more in law (\d+): (lawsearch .*)$",
                                                            result.stdout, re.M)}
    for law, (rest, command) in hidden.items():
        shown = json.loads(run_hint(command + " --json").stdout)["hits"]
        assert {h["law"] for h in shown} == {law}
        assert len(shown) == rest + sum(1 for line in lines if re.match(rf"^(Правило {law}\b|{law}[A-Z.])", line))
    if int(limit) >= total:
        assert "--limit" not in footer  # it would not show more
        assert printed + sum(rest for rest, _ in hidden.values()) == total
    else:
        (command,) = hints(footer)
        bigger = run_hint(command).stdout.splitlines()[-1]
        assert int(re.match(r"\d+ hits, (\d+) shown", bigger)[1]) > printed
        assert re.search(rf"shows (\d+) of them", footer)[1] == re.match(r"\d+ hits, (\d+) shown", bigger)[1]


# -- long input echoed short --------------------------------------------------------------


LONG = "5" * 5000


@pytest.mark.parametrize("argv", [
    ["show", LONG], ["show", "50E" + LONG], ["search", LONG], ["search", "ф" * 5000], ["search", "law:" + LONG],
    ["kwic", "ф" * 5000], ["kwic", "карта", "--law", LONG], ["freq", "--law", LONG],
], ids=["show", "show-in-a-law", "search-number", "search-word", "search-filter", "kwic", "kwic-law", "freq-law"])
def test_long_input_is_echoed_short(built_out, argv):
    result = CliRunner().invoke(main, [*argv, "--corpus", str(CORPUS_DIR), "--out", str(built_out)])
    assert "Traceback" not in result.output
    echoed = result.stdout + result.stderr
    assert "5" * 100 not in echoed and "ф" * 100 not in echoed
    assert "…" in echoed


@pytest.mark.parametrize("argv, said", [
    (["kwic", "!!!"], "'!!!' has no words to look for"),
    (["kwic", "\udcff"], "'\ufffd' has no words to look for"),  # the byte 0xff in a UTF-8 command line
    (["kwic", "и в"], "'и в' is only stop words"),
    (["show", "50\udcff"], "no node '50\ufffd'"),
    (["show", "\x1b[2J\u202e"], "no node '␛[2J\ufffd'"),
    (["search", "\x1b[2J\udcff"], "Ничего не найдено по «␛[2J\ufffd»"),
], ids=["punctuation", "undecodable", "stop-words", "show-undecodable", "show-escape", "search-escape"])
def test_input_is_echoed_as_what_it_is_and_visibly(built_out, argv, said):
    """``kwic '!!!'`` said it "is only stop words", and ``kwic $'\\xff'`` echoed '\\udcff'."""
    result = CliRunner().invoke(main, [*argv, "--corpus", str(CORPUS_DIR), "--out", str(built_out)])
    echoed = result.stdout + result.stderr
    assert said in echoed, echoed
    assert not TERMINAL_UNSAFE.search(echoed.replace("\n", "")), echoed


# -- messages name files as they open from the current folder --------------------------------


MESSAGE = re.compile(r"^(?:Error|Warning): (?P<path>[^:\n]+?)(?::(?P<line>\d+))?: ", re.M)


def test_every_message_names_its_file_as_it_opens_from_the_current_folder(tmp_path, monkeypatch):
    """Run from /tmp/x, ``check --corpus c3/corpus`` named ``corpus/curation.toml:24``, which
    does not exist from there, with a lower-case ``error:``; a failed build mixed both."""
    root = tmp_path / "c3" / "corpus"
    shutil.copytree(CORPUS_DIR, root)
    curation = root / "curation.toml"
    curation.write_text(curation.read_text(encoding="utf-8").replace('law = "45"', 'law = "46"', 1), encoding="utf-8")
    law = root / LAW_000
    law.chmod(0o644)
    with law.open("a", encoding="utf-8") as f:
        f.write("Правило 99. Правило вне кодекса\nРаздел IX - Раздел без правила\n")  # an error and a warning
    monkeypatch.chdir(tmp_path)

    for corpus, where in (("c3/corpus", tmp_path), (".", root)):
        monkeypatch.chdir(where)
        seen = []
        for command in ("check", "build"):
            quiet = ["-q"] if command == "build" else []  # no progress: stderr holds only messages
            result = CliRunner().invoke(main, [command, *quiet, "--corpus", corpus, "--out", str(tmp_path / "out")])
            assert result.exit_code == 1, result.output
            # every line on stderr is a message; the report on stdout has its warnings
            messages = result.stderr.splitlines() + re.findall(r"(?im)^warning:.*", result.stdout)
            assert messages
            for message in messages:
                m = MESSAGE.match(message)
                assert m, f"{command}: {message!r} is not 'Error: FILE:LINE: …' or 'Warning: …'"
                path = Path(m["path"])
                assert not path.is_absolute() and path.is_file(), f"{command}: {message!r} names no file from {where}"
                if m["line"]:
                    assert int(m["line"]) <= len(path.read_text(encoding="utf-8").splitlines()), message
                seen.append((command, path.name))
        assert {("check", "curation.toml"), ("build", "curation.toml"), ("check", law.name), ("build", law.name)} <= set(seen)
