"""Nouns the category table does not know: the nearest category, and why."""

from __future__ import annotations

import difflib
from functools import lru_cache

from tools.core.schema import UnknownNoun
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.plurals import singular_forms
from tools.plan.ground import wordnet_disagrees
from tools.plan.words import SIMILAR_NOUNS

SPELLING_CUTOFF = 0.86  # difflib ratio; 'horse' vs 'house' (0.8) must not match
MIN_SUFFIX = 4  # 'wheelchair' ends with 'chair'; shorter endings ('tar' of 'guitar') are chance


@lru_cache(maxsize=1)
def _single_words() -> dict[str, str]:
    """One-word category names and synonyms, and the similarity table's nouns -> category."""
    words = {noun: category for noun, (category, _) in SIMILAR_NOUNS.items() if " " not in noun}
    for category in CATEGORIES.values():
        if category.name == "placeholder":
            continue
        for name in (category.name, *category.synonyms):
            if " " not in name and "_" not in name:
                words.setdefault(name, category.name)
    return words


def map_unknown(noun: str, fuzzy: bool = True) -> UnknownNoun | None:
    """The nearest known category for ``noun`` (a word the tables lack), or None when nothing is near.

    Tries the similarity table, then a known noun at the end of the word ('wheelchair' -> chair) unless WordNet
    says the word is no kind of it,
    then, when ``fuzzy``, a close spelling ('sofaa' -> sofa) of a word WordNet does not hold: a real word is no
    misspelling ('cell' is no cello, 'board' no boar).
    """
    forms = [noun, *singular_forms(noun)]
    for form in forms:
        if form in SIMILAR_NOUNS:
            category, reason = SIMILAR_NOUNS[form]
            return UnknownNoun(noun=noun, mapped_to=category, reason=reason)
    words = _single_words()
    for form in forms:
        # An ending WordNet refutes is chance: a gramophone is no telephone.
        endings = [w for w in words if len(w) >= MIN_SUFFIX and form.endswith(w) and form != w
                   and not wordnet_disagrees(form, words[w])]
        if endings:
            ending = max(endings, key=len)
            return UnknownNoun(noun=noun, mapped_to=words[ending], reason=f"a kind of {ending}")
    if fuzzy and not any(wordnet.is_lemma(form) for form in forms):
        for form in forms:
            close = [w for w in difflib.get_close_matches(form, words, n=3, cutoff=SPELLING_CUTOFF) if w[0] == form[0]]
            if close:
                return UnknownNoun(noun=noun, mapped_to=words[close[0]], reason=f"close in spelling to '{close[0]}'")
    return None
