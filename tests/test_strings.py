"""Every string show, the CLI, the site and search.js print comes from the profile's
[strings.<lang>] tables (docs/profiles.md, "Strings"): each table of each built-in profile
is complete, every key the code asks for exists, and a corpus folder's profile.toml can
change one."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from conftest import ROOT, one_file_corpus
from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.profile import builtin_names, load_profile

REFERENCE = load_profile("bridge").strings("ru")  # the table every other must match key for key
# optional variants: "<key>_named" says a string for an edition named by a word, not a year
# («ред. «club»», not «ред. club г.»); a language without one uses its own "<key>"
VARIANTS = {key for key in REFERENCE if key.endswith("_named")}

# where the code names a string: templates (t.key, say("key")), site.py and search.js
# (say("key")), the CLI (_example('key'), words["key"]), the site's key tables (STATUS_KEY …)
USES = [
    (ROOT / "site_templates", "*.html", r"\bt\.(\w+)|say\(\s*[\"'](\w+)[\"']\s*[,)]"),
    (ROOT / "site_templates" / "static", "search.js", r"say\(\s*\"(\w+)\""),
    (ROOT / "lawsearch", "site.py", r"say\(\s*\"(\w+)\"|_KEY\[[^]]*\]|\"((?:ref|placed|differ|level)_\w+)\""),
    (ROOT / "lawsearch", "cli.py", r"_example\('(\w+)'\)|words\[[\"'](\w+)[\"']\]"),
    (ROOT / "lawsearch", "show.py", r"\"(law|commentary|piece)\", id="),
]


def used_keys() -> set[str]:
    keys = set()
    for folder, pattern, regex in USES:
        for path in folder.glob(pattern):
            for m in re.finditer(regex, path.read_text(encoding="utf-8")):
                keys.update(g for g in m.groups() if g)
    return keys


def test_every_key_the_code_asks_for_is_in_the_strings():
    keys = used_keys()
    assert {"law", "title_lost", "search_nothing", "example_query", "status_lost"} <= keys  # the scan works
    assert keys - set(REFERENCE) == set()


@pytest.mark.parametrize("name", builtin_names())
def test_every_language_table_of_a_built_in_profile_is_complete(name):
    profile = load_profile(name)
    for lang in profile.languages:
        table = profile.data["strings"].get(lang, {})
        assert set(REFERENCE) - VARIANTS - set(table) == set(), f"{name} [strings.{lang}] lacks these"
        for key in set(table) & VARIANTS:  # a variant stands beside its own string, with its placeholders
            base = key.removesuffix("_named")
            assert base in table, f"{name} [strings.{lang}] {key} without {base}"
            assert set(re.findall(r"\{(\w+)\}", table[key])) == set(re.findall(r"\{(\w+)\}", table[base])), key


def test_placeholders_agree_across_languages():
    english = load_profile("bridge").data["strings"]["en"]
    for key, text in REFERENCE.items():
        if key in VARIANTS:
            continue
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", english[key])), key


def test_a_corpus_folders_profile_changes_what_show_and_the_site_print(tmp_path):
    root = one_file_corpus(tmp_path, "Правило 50. Судьба открытой карты\n1. Разыгрывающий решает, как быть.\n")
    (root / "profile.toml").write_text('extends = "bridge"\n\n[strings.ru]\nlaw = "Закон {id}"\n'
                                       'title_lost = "без заголовка"\n', encoding="utf-8")
    out = tmp_path / "out"
    build(root, out, lambda message: None)
    shown = CliRunner().invoke(main, ["show", "50", "--corpus", str(root), "--out", str(out)])
    assert shown.stdout.startswith("Закон 50. Судьба открытой карты"), shown.output
    page = (out / "site" / "laws" / "50.html").read_text(encoding="utf-8")
    assert "Закон 50. Судьба открытой карты</h1>" in page and "Правило 50" not in page
    assert '"law":"Закон {id}"' in (out / "site" / "search-index.js").read_text(encoding="utf-8")  # search.js's


def test_every_key_the_page_script_may_say_reaches_the_page_in_every_table():
    """A key the script picks by a condition (``say(open ? "title_less" : "title_more")``) is
    carried to the page like a plain ``say("key")``: the phone's title toggle said ``title_less``
    where its second state had no string (cold read 11, finding 2). Every quoted word of a line
    that names say()'s key is a key of every language table, and reaches the page's data."""
    from lawsearch.site import page_script_strings

    script = (ROOT / "site_templates" / "static" / "search.js").read_text(encoding="utf-8")
    asked = set()
    for line in script.splitlines():
        if re.search(r"\bsay(In)?\(", line) and not line.strip().startswith("//"):
            for call in re.findall(r"\bsay(?:In)?\((?:[\w.]+\s*,\s*)?([^,()]*)", line):  # the key's argument
                asked.update(w for w in re.findall(r'"(\w+)"', call) if w in REFERENCE)
    assert {"title_more", "title_less", "search_error_law"} <= asked  # the scan sees conditional keys
    for name in builtin_names():
        profile = load_profile(name)
        for lang in profile.languages:
            table = profile.strings(lang)
            assert asked - set(table) == set(), f"{name} [strings.{lang}] lacks keys search.js says"
            assert asked - set(page_script_strings(table)) == set(), f"{name} {lang}: not carried to the page"
