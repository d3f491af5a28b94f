"""Whether a build is current, told from the inputs' stored fingerprint by stat() alone:
any change to a source or data file, or a file added or removed, makes it stale; a
touch without a change does not; and when nothing changed no input file is read."""

from __future__ import annotations

import builtins
import io
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.build import build, load_corpus
from lawsearch.cli import main
from lawsearch.freshness import is_current
from lawsearch.sources import read_corpus_folder

from conftest import CORPUS_DIR


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> tuple[Path, Path]:
    """A copy of the shipped corpus and a build of it, made once for the module's read-only tests."""
    root = tmp_path_factory.mktemp("fresh") / "corpus"
    shutil.copytree(CORPUS_DIR, root)
    out = root.parent / "out"
    build(root, out, lambda message: None)
    return root, out


@pytest.fixture
def fingerprinted(corpus_copy: Path) -> tuple[Path, dict]:
    """A corpus copy to change, and the fingerprint a build of it stores."""
    return corpus_copy, read_corpus_folder(corpus_copy).fingerprint.to_dict()


class Reads:
    """Every file under ``root`` opened (``open``, ``Path.read_bytes``/``read_text`` all go
    through ``io.open``) while the spy is on."""

    def __init__(self, root: Path, monkeypatch):
        self.root, self.paths = root.resolve(), []
        real = io.open

        def spy(file, *args, **kwargs):
            if isinstance(file, (str, os.PathLike)) and Path(file).resolve().is_relative_to(self.root):
                self.paths.append(Path(file).resolve().relative_to(self.root).as_posix())
            return real(file, *args, **kwargs)

        monkeypatch.setattr(io, "open", spy)
        monkeypatch.setattr(builtins, "open", spy)


def a_source(root: Path) -> Path:
    return sorted((root / "laws").rglob("*.txt"))[0]


def test_an_unchanged_corpus_is_current_and_no_file_of_it_is_read(fingerprinted, monkeypatch):
    root, stored = fingerprinted
    reads = Reads(root, monkeypatch)
    assert is_current(root, stored)
    assert reads.paths == []


def change_a_source_keeping_its_size(root: Path) -> None:
    path = a_source(root)
    data = bytearray(path.read_bytes())
    at = data.index(b" ")
    data[at:at + 1] = b"_"
    path.write_bytes(bytes(data))


def append_to_a_data_file(root: Path) -> None:
    with open(root / "curation.toml", "a", encoding="utf-8") as f:
        f.write("\n# a comment\n")


def add_an_unlisted_source(root: Path) -> None:
    (a_source(root).parent / "new.txt").write_text("Правило 1\n", encoding="utf-8")


def remove_a_source(root: Path) -> None:
    a_source(root).unlink()


def remove_a_data_file(root: Path) -> None:
    (root / "curation.toml").unlink()


def edit_the_manifest(root: Path) -> None:
    manifest = root / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")


@pytest.mark.parametrize("change", [change_a_source_keeping_its_size, append_to_a_data_file, add_an_unlisted_source,
                                    remove_a_source, remove_a_data_file, edit_the_manifest])
def test_a_change_makes_the_build_stale(fingerprinted, change):
    root, stored = fingerprinted
    change(root)
    assert not is_current(root, stored)


def test_a_data_file_added_where_there_was_none_makes_the_build_stale(corpus_copy):
    assert not (corpus_copy / "lexicon.toml").exists()  # the profile's lexicon serves; the default name is looked for
    stored = read_corpus_folder(corpus_copy).fingerprint.to_dict()
    assert is_current(corpus_copy, stored)
    (corpus_copy / "lexicon.toml").write_text('[spellings]\n"онер" = "онёр"\n', encoding="utf-8")
    assert not is_current(corpus_copy, stored)


@pytest.fixture
def own_profiles(tmp_path, monkeypatch) -> Path:
    """A copy of the built-in profiles that the package reads instead, to change in a test."""
    import lawsearch.profile
    import lawsearch.sources

    copy = tmp_path / "profiles"
    shutil.copytree(lawsearch.profile.BUILTIN, copy)
    monkeypatch.setattr(lawsearch.profile, "BUILTIN", copy)
    monkeypatch.setattr(lawsearch.sources, "BUILTIN_PROFILES", copy)
    return copy


@pytest.mark.parametrize("name", ["profile.toml", "lexicon.toml", "glossary.toml", "titles-en.toml", "thesaurus.toml"])
def test_a_change_to_a_profile_file_makes_the_build_stale(corpus_copy, own_profiles, name):
    stored = read_corpus_folder(corpus_copy).fingerprint.to_dict()
    assert is_current(corpus_copy, stored)
    with open(own_profiles / "bridge" / name, "a", encoding="utf-8") as f:
        f.write("\n# edited\n")
    assert not is_current(corpus_copy, stored)


def test_a_profile_file_made_in_the_corpus_folder_makes_the_build_stale(corpus_copy):
    stored = read_corpus_folder(corpus_copy).fingerprint.to_dict()
    (corpus_copy / "profile.toml").write_text('extends = "bridge"\n', encoding="utf-8")
    assert not is_current(corpus_copy, stored)


def test_a_touch_without_a_change_is_current_after_hashing_that_file_alone(fingerprinted, monkeypatch):
    root, stored = fingerprinted
    touched = a_source(root)
    os.utime(touched, ns=(touched.stat().st_atime_ns, touched.stat().st_mtime_ns + 5_000_000_000))
    reads = Reads(root, monkeypatch)
    assert is_current(root, stored)
    assert reads.paths == [touched.relative_to(root).as_posix()]


def test_a_build_without_a_fingerprint_is_not_current(corpus_copy):
    assert not is_current(corpus_copy, None)
    assert not is_current(corpus_copy, {"version": 1, "files": "not a table"})


def test_search_reads_no_corpus_file_when_nothing_changed(shipped, monkeypatch):
    root, out = shipped
    reads = Reads(root, monkeypatch)
    result = CliRunner().invoke(main, ["search", "--corpus", str(root), "--out", str(out), "карта"])
    assert result.exit_code == 0, result.output
    assert "older than the corpus" not in result.stderr
    assert reads.paths == []


def test_show_and_check_use_the_build_without_reading_the_corpus(shipped, monkeypatch):
    root, out = shipped
    reads = Reads(root, monkeypatch)
    said = []
    corpus = load_corpus(root, out, said.append)
    assert reads.paths == []
    assert [m for m in said if m.startswith("using ")]
    assert corpus.node("50E") is not None


def test_load_corpus_parses_afresh_after_a_change(fingerprinted, tmp_path):
    root, _ = fingerprinted
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    said = []
    load_corpus(root, out, said.append)
    assert any(m.startswith("using ") for m in said)
    append_to_a_data_file(root)
    said = []
    load_corpus(root, out, said.append)
    assert not any(m.startswith("using ") for m in said)


def test_an_index_built_from_another_corpus_says_so_and_offers_no_rebuild(tmp_path):
    """--out naming a build of another corpus: "older than the corpus; run lawsearch build
    --out …" would have replaced that build with one of this corpus."""
    from click.testing import CliRunner

    from lawsearch.cli import main

    a, b = tmp_path / "a" / "corpus", tmp_path / "b" / "corpus"
    shutil.copytree(CORPUS_DIR, a)
    shutil.copytree(CORPUS_DIR, b)
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["build", "-q", "--corpus", str(a), "--out", str(out)]).exit_code == 0
    own = CliRunner().invoke(main, ["search", "карта", "--corpus", str(a), "--out", str(out)])
    assert "note:" not in own.stderr
    other = CliRunner().invoke(main, ["search", "карта", "--corpus", str(b), "--out", str(out)])
    assert other.exit_code == 0 and f"was built from the corpus {a.resolve()}" in other.stderr
    assert "lawsearch build" not in other.stderr
