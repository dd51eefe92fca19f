"""Grounding: the noun a prompt names -> the kind of object (or place) that shows it, with how and how well.

A noun is grounded by its whole name first ("pool table" is a pool table, not a table), by meaning next
(the sentence embedding of the name against each kind's names and description), and only then by its head
word; below every threshold it takes the generic archetype nearest in meaning. Every decision is recorded
as a ``Grounding`` (noun -> kind, score, how), so the plan can say honestly what stands in for what.

Thresholds are cosine similarities of all-MiniLM-L6-v2, calibrated by bench/bench_grounding.py (leave-one-
out over the registry's own names: a held-out synonym must find its kind) and stated there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np

from tools.core.embeddings import embed, embeddings_available
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, Category, lookup
from tools.knowledge.places import OUTDOOR_DEFAULT, PLACES, Place
from tools.plan.sentence_lex import T

# bench/bench_grounding.py (111 kinds, 395 held-out synonyms): at 0.62 the nearest kind is right for 95% of
# the synonyms that reach it (38% reach it); at 0.45 for 88% (70% reach it); no word of its list of
# non-things reaches 0.45.
FIT_SCORE = 0.62  # at or above: the kind is the thing itself ("couch" -> sofa)
NEAR_SCORE = 0.45  # at or above: a nearer kind stands in for it, reported as a stand-in
GENERIC_ROOM = "room"  # the place type of a plain room, taken from a name's words only when they name no other
# The places that say only what family a place is of ("a room", "a shop"): a name whose words give one of them
# ("an emergency room", "a butcher's shop") means the place nearest in meaning when one is ROOM_FOR_SCORE near.
GENERIC_PLACES = frozenset({GENERIC_ROOM, "shop"})
PLACE_SCORE = 0.62  # a setting noun grounds to a place type at or above this ("deli" -> a food shop)
# A name whose words give only a plain room ("an emergency room") means the place nearest in meaning when it is
# this near (hospital ward 0.53), for its other words say what the room is for; below it a plain room (tune-m:
# "interrogation room" is nearest a clinic at 0.47, which it is not).
ROOM_FOR_SCORE = 0.5
ARCHETYPE_SCORE = 0.3  # a generic archetype stands in only this near in meaning ("system" is no machine)
# A real kind that a WordNet class of a compound's last words names (WordNet lacking the whole compound) shows it
# only this near in meaning, since the guess drops words: "floor tile" -> tile > slab > block = cube (0.29 on the
# odd half, just below); below it the walk goes on to an archetype.
CLASS_MEANING_FLOOR = 0.3
SENSE_ORDER_WEIGHT = 0.1  # per WordNet sense rank: a rarer sense must be this much nearer the prompt to win
RARE_SENSE_MARGIN = 0.02  # how much nearer the prompt a rarer sense a kind declares must be than the common ones
# Per rank again, for the head word of a compound: the compound says much of which sense it means ("turnout gear"
# is equipment, gear's fourth sense), so frequency weighs half as much.
HEAD_SENSE_ORDER_WEIGHT = 0.05
GENERIC_KIND = "placeholder"  # what stands in when nothing is near in meaning and no archetype fits
SUBSTANCE_FILE = 27  # WordNet's noun.substance: what "a lute" or "two glasses" cannot mean (luting, the material)

How = Literal["name", "meaning", "head", "hypernym", "archetype", "none"]
Fit = Literal["exact", "stand-in"]


@dataclass(frozen=True)
class Grounding:
    """What ``noun`` became: ``kind`` (a category name), ``score`` in [0, 1], ``how`` and whether it is the
    thing itself (``fit == "exact"``) or a stand-in for it."""

    noun: str
    kind: str
    score: float
    how: How
    fit: Fit
    via: str = ""  # the WordNet class it was found by, for "hypernym"

    @property
    def why(self) -> str:
        """The grounding in words, for the report and the CLI summary."""
        if self.how == "name":
            return "named"
        if self.how == "meaning":
            return f"nearest in meaning (similarity {self.score:.2f})"
        if self.how == "head":
            return f"a kind of {self.kind.replace('_', ' ')} (by its head word)"
        if self.how == "hypernym":
            return f"a kind of {self.via.replace('_', ' ')}, shown by a {self.kind.replace('_', ' ')} (WordNet)"
        if self.how == "archetype":
            return f"no kind fits; generic {self.kind.replace('_', ' ')} (similarity {self.score:.2f})"
        return "no kind fits"


def kind_text(category: Category) -> str:
    """What a kind is, in words, for embedding: its name, the names people use and its description."""
    names = ", ".join([category.name.replace("_", " "), *category.synonyms])
    description = getattr(category, "description", "") or ""
    return f"{names}. {description}".strip()


def place_text(place: Place) -> str:
    """What a place is, in words, for embedding: its name, the names people use and its description."""
    names = ", ".join([place.name.replace("_", " "), *place.phrases])
    return f"{names}. {place.description}".strip()


def is_archetype(category: Category) -> bool:
    """Whether the kind is a generic archetype (the fallback when no real kind is near in meaning)."""
    return "archetype" in getattr(category, "traits", ()) or "archetype" in category.tags


GROUP_NOUNS = frozenset(T["quantity_nouns"]) | frozenset(T["arrangement_nouns"])  # "pair", "stack", "bunch"
GROUP_OPENING = re.compile(r"(?:an? |one )?(?:\w+ )?(\w+) of ")  # "a pair of ...", "a small stack of ..."


def is_set_kind(category: Category) -> bool:
    """Whether one object of the kind is itself a set of things: its name is a plural ("gears", "string lights") or
    its one-line description opens with a group noun of tools/knowledge/english.json ("a pair of fabric curtains",
    "a stack of folded bath towels"). A bare plural grounded to it is one of it, where "benches" are several."""
    last = category.name.split("_")[-1]
    if any(form != last for form in wordnet.base_forms(last)):
        return True
    opening = GROUP_OPENING.match(category.description)
    return opening is not None and opening.group(1) in GROUP_NOUNS


@lru_cache(maxsize=1)
def _kind_matrix() -> tuple[tuple[str, ...], np.ndarray]:
    names = tuple(n for n in CATEGORIES if n != GENERIC_KIND)
    return names, embed([kind_text(CATEGORIES[n]) for n in names])


@lru_cache(maxsize=1)
def _place_matrix() -> tuple[tuple[str, ...], np.ndarray]:
    names = tuple(PLACES)
    return names, embed([place_text(PLACES[n]) for n in names])


@lru_cache(maxsize=4096)
def _nearest_kinds(noun: str) -> tuple[tuple[str, float], ...]:
    names, matrix = _kind_matrix()
    scores = matrix @ embed([noun])[0]
    order = np.argsort(-scores)
    return tuple((names[i], float(scores[i])) for i in order)


def kind_in_context(word: str, kind: str, prompt: str) -> str:
    """The kind a bare ``word`` means in ``prompt``, ``kind`` being the kind that claims it as one of its other
    names: the kind a word of the prompt and ``word`` together name, when one does and it is no farther from the
    prompt in meaning ("a tennis court with a net" has a tennis net, "a car on a lift" a car lift, "a saddle on a
    rack" a saddle rack). A kind's own name ("chair") is that kind whatever the prompt ("a dentist's waiting room
    with chairs" has no dental chairs); without the embeddings the claimant stands."""
    category = CATEGORIES[kind]
    if " " in word or word == category.name.replace("_", " ") or not embeddings_available():
        return kind
    forms = (word, *(f.replace("_", " ") for f in wordnet.base_forms(word)))
    rivals = sorted({found.name for modifier in _modifier_words(prompt) for form in forms
                     if (found := lookup(f"{modifier} {form}")) is not None and found.name not in (kind, GENERIC_KIND)
                     and not is_archetype(found)})
    if not rivals:
        return kind
    names, matrix = _kind_matrix()
    row = {name: i for i, name in enumerate(names)}
    scores = matrix[[row[k] for k in (kind, *rivals)]] @ embed([prompt])[0]
    best = int(np.argmax(scores))
    return (kind, *rivals)[best]


def _modifier_words(prompt: str) -> set[str]:
    """The words of a prompt as they may modify a noun: lower case, a possessive with and without its ending
    ("an artist's loft": artist's, artist), a hyphenated word whole and by its parts ("paint-splattered"), each a noun
    to WordNet ("a slowly rotating platform" names no rotating display). A plural is no modifier but a noun of its
    own: "piles of newspapers and boxes" are no newspaper boxes."""
    words = set()
    for token in re.findall(r"[\w'-]+", prompt.lower()):
        token = token.strip("'-")
        for part in {token, *token.split("-")}:
            words |= {part, part.removesuffix("'s")}
    return {w for w in words if w and wordnet.is_lemma(w.removesuffix("'s"))}


def ground_by_head(name: str, kind: str, head: str | None = None, context: str = "") -> Grounding:
    """``name`` shown by its head word's ``kind`` (``head``, by default its last word): the thing itself when no
    other kind is nearer the whole name in meaning ("a flickering TV", "a two-burner stove"), or when it is a free
    compound of that kind ("a corner bench", "a feast table"); else a stand-in ("turnout gear" is no gears, and
    "a rocking chair", a concept of its own, is more than a chair). A person WordNet holds ("an old man", "a little
    girl") is the thing itself when the head's kind shows any member of its class (trait any_member), as a bard
    is. Without the embedding model the head's kind stands in."""
    if "any_member" in CATEGORIES[kind].traits and wordnet.available() and wordnet.is_person(name):
        return Grounding(name, kind, 1.0, "name", "exact")  # "an old man": the person figure is any person
    if not embeddings_available():
        return Grounding(name, kind, 0.0, "head", "stand-in")
    ranked = [(k, s) for k, s in _nearest_kinds(name) if not is_archetype(CATEGORIES[k])]
    score = dict(ranked).get(kind, 0.0)
    nearest = ranked[0][0] == kind
    fit: Fit = "exact" if score >= FIT_SCORE or (nearest and score >= NEAR_SCORE) or is_free_compound_of(
        name, head or name.split()[-1], kind, context) else "stand-in"
    return Grounding(name, kind, round(score, 3), "name" if fit == "exact" else "head", fit)


def is_free_compound_of(name: str, head: str, kind: str, context: str = "") -> bool:
    """Whether ``name`` is a compound WordNet does not hold whose ``head`` means ``kind``: English compounds are
    kinds of their head ("a water barrel" is a barrel), however far MiniLM puts them from it, unless the head's
    sense nearest the compound in the prompt (``context``) is not the kind's ("turnout gear" is equipment, not a
    cogwheel). Without WordNet, or for a compound it holds ("rocking chair", "signal box": concepts of their
    own), no."""
    if len(name.split()) < 2 or head == name or not wordnet.available() or wordnet.is_lemma(name):
        return False
    senses = wordnet.senses(head)  # all of them: a poster is a placard, which WordNet files under no thing
    classes = [wordnet.synset(c) for c in _kind_classes(kind)]
    if not senses or not classes:
        return True  # WordNet has no say on the head's sense: the kind named by the head word stands
    return any(wordnet.related(_meant_head_sense(name, senses, context), c) for c in classes)


def _senses_naming_modifier(name: str, senses: list[wordnet.Synset]) -> list[wordnet.Synset]:
    """The head's senses whose lemmas or gloss name one of the compound's first words (by its stem): a water jet is
    the jet "an artificially produced flow of water"."""
    stems = [word[:max(4, len(word) - 3)] if len(word) > 4 else word for word in name.lower().split()[:-1]]
    return [s for s in senses if any(re.search(rf"\b{re.escape(stem)}", f"{' '.join(s.lemmas)} {s.gloss}".lower())
                                     for stem in stems)]


def _meant_head_sense(name: str, senses: list[wordnet.Synset], context: str) -> wordnet.Synset:
    """The sense of a compound's head word that the compound means: among those naming its first words, else among
    all, the one nearest the compound in the prompt."""
    named = _senses_naming_modifier(name, senses)
    return _in_context(named or senses, f"{name}: {context}" if context else name, HEAD_SENSE_ORDER_WEIGHT)[0]


def head_means_another(name: str, head: str, kind: str, context: str = "") -> bool:
    """Whether the ``head`` of a compound WordNet does not hold means, in the compound and the prompt, a sense that
    is not ``kind``'s: a water jet is a spout of water, not a jet plane, and a loading dock a platform, not a pier, so
    the kind the head word names must not show it even as a stand-in. A compound WordNet holds means its own senses
    (a loading dock is a platform, not a pier). No say (False) for a single word, a head or kind WordNet does not
    know, or without WordNet."""
    if len(name.split()) < 2 or head == name or not wordnet.available():
        return False
    if wordnet.is_lemma(name):
        return wordnet_disagrees(name, kind)  # WordNet's own compound: a loading dock is a platform, no pier
    senses, classes = wordnet.senses(head), [wordnet.synset(c) for c in _kind_classes(kind)]
    if not senses or not classes or not (embeddings_available() or _senses_naming_modifier(name, senses)):
        return False  # without the embeddings only a sense the compound names is sure: "pool table" meant no data
    return not any(wordnet.related(_meant_head_sense(name, senses, context), c) for c in classes)


def names_modifier(name: str, kind: str) -> bool:
    """Whether ``kind`` is what the first words of the compound ``name`` name and not what its last word names: an
    English compound is a kind of its head, so a pizza peel is no pizza and a car body no car, however near MiniLM
    puts them."""
    words = name.split()
    if len(words) < 2 or (wordnet.available() and wordnet.is_lemma(name)):
        return False
    named = {found.name for i in range(1, len(words)) if (found := lookup(" ".join(words[:i]))) is not None}
    if kind not in named:
        return False
    category = CATEGORIES[kind]  # an arcade cabinet is named "arcade" too, and is a cabinet: its names hold the head
    kind_words = {w for n in (category.name.replace("_", " "), *category.synonyms) for w in n.split()}
    return not {words[-1], words[-1].rstrip("s")} & kind_words


@lru_cache(maxsize=1)
def declared_classes() -> dict[int, str]:
    """WordNet synset offset -> the kind that declares it (kinds.toml ``wordnet``)."""
    classes: dict[int, str] = {}
    for kind in CATEGORIES.values():
        for name in kind.wordnet:
            found = wordnet.named(name)
            if found is None:
                raise ValueError(f"kinds.toml: {kind.name}: WordNet has no class {name!r}")
            classes.setdefault(found.offset, kind.name)
    return classes


def _class_kind(synset: wordnet.Synset) -> str | None:
    declared = declared_classes().get(synset.offset)
    if declared is not None:
        return declared
    # By the class's first name only, and only when that is what the kind's name means: "resort area" is also
    # called a playground, and a playground's climbing frame is no resort.
    kind = lookup(synset.lemmas[0].replace("_", " "))
    if kind is not None and kind.name != GENERIC_KIND and synset.offset in _kind_classes(kind.name):
        return kind.name
    return None


@lru_cache(maxsize=1024)
def _kind_classes(kind: str) -> frozenset[int]:
    """The WordNet classes a kind is: of each of its names, the common sense nearest the kind's description (a
    painting is called a frame, but not the frame of a pair of glasses; both common senses without the
    embeddings), never a person's or an animal's unless the kind shows beings (a wall poster is a placard, not
    the bill poster who pastes it up), and the classes it declares."""
    category = CATEGORIES[kind]
    names = (category.name.replace("_", " "), *category.synonyms)
    meant = 1 if embeddings_available() else wordnet.COMMON_SENSES
    beings = _shows_beings(kind)
    offsets = {s.offset for n in names
               for s in _in_context([s for s in wordnet.senses(n)[:wordnet.COMMON_SENSES]
                                     if beings or not _is_being(s)], kind_text(category))[:meant]}
    return frozenset(offsets | {o for o, k in declared_classes().items() if k == kind})


def wordnet_disagrees(name: str, kind: str) -> bool:
    """Whether WordNet knows both the noun and the kind and neither is a kind of the other: "wheel" is near
    "ferris wheel" in meaning, but a wheel is a simple machine and a ferris wheel a ride. Unknown to WordNet
    either way: no say."""
    senses, classes = wordnet.physical_senses(name), _kind_classes(kind)
    if not senses or not classes:
        return False
    if any(a.offset in classes for sense in senses for a, _ in wordnet.ancestors(sense)):
        return False  # the noun is (a kind of) the kind: "couch" -> sofa, "pew" -> bench
    above_kind = {a.offset for c in classes for a, _ in wordnet.ancestors(wordnet.synset(c))}
    return not any(sense.offset in above_kind for sense in senses)  # nor the kind a kind of it ("seat" -> chair)


def wordnet_places_elsewhere(name: str, kind: str, context: str = "", counted: bool = False) -> bool:
    """Whether WordNet holds the compound ``name`` as a kind of a class another real kind shows, while it knows no
    class of ``kind`` to weigh it against: a lab bench is a workbench, however near MiniLM puts it to a weight
    bench (whose kind declares no class). A compound's own meaning, not its head word's neighbours, grounds it.
    No say for a single word, a compound WordNet lacks, or a kind WordNet places."""
    if " " not in name or not wordnet.available() or not wordnet.is_lemma(name) or _kind_classes(kind):
        return False
    found = hypernym_kind(name, context, counted)
    return found is not None and found[0] != kind and not is_archetype(CATEGORIES[found[0]])


def _in_context(senses: list[wordnet.Synset], context: str,
                order_weight: float = SENSE_ORDER_WEIGHT) -> list[wordnet.Synset]:
    """The senses nearest the prompt's meaning first ("a pitcher of lemonade" is a jug, not a player); WordNet's
    own order (by frequency, ``order_weight`` per rank) breaks near ties."""
    if len(senses) < 2 or not context or not embeddings_available():
        return senses
    vectors = embed([context, *(_sense_text(s) for s in senses)])
    fit = vectors[1:] @ vectors[0] - order_weight * np.arange(len(senses))
    return [senses[i] for i in np.argsort(-fit, kind="stable")]


def counted_senses(senses: list[wordnet.Synset]) -> list[wordnet.Synset]:
    """The senses a count noun may have first: one that takes "a" or a plural is no substance ("a lute" is the
    instrument, not luting; "two glasses" are not the material), so substances go last, the order else kept."""
    return sorted(senses, key=lambda s: s.lexfile == SUBSTANCE_FILE)


@lru_cache(maxsize=4096)
def hypernym_kind(name: str, context: str = "", counted: bool = False) -> tuple[str, int, str] | None:
    """(kind, steps up, class lemma) of the nearest WordNet class of ``name`` that a kind shows, walking up from
    the noun's physical sense nearest ``context`` (the prompt), never a substance when the noun is ``counted``; a
    compound WordNet does not hold is tried without its first words ("brass sliding pole" -> "sliding pole" ->
    "pole"), in the sense the whole compound means. None without WordNet or when nothing fits."""
    words = name.split()
    for start in range(len(words)):
        part = " ".join(words[start:])
        senses = _walked_senses(part, context)
        named = _senses_naming_modifier(name, wordnet.physical_senses(part, None)) if start and senses else []
        if named:  # the sense of its last words a compound's first words name: a hand plane is "a carpenter's hand tool"
            meant = _meant_head_sense(name, named, context)
            senses = [meant, *(s for s in senses if s != meant)]
        senses = counted_senses(senses) if counted else senses
        if not senses:
            if wordnet.is_lemma(part):
                return None  # "name tag" is a label, a concept of its own: its "tag" is no piece of cloth
            continue
        # Only the sense the prompt means: a rarer one would make a bridge a card player.
        return next(((kind, steps + start, ancestor.lemmas[0]) for ancestor, steps in wordnet.ancestors(senses[0])
                     if (kind := _class_kind(ancestor)) is not None and (start == 0 or _near_enough(name, kind))), None)
    return None


def _walked_senses(noun: str, context: str) -> list[wordnet.Synset]:
    """The physical senses of ``noun`` that ``context`` (the prompt) may mean, the one it means first: a rarer sense a
    kind declares (kinds.toml ``wordnet``) when the prompt is plainly nearer it than any of the noun's commonest
    senses, for WordNet ranks senses by the frequency of old prose, not of what scenes show ("a jack" beside a car
    and a tool chest is the lifting tool, its tenth sense, not a sailor or a labourer); else the commonest ones,
    nearest the prompt first; no person or animal when the sense the prompt means is a thing one sees that WordNet
    files as no physical entity (a cairn, a flyer). A rarer sense is never walked without the prompt and the
    embeddings."""
    common = _in_context(wordnet.physical_senses(noun), context)
    if not context or not embeddings_available():
        return common
    shown = _in_context(wordnet.shown_senses(noun), context)
    if shown and shown[0] not in common:  # the sense meant is seen but no physical entity: no being either
        return [s for s in common if not _is_being(s)]  # a cairn on a moor is a marker of stones, no terrier
    everyday = wordnet.senses(noun)[:wordnet.MAX_SENSES]
    declared = [s for s in wordnet.senses(noun)[wordnet.MAX_SENSES:] if s.offset in declared_classes()]
    if not declared:
        return common
    vectors = embed([context, *(_sense_text(s) for s in (*everyday, *declared))])
    fit = vectors[1:] @ vectors[0]
    best = int(np.argmax(fit[len(everyday):]))
    plainly = fit[len(everyday) + best] >= max(fit[:len(everyday)], default=0.0) + RARE_SENSE_MARGIN
    return [declared[best], *common] if plainly else common


def _sense_text(sense: wordnet.Synset) -> str:
    """A sense in words, for embedding: its first names and its gloss."""
    return f"{' '.join(sense.lemmas[:2])}: {sense.gloss}"


def _near_enough(name: str, kind: str) -> bool:
    """Whether a class found for the last words of a compound WordNet does not know may show ``name`` by ``kind``:
    an archetype always, a real kind only when not far from the whole name in meaning (CLASS_MEANING_FLOOR; no say
    without the embeddings). A class of the whole noun needs no such check: "a beret" is a hat and "a decanter" a
    bottle, however little MiniLM knows the words."""
    if is_archetype(CATEGORIES[kind]) or not embeddings_available():
        return True
    return dict(_nearest_kinds(name)).get(kind, 0.0) >= CLASS_MEANING_FLOOR


def gathered_kind(name: str) -> tuple[str, int, str] | None:
    """(kind, steps, class) for a group of people or animals ("a family", "a herd"): the kind that shows one
    member, several of which the parse counts."""
    members = wordnet.gathers(name)
    member_class = wordnet.MEMBER_CLASSES.get(members or "")
    found = wordnet.named(member_class) if member_class else None
    kind = declared_classes().get(found.offset) if found else None
    return (kind, 1, found.lemmas[0]) if kind and found else None


def replica_kind(name: str) -> Category | None:
    """The toy that ``name`` means when a replica word (english.json ``replica_words``) leads it and the rest is a
    being WordNet knows: "a stuffed elephant" or "a plush rabbit" is a soft toy, not a 3 m animal in a nursery, and
    "a toy knight" a doll (english.json ``replica_names`` names the kind of each). None otherwise, or where WordNet
    holds the whole name as a being of its own ("a toy dog" is a breed)."""
    first, _, rest = name.partition(" ")
    if first not in T["replica_words"] or not rest or not wordnet.available() or wordnet.being(name):
        return None
    being = wordnet.being(rest)
    return lookup(T["replica_names"][being]) if being else None


def ground_noun(name: str, head: str | None = None, context: str = "", counted: bool = False) -> Grounding:
    """The kind that shows ``name`` (a parsed noun, compounds whole: "pool table"); ``head`` its head word;
    ``context`` the prompt, which picks the noun's sense; ``counted`` whether the prompt counts it ("a lute",
    "glasses"), which rules out a substance's sense."""
    exact = lookup(name) or replica_kind(name)
    if exact is not None and exact.name != GENERIC_KIND:
        return Grounding(name, exact.name, 1.0, "name", "exact")
    head_kind = lookup(head) if head and head != name else _ending_kind(name)
    avoid = ""  # the kind the head word names in a sense the compound does not mean ("water jet": airplane)
    if head_kind is not None and head and head_means_another(name, head, head_kind.name, context):
        avoid, head_kind = head_kind.name, None
    if embeddings_available():
        nearest = _nearest_kinds(name)
        ranked = [(k, s) for k, s in nearest if k != avoid and not names_modifier(name, k)]
        best, score = next(((k, s) for k, s in ranked if not is_archetype(CATEGORIES[k])), (None, 0.0))
        if best is not None and score >= FIT_SCORE and not wordnet_disagrees(name, best) \
                and not wordnet_places_elsewhere(name, best, context, counted):
            return Grounding(name, best, round(score, 3), "meaning", "exact")
        if head_kind is not None and head_kind.name != GENERIC_KIND:
            by_head = ground_by_head(name, head_kind.name, head, context)
            own = hypernym_kind(name, context, counted) if by_head.fit != "exact" and " " in name \
                and wordnet.is_lemma(name) else None  # a compound WordNet holds: its own class (lab bench: workbench)
            if own is not None and own[0] not in (avoid, by_head.kind) and not is_archetype(CATEGORIES[own[0]]):
                return _by_class(name, *own, score=dict(ranked).get(own[0], 0.0))
            return by_head
        by_class = hypernym_kind(name, context, counted) or gathered_kind(name)
        if by_class is not None and by_class[0] != avoid:
            return _by_class(name, *by_class, score=dict(ranked).get(by_class[0], 0.0))
        if best is not None and score >= NEAR_SCORE and not wordnet_disagrees(name, best):
            return Grounding(name, best, round(score, 3), "meaning", "stand-in")  # a trunk is no car
        known = bool(wordnet.physical_senses(name))  # WordNet says it is a thing: some archetype shows it
        meant = _in_context(wordnet.shown_senses(name), context)[:1]  # the sense the prompt means, if one is seen
        no_being = known and not (meant and _is_being(meant[0]))  # "a venetian blind" is no blind person, a cairn no terrier
        archetype = next(((k, s) for k, s in _by_sense(ranked, meant) if is_archetype(CATEGORIES[k])
                          and not (no_being and _shows_beings(k))), None)
        if archetype is not None and (known or archetype[1] >= ARCHETYPE_SCORE):
            return Grounding(name, archetype[0], round(archetype[1], 3), "archetype", "stand-in")
        # Rather than a bare box, the kind the modifier names stands in (a backdrop roll by a backdrop).
        kind, near = next(((k, s) for k, s in nearest if not is_archetype(CATEGORIES[k])), (GENERIC_KIND, 0.0))
        if kind != avoid and near >= NEAR_SCORE and not wordnet_disagrees(name, kind):
            return Grounding(name, kind, round(near, 3), "meaning", "stand-in")
        return Grounding(name, GENERIC_KIND, round(score, 3), "none", "stand-in")
    if head_kind is not None and head_kind.name != GENERIC_KIND:
        return Grounding(name, head_kind.name, 0.0, "head", "stand-in")
    by_class = hypernym_kind(name, context, counted) or gathered_kind(name)
    if by_class is not None and by_class[0] != avoid:
        return _by_class(name, *by_class)
    return Grounding(name, GENERIC_KIND, 0.0, "none", "stand-in")


def _by_sense(ranked: list[tuple[str, float]], meant: list[wordnet.Synset]) -> list[tuple[str, float]]:
    """The kinds ``ranked`` by the noun's name, ranked instead by its sense the prompt means (``meant``, its names and
    gloss) when WordNet knows it: an archetype is chosen by what the noun is, not by how it is spelt ("compost" is
    decaying matter, no post)."""
    if not meant:
        return ranked
    names, matrix = _kind_matrix()
    scores = dict(zip(names, (matrix @ embed([_sense_text(meant[0])])[0]).tolist()))
    kept = {k for k, _ in ranked}
    return sorted(((k, scores[k]) for k in kept), key=lambda pair: -pair[1])


@lru_cache(maxsize=1)
def _being_classes() -> frozenset[int]:
    return frozenset(found.offset for name in wordnet.MEMBER_CLASSES.values() if (found := wordnet.named(name)))


def _is_being(sense: wordnet.Synset) -> bool:
    """Whether the WordNet sense is a person or an animal."""
    return any(a.offset in _being_classes() for a, _ in wordnet.ancestors(sense))


@lru_cache(maxsize=None)
def _shows_beings(kind: str) -> bool:
    """Whether an archetype draws a person or an animal: it declares a WordNet class of beings, or its generator
    draws only beings (every kind it draws that declares a class declares one of beings: the person figure). Never
    the stand-in for a thing WordNet knows is none."""

    def of_beings(category: Category) -> bool:
        return any(_is_being(found) for name in category.wordnet if (found := wordnet.named(name)))

    category = CATEGORIES[kind]
    drawn = [other for other in CATEGORIES.values() if other.generator == category.generator and other.wordnet]
    return of_beings(category) or (bool(drawn) and all(of_beings(other) for other in drawn))


def _ending_kind(word: str) -> Category | None:
    """The kind a closed compound WordNet does not hold is a kind of, by its longest ending a kind is named by and
    WordNet holds ("a waterbed" is a bed; MiniLM put it nearest a pond): English compounds are kinds of their head.
    None for a word of several, a word WordNet holds, or without WordNet."""
    if " " in word or "-" in word or not wordnet.available() or wordnet.is_lemma(word):
        return None
    for start in range(1, len(word) - 2):
        ending = word[start:]
        kind = lookup(ending) if wordnet.is_lemma(ending) else None
        if kind is not None and kind.name != GENERIC_KIND:
            return kind
    return None


def declares_another(kind: str, via: str) -> bool:
    """Whether ``kind`` shows the WordNet class first named ``via`` only because its ``wordnet`` list declares it,
    no name of the class being one of the kind's: the ukulele may show a banjo, and is no banjo (a declared class
    says what a kind can stand in for, its names what it is). A class the kind is a kind of is its own: an air
    vent (by its last words where WordNet lacks the whole name) is a vent."""
    category = CATEGORIES[kind]
    names = {n.replace(" ", "_") for n in (category.name, *category.synonyms)}
    words = category.name.split("_")
    own = next((found for i in range(len(words)) if (found := wordnet.senses(" ".join(words[i:])))), [])
    above = {a.offset for sense in own for a, _ in wordnet.ancestors(sense)}
    classes = [wordnet.synset(o) for o in _kind_classes(kind)]
    return not any(c.lemmas[0] == via and (names & set(c.lemmas) or c.offset in above) for c in classes)


def _by_class(name: str, kind: str, steps: int, via: str, score: float = 0.0) -> Grounding:
    """A WordNet class match: a synonym when the noun's own class is the kind's ("couch" -> sofa), else the
    kind of a broader class stands in ("pew" is a bench), an archetype when that is all that fits."""
    archetype = is_archetype(CATEGORIES[kind])
    if steps == 0 and not archetype and not declares_another(kind, via):
        return Grounding(name, kind, 1.0, "name", "exact")
    if "any_member" in CATEGORIES[kind].traits:  # a bard is a person: the person figure is the thing itself
        return Grounding(name, kind, round(score, 3), "hypernym", "exact", via=via)
    how: How = "archetype" if archetype else "hypernym"
    return Grounding(name, kind, round(score, 3), how, "stand-in", via=via)


def ground_place(name: str) -> tuple[str, float] | None:
    """The place type ``name`` means ("laundromat", "deli"), with its similarity, or None when it is no place: by
    its whole name, by meaning, then by its last word alone ("a zen bathroom", "a lighthouse keeper's room"), a
    plain room only when no place is ROOM_FOR_SCORE near in meaning."""
    named = place_named(name)
    if named is not None:
        return named, 1.0
    nearest = nearest_place(name)
    if nearest is not None and nearest[1] >= PLACE_SCORE:
        return nearest
    in_words = _place_in_words(name.split())
    if in_words is not None and in_words[0] in GENERIC_PLACES and nearest is not None and nearest[1] >= ROOM_FOR_SCORE:
        return nearest  # "an emergency room": a room of a hospital, not a plain room
    return in_words


def nearest_place(name: str, kind: str | None = None) -> tuple[str, float] | None:
    """The place type nearest ``name`` in meaning (among those of ``kind``, indoor or outdoor, when given), however
    far, with its similarity; None without embeddings."""
    if not embeddings_available():
        return None
    names, matrix = _place_matrix()
    scores = matrix @ embed([name])[0]
    if kind is not None:
        scores = np.where([PLACES[n].kind == kind for n in names], scores, -1.0)
    best = int(np.argmax(scores))
    return names[best], float(scores[best])


def open_ground_place(name: str) -> str | None:
    """The outdoor place a setting no place type grounds means when its words name open ground ("a picnic spot"):
    the outdoor place nearest in meaning when ROOM_FOR_SCORE near (a park), else plain open ground; None when
    the name is no stretch of land or natural feature."""
    if not wordnet.open_ground(name):
        return None
    nearest = nearest_place(name, "outdoor")
    return nearest[0] if nearest is not None and nearest[1] >= ROOM_FOR_SCORE else OUTDOOR_DEFAULT.name


def _place_in_words(words: list[str]) -> tuple[str, float] | None:
    """The place a longer name holds in its words: its longest tail that names one ("a golf clubhouse locker room":
    the locker room), else its longest head ("a church interior": the church, "a swimming pool hall"), a plain room
    only when nothing more particular is named ("a zen bathroom", "a lighthouse keeper's room")."""
    if len(words) < 2:
        return None
    tails = [" ".join(words[i:]) for i in range(1, len(words))]
    heads = [" ".join(words[:i]) for i in range(len(words) - 1, 0, -1)]
    found = [place for place in map(place_named, tails + heads) if place is not None]
    particular = [place for place in found if place != GENERIC_ROOM] or found
    return (particular[0], 1.0) if particular else None


def place_named(name: str) -> str | None:
    """The place type one of whose names ``name`` is exactly, or None."""
    return next((place.name for place in PLACES.values()
                 if name == place.name.replace("_", " ") or name in place.phrases), None)
