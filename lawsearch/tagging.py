"""The CoNLL-U export's Russian tagger: the Universal Dependencies tags of a word form from
pymorphy3's OpenCorpora tags. This is one language's machinery (the Russian morphology's,
lawsearch/morph.py): its words are that language's data. The export's tokens and sentences
are cut by lawsearch/segmenting.py, with the profile's data for the language.

    annotate("карты", {})[:2]      # ('карта', 'NOUN')
"""

from __future__ import annotations

import re

from . import morph

UPOS = {
    "NOUN": "NOUN", "ADJF": "ADJ", "ADJS": "ADJ", "COMP": "ADJ", "VERB": "VERB", "INFN": "VERB",
    "PRTF": "VERB", "PRTS": "VERB", "GRND": "VERB", "NUMR": "NUM", "ADVB": "ADV", "NPRO": "PRON",
    "PRED": "ADV", "PREP": "ADP", "CONJ": "CCONJ", "PRCL": "PART", "INTJ": "INTJ",
}
FEATURES = {
    "nomn": ("Case", "Nom"), "gent": ("Case", "Gen"), "datv": ("Case", "Dat"), "accs": ("Case", "Acc"),
    "ablt": ("Case", "Ins"), "loct": ("Case", "Loc"), "voct": ("Case", "Voc"), "gen2": ("Case", "Gen"),
    "acc2": ("Case", "Acc"), "loc2": ("Case", "Loc"),
    "sing": ("Number", "Sing"), "plur": ("Number", "Plur"),
    "masc": ("Gender", "Masc"), "femn": ("Gender", "Fem"), "neut": ("Gender", "Neut"),
    "anim": ("Animacy", "Anim"), "inan": ("Animacy", "Inan"),
    "perf": ("Aspect", "Perf"), "impf": ("Aspect", "Imp"),
    "past": ("Tense", "Past"), "pres": ("Tense", "Pres"), "futr": ("Tense", "Fut"),
    "1per": ("Person", "1"), "2per": ("Person", "2"), "3per": ("Person", "3"),
    "actv": ("Voice", "Act"), "pssv": ("Voice", "Pass"),
    "indc": ("Mood", "Ind"), "impr": ("Mood", "Imp"),
    "Supr": ("Degree", "Sup"), "COMP": ("Degree", "Cmp"),
}
VERB_FORMS = {"INFN": "Inf", "PRTF": "Part", "PRTS": "Part", "GRND": "Conv", "VERB": "Fin"}
PROPER = {"Name", "Surn", "Patr", "Geox", "Orgn"}
# conjunctions that open a clause (UD SCONJ), not join equals (CCONJ)
SUBORDINATORS = {"если", "что", "как", "когда", "чтобы", "хотя", "пока", "поскольку", "потому", "так как",
                 "будто", "словно", "раз", "чем"}


def annotate(form: str, lexicon: dict[str, str]) -> tuple[str, str, str, str]:
    """LEMMA, UPOS, XPOS and FEATS of one token."""
    if not re.search(r"[^\W\d_]", form):
        return form, ("NUM" if form[0].isdigit() else "PUNCT"), "_", "_"
    if re.match(r"^\d", form):
        return form, ("ADJ" if "-" in form else "PROPN"), "_", "_"  # "12-й"; a law ID
    if not re.search("[а-яёА-ЯЁ]", form):
        return form, "X", "LATN", "Foreign=Yes"
    folded = form.lower().replace("ё", "е")
    parse = morph.analyzer().parse(form.lower())[0]
    lemma = lexicon.get(folded) or parse.normal_form
    tag = parse.tag
    pos = tag.POS
    upos = UPOS.get(pos, "X")
    grammemes = set(tag.grammemes)
    if upos == "NOUN" and grammemes & PROPER:
        upos = "PROPN"
    if lexicon.get(folded) and pos in ("PRTF", "PRTS"):
        upos = "NOUN"  # разыгрывающий, вистующий: nouns in this text
    if pos == "CONJ" and parse.normal_form in SUBORDINATORS:
        upos = "SCONJ"
    if pos == "ADJF" and "Apro" in grammemes:  # этот, свой, некоторый, любой; который is a pronoun
        upos = "PRON" if parse.normal_form == "который" else "DET"
    if parse.normal_form == "ли":
        upos = "PART"
    feats = dict(FEATURES[g] for g in grammemes if g in FEATURES and not (upos == "NOUN" and FEATURES[g][0] in ("Tense", "Voice", "Aspect")))
    if pos in VERB_FORMS and upos == "VERB":
        feats["VerbForm"] = VERB_FORMS[pos]
    if pos in ("ADJS", "PRTS"):
        feats["Variant"] = "Short"
    xpos = str(tag).replace(" ", ",") if pos else "_"
    feats_text = "|".join(f"{k}={v}" for k, v in sorted(feats.items(), key=lambda kv: kv[0].lower())) or "_"
    return lemma, upos, xpos, feats_text
