"""The sense a bare word means in its prompt, where the kind that claims the word by name is of another sense.

A kind's synonym is one spelling of one sense ("bat", the animal), while the prompt may plainly mean another ("a
baseball dugout with a bat leaning on the bench" means the club): WordNet lists the word's senses, MiniLM puts each
sense's gloss beside the prompt, and the class the meant sense is a kind of names the kind that shows it (a computer
mouse; a crane, the bird, by a heron, a wading bird). Where no real kind shows that sense, the claimant stays and the
judge (tools/evaluate/named.py) reports it as the stand-in it is.
"""

from __future__ import annotations

from tools.core.embeddings import embed, embeddings_available
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES
from tools.plan.ground import Grounding, _by_class, _class_kind, _kind_classes, _sense_text, is_archetype, kind_text

# How much nearer the prompt (cosine of a sense's names and gloss to it) another sense must be than every sense of
# the claimant kind: in a dugout the club's gloss is 0.54 from the prompt, the animal's 0.23; in a cave 0.42 and
# 0.42, a tie the claimant keeps. Only another sort of thing displaces the claimant's sense (wordnet.another_sort).
SENSE_MARGIN = 0.08


def meant_sense_grounding(word: str, kind: str, prompt: str) -> Grounding | None:
    """How ``word`` is shown when ``prompt`` plainly means a sense of it that ``kind`` (the kind claiming the word)
    is not of, nor near its description: by the nearest class of that sense a real kind shows (no archetype), exact
    when that kind is of the sense itself. None when the claimant's sense is meant, for a compound or a word WordNet
    does not split, or without the embeddings."""
    if " " in word or not prompt or not wordnet.available() or not embeddings_available():
        return None
    senses = wordnet.physical_senses(word, None)
    if len(senses) < 2:
        return None
    vectors = embed([prompt, kind_text(CATEGORIES[kind]), *(_sense_text(s) for s in senses)])
    to_prompt, to_kind = (vectors[2:] @ vectors[0]).tolist(), (vectors[2:] @ vectors[1]).tolist()
    classes = [wordnet.synset(c) for c in _kind_classes(kind)]
    # The claimant's senses: those of its WordNet classes, and the one nearest its description (a market stall is
    # the stand "a booth where articles are displayed", which its classes may miss).
    own = [s for i, s in enumerate(senses) if i == to_kind.index(max(to_kind))
           or any(wordnet.related(s, c, 0) or wordnet.related(c, s, 0) for c in classes)]
    others = [i for i, s in enumerate(senses) if wordnet.another_sort(s, own)]
    if not others:
        return None
    best = max(others, key=lambda i: to_prompt[i])  # the claimant by its description too: a sack of grain, no hammock
    if to_prompt[best] - max(float(vectors[1] @ vectors[0]), *(to_prompt[senses.index(s)] for s in own)) < SENSE_MARGIN:
        return None
    found = next(((shown, steps, ancestor.lemmas[0]) for ancestor, steps in wordnet.ancestors(senses[best])
                  if (shown := _class_kind(ancestor)) is not None), None)
    if found is None or found[0] == kind or is_archetype(CATEGORIES[found[0]]):
        return None  # only a kind that shows the meant sense displaces the claimant: MiniLM reads prompts loosely
    return _by_class(word, *found)
