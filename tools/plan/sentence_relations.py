"""The sentence parser's negation and relations: what the prompt rules out, and where things are to each other
(prepositions, zones, things held by others)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Union

if TYPE_CHECKING:  # spaCy loads lazily: importing it costs seconds
    pass

from tools.knowledge import wordnet
from tools.knowledge.categories import lookup
from tools.plan.sentence_lex import (
    Relation,
    T,
    governing_prep,
    has_determiner,
    pobj_of,
    prep_child,
    singular,
)
from tools.plan.sentence_mentions import (
    whole_name,
)


# ---------------------------------------------------------------- negation
def negation_of(tok, ctx) -> bool:
    """'no chairs', 'without a tv' (and their conjuncts), 'a hoop missing its net'."""
    neg = T["negators"]
    if any(c.dep_ == "det" and c.lower_ in neg["det"] for c in tok.children):
        return True
    anchor = tok
    while anchor.dep_ == "conj" and not has_determiner(anchor):
        anchor = anchor.head  # conjuncts share the first item's negation
        if any(c.dep_ == "det" and c.lower_ in neg["det"] for c in anchor.children):
            return True
    prep = governing_prep(anchor)
    if prep is not None and prep.lower_ in neg["prep"]:
        return True
    return anchor.dep_ == "dobj" and anchor.head.lemma_ in neg["verb"]


# ---------------------------------------------------------------- relations
def prep_subject(prep, ctx):
    """The mention token a preposition describes, climbing through verbs."""
    h = prep.head
    if h.lower_ in ("next", "close", "adjacent", "up") and h.dep_ in ("advmod", "amod"):
        h = h.head
    for _ in range(3):
        if h.i in ctx.index:
            return h
        if h.pos_ in ("VERB", "AUX", "ADJ") and h.dep_ in ("acl", "relcl", "amod", "acomp"):
            h = h.head
        elif h.pos_ in ("VERB", "AUX"):
            subj = next((c for c in h.children if c.dep_ in ("nsubj", "nsubjpass")), None)
            h = subj if subj is not None else h.head
        else:
            return None
    return h if h.i in ctx.index else None


def antecedent(pron, ctx, subject):
    """'it'/'them' -> nearest earlier mention other than the subject."""
    if pron.lower_ in ("each", "other", "another"):
        return subject
    earlier = [i for i in ctx.index if i < pron.i and i != subject]
    return max(earlier) if earlier else None


def relation_for(prep, ctx, subject) -> list[tuple[str, Union[int, str]]]:
    """Map one preposition (with its object) to (relation, target) pairs."""
    word = prep.lower_
    if word == "to" and prep.head.lower_ in ("next", "close", "adjacent"):
        rel = "next_to"
    else:
        rel = T["spatial_preps"].get(word)
    obj = pobj_of(prep)
    if rel is None or obj is None:
        return []
    if obj.lemma_ in T["part_nouns"]:
        rel, of = T["part_nouns"][obj.lemma_], prep_child(obj, {"of"})
        obj = pobj_of(of) if of is not None else obj
    objs = [obj] + (list(obj.conjuncts) if rel == "between" else [])
    return [pair for o in objs if (pair := resolve_target(rel, o, ctx, subject, word))]


def resolve_target(rel, obj, ctx, subject, word="") -> Optional[tuple[str, Union[int, str]]]:
    """Pick the target: a mention index, a zone string, or an arrangement."""
    lemma = obj.lemma_.lower()
    if lemma in T["arrangement_nouns"] and word in ("in", "into"):
        ctx.arrangements[subject] = T["arrangement_nouns"][lemma]
        return ("in_rows", "centre") if T["arrangement_nouns"][lemma] == "rows" else ("around", "centre")
    if ctx.role.get(obj.i) in ("zone", "part noun (relation)") or (
            obj.i not in ctx.index and (lemma in T["zone_nouns"] or lemma in T["part_nouns"])):
        zone = T["zone_nouns"].get(lemma) or T["part_nouns"].get(lemma)
        return zone_relation(rel, zone)
    if obj.pos_ == "PRON" or obj.lower_ in ("other", "another"):
        target = antecedent(obj, ctx, subject)
    else:
        target = obj.i if obj.i in ctx.index else None
    if target is None or (target == subject and rel != "facing"):
        return None
    rel = {"along": "next_to", "at": "next_to", "centre": "on", "in_corner": "next_to"}.get(rel, rel)
    return rel, ctx.index[target]


def zone_relation(rel, zone) -> Optional[tuple[str, str]]:
    """Zones take fixed relations: walls -> along_wall, corners -> in_corner ..."""
    if zone == "wall":
        return "along_wall", "wall"
    if zone in ("corner", "in_corner"):
        return "in_corner", "corner"
    if zone == "window":
        return "by_window", "window"
    if zone == "centre":
        return "inside", "centre"
    if zone in ("floor", "ceiling", "door"):
        return ("next_to" if zone == "door" else "on"), zone
    return None


def holds_things(tok) -> bool:
    """Whether the noun names something that holds things: a kind with boards or an open top (kinds.toml's
    hold_levels, holds_open), else what WordNet files under containers ("a bucket", "a hamper")."""
    kind = lookup(whole_name(tok)) or lookup(singular(tok))
    if kind is not None and kind.name != "placeholder":
        return kind.holds
    container = wordnet.named("container.n.01")
    return container is not None and any(a.offset == container.offset for sense in wordnet.physical_senses(singular(tok))
                                         for a, _ in wordnet.ancestors(sense))


def held_pairs(ctx) -> list[tuple[int, int]]:
    """(holder, held) token indices of the mentions one holds, as the sentence says it: "a crate of potatoes" (the
    "of" of a noun that holds things), "shelves full of / lined with jars", "a cabinet holding beakers" (a word of
    T["holding_words"] with "of" / "with" or an object, on the holder or, where the tagger hangs it on the place
    or makes it the sentence's verb, on the nearest mention before it), with the held things' bare conjuncts."""
    found = []
    for i in ctx.index:
        of = prep_child(ctx.doc[i], {"of"})
        if of is not None and pobj_of(of) is not None and holds_things(ctx.doc[i]):
            found.append((i, pobj_of(of)))
    for c in ctx.doc:
        if c.pos_ not in ("ADJ", "VERB") or c.lemma_.lower() not in T["holding_words"]:
            continue
        before = [i for i in ctx.index if i < c.i]
        holder = c.head.i if c.head.i in ctx.index else max(before) if before else None
        prep = prep_child(c, {"of", "with"})
        for obj in ([pobj_of(prep)] if prep is not None else []) + [o for o in c.children if o.dep_ == "dobj"]:
            if holder is not None and obj is not None:
                found.append((holder, obj))
    # "full of plates and glasses": both; "filled with books, an armchair and a lamp": a conjunct with its own
    # article or number is the next thing of the list, not more of what is held
    pairs = [(h, x.i) for h, obj in found for x in (obj, *(c for c in obj.conjuncts if c.i > obj.i and not any(
        d.dep_ in ("det", "nummod") for d in c.children))) if x.i in ctx.index and x.i != h]
    return list(dict.fromkeys(pairs))


def collect_relations(ctx) -> list[Relation]:
    """The relations the sentence states between its mentions; a thing in another ("books inside the cabinet",
    "a crate of potatoes", "shelves lined with jars") is 'held_in' it."""
    out: list[Relation] = []
    for holder, held in held_pairs(ctx):
        r = Relation(ctx.index[held], "held_in", ctx.index[holder])
        if r not in out:
            out.append(r)
    for tok in ctx.doc:
        pairs, subj = [], None
        if tok.dep_ == "prep" or (tok.dep_ == "pcomp" and tok.lower_ == "to"):
            subj = prep_subject(tok, ctx)
            pairs = relation_for(tok, ctx, subj.i) if subj is not None else []
        elif tok.lemma_ == "face" and tok.pos_ == "VERB":
            subj = prep_subject(tok, ctx) if tok.dep_ in ("acl", "relcl") else None
            obj = next((c for c in tok.children if c.dep_ == "dobj"), None)
            if subj is not None and obj is not None:
                pairs = [p for p in [resolve_target("facing", obj, ctx, subj.i)] if p]
        if subj is None:
            continue  # no subject, no pairs
        for rel, target in pairs:
            rel = "held_in" if rel == "inside" and isinstance(target, int) else rel  # a thing in another
            r = Relation(ctx.index[subj.i], rel, target)
            if r not in out:
                out.append(r)
    for subj, arrangement in ctx.arrangements.items():
        ctx.mentions[ctx.index[subj]].arrangement = arrangement
    return out
