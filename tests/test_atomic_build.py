"""The build output under faults: killed at each phase and at random moments, read while
it is rebuilt, built twice at once, into a read-only or a full disk, over a user's files.

Whatever happens, OUT holds exactly the old build or exactly the new one -- every public
path (corpus.json, index/, site/, lawsearch.html) of one build id -- and no file lawsearch
did not write is ever deleted (docs/decisions.md, "The output folder").
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch import output
from lawsearch.build import build, load_corpus
from lawsearch.cli import main

ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = ROOT / "corpus"
LAWSEARCH = [sys.executable, "-c", "import sys; from lawsearch.program import main; sys.exit(main())"]  # as installed
TITLE_A = '50 = "Disposition of Penalty Card"'  # the bridge profile's titles-en.toml
TITLE_B = '50 = "Disposition of Zebra Card"'  # a variant whose search for "zebra" finds law 50


def quiet(message: str) -> None:
    pass


def lawsearch(*args: str, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([*LAWSEARCH, *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, **kwargs)


def build_id(out: Path) -> str:
    """The one build id all public paths of OUT agree on (fails if they disagree)."""
    ids = {
        "corpus.json": json.loads((out / "corpus.json").read_text(encoding="utf-8"))["build"],
        "index meta": json.loads((out / "index" / "meta.json").read_text(encoding="utf-8"))["build"],
        "site data": re.search(r'"build":"([^"]+)"', (out / "site" / "search-index.js").read_text(encoding="utf-8"))[1],
        "site page": re.search(r'name="lawsearch-build" content="([^"]+)"',
                               (out / "site" / "laws" / "50.html").read_text(encoding="utf-8"))[1],
    }
    if (out / "lawsearch.html").exists():
        ids["single file"] = re.search(r'name="lawsearch-build" content="([^"]+)"',
                                       (out / "lawsearch.html").read_text(encoding="utf-8"))[1]
    assert len(set(ids.values())) == 1, f"public paths of two builds: {ids}"
    return ids["corpus.json"]


def snapshot(out: Path) -> dict[str, str]:
    """Hash of every file reachable through OUT's public paths, by public path."""
    files = {}
    for name in output.PUBLIC:
        path = out / name
        if path.is_file():
            files[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        elif path.is_dir():
            for f in sorted(path.rglob("*")):
                if f.is_file():
                    files[f"{name}/{f.relative_to(path).as_posix()}"] = hashlib.sha256(f.read_bytes()).hexdigest()
    return files


def generations(out: Path) -> list[str]:
    return sorted(g.name for g in (out / output.GENERATIONS).iterdir())


@pytest.fixture(scope="module")
def corpus_b(tmp_path_factory) -> Path:
    """The shipped corpus with law 50's English title changed: a build of it is told apart
    from a build of the shipped one by content, not only by its id."""
    root = tmp_path_factory.mktemp("variant") / "corpus"
    shutil.copytree(CORPUS_DIR, root)
    # the corpus folder's own titles file overrides the profile's title of law 50
    (root / "titles-en.toml").write_text(f"[titles]\n{TITLE_B}\n", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def old_build(tmp_path_factory) -> tuple[Path, str, dict[str, str]]:
    """The shipped corpus built once, with the single file: (OUT, its build id, its snapshot)."""
    out = tmp_path_factory.mktemp("old") / "out"
    build(CORPUS_DIR, out, quiet, single_file=True)
    return out, build_id(out), snapshot(out)


def copy_of(old_build, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    shutil.copytree(old_build[0], out, symlinks=True)  # the links are relative: the copy is whole
    return out


# -- killed at each phase -------------------------------------------------------------------------


@pytest.mark.parametrize("phase", output.FAULT_PHASES)
def test_a_build_killed_at_any_phase_leaves_exactly_the_old_or_the_new_build(old_build, corpus_b, tmp_path, phase):
    out = copy_of(old_build, tmp_path)
    _, old_id, old_files = old_build
    killed = lawsearch("build", "-q", "--single-file", "--corpus", str(corpus_b), "--out", str(out),
                       env={"LAWSEARCH_FAULT_AT": phase})
    assert killed.returncode == -signal.SIGKILL, killed.stderr

    now = build_id(out)
    if phase == "after-switch":  # switched: the new build, whole
        assert now != old_id
        assert "Disposition of Zebra Card" in (out / "corpus.json").read_text(encoding="utf-8")
        assert now in generations(out) and old_id in generations(out)  # the old one kept for open tabs
    else:
        assert now == old_id and snapshot(out) == old_files
    answer = json.loads(lawsearch("search", "--json", "zebra", "--corpus", str(corpus_b), "--out", str(out)).stdout)
    assert answer["build"] == now

    # the next build is not blocked by the killed one's lock (it died with it), and cleans up
    # what the killed one left: the current build and the new one stay
    build(corpus_b, out, quiet)
    newest = build_id(out)
    assert generations(out) == sorted([now, newest])
    assert sorted(p.name for p in out.iterdir()) == [".generations", ".lawsearch-build.json", ".lock",
                                                     "corpus.json", "current", "index", "site"]


@pytest.mark.parametrize("layout", ["link", "pointer"])
@pytest.mark.parametrize("given", ["relative", "through a symbolic link"])
def test_an_out_folder_given_relative_or_through_a_link_keeps_its_build_until_the_switch(
        old_build, corpus_b, tmp_path, monkeypatch, given, layout):
    """The current build was taken for an old one and deleted when the next build started,
    when --out was relative or a symbolic link: a build killed then left nothing. The same
    for the Windows layout (current.txt), and for a build interrupted by Ctrl-C, whose
    cleanup compares paths too."""
    if layout == "link":
        real = copy_of(old_build, tmp_path)
        _, old_id, old_files = old_build
    else:  # the marker keeps the layout: only the first build needs to be made without links
        real = tmp_path / "out"
        with monkeypatch.context() as patch:
            patch.setattr(output, "symlinks_work", lambda out: False)
            build(CORPUS_DIR, real, quiet, single_file=True)
        old_id, old_files = build_id(real), snapshot(real)
        assert (real / output.CURRENT_POINTER).is_file() and not (real / output.CURRENT_LINK).exists()
    if given == "relative":
        where, cwd = "out", tmp_path
    else:
        (tmp_path / "link").symlink_to(real, target_is_directory=True)
        where, cwd = str(tmp_path / "link"), None
    killed = lawsearch("build", "-q", "--single-file", "--corpus", str(corpus_b), "--out", where,
                       env={"LAWSEARCH_FAULT_AT": "before-switch"}, cwd=cwd)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert build_id(real) == old_id and snapshot(real) == old_files

    seen = set(generations(real))  # the old build and the killed one's partial generation
    interrupted = subprocess.Popen([*LAWSEARCH, "build", "-q", "--corpus", str(corpus_b), "--out", where],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)
    deadline = time.monotonic() + 30
    while set(generations(real)) <= seen and time.monotonic() < deadline and interrupted.poll() is None:
        time.sleep(0.005)  # until the new generation is being written
    interrupted.send_signal(signal.SIGINT)
    _, stderr = interrupted.communicate(timeout=30)
    assert (interrupted.returncode, stderr) == (130, f"interrupted; {where} is left as it was\n")
    assert build_id(real) == old_id and snapshot(real) == old_files and generations(real) == [old_id]

    done = lawsearch("build", "-q", "--corpus", str(corpus_b), "--out", where, cwd=cwd)
    assert done.returncode == 0, done.stderr
    assert old_id in generations(real) and build_id(real) != old_id  # the previous build kept for open tabs


@pytest.mark.slow
def test_kill_9_at_random_moments_of_a_5x_build(tmp_path):
    """A synthetic corpus five times the seeds, its build killed again and again."""
    corpus = tmp_path / "syn5"
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_corpus.py"), "--scale", "5", "--seed", "1",
                    "--out", str(corpus)], check=True, capture_output=True)
    out = tmp_path / "out"
    started = time.monotonic()
    assert lawsearch("build", "-q", "--corpus", str(corpus), "--out", str(out)).returncode == 0
    one_build = time.monotonic() - started
    seen = {build_id(out)}
    rng = random.Random(8)
    # a fixed number of kills, each within one build's time: a loaded machine makes the test
    # slower, never weaker (a wall-clock budget let it end after two kills under load)
    kills = 0
    while kills < 4:
        before = build_id(out), snapshot(out)
        process = subprocess.Popen([*LAWSEARCH, "build", "-q", "--corpus", str(corpus), "--out", str(out)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, one_build * 1.1))
        process.kill()
        process.wait()
        kills += 1
        now = build_id(out)
        if now == before[0]:
            assert snapshot(out) == before[1], f"kill {kills}: same build id, other files"
        else:
            assert now not in seen  # a whole new build, not an older one
        seen.add(now)
    assert lawsearch("build", "-q", "--corpus", str(corpus), "--out", str(out)).returncode == 0
    assert len(generations(out)) == 2  # the killed builds' leftovers are gone
    assert not [p for p in out.iterdir() if p.name.startswith((".staging", ".old", ".current.tmp"))]


# -- a reader during rebuilds ---------------------------------------------------------------------

READER = textwrap.dedent("""
    import json, sys, time
    from pathlib import Path
    import lawsearch
    index, stop = Path(sys.argv[1]), Path(sys.argv[2])
    while not stop.exists():
        try:
            result = lawsearch.search("zebra", limit=50, index_dir=index)
            print(json.dumps({"build": result.build, "ids": [h.id for h in result.hits]}), flush=True)
        except Exception as e:
            print(json.dumps({"error": repr(e)}), flush=True)
""")


@pytest.mark.slow
def test_a_reader_during_20_rebuilds_sees_whole_builds_only(old_build, corpus_b, tmp_path):
    import threading

    out = copy_of(old_build, tmp_path)
    variant = {old_build[1]: "A"}
    stop = tmp_path / "stop"
    reader = subprocess.Popen([sys.executable, "-c", READER, str(out / "index"), str(stop)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    answers: list[dict] = []
    drain = threading.Thread(target=lambda: answers.extend(json.loads(line) for line in reader.stdout))
    drain.start()

    def answered(build: str) -> None:
        deadline = time.monotonic() + 30
        while not any(a.get("build") == build for a in list(answers)) and time.monotonic() < deadline:
            time.sleep(0.01)

    try:
        answered(old_build[1])
        for n in range(20):
            corpus = corpus_b if n % 2 == 0 else CORPUS_DIR
            build(corpus, out, quiet)
            variant[build_id(out)] = "B" if corpus == corpus_b else "A"
            answered(build_id(out))  # the reader has moved to this build before the next switch
    finally:
        stop.touch()
        drain.join(timeout=60)
        errors = reader.stderr.read()
        reader.wait(timeout=60)
    assert reader.returncode == 0, errors
    assert [a for a in answers if "error" in a] == []
    assert {a["build"] for a in answers} == set(variant)  # every build answered, and only those
    for a in answers:
        # its hits are that build's: law 50 is "Zebra" only in variant B
        assert ("50" in a["ids"]) == (variant[a["build"]] == "B"), a


def test_the_library_search_sees_a_rebuild_in_the_same_process(corpus_b, tmp_path):
    import lawsearch

    out = tmp_path / "out"
    build(CORPUS_DIR, out, quiet)
    first = lawsearch.search("zebra", index_dir=out / "index")
    assert "50" not in [h.id for h in first.hits]
    build(corpus_b, out, quiet)
    second = lawsearch.search("zebra", index_dir=out / "index")
    assert second.build == build_id(out) != first.build
    assert second.hits[0].id == "50"


# -- interrupted, locked ------------------------------------------------------------------------


def test_sigterm_during_the_build_leaves_the_old_build_and_no_partial_one(old_build, corpus_b, tmp_path):
    out = copy_of(old_build, tmp_path)
    process = subprocess.Popen([*LAWSEARCH, "build", "-q", "--corpus", str(corpus_b), "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while len(generations(out)) < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.005)  # until the new generation is being written
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 143, stderr  # 128 + SIGTERM, as a shell reports it
    assert stderr.strip().count("\n") == 0 and "Traceback" not in stderr
    assert "interrupted" in stderr and str(out) in stderr
    assert build_id(out) == old_build[1] and snapshot(out) == old_build[2]
    assert generations(out) == [old_build[1]]  # the partial generation removed


def test_an_interrupted_first_build_leaves_no_folder(tmp_path):
    out = tmp_path / "new" / "out"
    process = subprocess.Popen([*LAWSEARCH, "build", "-q", "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while not (out / output.GENERATIONS).is_dir() and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.005)  # until the new generation is being written
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert stderr == f"interrupted; nothing was built in {out}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_build_waiting_for_one_that_took_its_folder_back_builds(tmp_path):
    """The build it waited for made OUT, published nothing and removed OUT with its lock
    file: the waiting build locks the folder anew and builds (it failed: no such folder)."""
    import fcntl

    out = tmp_path / "out"
    out.mkdir()
    with open(out / output.LOCK, "w") as lock:  # the first build, holding the lock
        fcntl.flock(lock, fcntl.LOCK_EX)
        waiting = subprocess.Popen([*LAWSEARCH, "build", "-q", "--out", str(out)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert waiting.stderr.readline().startswith("waiting for another build")
        (out / output.LOCK).unlink()  # what the first build's failure takes back
        out.rmdir()
    rest = waiting.stderr.read()
    assert waiting.wait(timeout=60) == 0, rest
    build_id(out)


def test_a_second_build_waits_for_the_first_and_says_so(old_build, tmp_path):
    import fcntl

    out = copy_of(old_build, tmp_path)
    with open(out / output.LOCK, "w") as lock:  # a build of OUT holding the lock
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock.write("4242\n")
        lock.flush()
        waiting = subprocess.Popen([*LAWSEARCH, "build", "-q", "--out", str(out)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        said = waiting.stderr.readline()  # -q: the only thing it says is that it waits
        assert said.startswith(f"waiting for another build of {out} (pid 4242) to finish")
        time.sleep(0.5)
        assert waiting.poll() is None and build_id(out) == old_build[1]  # still waiting, nothing written
    rest = waiting.stderr.read()
    assert waiting.wait(timeout=60) == 0, rest
    assert "waiting" not in rest  # said once
    assert build_id(out) != old_build[1]


def test_two_builds_at_once_both_succeed_one_after_the_other(old_build, corpus_b, tmp_path):
    out = copy_of(old_build, tmp_path)
    runs = [subprocess.Popen([*LAWSEARCH, "build", "-q", "--corpus", str(c), "--out", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for c in (CORPUS_DIR, corpus_b)]
    results = [(r.communicate(timeout=60), r.returncode) for r in runs]
    assert [code for _, code in results] == [0, 0], results
    now = build_id(out)
    assert len(generations(out)) == 2 and now in generations(out) and old_build[1] not in generations(out)


# -- a user's files -----------------------------------------------------------------------------


def test_a_folder_with_a_users_file_is_refused_and_the_file_survives(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("мои заметки", encoding="utf-8")
    refused = lawsearch("build", "-q", "--out", str(out))
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "notes.txt" in refused.stderr and "--force" in refused.stderr
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]  # nothing written, not even a lock

    forced = lawsearch("build", "-q", "--force", "--out", str(out))
    assert forced.returncode == 0, forced.stderr
    assert (out / "notes.txt").read_text(encoding="utf-8") == "мои заметки"
    build_id(out)
    again = lawsearch("build", "-q", "--out", str(out))  # taken over: the marker says what is ours
    assert again.returncode == 0, again.stderr
    assert (out / "notes.txt").read_text(encoding="utf-8") == "мои заметки"


def old_style_build(out: Path) -> None:
    """OUT as lawsearch builds before generations left it: corpus.json, index/, site/ as
    real folders, and the leftovers of killed builds."""
    scratch = out.parent / "scratch"
    build(CORPUS_DIR, scratch, quiet, single_file=True)
    out.mkdir()
    for name in output.PUBLIC:
        source = scratch / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, out / name)
    shutil.copytree(scratch / "index", out / ".staging-k2j4l9x" / "index")
    shutil.copy(scratch / "corpus.json", out / ".staging-k2j4l9x" / "corpus.json")
    shutil.copytree(scratch / "site", out / ".old-site-4242")
    shutil.rmtree(scratch)


def test_an_earlier_build_folder_is_adopted_silently_and_its_leftovers_removed(tmp_path):
    out = tmp_path / "out"
    old_style_build(out)
    result = lawsearch("build", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "did not write" not in result.stderr
    assert sorted(p.name for p in out.iterdir()) == [".generations", ".lawsearch-build.json", ".lock",
                                                     "corpus.json", "current", "index", "site"]
    assert len(generations(out)) == 2  # the adopted earlier build is the previous one
    build_id(out)


def test_a_users_files_inside_an_earlier_site_are_never_deleted(tmp_path):
    out = tmp_path / "out"
    old_style_build(out)
    (out / "site" / "thesis.tex").write_text("\\documentclass{article}", encoding="utf-8")
    (out / ".old-site-4242" / "notes.txt").write_text("заметки", encoding="utf-8")
    refused = lawsearch("build", "-q", "--out", str(out))
    assert refused.returncode == 1 and "thesis.tex" in refused.stderr and "--force" in refused.stderr
    assert (out / "site" / "thesis.tex").is_file() and not (out / "current").exists()

    forced = lawsearch("build", "-q", "--force", "--out", str(out))
    assert forced.returncode == 0, forced.stderr
    assert "site/thesis.tex" in forced.stderr  # says where it moved them
    for _ in range(2):  # the adopted generation is cleaned up: the user's files stay
        result = lawsearch("build", "-q", "--out", str(out))
        assert result.returncode == 0
        assert "thesis.tex" in result.stderr
    kept = [p for p in (out / output.GENERATIONS).rglob("thesis.tex")]
    assert [p.read_text(encoding="utf-8") for p in kept] == ["\\documentclass{article}"]
    assert (out / ".old-site-4242" / "notes.txt").read_text(encoding="utf-8") == "заметки"
    assert sorted(p.relative_to(kept[0].parents[1]).as_posix() for p in kept[0].parents[1].rglob("*")) \
        == ["site", "site/thesis.tex"]  # everything lawsearch wrote there is gone


def test_a_users_file_added_to_the_site_survives_the_cleanup_of_its_generation(old_build, tmp_path):
    out = copy_of(old_build, tmp_path)
    (out / "site" / "laws" / "my-notes.md").write_text("50E: см. комментарий", encoding="utf-8")
    first = lawsearch("build", "-q", "--out", str(out))
    second = lawsearch("build", "-q", "--out", str(out))  # removes the generation the file went into
    assert first.returncode == second.returncode == 0
    assert "laws/my-notes.md" in second.stderr
    note = out / output.GENERATIONS / old_build[1] / "site" / "laws" / "my-notes.md"
    assert note.read_text(encoding="utf-8") == "50E: см. комментарий"
    assert [p.name for p in (out / output.GENERATIONS / old_build[1]).rglob("*") if p.is_file()] == ["my-notes.md"]


# -- read-only and full disks -------------------------------------------------------------------


def mount_tmpfs(where: Path, size: str) -> None:
    where.mkdir()
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({result.stderr.strip() or 'not permitted'})")


@pytest.fixture
def small_disk(tmp_path):
    disk = tmp_path / "disk"
    yield disk
    subprocess.run(["umount", str(disk)], capture_output=True)


def assert_one_clean_error(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.strip().count("\n") == 0, result.stderr
    for word in words:
        assert word in result.stderr


def test_a_read_only_output_folder_is_one_clear_error(small_disk):
    mount_tmpfs(small_disk, "8m")
    out = small_disk / "out"
    assert lawsearch("build", "-q", "--out", str(out)).returncode == 0
    before = build_id(out), snapshot(out)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    assert_one_clean_error(lawsearch("build", "-q", "--out", str(out)), str(out), "Read-only file system")
    assert (build_id(out), snapshot(out)) == before
    assert_one_clean_error(lawsearch("build", "-q", "--out", str(small_disk / "new")), "new", "Read-only")


def test_a_full_disk_while_writing_is_one_clear_error_and_nothing_half_written(small_disk, old_build):
    one = sum(f.stat().st_size for f in old_build[0].joinpath("current").resolve().rglob("*") if f.is_file())
    mount_tmpfs(small_disk, f"{int(one * 1.4) // 1024}k")  # room for one build, not for two
    out = small_disk / "out"
    assert lawsearch("build", "-q", "--out", str(out)).returncode == 0
    before = build_id(out), snapshot(out)
    assert_one_clean_error(lawsearch("build", "-q", "--single-file", "--out", str(out)),
                           str(out), "No space left on device", "free some space")
    assert (build_id(out), snapshot(out)) == before
    assert generations(out) == [before[0]]  # the partial generation removed


def test_a_first_build_into_a_full_disk_takes_back_what_it_made(small_disk):
    """OUT did not exist: the failed build removes the folders it made (and its marker,
    lock and generations in them) and says nothing was built; a folder that was there,
    empty, is left empty."""
    mount_tmpfs(small_disk, "300k")  # not room for one build
    out = small_disk / "new" / "b"
    assert_one_clean_error(lawsearch("build", "-q", "--out", str(out)),
                           "No space left on device", f"nothing was built in {out}")
    assert list(small_disk.iterdir()) == []
    (small_disk / "empty").mkdir()
    assert_one_clean_error(lawsearch("build", "-q", "--out", str(small_disk / "empty")),
                           "No space left on device", f"{small_disk / 'empty'} is left as it was")
    assert [p.name for p in small_disk.iterdir()] == ["empty"] and list((small_disk / "empty").iterdir()) == []


def test_permission_denied_while_writing_is_one_error_and_nothing_half_written(old_build, tmp_path, monkeypatch):
    """Root ignores file modes, so the refusal comes from the write itself."""
    from lawsearch.model import CorpusError

    out = copy_of(old_build, tmp_path)
    write_text = Path.write_text

    def refuse_pages(path, *args, **kwargs):
        if path.suffix == ".html":
            raise PermissionError(13, "Permission denied", str(path))
        return write_text(path, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", refuse_pages)
    with pytest.raises(CorpusError) as info:
        build(CORPUS_DIR, out, quiet)
    monkeypatch.undo()
    message = str(info.value)
    assert "Permission denied" in message and "index.html" in message and "give --out another folder" in message
    assert (build_id(out), snapshot(out)) == old_build[1:]
    assert generations(out) == [old_build[1]]


# -- a browser tab -------------------------------------------------------------------------------


def test_a_page_loaded_across_a_switch_reloads_once_to_match_its_search_data(browser, old_build, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(old_build[0] / "site", site)
    page_path = site / "laws" / "50.html"
    # the page of one build, the search data of the next: what a switch between the two loads gives
    html = page_path.read_text(encoding="utf-8").replace(old_build[1], "20261130T231502Z-0ther0")
    page_path.write_text(html, encoding="utf-8")
    page = browser.new_page()
    page.goto(page_path.as_uri())
    page.wait_for_load_state("load")
    assert page.evaluate('performance.getEntriesByType("navigation")[0].type') == "reload"
    page.evaluate("window.stillHere = true")
    page.wait_for_timeout(500)
    assert page.evaluate("window.stillHere === true")  # once, then no loop though they still differ
    page.close()


# -- where symlinks cannot be made (Windows) ----------------------------------------------------


def test_the_pointer_fallback_switches_by_one_rename_and_readers_follow_it(corpus_b, tmp_path, monkeypatch):
    monkeypatch.setattr(output, "symlinks_work", lambda out: False)
    out = tmp_path / "out"
    build(CORPUS_DIR, out, quiet, single_file=True)
    first = (out / output.CURRENT_POINTER).read_text(encoding="utf-8").strip()
    assert not [p for p in out.rglob("*") if p.is_symlink()]
    assert build_id(out) == first  # the public copies are the current build's
    (out / "site" / "notes.txt").write_text("mine", encoding="utf-8")
    notices: list[str] = []
    build(corpus_b, out, quiet, notice=notices.append)
    second = (out / output.CURRENT_POINTER).read_text(encoding="utf-8").strip()
    assert second != first and build_id(out) == second
    assert not (out / "lawsearch.html").exists()  # this build has no single file
    assert any("notes.txt" in n for n in notices)
    assert [p.read_text(encoding="utf-8") for p in out.rglob("notes.txt")] == ["mine"]
    # lawsearch's readers follow the pointer, not the copies
    (out / "corpus.json").write_text("{}", encoding="utf-8")
    from lawsearch.query import Searcher

    assert Searcher(out / "index").build == second
    assert load_corpus(corpus_b, out, quiet).node("50").translations["en"]["title"] == "Disposition of Zebra Card"


def test_the_json_export_names_the_build_it_comes_from(corpus_copy, tmp_path):
    """Any answer can be traced to one build: the JSON export of a current build carries its
    id; one parsed afresh in memory, because the corpus changed since, says it has none."""
    out = tmp_path / "out"
    where = ["--corpus", str(corpus_copy), "--out", str(out)]
    assert CliRunner().invoke(main, ["build", "-q", *where]).exit_code == 0
    built = json.loads((out / "corpus.json").read_text(encoding="utf-8"))["build"]
    exported = CliRunner().invoke(main, ["export", "--format", "json", *where])
    assert built and json.loads(exported.stdout)["build"] == built
    manifest = corpus_copy / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    stale = CliRunner().invoke(main, ["export", "--format", "json", *where])
    assert json.loads(stale.stdout)["build"] is None
