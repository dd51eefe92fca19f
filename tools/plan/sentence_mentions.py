"""The sentence parser's mentions: each thing's name, count, modifiers and purpose (the tagger's reading is
repaired before, in tools/plan/sentence_repair.py)."""
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
        if not is_name_part(t, parts) and not names_with_modifier(t, parts):
            break
        parts.insert(0, t)
        i -= 1
    return parts


def names_with_modifier(word, parts) -> bool:
    """Whether ``word`` makes one noun WordNet holds with the modifier after it, in a name of several words ("a hot
    chocolate stand": hot chocolate, no hot stand), though alone it would describe the thing (a shade, a size)."""
    return len(parts) > 1 and word.is_alpha and not word.is_stop and word.i + 1 == parts[0].i \
        and word.lower_ not in T["colours"] and wordnet.is_lemma(f"{word.lower_} {parts[0].lower_}")
    # a colour stays the thing's colour: "two green bean bags" are green bags, though WordNet holds "green bean"


AMOUNT_ENTITIES = ("CARDINAL", "QUANTITY", "ORDINAL", "MONEY", "PERCENT", "DATE", "TIME")  # numbers, never a name
COMPOUND_WORDS = 2  # words before a head tried as one known compound with it ("ticket vending machine")


def known_compound(tok) -> list:
    """The words just before the head that make with it a noun the kinds or WordNet hold, whatever the tagger
    made of them: "holding cell", "canned goods", "vending machine" (tagged a verb, an adjective, a participle).
    Longest first; [] when none."""
    doc, head = tok.doc, singular(tok)
    for n in range(COMPOUND_WORDS, 0, -1):
        words = doc[max(tok.i - n, 0):tok.i]
        if len(words) < n or any(not w.is_alpha or w.is_stop or w.ent_type_ in AMOUNT_ENTITIES for w in words):
            continue  # "a dozen eggs": an amount
        names = {" ".join([*(w.lower_ for w in words), last]) for last in (head, tok.lower_)}
        # a word the entity tagger took for a name is part of a kind's own name ("an IV stand"), not of WordNet's
        named = any(w.ent_type_ for w in words)
        if any(is_look_word(w) for w in words):
            if all(is_amount_word(w) for w in words) and any(
                    wordnet.base_forms(name) and (lookup(head) is None or declares_class(name)) for name in names):
                # "a double bass": no size of a bass (a fish), for a kind shows the double bass's class; a double
                # bed, which no kind declares, is a size of the bed
                return list(words)
            continue
        if any(lookup(name) is not None or (not named and wordnet.base_forms(name)) for name in names):
            return list(words)
    return []


def declares_class(name: str) -> bool:
    """Whether a kind declares a WordNet class ``name`` names (kinds.toml ``wordnet``)."""
    from tools.plan.ground import declared_classes  # ground reads the parse's words: imported when first asked

    return any(sense.offset in declared_classes() for sense in wordnet.senses(name))


def is_amount_word(t) -> bool:
    """A size or quantity word ("double", "grand", "several"): it may begin a compound WordNet holds."""
    return t.lower_ in T["size_words"] or t.lower_ in T["quantity_words"]


def is_material_of(tok) -> bool:
    """A bare material word after "of" on a thing: what it is made of ("planks of wood", "a sheet of glass", "a ball
    of wool"), no thing of its own. After an amount or a group ("a pile of rope") the material is the thing, and so
    is a word a kind is called by ("crates of vinyl": records)."""
    holder = tok.head.head if tok.dep_ == "pobj" and tok.head.lower_ == "of" else None
    return holder is not None and holder.pos_ in NOMINAL and tok.lower_ in T["materials"] and not is_plural(tok) \
        and lookup(tok.lower_) is None \
        and not any(c.dep_ in ("det", "nummod", "poss", "amod", "compound") for c in tok.children) \
        and singular(holder) not in T["quantity_nouns"] and singular(holder) not in T["arrangement_nouns"] \
        and not wordnet.gathers(singular(holder), tok.lower_)


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
    """Tokens in the head's left subtree that describe it (not det/num/name), those hung on a word of its name too:
    "copper brewing kettles", where the tagger hangs "copper" on "brewing"."""
    skip = {t.i for t in name}
    todo = [c for part in (*name, tok) for c in part.lefts if c.dep_ in MOD_DEPS and c.i not in skip]
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
    m.materials += [c.lower_ for p in tok.children if p.dep_ == "prep" for c in p.children if is_material_of(c)]
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
    """'person' from NER (PERSON/NORP), the person-lemma table, a -man/-woman
    compound of a known word, or a group of people gathering it ("a crowd of commuters": WordNet's crowd is a
    social group, so its commuters are people, not trains); 'agent' for any other noun that is the subject of
    a verb or participle (people, animals and machines alike); else None."""
    low = singular(tok)
    idx = lemma_index()
    if (tok.ent_type_ in ("PERSON", "NORP") and tok.text[:1].isupper()) or low in T["person_lemmas"] \
            or is_demonym(tok) or gathered_people(tok):
        return "person"
    for suf in T["person_suffixes"]:
        if low.endswith(suf) and low[: -len(suf)] in idx["adj"] | idx["noun"]:
            return "person"
    return "agent" if attached_verbs(tok) else None


def gathered_people(tok) -> bool:
    """Whether a noun WordNet holds as a person in one of its senses is "of" a group of people ("a crowd of
    commuters", "a queue of shoppers")."""
    holder = tok.head.head if tok.dep_ == "pobj" and tok.head.lower_ == "of" else None
    return holder is not None and holder.pos_ in NOMINAL and wordnet.is_person(singular(tok)) \
        and wordnet.gathers(singular(holder), singular(tok)) == "people"


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
