"""The command line (CONTRACT.md): every command through ``click.testing.CliRunner``.

Every test names its corpus and output folder (``--corpus``, ``--out``) or sets up its own
project folder, so nothing reads or writes the working copy's ``build/``.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import narrow_law_range

from lawsearch.check import find_damage
from lawsearch.cli import main
from lawsearch.model import Corpus, CorpusError, Footnote, Node
from lawsearch.sources import read_corpus_folder

CORPUS_DIR = Path(__file__).resolve().parent.parent / "corpus"
LAW_000 = "laws/ru/000_58dbb1f2fde933c1.txt"
COMMENTARY_003 = "commentary/ru/003_12516569a567541f.txt"
TOP_LEVEL_KEYS = {"version", "sources", "nodes", "footnotes", "refs"}
SOURCE_KEYS = {"id", "path", "lang", "kind", "edition", "translator", "encoding", "sha256"}
# what `lawsearch build` leaves in OUT (docs/decisions.md, "The output folder")
BUILD_ENTRIES = [".generations", ".lawsearch-build.json", ".lock", "corpus.json", "current", "index", "site"]
NODE_KEYS = {"id", "kind", "law", "parent", "lang", "title", "title_from", "text", "marks", "footnotes",
             "spans", "attribution", "uncertain", "truncated", "missing", "translations", "url"}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="module")
def shipped_out(tmp_path_factory) -> Path:
    """The shipped corpus built once into a temporary folder."""
    out = tmp_path_factory.mktemp("build")
    result = CliRunner().invoke(main, ["build", "-q", "--corpus", str(CORPUS_DIR), "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    return out


def run(runner: CliRunner, *args: str, corpus: Path | None = CORPUS_DIR, out: Path | None = None):
    """Invoke ``lawsearch ARGS --corpus CORPUS --out OUT``."""
    argv = list(args)
    if corpus is not None:
        argv += ["--corpus", str(corpus)]
    if out is not None:
        argv += ["--out", str(out)]
    return runner.invoke(main, argv)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def assert_clean_failure(result, code: int = 1) -> None:
    """A failure for bad input: the exit code, a message on stderr, no traceback."""
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.strip()


# -- help -------------------------------------------------------------------------------


@pytest.mark.parametrize("command", sorted(main.commands))
def test_every_command_has_help_with_an_example(runner, command):
    result = runner.invoke(main, [command, "--help"])
    assert result.exit_code == 0
    assert "Example" in result.stdout
    example = result.stdout.split("Example", 1)[1]
    assert re.search(rf"^\s+lawsearch {command}\b", example, re.M), example


def test_main_help_lists_the_commands(runner):
    result = runner.invoke(main, ["-h"])
    assert result.exit_code == 0
    for command in ("build", "export", "show", "check", "clean"):
        assert re.search(rf"^\s+{command}\s", result.stdout, re.M), command


# -- build and export -------------------------------------------------------------------


def test_build_writes_corpus_json(runner, corpus_copy, tmp_path):
    out = tmp_path / "out"
    result = run(runner, "build", corpus=corpus_copy, out=out)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""  # progress goes to stderr
    assert "corpus.json" in result.stderr
    data = json.loads((out / "corpus.json").read_text(encoding="utf-8"))
    assert data["version"] == 1
    assert TOP_LEVEL_KEYS <= data.keys()
    assert {s["encoding"] for s in data["sources"]} == {"utf-8"}
    # the layout's own entries and nothing else: one generation, no staging left behind
    assert sorted(p.name for p in out.iterdir()) == BUILD_ENTRIES
    assert [g.name for g in (out / ".generations").iterdir()] == [data["build"]]


def make_curation_contradict(root: Path) -> None:
    # 000:1 ends at the footer "- 76" (raw line 11): page 77 contradicts it
    edit(root / "curation.toml", "page = 76", "page = 77")


def make_law_out_of_range(root: Path) -> None:
    # 002:3 "Правило 51. …" is then outside the code
    narrow_law_range(root, 50)


def remove_raw_file(root: Path) -> None:
    (root / LAW_000).unlink()


@pytest.mark.parametrize("damage, where, words", [
    (make_curation_contradict, "curation.toml:24", ["page 77", "76"]),
    (make_law_out_of_range, "000_58dbb1f2fde933c1.txt:18", ["law 53", "outside", "(and 2 more lines like this)"]),
    (remove_raw_file, "manifest.toml:{line of 000}", ["000_58dbb1f2fde933c1.txt", "no such file"]),
], ids=["curation-contradicts-text", "law-outside-range", "missing-raw-file"])
def test_failed_build_reports_one_error_and_keeps_the_previous_output(runner, corpus_copy, tmp_path,
                                                                       damage, where, words):
    out = tmp_path / "out"
    assert run(runner, "build", "-q", corpus=corpus_copy, out=out).exit_code == 0
    before = (out / "corpus.json").read_bytes()

    damage(corpus_copy)
    result = run(runner, "build", corpus=corpus_copy, out=out)
    assert_clean_failure(result)
    error = result.stderr[result.stderr.index("Error:"):]
    assert all(line.startswith(("Error: ", "… and")) for line in error.splitlines()), error  # one style, each line
    if "{line of 000}" in where:  # the manifest line that names the removed file
        lines = (corpus_copy / "manifest.toml").read_text(encoding="utf-8").splitlines()
        where = where.replace("{line of 000}", str(next(n for n, l in enumerate(lines, 1) if "000_58dbb1f2fde933c1" in l)))
    assert where in error
    for word in words:
        assert word in error
    assert (out / "corpus.json").read_bytes() == before
    assert sorted(p.name for p in out.iterdir()) == BUILD_ENTRIES  # nothing half-written left
    assert len(list((out / ".generations").iterdir())) == 1


def test_export_json_to_a_file(runner, corpus_copy, tmp_path):
    target = tmp_path / "laws.json"
    result = run(runner, "export", "--format", "json", "-o", str(target), corpus=corpus_copy,
                 out=tmp_path / "no-build")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["version"] == 1
    assert TOP_LEVEL_KEYS <= data.keys()
    assert not (tmp_path / "no-build").exists()  # built in memory, nothing written there
    for source in data["sources"]:
        assert SOURCE_KEYS <= source.keys()
        raw = (corpus_copy.parent / source["path"]).read_bytes()
        assert source["sha256"] == hashlib.sha256(raw).hexdigest()
    assert all(NODE_KEYS <= node.keys() for node in data["nodes"])
    by_id = {node["id"]: node for node in data["nodes"]}
    assert by_id["50E1"]["title"] == "Нарушителю принадлежит очередь игры"  # 000:16
    assert by_id["50"]["translations"]["en"]["title"] == "Disposition of Penalty Card"
    assert by_id["58"]["missing"] is True


def test_export_to_stdout_is_only_json(runner, shipped_out, tmp_path):
    result = run(runner, "export", out=shipped_out)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["version"] == 1
    target = tmp_path / "laws.json"
    run(runner, "export", "-o", str(target), out=shipped_out)
    assert json.loads(target.read_text(encoding="utf-8")) == data


def test_manifest_edit_makes_the_build_stale(runner, corpus_copy, tmp_path):
    out = tmp_path / "out"
    assert run(runner, "build", "-q", corpus=corpus_copy, out=out).exit_code == 0
    edit(corpus_copy / "manifest.toml", 'translator = ""', 'translator = "Б. Иванов"')
    result = run(runner, "export", corpus=corpus_copy, out=out)
    sources = {s["id"]: s for s in json.loads(result.stdout)["sources"]}
    assert sources["003_12516569a567541f"]["translator"] == "Б. Иванов"


def test_check_after_a_manifest_edit_sees_the_error(runner, corpus_copy, tmp_path):
    out = tmp_path / "out"
    assert run(runner, "build", "-q", corpus=corpus_copy, out=out).exit_code == 0
    make_law_out_of_range(corpus_copy)
    result = run(runner, "check", corpus=corpus_copy, out=out)
    assert result.exit_code == 1
    assert "outside" in result.stderr


# -- show -------------------------------------------------------------------------------


@pytest.mark.parametrize("query, heading, fragment", [
    # 000:16-17 "1.Нарушителю принадлежит очередь игры" / "Старшая штрафная карта должна быть сыграна"
    ("50E1", "50E1. Нарушителю принадлежит очередь игры", "Старшая штрафная карта должна быть сыграна"),
    # 004:5-6 "(A).Никто впоследствие не сыграл" / "Игрок может отменить карту, …"
    ("47E2(a)", "47E2(a). Никто впоследствие не сыграл", "Игрок может отменить карту, сыгранную после неправильного"),
    # 003:25-40: the commentary's hard wraps joined, its unnumbered paragraph kept inside 48.4
    ("48.4", "48.4", "может трактоваться как сделавший претензию или уступку. Смотрите Правило 68"),
    ("48.4", "48.4", "Пример претензии, которая не всегда понимается как претензия"),
    # 000:28 the footnote body on page 84; its markers stand at 000:18 and 000:20
    ("fn-84-1", "fn-84-1", "Но см. раздел C ниже."),
    # 000:3 "Раздел II - Нарушения в ходе процедуры" heads law 46
    ("div-razdel-46", "Нарушения в ходе процедуры", "Правило 46. Неполное или ошибочное называние карты стола"),
    # 001:5 the other "Раздел II" heads law 57
    ("div-razdel-57", "Другие запрещённые ходы или игра", "Правило 57. Преждевременный ход или игра вистующего"),
])
def test_show_prints_the_node(runner, shipped_out, query, heading, fragment):
    result = run(runner, "show", query, out=shipped_out)
    assert result.exit_code == 0, result.stderr
    assert heading in result.stdout.splitlines()[0]
    assert fragment in result.stdout


def test_show_footnote_names_its_markers(runner, shipped_out):
    result = run(runner, "show", "fn-84-1", out=shipped_out)
    assert "page 84" in result.stdout
    assert "53A, 53B" in result.stdout


def test_show_says_edition_and_translation(runner, shipped_out):
    result = run(runner, "show", "50E1", out=shipped_out)
    assert "1987" in result.stdout
    assert "Рыбников" in result.stdout


@pytest.mark.parametrize("spelling, canonical", [
    ("50e1", "50E1"),
    ("50Е1", "50E1"),  # Cyrillic Е
    ("правило 50E1", "50E1"),
    ("Правилом 50е1", "50E1"),
    ("Law 50E1", "50E1"),
    ("47e2(a)", "47E2(a)"),
    ("47E2(A)", "47E2(a)"),
    ("47e2a", "47E2(a)"),  # the format's brackets left out, as in a search (cold read 10 finding 8a)
    ("47 E 2 (a)", "47E2(a)"),
    ("48.4", "48.4"),
])
def test_show_accepts_ids_as_written(runner, shipped_out, spelling, canonical):
    expected = run(runner, "show", canonical, out=shipped_out)
    result = run(runner, "show", spelling, out=shipped_out)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == expected.stdout
    assert canonical in result.stdout.splitlines()[0]


def test_show_json_has_references_both_ways(runner, shipped_out):
    result = run(runner, "show", "50E", "--json", out=shipped_out)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["node"]["id"] == "50E"
    assert data["node"]["title"] == "Распоряжение старшей штрафной картой"  # 000:14
    # 001:4 "… и применяется правило 50E." stands in law 56's own text
    assert "56" in {ref["from"] for ref in data["refs_in"]}
    assert [child["id"] for child in data["children"]][:1] == ["50E1"]


def test_show_reads_the_same_with_or_without_a_build(runner, shipped_out, tmp_path):
    for query in ("50E", "48", "54B2"):
        built = run(runner, "show", query, "--json", out=shipped_out)
        fresh = run(runner, "show", query, "--json", out=tmp_path / "none")
        assert built.exit_code == fresh.exit_code == 0
        assert json.loads(built.stdout) == json.loads(fresh.stdout), query


@pytest.mark.parametrize("query, hint", [
    ("99Z", None),
    ("50Z", "law 50"),  # law 50 is there, section Z is not
    ("47e2z", "47E2(a)"),  # a close ID is suggested ("47e2a" is 47E2(a) itself: test_show_accepts_ids_as_written)
])
def test_show_unknown_id_fails_with_a_message(runner, shipped_out, query, hint):
    result = run(runner, "show", query, out=shipped_out)
    assert_clean_failure(result)
    assert result.stdout == ""
    assert query in result.stderr
    if hint:
        assert hint in result.stderr


# -- check ------------------------------------------------------------------------------


def law_lines(report: str) -> dict[str, str]:
    """The "Laws:" section of a check report, by law number."""
    section = report.split("\nLaws:\n", 1)[1].split("\n\n", 1)[0]
    return {m[1]: m[2] for m in re.finditer(r"^\s+(\d+)\s+(.*)$", section, re.M)}


def test_check_on_the_shipped_corpus(runner, shipped_out, raw_lines):
    result = run(runner, "check", out=shipped_out)
    assert result.exit_code == 0, result.stdout
    report = result.stdout
    # pages with a footer in the raw law files: 76, 78, 80, 81, 82, 84, 85, 86
    footers = {int(m[1]) for path, lines in raw_lines.items() if "/laws/" in path
               for line in lines if (m := re.match(r"- (\d+)", line))}
    lost = sorted(set(range(min(footers), max(footers) + 1)) - footers)
    assert lost == [77, 79, 83]
    missing_line = next(line for line in report.splitlines() if "missing between" in line)
    for page in lost:
        assert str(page) in missing_line
    laws = law_lines(report)
    assert "MISSING" in laws["58"]
    assert "commentary" in laws["48"] and "commentary" in laws["49"]
    assert "MISSING" not in laws["48"] and "MISSING" not in laws["49"]
    assert sorted(laws, key=int) == [str(n) for n in range(45, 63)]
    assert report.rstrip().endswith("OK")


def test_check_fails_when_curation_contradicts_the_text(runner, corpus_copy, tmp_path):
    make_curation_contradict(corpus_copy)
    result = run(runner, "check", corpus=corpus_copy, out=tmp_path / "out")
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)
    assert "curation.toml:24" in result.stderr  # errors go to stderr; the report to stdout
    assert result.stdout.endswith("\n1 error (listed on stderr)\n")  # not "1 errors"


def test_check_fails_when_damage_survives_cleaning(runner, corpus_copy, tmp_path):
    # a page directive glued to a word: no cleaning rule takes it (a written (DC4) was this
    # test's damage until issue 12 made it a paragraph mark, furniture.paragraph_marks)
    edit(corpus_copy / "laws/ru/002_37d93b2b92de0ef7.txt",
         "никаких ходов;", "никаких ходов;..page7")
    result = run(runner, "check", corpus=corpus_copy, out=tmp_path / "out")
    assert result.exit_code == 1
    assert "Traceback" not in result.stdout + result.stderr
    error = next(line for line in result.stderr.splitlines() if line.startswith("Error:") and "page directive" in line)
    assert "50E2(b)" in error  # 002:1-2 is 50E2(b) "(B).Не налагать ограничений на ход"


def test_check_without_a_corpus_manifest_fails_cleanly(runner, tmp_path):
    (tmp_path / "corpus").mkdir()
    result = run(runner, "check", corpus=tmp_path / "corpus", out=tmp_path / "out")
    assert_clean_failure(result)
    assert "manifest.toml" in result.stderr


def hand_made(text: str, title: str | None = None, footnote: str | None = None) -> Corpus:
    node = Node(id="50E2", kind="clause", law="50", parent="50E", lang="ru", title=title, title_from=None,
                text=text, marks=(), footnotes=(), spans=(), attribution="heading", uncertain=(),
                truncated_start=False, truncated_end=False, missing=False, translations={})
    notes = (Footnote(id="fn-84-1", page=84, text=footnote, markers=("50E2",), orphan=False, at=None),) if footnote else ()
    return Corpus(sources=(), nodes=(node,), footnotes=notes, refs=())


@pytest.mark.parametrize("text, what", [
    ("Правило 46. Неполное ??????? карты стола", "rule run"),
    ("Правило 46. Неполное ─────══ карты стола", "rule run"),
    ("Заголовок њњњњ", "rule run"),
    ("Раздел II - Нарушения в ходе процедуры =====", "underline"),
    ("- 80 картой(*) после неправильного хода", "page footer"),  # 000:18 unsplit
    ("Старшая штрафная карта должна быть сыграна\n\n- 80", "page footer"),
    ("должна быть сыграна\n\n- 80\n\nкартой", "page footer"),
    ("противного.(DC4)", "paragraph mark"),
    ("противного.\x14", "paragraph mark"),
    ("..page3\nПравило 49.", "page directive"),
    ("второй картой во (*) - Но см. раздел C ниже.", "footnote body"),
    ("непра вильного хода разыгрывающего", "word split"),  # 000:18-19 left unjoined
    ("Одна или более карт впоследствие сыг раны", "word split"),  # 004:7-8 left unjoined
    ("B.Не тот вистующий сыграл картой после непра вильного хода", "word split"),
    ("в опреде лённую масть", "word split"),  # 004:20-21
])
def test_find_damage_flags_what_cleaning_must_remove(text, what):
    found = find_damage(hand_made(text))
    assert any(what in d.what for d in found), found
    assert all(d.where == "50E2 text" for d in found)


@pytest.mark.parametrize("text", [
    "Одиночная карта младше онера, показанная случайно (например, при игре во взятку двумя картами).",
    "нарушитель - когда бы он ни играл, его партнёр - когда его ход.",  # 000:15 a dash, not a footer
    "C.Старшая или младшая штрафная карта?",
    "играет картой(*) после него, ход утверждается, и применяется правило 57.",  # a marker, not a body
    "Судья должен в качестве арбитра первой инстанции решить.\n\nПример претензии",
    "результат 1,5 взятки",
])
def test_find_damage_passes_clean_text(text):
    assert find_damage(hand_made(text)) == []


def test_find_damage_looks_at_titles_and_footnotes():
    found = find_damage(hand_made("Текст.", title="Неполное ??? называние", footnote="Но см. (DC4)"))
    assert {d.where for d in found} == {"50E2 title", "fn-84-1 text"}


def test_shipped_corpus_has_no_damage_left(corpus):
    assert find_damage(corpus) == []


# -- clean ------------------------------------------------------------------------------


def test_clean_prints_cleaned_lines(runner):
    result = runner.invoke(main, ["clean", str(CORPUS_DIR / LAW_000)])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    # raw 000:11 "- 76 ло 57), есть штрафная карта, …": the footer, then the next page's first words
    footer = lines.index("- 76")
    assert lines[footer + 1].startswith("ло 57), есть штрафная карта, если судья не определяет иначе. Судье")
    # raw 000:5-6 a title split by its underline, rejoined; the rule run gone
    assert "Правило 46. Неполное или ошибочное называние карты стола" in lines
    # raw 000:18-19 "непра" / "вильного" joined without a space
    assert "B.Не тот вистующий сыграл картой после неправильного хода разыгрывающего" in lines
    assert not any("??" in line for line in lines)


def test_clean_explain_names_the_rules(runner):
    result = runner.invoke(main, ["clean", str(CORPUS_DIR / LAW_000), "--explain"])
    assert result.exit_code == 0, result.stderr
    rules_by_line = {int(m[1]): m[2] for m in re.finditer(r"^\s*(\d+)\s+\[([^\]]*)\]", result.stdout, re.M)}
    assert "split_at_rule_runs" in rules_by_line[5]  # "… называние ????…???? карты стола"
    assert "split_at_footer" in rules_by_line[11]  # "- 76 ло 57), …"
    assert "join_wrapped_lines" in rules_by_line[19]  # "вильного хода разыгрывающего"
    assert 2 not in rules_by_line  # an intact line is shown without rules
    assert "- 76 ло 57), есть штрафная карта" in result.stdout  # the raw line before …
    assert re.search(r"^\s+\+ - 76$", result.stdout, re.M)  # … and what became of it


def test_clean_commentary_uses_the_manifest_kind(runner, tmp_path):
    in_corpus = runner.invoke(main, ["clean", str(CORPUS_DIR / COMMENTARY_003)])
    assert in_corpus.exit_code == 0, in_corpus.stderr
    assert "(DC4)" not in in_corpus.stdout and "..page" not in in_corpus.stdout
    # 003:3-4 hard-wrapped lines of one paragraph joined with a space
    assert "47.8. Нелегально взятая назад карта должна быть сыграна во взятку;" in in_corpus.stdout
    loose = tmp_path / "003.txt"
    loose.write_bytes((CORPUS_DIR / COMMENTARY_003).read_bytes())
    outside = runner.invoke(main, ["clean", str(loose), "--kind", "commentary"])
    assert outside.stdout == in_corpus.stdout


@pytest.mark.parametrize("codec", ["cp1251", "cp866", "koi8-r"])
def test_clean_detects_the_encoding(runner, tmp_path, codec):
    original = runner.invoke(main, ["clean", str(CORPUS_DIR / LAW_000)])
    copy = tmp_path / "000.txt"
    copy.write_bytes((CORPUS_DIR / LAW_000).read_text(encoding="utf-8").encode(codec))
    result = runner.invoke(main, ["clean", str(copy)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == original.stdout


@pytest.mark.parametrize("content, words", [
    (b"", "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
], ids=["empty", "binary"])
def test_clean_bad_file_fails_naming_it(runner, tmp_path, content, words):
    path = tmp_path / "raw.txt"
    path.write_bytes(content)
    result = runner.invoke(main, ["clean", str(path)])
    assert_clean_failure(result)
    assert "raw.txt" in result.stderr
    assert words in result.stderr
    assert result.stdout == ""


def test_clean_unknown_encoding_option_is_a_usage_error(runner, tmp_path):
    path = tmp_path / "raw.txt"
    path.write_text("Правило 50.\n", encoding="utf-8")
    result = runner.invoke(main, ["clean", str(path), "--encoding", "latin9"])
    assert result.exit_code == 2
    assert "--encoding" in result.stderr


# -- usage errors -----------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["show", "50E", "--bogus"],
    ["build", "--nope"],
    ["check", "--limit", "3"],
    ["export", "--format", "xml"],
    ["show"],
    ["clean"],
    ["clean", "does-not-exist.txt"],
    ["frobnicate"],
], ids=lambda argv: " ".join(argv))
def test_usage_errors_exit_2(runner, argv):
    result = runner.invoke(main, argv)
    assert_clean_failure(result, code=2)
    assert "Usage:" in result.stderr
    assert result.stdout == ""


# -- finding the corpus -----------------------------------------------------------------


@pytest.fixture
def project(corpus_copy, monkeypatch) -> Path:
    """A copied project folder holding corpus/, with LAWSEARCH_CORPUS unset."""
    monkeypatch.delenv("LAWSEARCH_CORPUS", raising=False)
    return corpus_copy.parent


def test_corpus_found_from_a_subfolder(runner, project, monkeypatch):
    deep = project / "docs" / "notes"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    result = runner.invoke(main, ["build", "-q"])
    assert result.exit_code == 0, result.stderr
    assert (project / "build" / "corpus.json").is_file()  # build/ beside the corpus, not in the cwd
    assert not (deep / "build").exists()
    shown = runner.invoke(main, ["show", "50E1"])
    assert shown.exit_code == 0, shown.stderr
    assert "Нарушителю принадлежит очередь игры" in shown.stdout


def test_corpus_found_from_inside_the_corpus(runner, project, monkeypatch):
    monkeypatch.chdir(project / "corpus" / "laws" / "ru")
    result = runner.invoke(main, ["show", "fn-84-1"])
    assert result.exit_code == 0, result.stderr


def test_corpus_from_environment(runner, project, tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("LAWSEARCH_CORPUS", str(project / "corpus"))
    result = runner.invoke(main, ["show", "50E1"])
    assert result.exit_code == 0, result.stderr
    assert "Нарушителю принадлежит очередь игры" in result.stdout


def test_corpus_option_beats_environment(runner, project, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LAWSEARCH_CORPUS", str(tmp_path / "no-such-corpus"))
    assert runner.invoke(main, ["show", "50E1", "--corpus", str(project / "corpus")]).exit_code == 0
    result = runner.invoke(main, ["show", "50E1"])
    assert_clean_failure(result)
    assert "no-such-corpus" in result.stderr


def test_no_corpus_anywhere(runner, tmp_path, monkeypatch):
    monkeypatch.delenv("LAWSEARCH_CORPUS", raising=False)
    empty = tmp_path / "empty"
    empty.mkdir()
    if any((d / "corpus" / "manifest.toml").is_file() for d in (empty, *empty.parents)):
        pytest.skip("a corpus/ folder exists above the temporary folder")
    monkeypatch.chdir(empty)
    for argv in (["show", "50E1"], ["check"], ["build"], ["export"]):
        result = runner.invoke(main, argv)
        assert_clean_failure(result)
        assert "corpus" in result.stderr and "--corpus" in result.stderr
    assert list(empty.iterdir()) == []


# -- fixes after a cold read -----------------------------------------------------------------------


def test_export_into_a_symlink_writes_through_it(runner, corpus_copy, tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    result = run(runner, "export", "-o", str(link), corpus=corpus_copy, out=tmp_path / "out")
    assert result.exit_code == 0
    assert link.is_symlink() and json.loads(real.read_text(encoding="utf-8"))["version"] == 1


def test_export_into_a_missing_folder_fails_cleanly(runner, corpus_copy, tmp_path):
    result = run(runner, "export", "-o", str(tmp_path / "nope" / "x.json"), corpus=corpus_copy, out=tmp_path / "out")
    assert_clean_failure(result)
    assert "no such folder" in result.stderr and not (tmp_path / "nope").exists()


def test_build_into_a_file_fails_cleanly(runner, corpus_copy, tmp_path):
    target = tmp_path / "a-file"
    target.write_text("x", encoding="utf-8")
    result = run(runner, "build", corpus=corpus_copy, out=target)
    assert_clean_failure(result)
    assert "a-file" in result.stderr and target.read_text(encoding="utf-8") == "x"


def test_empty_queries_are_usage_errors(runner, corpus_copy, tmp_path):
    assert run(runner, "search", "  ", corpus=corpus_copy, out=tmp_path).exit_code == 2
    assert run(runner, "show", "", corpus=corpus_copy, out=tmp_path).exit_code == 2


@pytest.mark.parametrize("old, new, words", [
    ('translator = ""', 'translater = ""', ["translater", "manifest.toml:"]),
    ('laws = [1, 93]', 'laws = [1, 93]\nlaw_range = 5', ["law_range"]),
])
def test_misspelt_manifest_keys_are_named(corpus_copy, old, new, words):
    edit(corpus_copy / "manifest.toml", old, new)
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(corpus_copy)
    for word in words:
        assert word in str(info.value)


def test_a_data_file_the_manifest_names_must_exist(corpus_copy):
    (corpus_copy / "curation.toml").unlink()
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(corpus_copy)
    assert "curation.toml" in str(info.value) and "no such file" in str(info.value)


def test_a_source_outside_the_corpus_folder_is_refused(corpus_copy):
    (corpus_copy.parent / "outside.txt").write_text("Правило 50. Текст\n", encoding="utf-8")
    edit(corpus_copy / "manifest.toml", 'path = "laws/ru/000_58dbb1f2fde933c1.txt"', 'path = "../outside.txt"')
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(corpus_copy)
    assert "outside the corpus folder" in str(info.value)
