"""A folder's own profile is told apart from a built-in one in what the program says (issue 9
cold read 5, small items): a profile.toml with no ``extends`` under a manifest naming no
built-in profile is told to write ``extends = ""``; an unknown ``extends`` is named with its
line; a profile of the folder's own is called as the manifest calls it, not "custom"."""

from __future__ import annotations

import pytest

from lawsearch.model import CorpusError
from lawsearch.profile import load_profile

PROFILE = """languages = ["en"]

[grammar]
levels = ["part"]
[grammar.labels]
part = "digits"
[grammar.ids]
law = "{law}"
part = ".{label}"
"""


def test_a_folder_profile_without_extends_is_told_to_write_it(tmp_path):
    (tmp_path / "profile.toml").write_text(PROFILE, encoding="utf-8")
    with pytest.raises(CorpusError) as e:
        load_profile("ferry", tmp_path)
    assert 'extends = ""' in str(e.value) and "profile.toml" in str(e.value)


def test_an_unknown_extends_is_named_with_its_line(tmp_path):
    (tmp_path / "profile.toml").write_text('# the ferry code\nextends = "bridgee"\n' + PROFILE, encoding="utf-8")
    with pytest.raises(CorpusError) as e:
        load_profile("ferry", tmp_path)
    assert f"{tmp_path / 'profile.toml'}:2" in str(e.value) and "'bridge'" in str(e.value)


def test_a_profile_of_its_own_is_called_by_the_name_it_gives_itself(tmp_path):
    (tmp_path / "profile.toml").write_text('extends = ""\nname = "ferry"\n' + PROFILE, encoding="utf-8")
    assert load_profile("ferry", tmp_path).name == "ferry"


def test_a_manifest_naming_no_profile_there_is_is_refused_though_the_folder_has_one(tmp_path):
    """(issue 9, cold read 11, finding 8) "harbour" is neither built in nor the name the
    folder's profile gives itself: refused, not silently read as the folder's own."""
    (tmp_path / "profile.toml").write_text('extends = ""\n' + PROFILE, encoding="utf-8")
    with pytest.raises(CorpusError) as e:
        load_profile("harbour", tmp_path)
    assert "'harbour'" in str(e.value) and 'profile = "profile.toml"' in str(e.value)
    assert load_profile("profile.toml", tmp_path).data["languages"]  # called by its file: fine


def test_a_profile_of_its_own_under_a_manifest_naming_none_is_called_by_its_file(tmp_path):
    # the manifest names no profile (the default, a built-in one): the folder's file is the code's
    (tmp_path / "profile.toml").write_text('extends = ""\n' + PROFILE, encoding="utf-8")
    profile = load_profile("bridge", tmp_path)
    assert profile.name == str(tmp_path / "profile.toml")
    # and a message that names the profile names that file
    with pytest.raises(KeyError) as e:
        profile.text("en", "no_such_string")
    assert str(tmp_path / "profile.toml") in str(e.value)
