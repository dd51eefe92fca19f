"""The sentence parser's mentions: repairs to the tagger's reading of compounds and lists, then each thing's
name, count, modifiers and purpose."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:  # spaCy loads lazily: importing it costs seconds
    pass

from tools.knowledge import wordnet
from tools.knowledge.categories import lookup
from tools.plan.sentence_lex import (
    MOD_DEPS,
    NOMINAL,
    Mention,
    T,
    has_determiner,
    is_demonym,
    is_measure,
    is_plural,
    is_title_propn,
    is_verbal_ing,
    lemma_index,
    number_value,
    plural_only,
    pobj_of,
    prep_child,
    singular,
)


def is_colour_worn(tok) -> bool:
    """A bare colour word after "in" hung on a thing is the colour it comes in ("cushions in mustard"), not a thing
    in it: "a jar of mustard" or "in the mustard" keep the word a thing."""
    prep = tok.head if tok.dep_ == "pobj" else None
    return prep is not None and prep.lower_ == "in" and tok.lower_ in T["colours"] and not has_determiner(tok) \
        and (prep.head.pos_ in NOMINAL or prep.head.tag_.startswith("NN"))


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
        # "birds over a beach": a sentence's root verb in the third person with no subject is no verb but a plural
        # noun ("a dog that barks and runs": a joined verb shares its subject)
        subjectless = tok.tag_ == "VBZ" and tok.dep_ == "ROOT" \
            and not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in tok.children)
        anywhere = anywhere or (subjectless and noun is not None and tok.lower_.endswith("s"))
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
        # "a farmers market": a singular article a plural modifier cannot take; "a boat dock": one a singular head
        # with none of its own takes (a verb the tagger made a noun is plural in form: "a dog barks")
        singular_head = head.tag_ == "NN" and not any(c.dep_ == "det" for c in head.children)
        articles = [c for c in tok.children if c.dep_ == "det" and (
            (c.lower_ in ("a", "an") and is_plural(tok)) or (c.lower_ in ("a", "an", "the") and singular_head))]
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


ARTIFACT_FILE = 6  # WordNet's noun.artifact: a made thing (a desk), which "a desk and office chair" names on its own


def coordinated_modifier(doc) -> Optional[tuple[int, int]]:
    """The first "X and Z Y" the tagger read as two things where it is one, "X and Z" modifying Y: "a salt and pepper
    shaker", "a bow and arrow set". X has the phrase's article, Y none of its own and Z is Y's compound; and "X and
    Z" is itself a name (the kinds or WordNet hold it), or "X Y" is one while X alone is no made thing ("salt
    shaker"; "a desk and office chair" stays two). The span (X, Z) as token indices; None when there is none."""
    for y in doc:
        x = y.head
        if y.dep_ != "conj" or x.pos_ not in NOMINAL or y.pos_ not in NOMINAL or x.i + 3 != y.i \
                or doc[x.i + 1].lower_ not in ("and", "&") or is_plural(x) or not has_determiner(x) \
                or any(c.dep_ in ("det", "nummod", "poss") for c in y.children):
            continue
        z = doc[x.i + 2]
        if z.dep_ != "compound" or z.head.i != y.i or not (x.is_alpha and z.is_alpha):
            continue
        pair, with_head = f"{x.lower_} and {z.lower_}", f"{x.lower_} {singular(y)}"
        made = any(sense.lexfile == ARTIFACT_FILE for sense in wordnet.physical_senses(x.lower_, 1))
        if lookup(pair) is not None or wordnet.base_forms(pair) or (
                not made and (lookup(with_head) is not None or wordnet.base_forms(with_head))):
            return x.i, z.i
    return None


def merge_coordinated_modifiers(doc) -> None:
    """Each "X and Z" that modifies one head ("a salt and pepper shaker": coordinated_modifier) made one compound
    token before the head, which takes the place X had in the sentence and its article: one thing, named whole."""
    while (found := coordinated_modifier(doc)) is not None:
        start, end = found
        head, dep = doc[start].head.i, doc[start].dep_
        shift = end - start  # tokens the merge removes after ``start``
        with doc.retokenize() as rt:
            rt.merge(doc[start:end + 1], attrs={"LEMMA": doc[start:end + 1].text.lower(), "POS": "NOUN", "TAG": "NN"})
        modifier, noun = doc[start], doc[end + 1 - shift]
        noun.head, noun.dep_ = (doc[head] if head < start else doc[head - shift]), dep
        for child in [c for c in doc if c.head.i == start and c.i != start]:
            child.head = noun  # the article, the list after it
        modifier.head, modifier.dep_ = noun, "compound"


def repair_appositive_heads(doc) -> None:
    """A common noun the tagger hung as an appositive on the noun right before it, with no comma or article between,
    is the head of a compound with it: "an ice cream parlour" (parlour the cream's appositive) is a parlour. It takes
    the noun's place in the sentence, its article and its other words; a name ("my friend John") is no such noun."""
    for tok in doc:
        first = tok.head
        noun = tok.pos_ == "NOUN" or (tok.pos_ == "NUM" and tok.is_alpha and number_value(tok) is None)  # "parlour"
        if tok.dep_ != "appos" or not noun or first.pos_ != "NOUN" or first.i != tok.i - 1 \
                or any(c.dep_ in ("det", "poss", "nummod") for c in tok.children):
            continue
        root = first.dep_ == "ROOT"
        tok.pos_, tok.tag_ = "NOUN", "NNS" if is_plural(tok) else "NN"
        tok.head, tok.dep_ = (tok if root else first.head), first.dep_
        for child in [c for c in doc if c.head.i == first.i and c.i not in (first.i, tok.i)]:
            child.head = tok
        first.head, first.dep_ = tok, "compound"


def split_participle_phrases(doc) -> None:
    """A noun and an -ing word the tagger read as one noun's modifiers where the -ing word is what the noun does:
    "a mobile hanging above the crib" (hanging a noun heading them, with a place of its own after it) or "a chef
    slicing fish" (chef and slicing the fish's modifiers, the chef a being). The noun takes the phrase's place in
    the sentence and its article; the -ing word becomes its participle, the fish that participle's object. A name
    the two words make ("a wall hanging", "a washing machine") stays one."""
    for verb in doc:
        doer = doc[verb.i - 1] if verb.i else None
        if doer is None or doer.pos_ != "NOUN" or not is_participle(verb) \
                or lookup(f"{doer.lower_} {verb.lower_}") is not None or wordnet.base_forms(f"{doer.lower_} {verb.lower_}"):
            continue
        placed = verb.pos_ == "NOUN" and doer.head.i == verb.i and verb.i + 1 < len(doc) \
            and doc[verb.i + 1].head.i == verb.i and doc[verb.i + 1].lower_ in T["spatial_preps"]
        acting = verb.dep_ in ("compound", "amod") and verb.head.i > verb.i and doer.head.i == verb.head.i \
            and verb.head.pos_ == "NOUN" and not wordnet.physical_senses(verb.lower_) and wordnet.being(singular(doer))
        if not (placed or acting):
            continue
        phrase = verb if placed else verb.head  # the word heading the misread phrase
        root = phrase.dep_ == "ROOT"
        doer.head, doer.dep_ = (doer if root else phrase.head), phrase.dep_
        for child in [c for c in doc if c.head.i == phrase.i and c.i < doer.i or c.dep_ in ("cc", "conj")]:
            if child.head.i == phrase.i:
                child.head = doer  # the article; "and ..." after the phrase
        verb.head, verb.dep_, verb.pos_, verb.tag_ = doer, "acl", "VERB", "VBG"
        if not placed:
            phrase.head, phrase.dep_ = verb, "dobj"


def is_participle(tok) -> bool:
    """An -ing word of an English verb ("hanging", "slicing")."""
    low, verbs = tok.lower_, lemma_index()["verb"]
    return low.endswith("ing") and bool({tok.lemma_.lower(), low[:-3], low[:-3] + "e", low[:-4]} & verbs)


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
    if is_look_word(t) and not known_compound(t):  # "an ice cream parlour": cream no colour in "ice cream"
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
    elif holder is None and lookup(whole_name(tok)) is None and wordnet.gathers(singular(tok)) in ("people", "animals"):
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
