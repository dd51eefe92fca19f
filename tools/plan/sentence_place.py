"""The sentence parser's setting: where the things are (a place noun, a framed or later place, a heading)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # spaCy loads lazily: importing it costs seconds
    pass

from tools.knowledge import wordnet
from tools.knowledge.categories import lookup
from tools.plan.sentence_lex import (
    MODIFIER_DEPS,
    NOMINAL,
    T,
    has_determiner,
    is_plural,
    is_verbal_ing,
    number_value,
    pobj_of,
    prep_child,
    singular,
)
from tools.plan.sentence_mentions import (
    whole_name,
)


# ---------------------------------------------------------------- place
def heading_nouns(doc):
    """Nouns the prompt may be 'about': the object of a request verb ('Generate X',
    'I want X', 'can you do X'), a nominal root, and the first noun phrase."""
    root = next(t for t in doc if t.dep_ == "ROOT")
    subj = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if root.pos_ in ("VERB", "AUX") and (subj is None or subj.lower_ in ("i", "you", "we")):
        yield from (c for c in root.children if c.dep_ == "dobj" and c.pos_ in NOMINAL)
        # "I'm writing a novel and need to picture the villain's study: ...": a later request verb's object
        verbs = [v for c in root.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")
                 for v in (c, *(x for x in c.children if x.dep_ == "xcomp" and x.pos_ == "VERB"))]
        yield from (c for v in verbs for c in v.children if c.dep_ == "dobj" and c.pos_ in NOMINAL)
    if root.pos_ in NOMINAL and not is_verbal_ing(root):
        yield root
    first = next((t for t in doc if t.pos_ in NOMINAL and t.dep_ not in MODIFIER_DEPS), None)
    if first is not None and first.i < 5:
        yield first


def owns_contents(tok) -> bool:
    """Does this noun introduce other things: 'X with ...', 'X for ...', 'X where ...',
    'X: a, b', 'X, a, b'?  A 'with' may hang off a location phrase of X
    ('a court in the city with ...') or a participle ('a sunroom crammed with')."""
    if prep_child(tok, {"with", "for"}) is not None or any(c.dep_ in ("acl", "prep") and c.lemma_.lower() in
                                                            T["listing_verbs"] for c in tok.children) or any(
            c.dep_ == "relcl" and any(g.lower_ == "where" for g in c.children) for c in tok.children):
        return True
    for w in (t for t in tok.doc if t.dep_ == "prep" and t.lower_ in ("with", "of")):
        h = w.head
        if h.dep_ in ("acl", "amod") and h.head.i == tok.i and (w.lower_ == "with" or h.pos_ == "ADJ"):
            return True  # "a sunroom crammed with ...", "a greenhouse full of ..."
        if h.dep_ == "pobj" and h.head.head.i == tok.i and w.lower_ == "with":
            return True
    # Skip PPs after the noun ('desert at high noon, ...', 'a map on a grid: ...');
    # a comma after a PP with an article reads as a list of objects instead.
    window = tok.doc[tok.i + 1:tok.i + 8]
    if any(t.text == ":" for t in window) and sum(t.pos_ in NOMINAL for t in tok.doc[tok.i + 1:]) >= 3:
        return True  # 'heading: a, b, c' even when a PP sits between ('a map on a grid: ...')
    pps = [c for c in tok.rights if c.dep_ in ("prep", "acl")]
    end = max([tok.i] + [c.right_edge.i for c in pps])
    nxt = tok.doc[end + 1] if end + 1 < len(tok.doc) else None
    later = [t for t in tok.doc[end + 1:] if t.pos_ in NOMINAL]
    if nxt is None or len(later) < 2 or nxt.text not in ":;,-–—":
        return False
    return nxt.text != "," or all(c.lower_ in ("in", "at") or pobj_of(c) is None or not has_determiner(
        pobj_of(c)) for c in pps)


def find_place(doc):
    """Syntactic choice of the setting noun, or None."""
    if doc[0].lower_ in ("inside", "in") and pobj_of(doc[0]) is not None:
        return pobj_of(doc[0])
    for head in heading_nouns(doc):
        counted = any(number_value(c) for c in head.children if c.dep_ == "nummod")
        w = next((t for t in doc[head.i + 1:] if t.lower_ == "with" or t.lemma_.lower() in T["listing_verbs"]),
                 None)  # a list after it is its own
        listed = any(c.dep_ == "conj" and (w is None or c.i < w.i) for c in head.children)
        empty = any(c.lower_ in T["negators"]["adj"] for c in head.children if c.dep_ == "amod")
        person = singular(head) in T["person_lemmas"] or (head.ent_type_ == "PERSON" and head.text.istitle())
        person = person or (wordnet.is_person(singular(head)) and not is_place_name(head))  # "a gardener ... with"
        if not counted and not listed and not person and not is_placed_thing(head) and (owns_contents(head) or empty):
            framed = framed_place(head)
            if framed is not None or singular(head) not in T["frame_nouns"]:
                return framed or head
    return lone_place(doc) or later_place(doc)


def lone_place(doc):
    """The noun a prompt of one noun phrase is, when it names a place ("a cluttered garage", "a hospital emergency
    room"): the setting, with nothing listed in it, as the planner reads it; a lone thing ("a red vintage car") stays
    a thing."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ not in NOMINAL or any(c.dep_ in ("prep", "conj", "acl", "relcl") for c in root.children):
        return None
    others = [t for t in doc if t.pos_ in NOMINAL and t.i != root.i and t.head.i != root.i]
    from tools.plan.ground import place_named

    named = any(place_named(n) is not None for n in (whole_name(root).lower(), singular(root)))
    return root if not others and (named or is_place_name(root) and lookup(whole_name(root).lower()) is None) else None


def is_placed_thing(head) -> bool:
    """Whether a heading is a thing set somewhere ("a picnic blanket on the grass with ...", "a desk in the corner
    with ..."): a kind is called by it, no place is, and a spatial preposition before its "with" puts it on or in
    something. Then it is one of the things, and the setting, if any, is named later."""
    w = prep_child(head, {"with"})
    placed = any(c.dep_ == "prep" and c.lower_ in T["spatial_preps"] and (w is None or c.i < w.i)
                 and pobj_of(c) is not None and has_determiner(pobj_of(c)) for c in head.children)
    kind = lookup(whole_name(head).lower()) or lookup(singular(head))
    return placed and kind is not None and kind.name != "placeholder" and not is_place_name(head)


def later_place(doc):
    """The setting named later in the prompt: the object of in/inside/at, else a place "for" or "of" which things
    are listed."""
    for tok in doc:  # otherwise the object of in/inside/at
        obj = pobj_of(tok) if tok.dep_ == "prep" and tok.lower_ in ("in", "inside", "at") else None
        obj = follow_part(obj)
        if obj is not None and obj.pos_ in NOMINAL and is_setting_candidate(obj) and has_determiner(obj):
            return obj
    for tok in doc:  # "a rowing boat pulled up on a pebble beach": a place type by name, the ground things are on
        obj = pobj_of(tok) if tok.dep_ == "prep" and tok.lower_ in T["spatial_preps"] else None
        if obj is not None and obj.pos_ in NOMINAL and is_setting_candidate(obj) and has_determiner(obj) \
                and is_place_by_name(obj):
            return obj
    for tok in doc:  # "set dressing for a 1940s detective office: ...", "a film set of a tavern with ...": a place
        obj = pobj_of(tok) if tok.dep_ == "prep" and tok.lower_ in ("for", "of") else None
        if obj is not None and obj.pos_ in NOMINAL and is_setting_candidate(obj) and has_determiner(obj) \
                and owns_contents(obj) and is_place_name(obj):
            return obj
    return None


def is_place_name(tok) -> bool:
    """Whether the noun's whole name (or its head) names a place type, by name or meaning."""
    from tools.plan.ground import ground_place

    return ground_place(whole_name(tok).lower()) is not None or ground_place(singular(tok)) is not None


def is_place_by_name(tok) -> bool:
    """Whether the noun's whole name or its head is exactly a place type's name (no kind is called so)."""
    from tools.plan.ground import place_named

    names = (whole_name(tok).lower(), singular(tok))
    return any(place_named(n) is not None for n in names) and all(lookup(n) is None for n in names)


def framed_place(head):
    """The place a heading frames, or None: "film set: a victorian parlour with ...", "game level: a cargo bay with
    ...", "a period film set of a medieval tavern with ...": the heading names what the scene is for; the place
    after its colon, itself holding things, or "of" it, where the things are."""
    colon = next((t for t in head.doc[head.i + 1:head.i + 3] if t.text == ":"), None)
    after = next((t for t in head.doc[colon.i + 1:] if t.pos_ in NOMINAL and t.dep_ not in MODIFIER_DEPS), None) \
        if colon is not None else None
    if after is not None and prep_child(after, {"with"}) is None:
        after = None
    if after is None:  # "the kitchen of a restaurant with ...": a head word naming a place is the setting itself
        from tools.plan.ground import ground_place, place_named

        named = ground_place(singular(head)) or place_named(whole_name(head).lower())  # "the medical bay of a ..."
        of = prep_child(head, {"of"}) if named is None else None
        after = pobj_of(of) if of is not None else None
    if after is None or after.pos_ not in NOMINAL or not is_setting_candidate(after):
        return None
    return after if is_place_name(after) else None


def framing(tok, ctx) -> bool:
    """Whether the noun heads the prompt only to frame the place the things are in (``framed_place``)."""
    return ctx.place is not None and tok.i != ctx.place.i and framed_place(tok) is not None \
        and framed_place(tok).i == ctx.place.i


def follow_part(obj):
    """'at the end of a hallway' -> hallway."""
    if obj is not None and obj.lemma_ in T["part_nouns"]:
        of = prep_child(obj, {"of"}) if obj.lemma_ in T["interior_parts"] else None
        return pobj_of(of) if of is not None else None
    return obj


def is_setting_candidate(tok) -> bool:
    """Whether a token could name the scene's setting (not a zone, arrangement, part, time, plural, or the
    word for the output: "a scene where robots play chess in a park" is set in the park)."""
    return (tok.lemma_ not in T["zone_nouns"] and tok.lemma_ not in T["frame_nouns"] and tok.lemma_ not in T["arrangement_nouns"]
            and tok.lemma_ not in T["part_nouns"]
            and tok.ent_type_ not in T["time_entities"] and not is_plural(tok))
