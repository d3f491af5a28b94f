"""A word a stray space split inside a line («сви детелях», «монпан сье») is mended where the
dictionary knows the joined word and neither piece as a word; two words stay two words even
where they make one together (issue 12, cold read 8 finding 12). Invented laws."""

from __future__ import annotations

from pathlib import Path

from lawsearch.clean import clean_lines
from lawsearch.corpus import build_corpus

TEXT = """Правило 80. ПОСЫЛКИ
A. Вскрытие
Посылку с вареньем вскрывают при двух сви детелях из правления клуба.
Леденцы из коробки монпан сье раздают детям членов клуба.
B. Возврат
Пустые банки возвращают отправителю по подокон нике не ставят.
"""


def test_a_word_split_by_a_space_is_joined_in_the_built_text(tmp_path):
    corpus = tmp_path / "c"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / "laws.txt").write_text(TEXT, encoding="utf-8")
    (corpus / "manifest.toml").write_text('[code]\ntitle = "T"\nlaws = [1, 93]\nlang = "ru"\n\n[[source]]\n'
                                          'path = "laws/ru/laws.txt"\nlang = "ru"\nkind = "laws"\nencoding = "utf-8"\n',
                                          encoding="utf-8")
    built = build_corpus(Path(corpus), strict=False)
    text = {n.id: " ".join((n.text or "").split()) for n in built.nodes}
    assert "при двух свидетелях из правления" in text["80A"], text
    assert "коробки монпансье раздают" in text["80A"]
    # «подокон» and «нике» are words each (a windowsill's stem, a name): left as printed
    assert "подокон нике" in text["80B"]


def test_the_mend_is_counted_and_spans_stay_exact():
    cleaned = clean_lines(TEXT.splitlines(), "laws", lang="ru")
    assert [c.line for c in cleaned.changes if c.rule == "split_words"] == [3, 4]
    line = next(l for l in cleaned.lines if "свидетелях" in l.text)
    assert line.text.endswith("при двух свидетелях из правления клуба.")
