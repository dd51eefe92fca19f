"""The sentence parser: one English prompt -> the things it names, its setting, relations, counts, negation.

Everything is decided from spaCy's signals (part of speech, dependency arcs, entity types, lemmas, the
lemmatizer's own WordNet-derived lemma index). The only word lists are the closed-class words of
tools/knowledge/english.json (numerals, quantity words, prepositions, colours, materials, sizes, zones and
the few generic person nouns the syntax needs). No object or place names are listed here: what a noun is
comes from grounding (tools/plan/ground.py).

Entry point: parse_prompt(text) -> ParsedPrompt.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Union

if TYPE_CHECKING:  # spaCy loads lazily: importing it costs seconds
    from spacy.tokens import Token

from tools.knowledge import wordnet
from tools.knowledge.categories import lookup
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
from tools.plan.spelling import respell


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
    if prep_child(tok, {"with", "for"}) is not None or any(
            c.dep_ == "relcl" and any(g.lower_ == "where" for g in c.children) for c in tok.children):
        return True
    for w in (t for t in tok.doc if t.dep_ == "prep" and t.lower_ == "with"):
        h = w.head
        if h.dep_ in ("acl", "amod") and h.head.i == tok.i:
            return True
        if h.dep_ == "pobj" and h.head.head.i == tok.i:
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
        w = prep_child(head, {"with"})
        listed = any(c.dep_ == "conj" and (w is None or c.i < w.i) for c in head.children)
        empty = any(c.lower_ in T["negators"]["adj"] for c in head.children if c.dep_ == "amod")
        person = singular(head) in T["person_lemmas"] or (head.ent_type_ == "PERSON" and head.text.istitle())
        person = person or (wordnet.is_person(singular(head)) and not is_place_name(head))  # "a gardener ... with"
        if not counted and not listed and not person and (owns_contents(head) or empty):
            return framed_place(head) or head
    return later_place(doc)


def later_place(doc):
    """The setting named later in the prompt: the object of in/inside/at, else a place "for" or "of" which things
    are listed."""
    for tok in doc:  # otherwise the object of in/inside/at
        obj = pobj_of(tok) if tok.dep_ == "prep" and tok.lower_ in ("in", "inside", "at") else None
        obj = follow_part(obj)
        if obj is not None and obj.pos_ in NOMINAL and is_setting_candidate(obj) and has_determiner(obj):
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
        from tools.plan.ground import ground_place

        of = prep_child(head, {"of"}) if ground_place(singular(head)) is None else None
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
    """Whether a token could name the scene's setting (not a zone, arrangement, part, time or plural)."""
    return (tok.lemma_ not in T["zone_nouns"] and tok.lemma_ not in T["arrangement_nouns"]
            and tok.lemma_ not in T["part_nouns"]
            and tok.ent_type_ not in T["time_entities"] and not is_plural(tok))


# ---------------------------------------------------------------- classification
def classify(tok, ctx) -> str:
    """'mention', 'place' or the reason this noun is not a thing."""
    prep = governing_prep(tok)
    plow = prep.lower_ if prep is not None else ""
    lemma = singular(tok)
    if tok.i in ctx.dim_tokens:
        return "dimension"
    if is_measure(tok):
        return "measure (a number and its unit)"
    if ctx.place is not None and tok.i == ctx.place.i:
        return "place"
    if is_body_part(tok):
        return "a part of a body (its owner shows it)"
    if framing(tok, ctx):
        return "framing (what the scene is for: a film set, a game level)"
    if tok.ent_type_ in T["time_entities"] and not is_kind_named(tok):
        return f"time expression ({tok.ent_type_})"
    if is_named(tok):
        return f"named entity ({tok.ent_type_})"
    of = prep_child(tok, {"of"})
    members = pobj_of(of) if of is not None else None
    # "a board of cheeses" counts cheeses; "a menu board of flavours" is a board
    things = members is not None and not no_thing_by_name(members)
    if lemma in T["quantity_nouns"] and of is not None and (members is None or things):
        return "quantity word"
    if lemma in T["arrangement_nouns"] and (prep_child(tok, {"of"}) is not None or plow in ("in", "into")):
        return "arrangement word"
    if lemma in T["part_nouns"] and (prep_child(tok, {"of"}) is not None or is_zone_use(tok)):
        return "part noun (relation)"
    if lemma in T["zone_nouns"] and is_zone_use(tok):
        return "zone"
    gathered = wordnet.gathers(lemma, known_ending(singular(members))) if things else None
    if gathered and (gathered != "things" or lookup(lemma) is None or wordnet.being(singular(members))
                     or singular(members) in T["person_lemmas"]):
        return "quantity word"  # "a team of huskies", "a pile of crates": the members are the things
        # (WordNet's commonest table is an array of data: "a table of laptops" is the table a kind shows)
    if is_mass(tok) and is_contents(tok):
        return "contents (a mass its container shows)"  # "a cup of coffee", "barrels of rum"
    if is_mass(tok) and plow in T["spatial_preps"] and [s.lexfile for s in wordnet.physical_senses(lemma)[:1]] == [
            SUBSTANCE_FILE]:
        return "the ground (a substance things stand in)"  # "a surfboard stuck in the sand", "a rug on gravel"
    if is_mass(tok) and wordnet.airborne(lemma) and lookup(whole_name(tok)) is None and lookup(lemma) is None:
        return "the air (matter or a phenomenon that hangs in it)"  # "dust in the air"; "steam" a kind draws stays
    if is_colour_worn(tok):
        return "colour (what the thing is in)"  # "cushions in mustard", "a sofa in navy"
    if (tok.is_stop and not is_stop_word_noun(tok)) or (tok.pos_ == "PRON" and not is_mistagged_noun(tok)) \
            or len(tok.text) < 2:
        return "function word"
    if tok.dep_ in ("npadvmod", "advmod") and not has_determiner(tok) and tok.i != ctx.root.i \
            and not is_described(tok) and not known_compound(tok):  # "a wishing well" is a kind's name
        return "adverbial noun"
    if plow in ("for", "about") and prep.head.pos_ in NOMINAL | {"PRON"}:
        return "purpose object"  # "a bed for the dog", "something for my son"
    if is_owner(tok, ctx):
        return "owner (a person the place belongs to, not in it)"
    if plow == "at" and not has_determiner(tok) and not is_plural(tok):
        return "bare 'at' object (time or state)"
    if in_purpose_clause(tok):
        return "inside a purpose phrase"
    if tok.dep_ == "dobj" and tok.head.lemma_ in T["speech_verbs"] and (tok.is_upper or tok.is_quote
                                                                        or tok.nbor(-1).is_quote):
        return "quoted content"
    if is_nominalisation(tok):
        return "abstract noun (bare nominalisation)"
    if is_verbal_ing(tok) and not is_kind_named(tok):  # "pallet racking" is a kind's name, no verb
        return "verb tagged as noun"
    if (wordnet.happening(lemma) or lemma in T["weather_nouns"]) and lookup(whole_name(tok)) is None \
            and lookup(lemma) is None and not is_made_thing(tok):  # "thunder": WordNet's first name is "boom"
        return "light, weather or motion (an event or phenomenon, not a thing)"
    if no_thing_by_name(tok):
        return "abstract noun (WordNet knows no thing by this name)"
    if no_physical_sense(tok):
        return "no thing to WordNet (no sense of it is a physical thing)"  # ", thanks", "ok so picture this"
    if ctx.place is not None and plow in ("in", "at", "inside") and prep.head in (ctx.place, ctx.root) \
            and lookup(whole_name(tok)) is None:
        return "secondary setting"  # a kind is a thing there: "at the sink", "in tall trees"
    return "mention"


SUBSTANCE_FILE = 27  # WordNet's noun.substance


def is_kind_named(tok) -> bool:
    """Whether a noun (its whole name or its lemma) is what a kind is called: the entity tagger reads "nightlight"
    as a time of day, but a kind named so is a thing."""
    return tok.pos_ in NOMINAL and any((kind := lookup(name)) is not None and kind.name != "placeholder"
                                       for name in (whole_name(tok), singular(tok)))


def is_mass(tok) -> bool:
    """A noun used as a mass: singular, with no article but "the", no number and no owner, and no kind called by it
    ("coffee", "the sand"; not "a glass", nor "milk" while a kind shows milk)."""
    if is_plural(tok) or lookup(whole_name(tok)) is not None or lookup(singular(tok)) is not None:
        return False
    return all(c.dep_ == "det" and c.lower_ == "the" for c in tok.children
               if c.dep_ in ("det", "nummod", "poss", "quantmod"))


def is_contents(tok) -> bool:
    """Whether the noun is what a container holds, "of" it: "a cup of coffee" (WordNet files a cup under
    containers), not "a field of wheat" or "shelves of medicine"."""
    if tok.dep_ != "pobj" or tok.head.lower_ != "of" or tok.head.head.pos_ not in NOMINAL:
        return False
    container = wordnet.named("container.n.01")
    holder = singular(tok.head.head)
    return container is not None and any(a.offset == container.offset for sense in wordnet.physical_senses(holder)
                                         for a, _ in wordnet.ancestors(sense))


def is_stop_word_noun(tok) -> bool:
    """A stop word that is a noun here: the head of a kind's name ("a trash can") or a noun with its own article
    that is no quantity ("a well in the centre"; "a few", "a lot" are amounts)."""
    if tok.pos_ not in NOMINAL:
        return False
    if len(name_tokens(tok)) > 1 and lookup(whole_name(tok)) is not None:
        return True
    return has_own_article(tok) and tok.lower_ in lemma_index()["noun"] \
        and tok.lower_ not in T["quantity_words"] and tok.lower_ not in T["quantity_nouns"]


def is_made_thing(tok) -> bool:
    """A noun made of a material or holding things is an object whatever its commonest sense: "glass cases of
    fossils" are cases, not occurrences."""
    made = any(c.dep_ in MOD_DEPS and c.lower_ in T["materials"] for c in tok.children)
    of = prep_child(tok, {"of"})
    holds = of is not None and pobj_of(of) is not None and wordnet.physical_senses(singular(pobj_of(of)))
    return made or bool(holds)


def no_thing_by_name(tok) -> bool:
    """Whether the noun (its whole compound when WordNet holds that, else its head word) is only an idea to
    WordNet and no kind is called so: "a menu board of flavours", "a yard sale", "a cosy vibe"."""
    whole, lemma = whole_name(tok), singular(tok)
    name = whole if wordnet.is_lemma(whole) else lemma
    return lookup(whole) is None and lookup(lemma) is None and wordnet.is_idea(name)


def no_physical_sense(tok) -> bool:
    """Whether a bare noun (no article, number or modifier) is one WordNet holds (its whole compound when it holds
    that, else its head word and its word as written) with no sense of it at all a physical thing, a being or a
    group of them, while no kind is called so: "..., thanks", "ok so ...". "A company logo" keeps its article."""
    whole, lemma = whole_name(tok), singular(tok)
    names = {whole} if wordnet.is_lemma(whole) else {lemma, tok.lower_}  # "thanks", whose lemma "thank" is none
    return not has_determiner(tok) and not any(c.dep_ in MOD_DEPS for c in tok.children) \
        and lookup(whole) is None and lookup(lemma) is None and any(wordnet.senses(n) for n in names) \
        and not any(wordnet.physical_senses(n, None) or wordnet.being(n) or wordnet.gathers(n) for n in names)


def known_ending(word: str) -> str:
    """``word``, or when WordNet does not hold it the longest ending of four letters or more that it holds: a
    "clownfish" is a fish, so "a school of clownfish" is a group of animals, not a building."""
    if not wordnet.available() or wordnet.is_lemma(word):
        return word
    return next((word[i:] for i in range(1, len(word) - 3) if wordnet.is_lemma(word[i:])), word)


def is_colour_worn(tok) -> bool:
    """A bare colour word after "in" hung on a thing is the colour it comes in ("cushions in mustard"), not a thing
    in it: "a jar of mustard" or "in the mustard" keep the word a thing."""
    prep = tok.head if tok.dep_ == "pobj" else None
    return prep is not None and prep.lower_ == "in" and tok.lower_ in T["colours"] and not has_determiner(tok) \
        and (prep.head.pos_ in NOMINAL or prep.head.tag_.startswith("NN"))


def is_described(tok) -> bool:
    """A plural noun an adjective describes names things, though the tagger made it an adverbial ("pastel
    lamps at the window"): an adverbial noun ("each side", "years ago") takes no adjective."""
    return is_plural(tok) and any(c.dep_ == "amod" and c.pos_ == "ADJ" for c in tok.children)


def is_owner(tok, ctx) -> bool:
    """A person whose the place or a thing is: "my daughter's room", "the living room of a hoarder". The
    possessor of a name ("the captain's chair") is part of that name instead."""
    if not (kind_hint(tok) == "person" or wordnet.is_person(singular(tok))):
        return False
    if tok.dep_ == "poss":
        return not is_name_possessor(tok) and not is_body_part(tok.head)  # "cutting a customer's hair": in it
    prep = governing_prep(tok)
    return prep is not None and prep.lower_ == "of" and ctx.place is not None and prep.head.i == ctx.place.i


def in_purpose_clause(tok) -> bool:
    """'a bedroom for a boy obsessed with space': 'space' describes the boy."""
    for anc in tok.ancestors:
        if anc.dep_ in ("acl", "relcl") and anc.head.dep_ == "pobj" and anc.head.head.lower_ == "for":
            return True
    return False


def is_zone_use(tok) -> bool:
    """Zone nouns ('the wall', 'the corner') used as a location, not as a thing."""
    if tok.dep_ != "pobj":
        return False
    prep = tok.head
    if prep.lower_ == "of" and prep.head.lemma_ in T["part_nouns"]:
        prep = prep.head.head  # 'at the end of the short wall'
    if prep.lower_ not in T["spatial_preps"] and prep.lower_ != "to":
        return False
    dets = [c for c in tok.children if c.dep_ in ("det", "nummod")]
    # "along the wall", "down both sides", "along two walls": the room's own parts; "a wall" is a new thing
    return all(d.lower_ in ("the", "this", "that", "its", "both", "each", "every") or number_value(d) is not None
               for d in dets)


def is_mistagged_noun(tok) -> bool:
    """A word tagged a pronoun that takes an article, or that WordNet holds as a noun, is a noun the tagger did
    not know ("a small bookcase", "a 2 m tall bookshelf"): pronouns are a closed class of stop words, and the
    ones that take an article ("the other", "a few") are stop words too."""
    return tok.pos_ == "PRON" and tok.is_alpha and not tok.is_stop \
        and (any(c.dep_ == "det" for c in tok.children) or tok.lower_ in lemma_index()["noun"])


def nominal_heads(doc):
    """Noun tokens that head their own phrase (compound parts belong to a head)."""
    for tok in doc:
        if tok.pos_ in NOMINAL or tok.tag_.startswith("NN") or is_mistagged_noun(tok):
            bare = not has_determiner(tok) or (tok.dep_ == "compound" and not counted_plural(tok)) \
                or is_name_possessor(tok)
            gap = any(t.is_punct and t.dep_ != "case" for t in doc[tok.i + 1:tok.head.i])
            if tok.dep_ in MODIFIER_DEPS and tok.head.pos_ in NOMINAL and bare and tok.i < tok.head.i \
                    and not is_verbal_ing(tok.head) and not gap:
                continue
            if tok.dep_ == "nummod" or tok.like_num:
                continue
            yield tok


def owns_article(tok) -> bool:
    """Whether a noun the tagger hung on a later plural noun across "and" is the head of its own phrase: its
    singular article cannot be the plural's ("a popcorn cart and acoustic panels", "a jukebox and neon beer
    signs"), while "salt and pepper shakers" share theirs. So is a noun the tagger made an adjective ("a grill and
    lounge chairs")."""
    head, nxt = tok.head, tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    nominal = tok.pos_ in NOMINAL or (tok.pos_ in ("ADJ", "VERB") and noun_form(tok) is not None)
    if tok.dep_ not in MODIFIER_DEPS or not nominal or nxt is None or nxt.pos_ != "CCONJ" \
            or not tok.i < head.i or not is_plural(head) or is_plural(tok):
        return False
    return any(c.dep_ == "det" and c.lower_ in ("a", "an") and c.i < tok.i for c in head.children)


def noun_form(tok) -> Optional[str]:
    """The noun lemma WordNet holds for a word the tagger made something else ("grill", "lute"), or None; never
    for a colour, material, size, shape or quantity word."""
    if not tok.is_alpha or tok.is_stop or is_look_word(tok):
        return None
    return next((f for f in (tok.lower_, *wordnet.base_forms(tok.lower_)) if f in lemma_index()["noun"]), None)


def split_conjoined_heads(doc) -> None:
    """Give a noun that owns its article (owns_article) its phrase back: the article and the words between it
    and the noun become its own, and the noun a conjunct of what the plural is a conjunct of."""
    for tok in [t for t in doc if owns_article(t)]:
        noun = noun_form(tok) if tok.pos_ not in NOMINAL else None
        if noun is not None:
            tok.pos_, tok.tag_, tok.lemma_ = "NOUN", "NN", noun
        plural = tok.head
        for t in [c for c in plural.children if c.i < tok.i and c.i != tok.i]:
            t.head = tok
        tok.head, tok.dep_ = (plural.head, "conj") if plural.dep_ == "conj" else (plural, "conj")


def split_comma_listed(doc) -> None:
    """A list item the tagger made a modifier of the next item across a comma, its article with it: in "a lute,
    two glasses" the lute is an adjective of the glasses, whose "a" it cannot be (they are plural, or counted
    already). A word WordNet holds as a noun there heads its own phrase, a conjunct of the next."""
    for tok in doc[1:-1]:
        head, article, comma = tok.head, doc[tok.i - 1], doc[tok.i + 1]
        if comma.text != "," or tok.dep_ not in MODIFIER_DEPS or head.i <= tok.i + 1 or head.pos_ not in NOMINAL \
                or article.lower_ not in ("a", "an") or article.head.i != head.i or is_look_word(tok):
            continue
        counted = is_plural(head) or any(c.dep_ in ("det", "nummod") and c.i != article.i for c in head.children)
        noun = noun_form(tok)
        if counted and noun is not None:
            tok.pos_, tok.tag_, tok.lemma_ = "NOUN", "NNS" if noun != tok.lower_ else "NN", noun
            article.head, tok.head, tok.dep_ = tok, head, "conj"


def counted_plural(tok) -> bool:
    """A plural noun with its own article or number heads its own phrase, whatever arc the tagger gave it:
    in "two white sofas side by side" the sofas are no compound of "side" (a compound's modifier is
    singular, "a sports car" aside, and takes no number of its own)."""
    return is_plural(tok) and any(c.dep_ in ("det", "nummod") for c in tok.children)


# ---------------------------------------------------------------- mention building
def name_tokens(tok):
    """Contiguous compound run ending at the head: 'pool table', "captain's chair"."""
    doc = tok.doc
    parts = [*known_compound(tok), tok]
    i = parts[0].i - 1
    while i >= 0:
        t = doc[i]
        if t.dep_ == "case" and i > 0 and is_name_possessor(doc[i - 1]):
            parts[:0] = [doc[i - 1], t]
            i -= 2
            continue
        if not is_name_part(t, parts):
            break
        parts.insert(0, t)
        i -= 1
    return parts


NOUN_SLOTS = ("pobj", "dobj", "conj", "nsubj", "nsubjpass", "appos")  # a noun's arcs, no modifier's
COMPOUND_WORDS = 2  # words before a head tried as one known compound with it ("ticket vending machine")


def known_compound(tok) -> list:
    """The words just before the head that make with it a noun the kinds or WordNet hold, whatever the tagger
    made of them: "holding cell", "canned goods", "vending machine" (tagged a verb, an adjective, a participle).
    Longest first; [] when none."""
    doc, head = tok.doc, singular(tok)
    for n in range(COMPOUND_WORDS, 0, -1):
        words = doc[max(tok.i - n, 0):tok.i]
        if len(words) < n or any(not w.is_alpha or w.is_stop or w.ent_type_ or is_look_word(w) for w in words):
            continue
        names = {" ".join([*(w.lower_ for w in words), last]) for last in (head, tok.lower_)}
        if any(lookup(name) is not None or wordnet.base_forms(name) for name in names):
            return list(words)
    return []


def retag_compound_heads(doc) -> None:
    """A word the tagger made a verb, an adjective or an adverb that ends a kind's two-word name with the word before it
    is that kind's head noun: "a squat rack" (rack tagged a verb), "a diesel locomotive" (an adjective).
    Retagged a noun, it heads its phrase and known_compound joins the first word to it."""
    for prev, tok in zip(doc, doc[1:]):
        after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
        if tok.pos_ == "ADJ" and prev.pos_ == "NOUN" and tok.is_alpha and lookup(tok.lower_) is not None \
                and (after is None or after.pos_ in ("PUNCT", "CCONJ", "ADP")):
            # "a combination safe": a kind's name ending a noun phrase after a noun is its head, not its adjective
            tok.pos_, tok.tag_ = "NOUN", "NNS" if is_plural(tok) else "NN"
            if tok.head.i == prev.i:  # "a horse stable with ...": the head takes the noun's place in the sentence,
                root = prev.head.i == prev.i  # or the two would head each other and the sentence have no root
                tok.head, tok.dep_ = (tok if root else prev.head), prev.dep_
                for child in [c for c in doc if c.head.i == prev.i and c.i != tok.i and c.dep_ != "det"]:
                    child.head = tok
            prev.head, prev.dep_ = tok, "compound"
            for article in [c for c in doc if c.head.i == prev.i and c.dep_ == "det"]:
                article.head = tok
            continue
        if tok.pos_ in ("VERB", "ADJ", "AUX", "ADV") and tok.is_alpha and prev.is_alpha and not prev.is_stop \
                and not is_look_word(prev) and any(lookup(f"{prev.lower_} {form}") is not None
                                                   for form in (tok.lower_, tok.lemma_.lower())):
            tok.pos_, tok.tag_ = "NOUN", "NNS" if is_plural(tok) else "NN"


def retag_mistagged_nouns(doc) -> None:
    """An adjective, adverb or verb in a noun's slot with its own article or number is a noun the tagger did not
    know: "a bard playing a lute", "and a cooler" (whose lemma then is "cooler", not "cool"), "three cacti",
    "and a sled"; or hung on no noun ("a surfboard stuck in the sand"). So is a "verb" that English has no verb for
    ("crabs, sea anemones and seaweed"), and in any slot a plural noun's form tagged a verb or an adverb English has
    no such word for ("binoculars on a ledge", "half a dozen potted cacti"), or an "adjective" English has no
    adjective for with its own article ("a librarian stamping books"), and one
    conjoined to a noun with no subject or object of its own ("a slide and swings"): "and" joins like with like."""
    for tok in doc:
        stray = tok.dep_ == "amod" and tok.head.pos_ not in NOMINAL  # "a surfboard stuck": a modifier of no noun
        no_verb = tok.pos_ == "VERB" and not {tok.lower_, tok.lemma_.lower()} & lemma_index()["verb"]
        no_adverb = tok.pos_ == "ADV" and not {tok.lower_, tok.lemma_.lower()} & lemma_index()["adv"]
        forms = [tok.lower_, *wordnet.base_forms(tok.lower_)]
        noun = next((f for f in forms if f in lemma_index()["noun"]), None)
        # a plural noun's form, which no verb or adverb takes, in any slot: "binoculars on a ledge", "potted cacti"
        anywhere = (no_verb or no_adverb) and noun is not None and (noun != tok.lower_ or tok.lower_.endswith("s"))
        no_adjective = tok.pos_ == "ADJ" and not {tok.lower_, tok.lemma_.lower()} & lemma_index()["adj"]
        if noun is None and no_adjective and tok.dep_ in NOUN_SLOTS and lookup(tok.lower_) is not None:
            noun, anywhere = tok.lower_, True  # "a school of clownfish": a kind's name, no adjective to English
        if noun is None and no_verb and tok.is_alpha and tok.dep_ in NOUN_SLOTS and has_own_article(tok):
            noun = tok.lower_  # "and a waterbed": no verb to English, with an article; WordNet has a "water bed"
        anywhere = anywhere or (no_adjective and noun is not None and has_own_article(tok))  # "a librarian stamping"
        anywhere = anywhere or (tok.pos_ == "VERB" and noun is not None and is_list_item(tok))  # ", skates on a rack"
        # "a stable with two horses": an adjective heads no sentence with an article of its own
        anywhere = anywhere or (tok.pos_ in ("ADJ", "VERB") and tok.dep_ == "ROOT" and noun is not None
                                and has_own_article(tok))  # "a film set of a tavern": no verb takes "a"
        if tok.pos_ not in ("ADJ", "ADV", "VERB") or (tok.dep_ not in NOUN_SLOTS and not stray and not anywhere) \
                or not tok.is_alpha or tok.is_stop or is_look_word(tok) \
                or (tok.tag_ == "VBG" and not anywhere):  # "a sailboat drifting": a participle
            continue
        after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None  # "and acoustic panels": the panels' adjective
        listed = tok.dep_ == "conj" and tok.head.pos_ in NOMINAL and tok.pos_ != "ADV" and (
            after is None or after.pos_ not in NOMINAL) and not any(
            c.dep_ in ("nsubj", "nsubjpass", "dobj", "aux", "auxpass", "prt", "acomp") for c in tok.children)
        if noun is not None and (has_own_article(tok) or no_verb or anywhere or listed):
            tok.pos_, tok.tag_, tok.lemma_ = "NOUN", "NNS" if noun != tok.lower_ else "NN", noun
            if anywhere and tok.dep_ in ("advmod", "npadvmod"):
                tok.dep_ = "dobj"  # an adverb's arc means nothing for a word that is no adverb


def is_list_item(tok) -> bool:
    """Whether a word the tagger made a verb stands where a list of things takes its next item: right after a comma
    or "and" that follows a noun, with no object, auxiliary or particle of its own, and no noun after it ("crates of
    apples, a pile of pumpkins and bunting overhead", "a disco ball, skates on a rack"). A participle after its noun
    ("a sailboat drifting") follows no separator."""
    doc = tok.doc
    if tok.i < 2 or doc[tok.i - 1].lower_ not in (",", "and", "or") or doc[tok.i - 2].pos_ not in NOMINAL:
        return False
    after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    return (after is None or after.pos_ not in NOMINAL | {"DET", "NUM", "PRON"}) and not any(
        c.dep_ in ("dobj", "aux", "auxpass", "prt", "acomp", "attr", "dative", "xcomp", "ccomp") for c in tok.children)


def repair_noun_modifiers(doc) -> None:
    """A bare noun hung as the subject or an adverbial of the noun right after it modifies that noun, as the first
    word of a compound: "a farmers market" (farmers the market's subject), "a horse stable yard" (horse an
    adverbial of stable). A noun's subject needs a verb between; an adverbial noun ("years ago") no noun after. A
    singular article the tagger gave a plural modifier ("a farmers") is the head's. A number so hung counts its
    noun."""
    for tok in doc:
        head = tok.head
        if tok.pos_ != "NOUN" or tok.dep_ not in ("nsubj", "npadvmod") or head.i != tok.i + 1 \
                or not (head.pos_ in NOMINAL or head.tag_.startswith("NN")) \
                or any(c.dep_ in ("cop", "aux") for c in head.children):
            continue
        articles = [c for c in tok.children if c.dep_ == "det" and c.lower_ in ("a", "an") and is_plural(tok)]
        if any(c.dep_ in ("det", "poss", "nummod", "quantmod") and c not in articles for c in tok.children):
            continue
        for article in articles:
            article.head = head
        tok.dep_ = "compound"
    for tok in doc:  # "six raised beds": the tagger made "six" the subject of "raised", the beds' participle
        head = tok.head.head if tok.head.dep_ == "amod" and tok.head.tag_ in ("VBN", "VBG") else tok.head
        if tok.dep_ in ("nsubj", "npadvmod", "dep") and number_value(tok) is not None and head.pos_ in NOMINAL \
                and tok.i < head.i and not any(t.pos_ in NOMINAL or t.is_punct for t in doc[tok.i + 1:head.i]):
            tok.head, tok.dep_ = head, "nummod"


def reattach_of(doc) -> None:
    """"of" belongs to the noun just before it: in "a rack of dumbbells and shelves of towels" the tagger hangs
    "of towels" on the dumbbells, the conjunct's first noun, across the shelves."""
    for tok in doc:
        prev = doc[tok.i - 1] if tok.i else None
        if tok.lower_ == "of" and tok.dep_ == "prep" and prev is not None and prev.pos_ in NOMINAL \
                and prev.dep_ == "conj" and prev.head.i == tok.head.i:
            tok.head = prev


def has_own_article(tok) -> bool:
    """A singular article or a number of its own: what a noun takes and a modifier never does."""
    return any((c.dep_ == "det" and c.lower_ in ("a", "an")) or (c.dep_ == "nummod" and number_value(c))
               for c in tok.children)


BODY_FILE = 8  # WordNet's noun.body: hair, hands, a face


def is_body_part(tok) -> bool:
    """A part of a possessor's body ("a customer's hair"), which the possessor shows: the noun's commonest physical
    sense is a body part, no kind is called by it, and its possessor is a person or an animal."""
    owner = next((c for c in tok.children if c.dep_ == "poss" and c.pos_ in NOMINAL), None)
    senses = wordnet.physical_senses(singular(tok))[:1]
    return owner is not None and [s.lexfile for s in senses] == [BODY_FILE] and lookup(singular(tok)) is None \
        and wordnet.being(singular(owner)) is not None


def is_name_possessor(t) -> bool:
    """"captain's chair", "a nurses' station": an unowned possessor (no det, or an
    article that really belongs to the whole phrase) is part of the name; never the owner of a body part."""
    if t.dep_ != "poss" or t.pos_ not in NOMINAL or t.i + 2 != t.head.i or is_body_part(t.head):
        return False
    dets = [c for c in t.children if c.dep_ in ("det", "poss")]
    head_dets = [c for c in t.head.children if c.dep_ in ("det", "nummod") and c.i != t.i]
    return not dets or (all(d.lower_ in ("a", "an", "the") for d in dets) and not head_dets)


def is_look_word(t) -> bool:
    """A material, colour, size, shape or quantity word: it describes the thing ("a paper lantern"), never names it."""
    return any(t.lower_ in T[k] for k in ("materials", "colours", "size_words", "shape_words", "quantity_words"))


def is_name_part(t, parts) -> bool:
    """Noun compounds and classifier adjectives ('dental') join the name;
    materials, colours, sizes, hyphenated words and entities stay modifiers."""
    if t.head not in parts or "-" in t.text or t.ent_type_ in T["label_entities"] + ["NORP"] or is_title_propn(t):
        return False
    low = t.lower_
    if is_look_word(t):
        return False
    participle = (t.dep_ == "amod" and t.tag_ in ("VBG", "VBN")) or (t.dep_ == "compound" and (
        is_participle_noun(t) or (t.tag_ in ("VBG", "VBN") and low not in lemma_index()["noun"])))
    if participle:  # "an open steaming kitchen", "steaming" tagged a noun
        # without it the head names no thing: "a cooling unit" ("a flickering TV" is a TV)
        return t.i == t.head.i - 1 and not wordnet.physical_senses(singular(t.head))
    if (t.dep_ == "compound" and t.pos_ in NOMINAL | {"VERB"}) or (t.dep_ == "amod" and t.pos_ == "NOUN"):
        return True  # a noun the tagger made an adjective modifier is a compound's first word ("popcorn cart")
    if t.dep_ != "amod" or t.pos_ != "ADJ":
        return False
    # classifier adjectives ('dental', 'surgical'), or nouns the tagger called
    # adjectives ('attic'): in WordNet's noun list but not its adjective list.
    idx = lemma_index()
    return low.endswith(("al", "ary")) or (low in idx["noun"] and low not in idx["adj"])


def is_participle_noun(t) -> bool:
    """An -ing word tagged a noun that English holds only as a verb's participle: "steaming", "bubbling" (where
    "washing", "dining" or "seating" are nouns too)."""
    low, index = t.lower_, lemma_index()
    return t.pos_ in NOMINAL and low.endswith("ing") and low not in index["noun"] \
        and bool({low[:-3], low[:-3] + "e", low[:-4]} & index["verb"])


def count_of(tok, ctx) -> tuple[Optional[int], bool, bool, Optional[str]]:
    """(count, plural, approximate, arrangement) from numerals, quantity words and 'of' frames."""
    plural, approx, arrangement, count = is_plural(tok), False, None, None
    for c in tok.children:
        if c.dep_ in ("nummod", "amod", "det", "quantmod") and c.i not in ctx.dim_tokens:
            if number_value(c) is not None and c.dep_ == "nummod":
                count = number_value(c)
            elif c.lower_ in T["quantity_words"]:
                count, approx = T["quantity_words"][c.lower_], True
    holder = tok.head.head if tok.dep_ == "pobj" and tok.head.lower_ == "of" else None
    if holder is not None and holder.lemma_ in T["quantity_nouns"]:
        unit = T["quantity_nouns"][holder.lemma_]
        if holder.lemma_ == "pair" and plural_only(tok):
            unit = 1  # a pair of scissors is one thing
        n = next((number_value(c) for c in holder.children if c.dep_ == "nummod"), None)
        count = unit * (n or 1) if unit is not None else None
        plural = True
    elif holder is not None and holder.lemma_ in T["arrangement_nouns"]:
        arrangement, plural = T["arrangement_nouns"][holder.lemma_], True
    elif holder is not None and wordnet.gathers(holder.lemma_, singular(tok)):
        plural, approx = True, True
    elif holder is None and wordnet.gathers(singular(tok)) in ("people", "animals"):
        plural, approx = True, True  # "a family", "a herd": several figures or creatures
    if count is not None and count > 1:
        plural = True
    if count is None and not plural:
        count = 1
    return count, plural, approx, arrangement


def modifier_tokens(tok, name, dims=frozenset()):
    """Tokens in the head's left subtree that describe it (not det/num/name)."""
    skip = {t.i for t in name}
    todo = [c for c in tok.lefts if c.dep_ in MOD_DEPS]
    while todo:
        t = todo.pop(0)
        if t.i in skip or t.is_punct or number_value(t) is not None or is_measure(t) or has_own_phrase(t) \
                or t.i in dims:
            continue
        if t.pos_ in NOMINAL and any(p.is_punct for p in t.doc[t.i + 1:tok.i]):
            continue  # 'exposed brick, black steel beams': a list item, not a modifier
        skip.add(t.i)
        todo += [c for c in t.children if c.dep_ in MOD_DEPS + ("conj", "advmod")]
        yield t


def has_own_phrase(t) -> bool:
    """A noun with its own article heads its own phrase, even if misattached."""
    return t.pos_ in NOMINAL and any(c.dep_ == "det" for c in t.children)


def describe(m: Mention, tok, name, dims) -> None:
    """Sort left modifiers into colours, materials, sizes, verbs and styles."""
    mods = sorted(modifier_tokens(tok, name, dims), key=lambda t: t.i)
    m.colours += [c.lower_ for p in tok.children if p.dep_ == "prep" for c in p.children if is_colour_worn(c)]
    for k, t in enumerate(mods):
        low = t.lower_
        if low in T["quantity_words"]:
            continue  # already turned into a count
        nxt = mods[k + 1].lower_ if k + 1 < len(mods) else ""
        if low in T["colour_shades"] and nxt in T["colours"]:
            continue  # 'mint' joins 'green' below
        prev = mods[k - 1].lower_ if k else ""
        if low in T["colours"]:
            m.colours.append(f"{prev} {low}" if prev in T["colour_shades"] else low)
        elif low in T["materials"]:
            joined = m.materials and prev in T["materials"] and mods[k - 1].i == t.i - 1
            m.materials[-1:] = [f"{m.materials[-1]} {low}"] if joined else m.materials[-1:] + [low]
        elif low in T["size_words"]:
            m.size_words.append(low)
        elif t.tag_ in ("VBG", "VBN") and "-" not in low:
            m.verbs.append(low)
        elif is_title_propn(t):
            continue  # a name, reported in `rejected`
        elif t.pos_ in ("ADJ", "NOUN", "PROPN", "VERB", "NUM") or "-" in low:
            m.style_words.append(low if t.pos_ != "PROPN" else t.text)


def attached_verbs(tok) -> list[str]:
    """Participles/verbs whose subject this noun is: 'hens pecking', 'a taxi waiting'."""
    out = [c.lower_ for c in tok.children if c.dep_ in ("acl", "relcl") and c.pos_ in ("VERB", "AUX")
           and not (c.dep_ == "relcl" and any(g.dep_ == "nsubj" and g.pos_ != "PRON" or
                                                g.lower_ in ("i", "you", "we", "he", "she", "they")
                                                for g in c.children))]
    if tok.dep_ == "compound" and is_verbal_ing(tok.head):
        out.append(tok.head.lower_)
    if tok.dep_ in ("nsubj", "nsubjpass") and tok.head.pos_ == "VERB":
        out.append(tok.head.lower_)
    return out


def kind_hint(tok) -> Optional[str]:
    """'person' from NER (PERSON/NORP), the person-lemma table, or a -man/-woman
    compound of a known word; 'agent' for any other noun that is the subject of
    a verb or participle (people, animals and machines alike); else None."""
    low = singular(tok)
    idx = lemma_index()
    if (tok.ent_type_ in ("PERSON", "NORP") and tok.text[:1].isupper()) or low in T["person_lemmas"] \
            or is_demonym(tok):
        return "person"
    for suf in T["person_suffixes"]:
        if low.endswith(suf) and low[: -len(suf)] in idx["adj"] | idx["noun"]:
            return "person"
    return "agent" if attached_verbs(tok) else None


def char_span(tok_start, tok_end, ctx) -> tuple[int, int]:
    """The character span in the original text of a run of tokens."""
    a, b = tok_start.idx, tok_end.idx + len(tok_end.text)
    return ctx.where[a], ctx.where[b - 1] + 1


def whole_name(tok) -> str:
    """The noun's name, compound whole and head singular: 'pool tables' -> 'pool table'."""
    words = "".join((t.lower_ if t.pos_ != "PROPN" else t.text) + t.whitespace_ for t in name_tokens(tok)[:-1])
    return words + singular(tok)


def build_mention(tok, ctx) -> Mention:
    """A mention for a noun token: its words, count, span and description."""
    name = name_tokens(tok)
    count, plural, approx, arrangement = count_of(tok, ctx)
    span_start = min([tok.left_edge] + name, key=lambda t: t.i)
    m = Mention(text=ctx.text[slice(*char_span(span_start, tok, ctx))],
                name=whole_name(tok),
                head=singular(tok), count=count, plural=plural, approximate=approx,
                arrangement=arrangement, char_span=char_span(span_start, tok, ctx))
    describe(m, tok, name, ctx.dim_tokens)
    m.verbs += attached_verbs(tok)
    m.kind_hint = kind_hint(tok)
    m.of_names = of_names(tok)
    m.counted = is_plural(tok) or has_own_article(tok)
    m.pair = plural_only(tok) and tok.dep_ == "pobj" and tok.head.head.lemma_.lower() == "pair"
    add_purpose(m, tok)
    return m


def of_names(tok) -> list[str]:
    """The "X of Y" phrase a noun is the holder or the contents of ("a rack of dumbbells", "shelves of goods"):
    one thing to a kind that shows both at once, whose name is that phrase. The holder singular and as written, the
    contents as written: [] when the noun is in no such phrase."""
    of = prep_child(tok, {"of"})
    holder, contents = (tok, pobj_of(of)) if of is not None else (None, None)
    if tok.dep_ == "pobj" and tok.head.lower_ == "of" and tok.head.head.pos_ in NOMINAL:
        holder, contents = tok.head.head, tok  # the contents first: "of towels" may be hung on them wrongly
    if holder is None or contents is None or contents.pos_ not in NOMINAL:
        return []
    def as_written(noun) -> str:
        return "".join(t.lower_ + t.whitespace_ for t in name_tokens(noun)).strip()

    written = as_written(contents)
    return list(dict.fromkeys(f"{head} of {written}" for head in (whole_name(holder).lower(), as_written(holder))))


def add_purpose(m: Mention, tok) -> None:
    """'desks for 4 students' -> for_count 4, for_whom 'student'; 'table for six' -> 6."""
    prep = prep_child(tok, {"for"})
    obj = pobj_of(prep) if prep is not None else None
    if obj is None:
        return
    if number_value(obj) is not None:
        m.for_count = number_value(obj)
        return
    m.for_count = next((number_value(c) for c in obj.children if c.dep_ == "nummod"), None)
    m.for_whom = singular(obj)


def move_numeric_purpose(place: Mention, ctx) -> None:
    """'a patio with a table for eight': the parser may hang 'for eight' on the
    place; seating counts belong to the nearest thing named before them."""
    prep = prep_child(ctx.place, {"for"})
    if prep is None:
        return
    before = [i for i in ctx.index if i < prep.i]
    if before:
        target = ctx.mentions[ctx.index[max(before)]]
        target.for_count, place.for_count = place.for_count, None


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
    [] when it opens with an article, a pronoun, a preposition or a command ("Create a ...")."""
    if len(doc) <= start or doc[start].pos_ not in NOMINAL | {"ADJ", "VERB"} or doc[start].tag_ == "VB":
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
    run = headline(doc)
    if not is_headline_misread(doc) or is_plural(run[-1]):
        return doc, where
    article = "an " if norm[:1].lower() in "aeiou" else "a "
    again = prepare(nlp()(article + norm))
    if not headline(again, 1) or is_headline_misread(again, 1):
        return doc, where
    return again, [0] * len(article) + where


def prepare(doc):
    """The tagger's doc with hyphenated words whole and its known mis-tags and mis-attachments repaired."""
    if any(t.dep_ == "ROOT" for t in doc):
        merge_hyphens(doc)
        retag_compound_heads(doc)
        retag_mistagged_nouns(doc)
        repair_noun_modifiers(doc)
        reattach_of(doc)
        split_conjoined_heads(doc)
        split_comma_listed(doc)
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
