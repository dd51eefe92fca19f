"""Repairs to the tagger's reading of a prompt before the mentions are read (tools/plan/sentence.py's prepare): words
it gave the wrong part of speech, and phrases whose head it took for a modifier or the other way round ("a squat
rack", "a farmers market", "an ice cream parlour", "a salt and pepper shaker", "a chef slicing fish")."""
from __future__ import annotations

from typing import Optional

from tools.knowledge import wordnet
from tools.knowledge.categories import lookup
from tools.plan.sentence_lex import (
    NOMINAL,
    NOUN_SLOTS,
    T,
    has_determiner,
    is_plural,
    lemma_index,
    number_value,
    singular,
)
from tools.plan.sentence_mentions import has_own_article, is_look_word

DOING_FILES = frozenset({wordnet.ACT_FILE, wordnet.EVENT_FILE})


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
            if lookup(f"{prev.lower_} {tok.lemma_.lower()}") is None:
                tok.lemma_ = tok.lower_  # "a table saw": the noun "saw", not the verb's lemma "see"
            tok.pos_, tok.tag_ = "NOUN", "NNS" if is_plural(tok) else "NN"


def retag_disagreeing_verbs(doc) -> None:
    """A present-tense verb of the plural form right after a singular noun that is its subject cannot be that noun's
    verb ("a gamer den with ...": English says "a gamer dens"); a word English holds as a noun there is the head of a
    compound with it, which takes the subject's place, its article and its owner ("my son's gamer den")."""
    index = lemma_index()
    for prev, tok in zip(doc, doc[1:]):
        named = prev.dep_ == "appos" and prev.head.dep_ == "nsubj" and prev.head.head.i == tok.i  # "my son Jake's"
        if tok.tag_ != "VBP" or prev.tag_ != "NN" or not (named or (prev.dep_ == "nsubj" and prev.head.i == tok.i)) \
                or tok.lower_ not in index["noun"]:
            continue
        tok.pos_, tok.tag_, tok.lemma_ = "NOUN", "NN", tok.lower_
        for child in [c for c in doc if c.head.i == prev.i and c.i < prev.i]:
            child.head = tok  # "my son's", "Jake's": the owner of the whole
        if named:  # "my son Jake's gamer den": the son is Jake, the den's owner too
            prev.head.head, prev.head.dep_ = tok, "poss"
        prev.head, prev.dep_ = tok, "compound"


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
        # "with the oven on": in a noun's slot any article will do, as "the" never leads an adjective there
        anywhere = anywhere or (no_adjective and noun is not None and tok.dep_ in NOUN_SLOTS and has_determiner(tok))
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
        if doer is None or not (doer.pos_ == "NOUN" or is_noun_mistagged_before(doer, verb)) or not is_participle(verb) \
                or lookup(f"{doer.lower_} {verb.lower_}") is not None or wordnet.base_forms(f"{doer.lower_} {verb.lower_}"):
            continue
        placed = verb.pos_ == "NOUN" and doer.head.i == verb.i and verb.i + 1 < len(doc) \
            and doc[verb.i + 1].head.i == verb.i and doc[verb.i + 1].lower_ in T["spatial_preps"]
        # "a timer ringing, ...", "lava glowing and ...": an -ing word ending its list item that names no thing (a
        # glow, WordNet's only physical glowing, is a phenomenon)
        placed = placed or (verb.pos_ == "NOUN" and doer.head.i == verb.i and (verb.i + 1 == len(doc) or doc[
            verb.i + 1].pos_ in ("PUNCT", "CCONJ")) and (names_doing(verb) or all(
                sense.lexfile == wordnet.PHENOMENON_FILE for sense in wordnet.physical_senses(verb.lower_))))
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
        doer.pos_, doer.tag_ = "NOUN", "NNS" if is_plural(doer) else "NN"
        if not placed:
            phrase.head, phrase.dep_ = verb, "dobj"


def is_noun_mistagged_before(doer, verb) -> bool:
    """A word the tagger made an adjective or a name before an -ing word that is no thing ("a goldfish swimming", "a
    jukebox blaring"): English holds it as a noun and not as an adjective, and the -ing word has no physical sense
    ("a wall painting" keeps its painting)."""
    index = lemma_index()
    # "a mobile spinning", "the net sagging": a word English holds as both, with its own article and an -ing word
    # after it that names a doing, is the thing that does it (an adjective would want a noun after the -ing word)
    articled = doer.i > 0 and doer.doc[doer.i - 1].dep_ == "det" and bool(wordnet.physical_senses(doer.lower_)) \
        and names_doing(verb)
    return doer.pos_ in ("ADJ", "PROPN") and doer.is_alpha and not doer.text.istitle() and not is_look_word(doer) \
        and doer.lower_ in index["noun"] and (doer.lower_ not in index["adj"] or articled) \
        and not wordnet.physical_senses(verb.lower_)


def names_doing(verb) -> bool:
    """Whether an -ing word read as a noun names what is done rather than a thing: WordNet knows no noun by it
    ("swaying"), its commonest sense is an act or an event ("spinning", "turning"), or one of its senses is a sound
    ("a campfire crackling", whose commonest sense is the greaves). "A wall painting" is first the picture."""
    found = wordnet.senses(verb.lower_)
    return not found or found[0].lexfile in DOING_FILES or any(s.lexfile == wordnet.EVENT_FILE for s in found[:2])


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
