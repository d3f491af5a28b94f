"""A code's own profile gives its law range (issue 9, cold read 11, finding 8): ``laws =
[first, last]`` in a folder's profile.toml is the code's range where the manifest's [code]
gives none (the manifest's wins); a range that is none is refused with the file and line; a
manifest naming a profile that is none is refused at its line, even with a profile.toml in
the folder. The code is invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from tests.test_typed_ids import DOTTED, DOTTED_PROFILE


def folder(root: Path, profile: str, code: str = 'profile = "profile.toml"\n') -> Path:
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "rules.txt").write_text(DOTTED, encoding="utf-8")
    (root / "profile.toml").write_text(profile, encoding="utf-8")
    (root / "manifest.toml").write_text(f'[code]\ntitle = "Market Rules"\n{code}lang = "en"\n\n'
                                        '[[source]]\npath = "laws/rules.txt"\nlang = "en"\nkind = "laws"\n',
                                        encoding="utf-8")
    return root


def check(root: Path):
    return CliRunner().invoke(main, ["check", "--corpus", str(root)])


def test_the_profiles_laws_are_the_codes_range(tmp_path):
    assert "laws = [1, 3]" in DOTTED_PROFILE
    out = check(folder(tmp_path / "c", DOTTED_PROFILE))
    assert "the code has laws 1-3" in out.output, out.output


def test_the_manifests_laws_win(tmp_path):
    out = check(folder(tmp_path / "c", DOTTED_PROFILE, 'profile = "profile.toml"\nlaws = [1, 5]\n'))
    assert "the code has laws 1-5" in out.output, out.output


@pytest.mark.parametrize("laws", ["[3, 1]", "[1]", '["1", "3"]', "[0, 3]"])
def test_a_range_that_is_none_is_refused_with_its_line(tmp_path, laws):
    profile = DOTTED_PROFILE.replace("laws = [1, 3]", f"laws = {laws}")
    root = folder(tmp_path / "c", profile)
    out = check(root)
    assert out.exit_code != 0 and f"{root / 'profile.toml'}:3" in out.output and "laws" in out.output, out.output


def test_a_manifest_naming_a_profile_that_is_none_is_refused_at_its_line(tmp_path):
    root = folder(tmp_path / "c", DOTTED_PROFILE, 'profile = "market"\n')
    out = check(root)
    assert out.exit_code != 0 and f"{root / 'manifest.toml'}:3" in out.output and "'market'" in out.output, out.output
    # the profile that calls itself so is the one named
    named = folder(tmp_path / "d", DOTTED_PROFILE.replace('extends = ""\n', 'extends = ""\nname = "market"\n'),
                   'profile = "market"\n')
    assert check(named).exit_code == 0
