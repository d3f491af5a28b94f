"""``lawsearch clean --explain`` shows what the build does (cold read 2A, finding 14): a file
of a corpus is cleaned with the corpus's shared lines and the language the manifest (or
detection) gives; a file alone with no manifest is read in its detected language, not the
profile's first. Invented text."""

from __future__ import annotations

from click.testing import CliRunner

from lawsearch.cli import main


def _two_pages(folder, header: str, laws: list[tuple[int, str]], manifest: bool = True):
    corpus = folder / "corpus"
    (corpus / "laws" / "ru").mkdir(parents=True)
    names = []
    topics = ["Чайник", "Ложка", "Поднос"]
    for n, (law, text) in enumerate(laws):
        name = f"p{n}.txt"
        (corpus / "laws" / "ru" / name).write_text(f"{header}\nПравило {law}. {topics[n]}\n{text}\n",
                                                   encoding="utf-8")
        names.append(name)
    if manifest:
        (corpus / "manifest.toml").write_text(
            '[code]\ntitle = "T"\nedition = "1987"\nlaws = [1, 93]\n'
            + "".join(f'\n[[source]]\npath = "laws/ru/{n}"\nlang = "ru"\nkind = "laws"\n' for n in names),
            encoding="utf-8")
    return corpus


# the headers below have no separator: a row such as «Читальня — главная» is a site title
# row by a rule of its own (site_title_rows), which needs no corpus; these need the corpus's
# shared lines to go


def test_explain_shows_a_header_the_build_removes_as_shared(tmp_path):
    corpus = _two_pages(tmp_path, "Читальня «Береза», главная страница", [(4, "Текст правила четыре."), (5, "Текст пяти.")])
    out = CliRunner().invoke(main, ["clean", str(corpus / "laws" / "ru" / "p0.txt"), "--explain"])
    assert out.exit_code == 0, out.output
    assert "[repeated_lines]" in out.output.splitlines()[0]
    plain = CliRunner().invoke(main, ["clean", str(corpus / "laws" / "ru" / "p0.txt")])
    assert "Береза" not in plain.output


def test_explain_with_a_corpus_option_for_a_folder_without_manifest(tmp_path):
    corpus = _two_pages(tmp_path, "Oak Hall home page", [(4, "Текст правила четыре."), (5, "Текст пяти.")], manifest=False)
    out = CliRunner().invoke(main, ["clean", str(corpus / "laws" / "ru" / "p1.txt"), "--explain", "--corpus", str(corpus)])
    assert out.exit_code == 0, out.output
    assert "[repeated_lines]" in out.output.splitlines()[0]


def test_a_file_alone_is_read_in_its_detected_language(tmp_path):
    """An English file with no manifest: read as English (as a folder without a manifest
    builds it), so an English section heading repeated in two laws is a heading, kept."""
    text = ("LAW 50 - THE KETTLE\nA. Definition\nA kettle boils water.\n- 7\nLAW 51 - THE TEAPOT\n"
            "A. Definition\nA teapot holds tea.\n- 8\n")
    path = tmp_path / "loose.txt"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["clean", str(path), "--explain"])
    assert out.exit_code == 0, out.output
    assert "repeated_lines" not in out.output
    assert out.output.count("A. Definition") == 2


def test_a_corpus_that_cannot_be_read_leaves_the_file_cleaned_alone(tmp_path):
    corpus = _two_pages(tmp_path, "Шапка", [(4, "Текст.")])
    (corpus / "manifest.toml").write_text('[code]\ntitle = "T"\n[[source]]\npath = "laws/ru/missing.txt"\n'
                                          'lang = "ru"\nkind = "laws"\n', encoding="utf-8")
    out = CliRunner().invoke(main, ["clean", str(corpus / "laws" / "ru" / "p0.txt")])
    assert out.exit_code == 0
    assert "Правило 4. Чайник" in out.output
