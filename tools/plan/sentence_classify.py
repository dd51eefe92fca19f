"""The sentence parser's classification: whether a noun is a thing, the setting, or why it is none (a name,
a verb, an owner, a purpose, light or weather, a substance)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:  # spaCy loads lazily: importing it costs seconds
    pass

from tools.knowledge import wordnet
from tools.knowledge.categories import Category, lookup
from tools.knowledge.look_words import light_stem
from tools.plan.sentence_lex import (
    MOD_DEPS,
    MODIFIER_DEPS,
    NOMINAL,
    T,
    governing_prep,
    has_determiner,
    is_measure,
    is_named,
    is_nominalisation,
    is_plural,
    is_title_propn,
    is_verbal_ing,
    lemma_index,
    number_value,
    pobj_of,
    prep_child,
    singular,
)
from tools.plan.sentence_mentions import (
    has_own_article,
    is_body_part,
    is_colour_worn,
    is_look_word,
    is_material_of,
    is_name_possessor,
    kind_hint,
    known_compound,
    name_tokens,
    of_names,
    whole_name,
)
from tools.plan.sentence_place import (
    framing,
)


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
    if lemma in T["extent_nouns"] and prep_child(tok, {"of"}) is not None:
        return "an extent it compares (the size of a matchbox)"
    if is_scale_reference(tok):
        return "a scale reference (the size of, as big as, bigger than it: no thing of its own)"
    if ctx.place is not None and tok.i == ctx.place.i:
        return "place"
    if is_body_part(tok):
        return "a part of a body (its owner shows it)"
    if framing(tok, ctx):
        return "framing (what the scene is for: a film set, a game level)"
    if is_output_frame(tok):
        return "framing (what the prompt calls its output: a render of, a low-poly scene of)"
    if tok.ent_type_ in T["time_entities"] and not is_kind_named(tok):
        return f"time expression ({tok.ent_type_})"
    if is_named(tok):
        return f"named entity ({tok.ent_type_})"
    if is_last_word_of_name(tok):
        return "proper name (the last word of a name)"
    if is_idiom_object(tok):
        return "part of an idiom with its verb (hit the books, drop a line)"
    if is_titled_work(tok):
        return "a work its title names (the Star Wars films): what shows it is the thing"
    if is_work_done(tok):
        return "a work shown or done (a screen showing a film, casting a line): what shows it is the thing"
    of = prep_child(tok, {"of"})
    members = pobj_of(of) if of is not None else None
    if is_form_of_air(tok, members):
        return "a form of the air or light it is of (what the look draws)"  # "shafts of sunlight", "wisps of mist"
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
    if is_mass(tok) and wordnet.airborne(lemma) and not called_a_kind(tok):
        return "the air (matter or a phenomenon that hangs in it)"  # "dust in the air"; "steam" a kind draws stays
    if is_material_of(tok):
        return "material (what the thing is made of)"  # "planks of wood"
    if is_colour_worn(tok) or is_colour_complement(tok):
        return "colour (what the thing is in)"  # "cushions in mustard", "a sofa in navy", "clouds glowing pink"
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
    if is_heard(tok):
        return "a sound (what makes it is the thing)"  # "the crackle of a fire", "the buzzing of bees", "laughter"
    if is_light_word(tok):
        return "light, weather or motion (light itself, which the look or its source draws)"  # "a warm glow"
    if (wordnet.happening(known_name(tok)) or lemma in T["weather_nouns"]) and lookup(whole_name(tok)) is None \
            and lookup(lemma) is None and not is_made_thing(tok):  # "thunder": WordNet's first name is "boom"
        return "light, weather or motion (an event or phenomenon, not a thing)"
    if no_thing_by_name(tok):
        return "abstract noun (WordNet knows no thing by this name)"
    if is_act_done(tok):
        return "what is done (an act, the object of its verb)"  # "a magician doing tricks", "having a picnic"
    if is_adjective_before_noun(tok):
        return "adjective tagged as noun (it describes the next noun)"  # "a medieval blacksmith forge"
    if commonly_an_idea(tok):
        return "abstract noun (its commonest senses are ideas)"  # "a view of Saturn"
    if is_idea_of_idea(tok):
        return "abstract noun (an idea of an idea: a sense of calm)"
    if no_physical_sense(tok):
        return "no thing to WordNet (no sense of it is a physical thing)"  # ", thanks", "ok so picture this"
    if ctx.place is not None and plow in ("in", "at", "inside") and prep.head in (ctx.place, ctx.root) \
            and lookup(whole_name(tok)) is None:
        return "secondary setting"  # a kind is a thing there: "at the sink", "in tall trees"
    return "mention"


SUBSTANCE_FILE = 27  # WordNet's noun.substance


def is_scale_reference(tok) -> bool:
    """What a size is compared with: "a stadium the size of a matchbox", "a cat as big as a horse", "a dog bigger
    than a car": the thing's scale, not a second thing."""
    if tok.dep_ != "pobj":
        return False
    prep, head = tok.head, tok.head.head
    if prep.lower_ == "of":
        return singular(head) in T["extent_nouns"]
    if prep.lower_ == "as":
        return head.pos_ in ("ADJ", "ADV") and any(c.lower_ == "as" and c.dep_ == "advmod" for c in head.children)
    return prep.lower_ == "than" and head.tag_ in ("JJR", "RBR")


def is_output_frame(tok) -> bool:
    """Whether the noun heads the prompt to name what it asks for ("a render of a red car", "a low-poly scene
    where robots play chess", "a 3D model of a castle"): the first noun of the prompt, a frame word, and no kind's
    own name (a picture or a photo may be the thing asked for)."""
    first = next((t for t in tok.doc if t.pos_ in NOMINAL and t.dep_ not in MOD_DEPS), None)
    return first is not None and first.i == tok.i and singular(tok) in T["frame_nouns"] \
        and lookup(whole_name(tok).lower()) is None


def is_idiom_object(tok) -> bool:
    """The object of a verb that WordNet holds with it as one verb, the words between as written: "a student hitting
    the books", "a rocket that kicked the bucket", "a log catching fire". What is done, not a thing placed."""
    verb = tok.head
    if tok.dep_ != "dobj" or verb.pos_ != "VERB" or verb.i > tok.i:
        return False
    return wordnet.is_verb_idiom(verb.lemma_, *(t.lower_ for t in tok.doc[verb.i + 1:tok.i + 1]))


def is_work_done(tok) -> bool:
    """The object of a verb that is a work or an act, no thing, by its commonest sense (wordnet.is_work) and no kind is
    called by it: "a big screen showing a film", "a fisherman casting a line". The screen or the person shows it."""
    return tok.dep_ == "dobj" and tok.head.pos_ == "VERB" and tok.head.i < tok.i and not is_plural(tok) \
        and not is_look_word(tok) \
        and not called_a_kind(tok) and wordnet.is_work(known_name(tok))


def is_form_of_air(tok, members) -> bool:
    """A noun "of" a mass that hangs in the air or is light ("shafts of sunlight", "wisps of mist") and no kind is called
    by either, nor by the whole phrase ("a shaft of light" is a light beam's name): the shape that air or light
    takes, which the look draws with it, no thing of its own."""
    if members is None or called_a_kind(tok) or any(lookup(name) is not None for name in of_names(tok)):
        return False
    return is_mass(members) and (wordnet.airborne(singular(members)) or light_stem(singular(members)) is not None)


def is_colour_complement(tok) -> bool:
    """A bare colour word after a verb is the colour its doer turns or shows ("clouds glowing pink", "walls painted
    teal"), no thing: "a jar of mustard" or "picking the mustard" keep their article or holder."""
    return tok.lower_ in T["colours"] and tok.dep_ in ("dobj", "oprd", "acomp", "xcomp") and tok.head.pos_ == "VERB" \
        and not has_determiner(tok) and not is_plural(tok) and lookup(singular(tok)) is None


def is_titled_work(tok) -> bool:
    """A noun a title modifies ("the Breaking Bad finale", "the Star Wars films", "the Mad Men series") whose
    commonest sense is a work, not a thing one places (wordnet.is_work), and no kind is called so: the screen,
    the poster or the shelf is the thing."""
    titled = any(c.dep_ in MODIFIER_DEPS and c.i < tok.i and (is_named(c) or is_title_propn(c))
                 for c in tok.children)
    return titled and not called_a_kind(tok) and wordnet.is_work(singular(tok))


def is_last_word_of_name(tok) -> bool:
    """A singular capitalised proper noun led by another ("Harbour Road", "Abbey Road") ends a name, though the tagger
    counts it ("12 Harbour Road" as twelve roads); counted things are plural ("two Shetland Ponies"). A kind's whole
    name written in capitals ("a Christmas Tree") stays a thing."""
    leaders = [c for c in tok.children if c.dep_ == "compound" and is_title_propn(c)]
    return bool(leaders) and tok.pos_ == "PROPN" and tok.text.istitle() and not is_plural(tok) and lookup(
        " ".join([*(c.lower_ for c in leaders), tok.lower_])) is None


def is_kind_named(tok) -> bool:
    """Whether a noun (its whole name or its lemma) is what a kind is called: the entity tagger reads "nightlight"
    as a time of day, but a kind named so is a thing."""
    return tok.pos_ in NOMINAL and any((kind := lookup(name)) is not None and kind.name != "placeholder"
                                       for name in (whole_name(tok), singular(tok)))


def kinds_called(tok) -> list[tuple[str, Category]]:
    """(name, kind) for the noun's whole name and its lemma, each that a kind is called by."""
    return [(name, kind) for name in (whole_name(tok), singular(tok)) if (kind := lookup(name)) is not None]


def called_a_kind(tok) -> bool:
    """Whether a kind is called by the noun's whole name or its lemma."""
    return bool(kinds_called(tok))


def is_mass(tok) -> bool:
    """A noun used as a mass: singular, with no article but "the", no number and no owner, and no kind called by it
    ("coffee", "the sand"; not "a glass", nor "milk" while a kind shows milk) but a kind that is the mass in a
    container ("coffee" also names the cup of coffee: in "a mug of coffee" the mug shows it)."""
    if is_plural(tok) or any(not _held_mass(kind, name) for name, kind in kinds_called(tok)):
        return False
    return all(c.dep_ == "det" and c.lower_ == "the" for c in tok.children
               if c.dep_ in ("det", "nummod", "poss", "quantmod"))


def _held_mass(kind, name: str) -> bool:
    """Whether ``kind`` is ``name`` held in a container: one of its names is "<container> of <name>"."""
    return any(n.endswith(f" of {name}") for n in (kind.name.replace("_", " "), *kind.synonyms))


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


def is_light_word(tok) -> bool:
    """A one-word name of light itself ("a warm glow", "candlelight", "shadows"; look_words.LIGHT_ENDINGS) that no kind
    is called by and whose commonest sense is no device ("a searchlight", "a headlight" are lamps)."""
    lemma, found = singular(tok), wordnet.senses(singular(tok))[:1]
    return len(name_tokens(tok)) == 1 and light_stem(lemma) is not None \
        and lookup(lemma) is None and bool(found) and found[0].lexfile != ARTIFACT_FILE


ARTIFACT_FILE = 6  # WordNet's noun.artifact


def is_heard(tok) -> bool:
    """A sound (wordnet.is_sound) heard from something ("the crackle of a fire", "the buzzing of bees") or heard alone
    ("laughter", "the chatter"), and no kind is called by it: what makes it is the thing. With an article or a number
    the word may name a thing ("a ring in the middle", "a whistle on a lanyard"). An -ing word WordNet lacks as a noun
    is heard by its verb's noun ("beeping": a beep)."""
    if called_a_kind(tok):
        return False
    if prep_child(tok, {"of"}) is None and not is_mass(tok):
        return False
    low = tok.lower_
    stems = {low[:-3], low[:-3] + "e", low[:-4]} if low.endswith("ing") and not wordnet.is_lemma(low) else set()
    return any(wordnet.is_sound(word) for word in (known_name(tok), *sorted(stems)) if wordnet.is_lemma(word))


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
    return not called_a_kind(tok) and wordnet.is_idea(known_name(tok))


def is_act_done(tok) -> bool:
    """The object of a verb that is an act by its commonest sense and a thing or a being by none of its commonest ones,
    while no kind is called so: "a magician doing tricks", "kids having a picnic" say what is done, not what stands in
    the scene ("doing the dishes" keeps them: a dish is a thing)."""
    name = known_name(tok)
    found = wordnet.senses(name)
    return tok.dep_ == "dobj" and tok.head.pos_ == "VERB" and bool(found) and found[0].lexfile == wordnet.ACT_FILE \
        and not wordnet.physical_senses(name) and not wordnet.being(name) and not called_a_kind(tok)


def known_name(tok) -> str:
    """The noun's whole compound when WordNet holds it as one noun ("a bus stop", a place, where a stop alone is
    an event), else its head word."""
    whole = whole_name(tok)
    return whole if wordnet.is_lemma(whole) else singular(tok)


def is_adjective_before_noun(tok) -> bool:
    """Whether a word that WordNet holds only as an adjective, never as a noun, stands right before a noun: the tagger
    made it the head of its own phrase ("a medieval | blacksmith forge"), but it describes the noun after it."""
    nouns, adjectives = lemma_index()["noun"], lemma_index()["adj"]
    following = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return tok.lower_ not in nouns and tok.lower_ in adjectives and lookup(tok.lower_) is None \
        and following is not None and following.pos_ in NOMINAL


def commonly_an_idea(tok) -> bool:
    """Whether a noun of something (its whole compound when WordNet holds that) is an idea by its commonest sense
    and by none of its commonest senses a physical thing, while no kind is called so and nothing modifies it: "a
    view of Saturn" is what one sees of Saturn, the thing. Without "of" a rare physical sense keeps it ("snow on the
    peaks"), and so does a modifier ("a cooling unit"); "a timetable", a written thing, is no idea."""
    whole, lemma, name = whole_name(tok), singular(tok), known_name(tok)
    found = wordnet.senses(name)
    return bool(found) and found[0].lexfile in wordnet.IDEA_FILES and not wordnet.physical_senses(name) \
        and not wordnet.being(name) and lookup(whole) is None and lookup(lemma) is None \
        and not any(c.dep_ in MOD_DEPS for c in tok.children) and prep_child(tok, {"of"}) is not None


def is_idea_of_idea(tok) -> bool:
    """A noun "of" a noun that is an idea (commonly_an_idea: "a sense of", "a feeling of"), itself an idea by its
    commonest sense and called no kind: "a sense of calm" names no still air, though WordNet's second calm is one."""
    holder = tok.head.head if tok.dep_ == "pobj" and tok.head.lower_ == "of" else None
    found = wordnet.senses(known_name(tok))[:1]
    return holder is not None and holder.pos_ in NOMINAL and commonly_an_idea(holder) and bool(found) \
        and found[0].lexfile in wordnet.IDEA_FILES and not called_a_kind(tok)


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
    """A list item the tagger made a modifier of the next item, its article with it: in "a lute, two glasses" or "a
    long counter, high stools" the lute and the counter describe the plural after the comma, whose "a" it cannot
    be (they are plural, or counted already); without a comma too, where the next item has its own article or is
    plural ("a photocopier a scanner", "a kiln shelves of bowls": a list run on). A word WordNet holds as a noun
    there heads its own phrase, a conjunct of the next."""
    for tok in doc[1:-1]:
        head, article, after = tok.head, listed_article(tok), doc[tok.i + 1]
        if tok.dep_ not in MODIFIER_DEPS or head.i <= tok.i or head.pos_ not in NOMINAL or article is None \
                or is_look_word(tok) or (after.text == "," and head.i == tok.i + 1):
            continue
        counted = is_plural(head) or any(c.dep_ in ("det", "nummod") and c.i != article.i for c in head.children)
        noun = noun_form(tok)
        if counted and noun is not None:
            tok.pos_, tok.tag_, tok.lemma_ = "NOUN", "NNS" if noun != tok.lower_ else "NN", noun
            for t in doc[article.i:tok.i]:
                t.head = tok
            tok.head, tok.dep_ = head, "conj"


def listed_article(tok):
    """The singular article that opens ``tok``'s phrase, right before it or before the adjectives that describe it
    ("a long counter"), when the tagger hung it on ``tok``'s head; else None."""
    start = tok.i - 1
    while start > 0 and tok.doc[start].pos_ == "ADJ" and tok.doc[start].head.i in (tok.i, tok.head.i):
        start -= 1
    article = tok.doc[start]
    return article if article.lower_ in ("a", "an") and article.head.i == tok.head.i else None


def split_and_listed(doc) -> None:
    """A list item the tagger made a modifier of the next item across "and", its article left on that item: in "a
    chair and sheet music" or "the counter and paper lanterns" the chair and the counter hang on the last noun, so
    the article before them cannot be that noun's. The item takes the last noun's place and the last noun becomes
    its conjunct; a conjunct the tagger hung on the item right before that noun ("paper") is the noun's modifier.
    A pair WordNet names as one ("rock and roll") stays the modifier it is."""
    for tok in doc[1:-1]:
        head = tok.head
        articles = [c for c in head.children if c.dep_ == "det" and c.i < tok.i]
        cc = next((c for c in tok.children if c.dep_ == "cc" and c.i + 1 < head.i), None)
        if tok.dep_ != "nmod" or head.i <= tok.i or not articles or cc is None \
                or wordnet.is_lemma(f"{tok.lower_} {cc.lower_} {doc[cc.i + 1].lower_}"):
            continue  # "a rock and roll jukebox": one modifier, WordNet's
        for t in [c for c in head.children if c.i < tok.i]:
            t.head = tok
        for t in [c for c in tok.children if c.dep_ == "conj" and c.i == head.i - 1 and c.pos_ in NOMINAL]:
            t.head, t.dep_ = head, "compound"
        tok.head, tok.dep_ = (head.head, head.dep_) if head.dep_ != "ROOT" else (tok, "ROOT")
        head.head, head.dep_ = tok, "conj"


def counted_plural(tok) -> bool:
    """A plural noun with its own article or number heads its own phrase, whatever arc the tagger gave it:
    in "two white sofas side by side" the sofas are no compound of "side" (a compound's modifier is
    singular, "a sports car" aside, and takes no number of its own)."""
    return is_plural(tok) and any(c.dep_ in ("det", "nummod") for c in tok.children)
