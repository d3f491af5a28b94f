"""A profile's heading examples (``[layouts.<name>.examples]``) are read by the layout's own
heading patterns when the profile is loaded, at build and check alike: a pattern that fails
its own example would read every such heading of the text as plain text, so it is an error
naming the file and the example's line (issue 9, cold read 13 finding 7).

Invented profiles: the minimal profile docs/profiles.md prints, changed one line at a time."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.model import CorpusError
from lawsearch.profile import load_profile
from test_profile_errors import build_errors, folder, minimal_profile

BAD = [
    # a pattern that lost its closing bracket: "(a) …" is no clause heading any more
    ("clause = '\\({label}\\)\\s+{title}'", "clause = '\\({label}\\s+{title}'", 'clause = "(a) A member pays the fee."'),
    # a section pattern that wants a dot the example (and the text) does not print
    ("section = '\\d+\\.{label}\\s+{title}'", "section = '\\d+\\.{label}\\.\\s+{title}'", 'section = "2.1 Joining"'),
    # an example written against the pattern
    ('law = "RULE 2 - MEMBERS"', 'law = "Rule two - Members"', 'law = "Rule two - Members"'),
]


@pytest.mark.parametrize("before, after, example_line", BAD, ids=["clause", "section", "law-example"])
def test_a_heading_that_fails_its_own_example_is_an_error_naming_the_file_and_line(tmp_path, before, after,
                                                                                 example_line):
    profile = minimal_profile()
    assert profile.count(before) == 1, before
    profile = profile.replace(before, after)
    root = folder(tmp_path, profile)
    with pytest.raises(CorpusError) as e:
        load_profile("bridge", root)
    [problem] = [p for p in e.value.problems if "example" in p.message]
    line = profile.splitlines().index(example_line) + 1
    assert (problem.path, problem.line) == (str(root / "profile.toml"), line), str(problem)
    assert "examples" in problem.message or "example" in problem.message
    assert f"profile.toml:{line}:" in build_errors(root)
    checked = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(root.parent / "out2")])
    assert checked.exit_code == 1 and f"profile.toml:{line}:" in checked.output


def test_headings_that_read_their_examples_load(tmp_path):
    """The docs' profile, and a division heading read with the profile's division words."""
    profile = minimal_profile().replace(
        '[layouts.rules.headings]\n', "[layouts.rules.headings]\ndivision = '{division}\\s+{numeral}\\s*[-–:]\\s*{title}'\n"
    ).replace('[layouts.rules.examples]\n', '[layouts.rules.examples]\ndivision = "PART II - MEETINGS"\n')
    profile += '\n[grammar.divisions]\nen = [ { word = "PART", slug = "part", label = "Part" } ]\n'
    load_profile("bridge", folder(tmp_path, profile))


def test_an_example_another_heading_reads_is_no_error(tmp_path):
    """A roman item "(i)" shares its letter with the clauses' (i): the clause heading reads it
    and the alphabets place it (the builder's way), so its example is no error."""
    profile = minimal_profile().replace('clause = "a-z"', 'clause = "a-z"\nitem = "roman"').replace(
        'clause = "({label})"', 'clause = "({label})"\nitem = "({label})"').replace(
        "clause = '\\({label}\\)\\s+{title}'", "clause = '\\({label}\\)\\s+{title}'\nitem = '\\({label}\\)\\s+{title}'"
    ).replace('clause = "(a) A member pays the fee."', 'clause = "(a) A member pays the fee."\nitem = "(i) in cash;"')
    profile = profile.replace('levels = ["section", "clause"]', 'levels = ["section", "clause", "item"]')
    assert 'item = "(i) in cash;"' in profile and "item = '" in profile
    load_profile("bridge", folder(tmp_path, profile))
