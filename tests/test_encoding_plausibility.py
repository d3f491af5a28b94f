"""A source read in the wrong encoding is an error naming the right one (issue 8, D12).

A Cyrillic text in one code page decodes without error in the others: a KOI8-R file
declared cp1251 used to build «рПУМЕ ФПЗП…» and pass ``check``. Now every reading of a
non-UTF-8 source is judged by the share of its words that are words of its language
(lawsearch/plausibility.py). The fixtures are invented sentences (not law text), written
in one encoding and declared -- or detected -- as another: every wrong pair of the four
encodings, Russian and English; damage inside good text must not raise a false alarm.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR
from lawsearch import plausibility
from lawsearch.cli import main
from lawsearch.model import CorpusError
from lawsearch.sources import decode, read_corpus_folder

VILLAGE = """Осенью в нашей деревне пахнет яблоками и дымом.
Старый мельник рассказывал детям, как однажды весной река вышла из берегов и унесла деревянный мост.
С тех пор мост строили из камня, а по вечерам на нём собирались рыбаки.
Почтальон приезжал на велосипеде, привозил газеты, письма и посылки от родственников из города.
"""
RECIPE = """Возьмите три стакана муки, щепотку соли и стакан тёплой воды.
Замесите мягкое тесто и оставьте его под полотенцем на полчаса.
Тем временем нарежьте лук, обжарьте его на сливочном масле до золотистого цвета и добавьте грибы.
Раскатайте тесто тонким слоем, выложите начинку и запекайте в горячей духовке сорок минут.
"""
WEATHER = """Учёные заметили, что перед грозой ласточки летают низко над землёй:
насекомые, за которыми они охотятся, опускаются ближе к траве из-за влажного воздуха.
Метеорологи объясняют это изменением давления.
Наблюдения продолжались восемь лет на трёх станциях в разных областях страны.
"""
LETTER = """ДОРОГАЯ МАРИНА!
Пишу тебе из поезда: за окном бесконечные берёзы, снег и маленькие станции.
Соседка по купе - учительница музыки, она везёт внукам старую скрипку.
Завтра в 7:40 приедем в Ярославль, оттуда я позвоню. Обнимаю, твой брат Саша.
"""
RUSSIAN = {"village": VILLAGE, "recipe": RECIPE, "weather": WEATHER, "letter": LETTER}
# English as the four encodings can differ on it: ASCII, with typographic punctuation only
# cp1251 has (cp866 and KOI8-R have no curly quotes or dashes)
HARBOUR = """“Nobody in the harbour town remembers who painted the lighthouse red,” said the old ferryman.
“It’s been that colour since my grandfather’s time — maybe longer.”
The children counted gulls on the pier… forty-one, forty-two, and then they’d lose count.
The baker’s daughter wrote letters to sailors she’d never met; some of them wrote back.
‘Don’t wait for the tide,’ one of them wrote, ‘it won’t wait for you.’
"""

CODE_PAGES = ("cp1251", "cp866", "koi8-r")
WRONG_PAIRS = [(written, declared) for written in CODE_PAGES for declared in CODE_PAGES if written != declared]


def misread(data: bytes, declared: str, lang: str = "ru") -> str:
    with pytest.raises(CorpusError) as info:
        decode(data, declared, "raw/x.txt", *([lang] if lang != "ru" else []))
    problem = info.value.problems[0]
    assert problem.path == "raw/x.txt"
    return str(info.value)


# -- declared -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", RUSSIAN)
@pytest.mark.parametrize("written, declared", WRONG_PAIRS)
def test_a_code_page_declared_wrong_is_an_error_naming_the_right_one(name, written, declared):
    message = misread(RUSSIAN[name].encode(written), declared)
    # the line shown is the first with a word read wrong (a line in capitals can read as box
    # drawing in cp866, which is no word at all)
    assert re.match(r"raw/x\.txt:[12]: ", message)
    assert f"the manifest says {declared}" in message and "not Russian" in message
    assert f"declare {written} or auto" in message


def test_the_error_shows_the_mojibake():
    message = misread(VILLAGE.encode("koi8-r"), "cp1251")
    assert "Осенью".encode("koi8-r").decode("cp1251") in message  # «оСЕМЭЧ», what the build would show


@pytest.mark.parametrize("name", RUSSIAN)
@pytest.mark.parametrize("written", CODE_PAGES)
def test_a_code_page_declared_utf8_names_the_code_page(name, written):
    message = misread(RUSSIAN[name].encode(written), "utf-8")
    assert "not valid utf-8" in message and f"reads as Russian in {written}" in message


@pytest.mark.parametrize("declared", CODE_PAGES)
@pytest.mark.parametrize("text, lang", [(VILLAGE, "ru"), (LETTER, "ru"), (HARBOUR, "en")], ids=["ru", "ru-caps", "en"])
def test_utf8_declared_as_a_code_page_is_an_error(text, lang, declared):
    assert "the file is UTF-8" in misread(text.encode("utf-8"), declared, lang)


@pytest.mark.parametrize("declared", ["cp866", "koi8-r"])
def test_english_declared_wrong_is_an_error(declared):
    message = misread(HARBOUR.encode("cp1251"), declared, "en")
    assert f"the manifest says {declared}" in message and "not English" in message
    assert "declare cp1251 or auto" in message


def test_english_declared_utf8_names_the_code_page():
    assert "reads as English in cp1251" in misread(HARBOUR.encode("cp1251"), "utf-8", "en")


def test_a_fifth_encoding_reads_nowhere():
    """ISO-8859-5 Russian is none of the four: whatever is declared, say so."""
    data = (VILLAGE + RECIPE).encode("iso8859-5")
    for declared in (*CODE_PAGES, "auto"):
        message = misread(data, declared)
        assert "not Russian" in message and "another encoding" in message, declared


def test_a_language_without_a_model_is_not_judged():
    # a commentary may be in any language; only ru and en have a model
    assert decode(VILLAGE.encode("koi8-r"), "cp1251", "x.txt", "de")[1] == "cp1251"


# -- detected -------------------------------------------------------------------------------

# fragments that start mid-sentence, as a piece after a lost page does: the detector alone
# read each of them in KOI8-R as cp1251
SHORT = [
    "река вышла из берегов и унесла мост",
    "из поезда: за окном бесконечные берёзы,",
    "его на сливочном масле до золотистого",
    "его под полотенцем на полчаса. Тем временем нарежьте",
    "пор мост строили из камня, а по вечерам",
]


@pytest.mark.parametrize("text", [*RUSSIAN.values(), *SHORT], ids=[*RUSSIAN, *(f"short-{n}" for n in range(len(SHORT)))])
@pytest.mark.parametrize("written", CODE_PAGES)
def test_auto_reads_every_code_page_right(text, written):
    assert decode(text.encode(written), "auto", "x.txt") == (text, written)


def test_auto_reads_english_in_cp1251():
    assert decode(HARBOUR.encode("cp1251"), "auto", "x.txt", "en") == (HARBOUR, "cp1251")


TABLE = "╔══════╦═══════╗\n║ Имя  ║ Город ║\n╠══════╬═══════╣\n║ Анна ║ Тверь ║\n╚══════╩═══════╝\n"


@pytest.mark.parametrize("written", ["cp866", "koi8-r"])
def test_auto_reads_a_text_full_of_box_drawing(written):
    """Tables in the DOS originals: the detector alone gave up ("cannot tell")."""
    text = TABLE * 3 + WEATHER
    assert decode(text.encode(written), "auto", "x.txt") == (text, written)


# -- no false alarm ---------------------------------------------------------------------------

# damage of the catalogue inside good text (CORPUS-NOTES.md 1, 2, 8): lost box-drawing
# characters as "?" runs and "њ" runs, intact ones, one glued to a word
DAMAGED = [
    ("cp1251", "Правило 46. Старый мельник ?????????????? рассказывал\n" + VILLAGE + "?? ?? ?? ??\n" + RECIPE),
    ("cp1251", "њњњњњњњњњњњњњњњњ\n" + WEATHER + "Заголовок њњњњ\nњњњњ њњњњ њњњњ\n" + LETTER),
    ("cp866", "─────────────────────\n" + VILLAGE + "называние══════════ карты\n═══ ═══ ═══\n" + RECIPE),
    ("koi8-r", "│ " + WEATHER + "─────────────────\n" + LETTER + "(*) ───── сноска\n"),
]


@pytest.mark.parametrize("written, text", DAMAGED, ids=[f"{c}-{n}" for n, (c, _) in enumerate(DAMAGED)])
def test_damage_inside_good_text_is_no_wrong_encoding(written, text):
    data = text.encode(written)
    assert decode(data, written, "x.txt") == (text, written)
    assert decode(data, "auto", "x.txt") == (text, written)


def test_the_shipped_corpus_reads_right_in_every_code_page():
    for path in sorted(CORPUS_DIR.rglob("*.txt")):
        text = path.read_text(encoding="utf-8")
        for codec in CODE_PAGES:
            assert decode(text.encode(codec), codec, path.name) == (text, codec)


# -- bounded work -------------------------------------------------------------------------------


def test_a_large_source_is_judged_on_a_bounded_sample():
    data = (VILLAGE * 30_000).encode("koi8-r")  # 7 MB
    assert len(plausibility.sample(data)) <= plausibility.WINDOWS * plausibility.WINDOW_BYTES
    found = plausibility.readings(data, "ru", CODE_PAGES)
    assert all(r.words <= plausibility.MAX_WORDS for r in found.values())
    assert plausibility.better_reading(found, "cp1251").codec == "koi8-r"


def test_the_sample_cuts_at_whitespace_in_a_file_without_line_breaks():
    data = (VILLAGE.replace("\n", " ") * 20_000).encode("cp866")
    text = plausibility.sample(data).decode("cp866")
    words = set(VILLAGE.split())
    assert all(word in words for word in text.split())  # no word cut in half


# -- the command line ---------------------------------------------------------------------------


def declare(root: Path, source: str, encoding: str) -> None:
    """Set ``encoding`` in the manifest entry of ``source``."""
    manifest = root / "manifest.toml"
    text = manifest.read_text(encoding="utf-8")
    text, n = re.subn(rf'(path = "{re.escape(source)}"\n(?:[^\[\n].*\n)*?)encoding = "[^"]*"',
                      rf'\1encoding = "{encoding}"', text)
    assert n == 1
    manifest.write_text(text, encoding="utf-8")


LAW_002 = "laws/ru/002_37d93b2b92de0ef7.txt"


@pytest.fixture
def koi8_declared_cp1251(corpus_copy: Path) -> Path:
    """The defect as found: a KOI8-R file declared cp1251."""
    path = corpus_copy / LAW_002
    path.chmod(0o644)
    path.write_bytes(path.read_text(encoding="utf-8").encode("koi8-r"))
    declare(corpus_copy, LAW_002, "cp1251")
    return corpus_copy


def test_check_fails_naming_the_file_and_the_right_encoding(koi8_declared_cp1251, tmp_path):
    result = CliRunner().invoke(main, ["check", "--corpus", str(koi8_declared_cp1251), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert f"{LAW_002}:1: the manifest says cp1251" in result.stderr
    assert "declare koi8-r or auto" in result.stderr


def test_build_refuses_a_misread_source_and_keeps_the_previous_build(koi8_declared_cp1251, tmp_path):
    out = tmp_path / "out"
    runner = CliRunner()
    good = runner.invoke(main, ["build", "-q", "--corpus", str(CORPUS_DIR), "--out", str(out)])
    assert good.exit_code == 0, good.stderr
    before = (out / "corpus.json").read_bytes()
    result = runner.invoke(main, ["build", "-q", "--corpus", str(koi8_declared_cp1251), "--out", str(out)])
    assert result.exit_code == 1
    assert "declare koi8-r or auto" in result.stderr
    assert (out / "corpus.json").read_bytes() == before


def test_clean_judges_the_encoding_it_is_told(tmp_path):
    path = tmp_path / "x.txt"
    path.write_bytes(RECIPE.encode("cp866"))
    result = CliRunner().invoke(main, ["clean", str(path), "--encoding", "koi8-r"])
    assert result.exit_code == 1 and "use --encoding cp866 or auto" in result.stderr
    assert CliRunner().invoke(main, ["clean", str(path)]).stdout.split("\n")[0] == RECIPE.split("\n")[0]


@pytest.mark.parametrize("written, option, said", [
    ("utf-8", "koi8-r", "--encoding says koi8-r, but the file is UTF-8; use --encoding utf-8 or auto"),
    ("cp866", "koi8-r", "--encoding says koi8-r, but read that way the text is not Russian"),
    ("koi8-r", "utf-8", "--encoding says utf-8, but it is not valid utf-8"),
])
def test_clean_says_the_encoding_came_from_its_option(tmp_path, written, option, said):
    """``clean --encoding koi8-r FILE`` said "the manifest says koi8-r", for a file in no
    manifest: the message names where the encoding came from."""
    path = tmp_path / "x.txt"
    path.write_bytes(RECIPE.encode(written))
    result = CliRunner().invoke(main, ["clean", str(path), "--encoding", option])
    assert result.exit_code == 1
    assert said in result.stderr and "manifest" not in result.stderr


def test_clean_says_the_encoding_came_from_the_manifest(koi8_declared_cp1251):
    result = CliRunner().invoke(main, ["clean", str(koi8_declared_cp1251 / LAW_002)])
    assert result.exit_code == 1
    assert "the manifest says cp1251" in result.stderr and "declare koi8-r or auto" in result.stderr



# -- declared in the wrong language ------------------------------------------------------------


def one_source_corpus(root: Path, data: bytes, lang: str, encoding: str) -> Path:
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "x.txt").write_bytes(data)
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Laws"\nedition = "1987"\nlaws = [1, 93]\n\n[[source]]\npath = "laws/x.txt"\n'
        f'lang = "{lang}"\nkind = "laws"\nencoding = "{encoding}"\n', encoding="utf-8")
    return root


@pytest.mark.parametrize("text, written, declared, reads_as", [
    (VILLAGE, "utf-8", "en", "Russian"),
    (VILLAGE + RECIPE, "cp1251", "en", "Russian"),  # long enough that English reads nowhere
    (WEATHER, "koi8-r", "en", "Russian"),
    (HARBOUR, "utf-8", "ru", "English"),
    (HARBOUR, "cp1251", "ru", "English"),
], ids=["ru-utf8", "ru-cp1251", "ru-koi8r", "en-utf8", "en-cp1251"])
@pytest.mark.parametrize("encoding", ["auto", "declared"])
def test_a_source_in_another_language_than_declared_is_an_error_naming_it(tmp_path, text, written, declared,
                                                                             reads_as, encoding):
    """Russian sources declared ``lang = "en"`` were read, and the build failed later on an
    unrelated curation error."""
    root = one_source_corpus(tmp_path, text.encode(written), declared, written if encoding == "declared" else "auto")
    with pytest.raises(CorpusError) as info:
        read_corpus_folder(root)
    message = str(info.value)
    name = {"ru": "Russian", "en": "English"}[declared]
    assert "x.txt" in message and f"is not {name} but {reads_as}" in message, message
    assert f'set lang = "{"ru" if reads_as == "Russian" else "en"}"' in message


@pytest.mark.parametrize("text, lang", [(VILLAGE, "ru"), (LETTER, "ru"), (HARBOUR, "en")])
def test_a_source_in_its_declared_language_reads(tmp_path, text, lang):
    assert read_corpus_folder(one_source_corpus(tmp_path, text.encode("utf-8"), lang, "auto")).sources


# -- a file in two encodings -------------------------------------------------------------------


@pytest.mark.parametrize("second", CODE_PAGES)
@pytest.mark.parametrize("declared", ["auto", "utf-8", *CODE_PAGES])
def test_a_file_half_utf8_names_the_line_where_utf8_stops_and_says_it_mixes_encodings(declared, second):
    """Half UTF-8, half cp1251 was reported ":1: the text is not Russian in cp866 …"."""
    first = VILLAGE + RECIPE
    data = first.encode("utf-8") + WEATHER.encode(second)
    line = first.count("\n") + 1  # the first line of the second half
    message = misread(data, declared)
    assert message.startswith(f"raw/x.txt:{line}: the file mixes encodings: UTF-8 stops being valid here"), message
    assert f"as Russian in {second}" in message


def test_a_stray_byte_in_utf8_text_is_named_at_its_line():
    data = VILLAGE.encode("utf-8") + b"\xff " + RECIPE.encode("utf-8")
    message = misread(data, "auto")
    assert message.startswith(f"raw/x.txt:{VILLAGE.count(chr(10)) + 1}: UTF-8 stops being valid here (byte 0xff)"), message
    assert "mixes" not in message
