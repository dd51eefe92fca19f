"""The sentence parser: one English prompt -> the things it names, its setting, relations, counts, negation.

Everything is decided from spaCy's signals (part of speech, dependency arcs, entity types, lemmas, the
lemmatizer's own WordNet-derived lemma index). The only word lists are the closed-class words of
tools/knowledge/english.json (numerals, quantity words, prepositions, colours, materials, sizes, zones and
the few generic person nouns the syntax needs). No object or place names are listed here: what a noun is
comes from grounding (tools/plan/ground.py).

Entry point: parse_prompt(text) -> ParsedPrompt. This module is the driver; the steps live beside it: the
setting (sentence_place), repairs to the tagger's reading (sentence_repair), whether a noun is a thing (sentence_classify), the mentions (sentence_mentions),
negation and relations (sentence_relations), the shared lexicon and records (sentence_lex).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # spaCy loads lazily: importing it costs seconds
    from spacy.tokens import Token

from tools.plan.sentence_classify import (  # noqa: F401  (counted_plural, is_described: re-exported for callers)
    classify,
    counted_plural,
    is_described,
    nominal_heads,
    split_and_listed,
    split_comma_listed,
    split_conjoined_heads,
)
from tools.plan.sentence_lex import (  # noqa: F401  (re-exported for callers)
    MOD_DEPS,
    MODIFIER_DEPS,
    NOMINAL,
    Mention,
    ParsedPrompt,
    Rejected,
    Relation,
    T,
    find_dimensions,
    governing_prep,
    has_determiner,
    is_demonym,
    is_measure,
    is_named,
    is_nominalisation,
    is_plural,
    is_title_propn,
    is_verbal_ing,
    lemma_index,
    merge_hyphens,
    nlp,
    normalise,
    number_value,
    plural_only,
    pobj_of,
    prep_child,
    singular,
)
from tools.plan.sentence_mentions import (
    build_mention,
    char_span,
    known_compound,
    move_numeric_purpose,
    name_tokens,
)
from tools.plan.sentence_place import find_place
from tools.plan.sentence_relations import collect_relations, negation_of
from tools.plan.sentence_repair import (
    merge_coordinated_modifiers,
    reattach_of,
    repair_appositive_heads,
    repair_noun_modifiers,
    retag_compound_heads,
    retag_disagreeing_verbs,
    retag_mistagged_nouns,
    split_participle_phrases,
)
from tools.plan.spelling import respell


# ---------------------------------------------------------------- driver
class Ctx:
    """Per-prompt working state shared by the steps above."""

    def __init__(self, text, doc, where, dim_span):
        self.text, self.doc, self.where = text, doc, where
        self.root = next(t for t in doc if t.dep_ == "ROOT")
        self.dim_tokens = {t.i for t in doc if dim_span and dim_span[0] <= t.idx < dim_span[1]}
        self.place = find_place(doc)
        self.role: dict[int, str] = {}
        self.index: dict[int, int] = {}   # token index -> mention index
        self.mentions: list[Mention] = []
        self.arrangements: dict[int, str] = {}


def naive_noun_scan(tok) -> bool:
    """What a bag-of-nouns scan would pick: any content word that is not an adjective."""
    return tok.is_alpha and not tok.is_punct and tok.pos_ not in (
        "ADJ", "DET", "ADP", "CCONJ", "SCONJ", "PART", "AUX", "NUM", "PUNCT", "SYM", "SPACE")


def takes_object(tok) -> bool:
    """Whether a verb has a direct object that is a noun ("to picture the villain's study", "dress the set"): then
    it is what someone does, not a thing the tagger misread as a verb (those take no object of their own)."""
    return any(c.dep_ == "dobj" and c.pos_ in NOMINAL for c in tok.children)


def rejections(ctx, used: set[int]) -> list[Rejected]:
    """Nouns not taken as objects, each with the reason why."""
    out = []
    for tok in ctx.doc:
        if tok.i in used or not naive_noun_scan(tok) or (tok.is_stop and tok.i not in ctx.role):
            continue
        reason = ctx.role.get(tok.i) or {"VERB": "verb", "ADV": "adverb", "PRON": "pronoun",
                                          "INTJ": "interjection"}.get(tok.pos_, f"not a head ({tok.dep_})")
        if reason == "verb" and takes_object(tok):
            reason = "verb taking an object (what someone does to it)"
        if is_named(tok) and tok.i not in ctx.role:
            reason = f"named entity ({tok.ent_type_})"
        elif is_title_propn(tok) and tok.i not in ctx.role:
            reason = "proper name (capitalised PROPN)"
        out.append(Rejected(tok.text, reason, char_span(tok, tok, ctx)))
    return out


PHRASE_ENDS = ("ADP", "PUNCT", "NUM", "CCONJ", "SCONJ", "SYM", "DET")  # what may follow a whole noun phrase
HEADLINE_POS = NOMINAL | {"ADJ", "VERB", "PART"}  # what a bare headline ("boho bedroom", "Wild West saloon") holds


def headline(doc, start: int = 0) -> list:
    """The words a prompt opens with when it opens with a bare noun phrase ("boho bedroom with ...", "open-plan
    startup office with ..."): up to the first word of another kind (a preposition, punctuation, a number);
    [] when it opens with an article, a pronoun, a preposition or a command ("Create a ...", "set the scene: ...",
    which the tagger may read as a past tense: a verb followed by an article has an object, so heads a clause)."""
    if len(doc) <= start or doc[start].pos_ not in NOMINAL | {"ADJ", "VERB"} or doc[start].tag_ == "VB" \
            or (doc[start].pos_ == "VERB" and doc[start + 1:start + 2] and doc[start + 1].pos_ == "DET"):
        return []
    run = []
    for tok in doc[start:]:
        if tok.pos_ not in HEADLINE_POS or (tok.pos_ == "PART" and tok.dep_ != "case"):
            break
        run.append(tok)
    return run


def is_headline_misread(doc, start: int = 0) -> bool:
    """Whether the tagger misread a bare opening noun phrase: its last word is no noun heading the sentence (the
    root, or the subject of a later verb) with the words before it its modifiers ("boho bedroom" read as a noun
    and a verb). Without an article English taggers often do; with one ("a boho bedroom") they seldom."""
    run = headline(doc, start)
    if not run:
        return False
    last = run[-1]
    heads = last.dep_ == "ROOT" or (last.dep_ in ("nsubj", "nsubjpass") and last.head.i > last.i)
    inside = all(run[0].i <= t.head.i <= last.i and t.head.i != t.i for t in run[:-1])
    after = doc[last.i + 1] if last.i + 1 < len(doc) else None
    whole = after is None or after.pos_ in PHRASE_ENDS  # not cut short by a mis-tagged word ("saloon" an adverb)
    return not (last.pos_ in NOMINAL and heads and inside and whole)


def parsed_doc(norm: str, where: list[int]):
    """The parsed, repaired doc of the normalised text and its char map; a bare opening noun phrase the tagger
    misread is parsed again with an article before it, which is kept when it reads the phrase as a noun's."""
    doc = prepare(nlp()(norm))
    if doc[:1] and doc[0].pos_ == "DET":
        head_opening_phrase(doc)
    run = headline(doc)
    if not is_headline_misread(doc) or is_plural(run[-1]):
        return doc, where
    article = "an " if norm[:1].lower() in "aeiou" else "a "
    again = prepare(nlp()(article + norm))
    if not headline(again, 1) or is_headline_misread(again, 1):
        return doc, where
    return again, [0] * len(article) + where


def head_opening_phrase(doc) -> None:
    """An opening noun phrase after its article, of nouns and adjectives only, that the tagger read as a clause
    ("a medieval blacksmith forge": medieval a subject, blacksmith a verb's root, forge its object) is headed by its
    last noun, which takes the place in the sentence the phrase had; the words before it are its modifiers."""
    run = headline(doc, 1)
    if len(run) < 2 or any(t.pos_ not in NOMINAL | {"ADJ"} for t in run) or run[-1].pos_ != "NOUN" \
            or not is_headline_misread(doc, 1):
        return
    last, members = run[-1], {t.i for t in run}
    outer = next((t for t in run if t.head.i not in members or t.head.i == t.i), None)
    if outer is None or any(t.head.i not in members and t.head.i != t.i for t in run if t is not outer):
        return  # a member hangs elsewhere: no clause the phrase alone makes
    root = outer.head.i == outer.i
    head, dep = (last, "ROOT") if root else (outer.head, outer.dep_)
    for tok in doc:
        if tok.head.i in members and tok.i not in members:
            tok.head = last  # the article, and what followed the phrase ("with an anvil")
    for tok in run[:-1]:
        tok.head, tok.dep_ = last, "amod" if tok.pos_ == "ADJ" else "compound"
    last.head, last.dep_ = head, dep


def prepare(doc):
    """The tagger's doc with hyphenated words whole and its known mis-tags and mis-attachments repaired."""
    if any(t.dep_ == "ROOT" for t in doc):
        merge_hyphens(doc)
        repair_appositive_heads(doc)
        retag_compound_heads(doc)
        retag_disagreeing_verbs(doc)
        retag_mistagged_nouns(doc)
        repair_noun_modifiers(doc)
        reattach_of(doc)
        split_conjoined_heads(doc)
        split_comma_listed(doc)
        split_and_listed(doc)
        split_participle_phrases(doc)
        merge_coordinated_modifiers(doc)  # after the splits, which may have read "X and Z Y" as two things
    return doc


def parse_prompt(text: str) -> ParsedPrompt:
    """Parse one English scene prompt into mentions, place, relations and more; a misspelt name of a kind or place
    is read put right ("a tiolet": tools/plan/spelling.py)."""
    text = respell(text)
    doc, where = parsed_doc(*normalise(text))
    if not any(t.dep_ == "ROOT" for t in doc):
        return ParsedPrompt(text, [], None, [], None, [], [])
    dims, dim_span = find_dimensions(doc.text)
    ctx = Ctx(text, doc, where, dim_span)
    negated_toks: list[Token] = []
    mention_toks: list[Token] = []
    heads = list(nominal_heads(doc))
    absorbed = {t.i for head in heads for t in known_compound(head)}
    for tok in (h for h in heads if h.i not in absorbed):
        ctx.role[tok.i] = classify(tok, ctx)
        if ctx.role[tok.i] == "mention":
            (negated_toks if negation_of(tok, ctx) else mention_toks).append(tok)
    for tok in mention_toks:
        ctx.index[tok.i] = len(ctx.mentions)
        ctx.mentions.append(build_mention(tok, ctx))
    relations = collect_relations(ctx)
    place = build_mention(ctx.place, ctx) if ctx.place is not None else None
    if place is not None and place.for_count and not place.for_whom:
        move_numeric_purpose(place, ctx)
    used = {t.i for m in mention_toks + negated_toks + ([ctx.place] if place else [])
            for t in name_tokens(m)} | {c.i for m in mention_toks + negated_toks for c in m.children
                                        if c.dep_ in ("acl", "relcl", "amod", "compound") and not is_title_propn(c)}
    used |= {t.head.i for t in mention_toks if t.dep_ in ("nsubj", "nsubjpass")} | ctx.dim_tokens
    empty = place is not None and any(w in T["negators"]["adj"] for w in place.size_words + place.style_words)
    return ParsedPrompt(text=text, mentions=ctx.mentions, place=place, relations=relations,
                        dimensions=dims, rejected=rejections(ctx, used),
                        negated=[build_mention(t, ctx) for t in negated_toks], place_empty=empty)
