"""Reading a prompt: the room grammar's structure, vetted and completed by the sentence parser and grounding.

The phrase grammar (tools/plan/parse.py) reads the room-level structure well: places it knows, relations,
'with' and 'each with', tone, floors and windows. Its word tables cannot tell a thing from a verb, a name
or an idea, and know only the nouns they list. So its mentions are checked against the spaCy parse
(tools/plan/sentence.py): a mention the parse rejects (a verb, a person's or a city's name, an abstract
noun) is dropped with its links; a compound the parse keeps whole ("pool table") is grounded as a whole;
an unknown noun is grounded by meaning instead of becoming a placeholder; things and a setting the
grammar missed are added. Every grounding is kept on its mention, so the plan can say what stands in for
what.
"""

from __future__ import annotations

import dataclasses
import random
import re

from tools.core.colors import parse_color
from tools.core.schema import UnknownNoun
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, has_trait, lookup, variant_named
from tools.knowledge.look_words import TIME_WORDS, WEATHER_WORDS
from tools.knowledge.places import PLACES, usual_kind_named
from tools.knowledge.plurals import singular_forms
from tools.knowledge.relation_words import RELATION_WORDS
from tools.plan.ground import (
    GENERIC_PLACES,
    GENERIC_ROOM,
    Grounding,
    ground_by_head,
    ground_noun,
    ground_place,
    head_means_another,
    kind_in_context,
    open_ground_place,
    place_named,
    replica_kind,
)
from tools.plan.named_things import names_of, shows_named
from tools.plan.parse import Link, Mention, ParsedPrompt, parse
from tools.plan.phrases import phrase_index
from tools.plan.senses import meant_sense_grounding
from tools.plan.sentence import parse_prompt as parse_sentence
from tools.plan.sentence_lex import Mention as Phrase
from tools.plan.sentence_lex import ParsedPrompt as Sentence
from tools.plan.sentence_lex import T
from tools.plan.surroundings import INSIDE, interior_of, named_around, surroundings
from tools.plan.text import tokenize
from tools.plan.words import FLOOR_HEADS, NON_NOUN_WORDS, NON_OBJECT_NOUNS, NUMBER_WORDS, WALL_HEADS, WINDOW_HEADS

# The whole setting phrase overrides the place its head word names only this near in meaning: calibrated on tune-z
# and the odd half, "a wizard's tower study" 0.70 (the tower), "a shared bedroom" 0.63 (not a dormitory), "a tiny
# galley kitchen" 0.63 (not a ship's galley).
WRITTEN_PLACE_SCORE = 0.68
CONTEXT_WORDS = 5  # words either side of a noun that pick its WordNet sense


def read_prompt(text: str, rng: random.Random, written: str | None = None) -> ParsedPrompt:
    """The parsed prompt: mentions with categories and groundings, links, place and room facts.

    ``text`` is the cleaned prompt the word grammar reads; ``written`` the prompt as written (plain_prompt),
    which the sentence parser reads as the judge does: case and hyphens are signals to it ("Wild West",
    "half-built"). Without it the parser reads ``text``."""
    parsed = parse(tokenize(text), rng)
    text = written if written is not None else text
    sentence = parse_sentence(text)
    phrases = [*sentence.mentions, *([sentence.place] if sentence.place else [])]
    pairs = _align(parsed.mentions, phrases)
    place_index = len(phrases) - 1 if sentence.place else None
    absorbed = _pair_compound_words(parsed.mentions, phrases, pairs, place_index)
    rejected = {form: r.reason for r in sentence.rejected
                for form in (r.text.lower(), *singular_forms(r.text.lower()))}  # "people": the grammar's person
    rejected |= {form: "what a thing does (its verb)" for p in phrases for verb in p.verbs if " " not in verb
                 for form in (verb, *singular_forms(verb)) if form not in rejected}  # "the hero crosses": no cross
    drop = absorbed + [i for i, m in enumerate(parsed.mentions) if i not in pairs and i not in absorbed and (
        _is_rejected(m, rejected) or not _shows_a_phrase(m, phrases))]
    if sentence.place is not None and any(r.reason.startswith("framing") for r in sentence.rejected):
        framed = ground_place(sentence.place.name)  # "film set: a victorian parlour with ...": the parlour, not
        if framed is not None:                      # the photo studio the grammar read in "film set"
            parsed.place = framed[0]
    _room_for(parsed, sentence)
    setting = next((i for i, j in pairs.items() if phrases[j] is sentence.place), None)
    if setting is not None:
        setting_phrase = phrases[pairs[setting]]
        grounded = ground_place(setting_phrase.name) if parsed.place in (None, "room") else None
        place = _inside_place(setting_phrase, text) or (grounded[0] if grounded else None)
        if place is not None:  # "a speakeasy with ...": the grammar took the setting for a thing
            parsed.place = place
            drop.append(setting)
        elif ground_noun(setting_phrase.name, setting_phrase.head, text).fit != "exact" \
                or (place_named(setting_phrase.head) and (ground_place(setting_phrase.name) or ("",))[0] == parsed.place):
            # "inside a narrowboat: ...", "a roller rink with a disco ball" (the grammar's place a nightclub):
            # where the things are, no thing a stand-in shows; "a fire station garage" (its head a place's name,
            # the whole the place itself) no garage in the fire station, but "a police station front desk" a desk
            drop.append(setting)
    parsed.place = _written_place(sentence, parsed.place) or parsed.place
    around = surroundings(sentence, parsed.place)
    parsed.place = around.place or parsed.place  # "the bridge of a starship": a starship bridge
    if parsed.place is None and sentence.place is not None:  # "a picnic spot": open ground, not a plain room
        parsed.place = open_ground_place(sentence.place.name)
    parsed.surroundings = around.style or (named_around(sentence.place.name, parsed.place) if sentence.place else None)
    beyond = {j for j, phrase in enumerate(phrases) if around.holds(phrase)}
    drop += [i for i, j in pairs.items() if j in beyond and i not in drop]
    drop += _negated(parsed, pairs, sentence.negated, drop)
    for index, mention in enumerate(parsed.mentions):
        if index not in drop:
            phrase = phrases[pairs[index]] if index in pairs else None
            _ground(mention, phrase, near(text, phrase.char_span) if phrase else text, text)
            _ground_in_setting(mention, _setting_names(parsed, sentence))
            if phrase is not None and _spoken(phrase.name) == mention.noun:
                mention.noun = phrase.name  # as written: "jack-o'-lantern", which the grammar read as three words
    # "a dog asleep under the table": the grammar took "asleep" for the thing and "dog" for its modifier
    freed = {form for i in drop for word in (parsed.mentions[i].modifier or "").split()
             for base in (word, word.removesuffix("'s").rstrip("'"))  # "a customer's hair": the customer
             for form in (base, *singular_forms(base))}
    _drop(parsed, drop)
    used = {j for i, j in pairs.items() if i not in drop} | beyond
    _add_missed(parsed, sentence, [p for j, p in enumerate(phrases) if j not in used], text, freed)
    for mention in parsed.mentions:
        _the_setting_kind(mention, parsed.place)
    _place_purpose(parsed, sentence)
    _hold(parsed, sentence)
    return parsed


def _inside_place(phrase: Phrase, text: str) -> str | None:
    """The place inside what the setting phrase names when the prompt says so ("inside a school bus", "the
    interior of a narrowboat"): it wins over a place the grammar read from a thing in it ("... a galley")."""
    return interior_of(phrase) if INSIDE.search(text[:phrase.char_span[0]]) else None


def _written_place(sentence: Sentence, place: str | None) -> str | None:
    """The place the setting's words as written name, when the grammar read its place from the head word alone: in
    "a wizard's tower study" the study is the wizard's tower, not an office (by name, or by meaning
    WRITTEN_PLACE_SCORE near: "a shared bedroom" is no dormitory); or its head word's, when the grammar read the
    place around it ("a farm stable": the stable, on a farm); None when they agree or name none."""
    if sentence.place is None or place is None or len(sentence.place.text.split()) < 2:
        return None
    head = (ground_place(sentence.place.head) or (None,))[0]
    if head != place:  # "a farm stable": the grammar read the first place word, what the stable stands in
        particular = head not in (None, *GENERIC_PLACES) and place_named(sentence.place.name) in (None, head)
        return head if particular and named_around(sentence.place.name, head) == place else None
    words = sentence.place.text.lower().split()
    written = ground_place(" ".join(words[1:] if words[0] in ("a", "an", "the") else words))
    named = written[0] if written is not None and written[1] >= WRITTEN_PLACE_SCORE else None
    return named if named not in (None, place, GENERIC_ROOM) else None


def _hold(parsed: ParsedPrompt, sentence: Sentence) -> None:
    """The parse's 'held_in' links (a thing held by another: "a crate of potatoes", "shelves lined with jars") join the
    grammar's; a held thing keeps its first holder and no other placing link: the grammar hangs a holder's place
    on what it holds too ("a bowl of apples on the table"), which goes to the holder when it has none of its own
    ("a basket of towels next to the bathtub": the basket beside it)."""
    for relation in sentence.relations:
        if relation.relation != "held_in" or not isinstance(relation.target, int):
            continue
        subject = _mention_of(parsed, sentence.mentions[relation.subject])
        target = _mention_of(parsed, sentence.mentions[relation.target])
        if subject is not None and target is not None and subject != target:
            link = Link("held_in", subject, target)
            if link not in parsed.links:
                parsed.links.append(link)
    # The grammar's "full of / lined with" takes the whole list after it ("a bookshelf filled with books, an armchair
    # and a lamp"): a thing the parse reads as held by nothing is in nothing.
    free = {m for j, phrase in enumerate(sentence.mentions) if (m := _mention_of(parsed, phrase)) is not None
            and not any(r.relation == "held_in" and r.subject == j for r in sentence.relations)}
    parsed.links = [link for link in parsed.links if link.kind != "held_in" or link.subject not in free]
    holder: dict[int, int] = {}
    for link in parsed.links:
        if link.kind == "held_in" and link.target is not None and link.target not in holder:
            holder.setdefault(link.subject, link.target)
    kept, moved = [], []
    for link in parsed.links:
        if link.subject not in holder or (link.kind == "held_in" and link.target == holder[link.subject]):
            kept.append(link)
        elif link.target is not None and link.target != holder[link.subject] and link.kind != "held_in":
            moved.append(dataclasses.replace(link, subject=holder[link.subject]))
    placed = {link.subject for link in kept if link.target is not None or link.kind != "with"}
    parsed.links = kept + [link for link in moved if link.subject not in placed and link.target != link.subject]


def _setting_names(parsed: ParsedPrompt, sentence: Sentence) -> set[str]:
    """The names of the setting: the place type and the parse's words for it ("kitchen", "galley kitchen")."""
    names = {parsed.place.replace("_", " ")} if parsed.place else set()
    return names | ({sentence.place.name.lower(), sentence.place.head.lower()} if sentence.place else set())


def _ground_in_setting(mention: Mention, settings: set[str]) -> None:
    """A thing named short in its setting is the kind the setting's name and its name make: "a kitchen with an
    island" names a kitchen island, "a bowling alley with a ball return" its own ball return. Only for a noun no
    kind fits by itself."""
    if mention.grounding is None or mention.grounding.fit == "exact":
        return
    kind = next((k for s in sorted(settings) if (k := lookup(f"{s} {mention.noun}")) is not None), None)
    if kind is not None and kind.name != "placeholder":
        mention.category, mention.unknown = kind.name, None
        mention.grounding = Grounding(mention.noun, kind.name, 1.0, "name", "exact")


def _the_setting_kind(mention: Mention, place: str | None) -> None:
    """A thing named by its bare head word is the kind of it the setting usually has (``usual_kind_named``):
    "shelves" in a grocery are its shop shelves, not bookcases."""
    usual = {item.category for item in PLACES[place].expected} if place in PLACES else set()
    kind = usual_kind_named(mention.noun, place) if mention.category not in usual | {"placeholder"} else None
    if kind is not None and kind != mention.category:
        mention.variant = variant_named(kind, mention.noun.split())
        mention.category, mention.unknown = kind, None
        mention.grounding = Grounding(mention.noun, kind, 1.0, "name", "exact")


def near(text: str, span: tuple[int, int]) -> str:
    """The words around a noun, which tell its sense better than the whole prompt: in "an orchard with trees
    ... and baskets of apples" the apples are fruit, though the prompt is about trees."""
    start, end = span
    if end <= start:
        return text
    before, after = text[:start].split()[-CONTEXT_WORDS:], text[end:].split()[:CONTEXT_WORDS]
    return " ".join([*before, text[start:end], *after])


def _negated(parsed: ParsedPrompt, pairs: dict[int, int], negated: list[Phrase], drop: list[int]) -> list[int]:
    """Mentions of things the prompt rules out ("without chairs"): their kinds become forbidden, the mentions go."""
    names = {form for phrase in negated for word in (phrase.name, phrase.head) for form in (word, *singular_forms(word))}
    parsed.forbidden |= {ground_noun(p.name, p.head).kind for p in negated} - {"placeholder"}
    gone = [i for i, m in enumerate(parsed.mentions) if i not in pairs and i not in drop and m.noun in names]
    parsed.forbidden |= {parsed.mentions[i].category for i in gone}
    return gone


def _align(mentions: list[Mention], phrases: list[Phrase]) -> dict[int, int]:
    """Mention index -> phrase index, in order: the phrase whose name or head is the mention's noun."""
    pairs: dict[int, int] = {}
    taken: set[int] = set()
    for i, mention in enumerate(mentions):
        words = mention.noun.split()
        nouns = {mention.noun, *(" ".join([*words[:-1], form]) for form in singular_forms(words[-1]))} if words else set()
        lasts = {noun.split()[-1] for noun in nouns}  # "foam blocks" is the phrase "foam block"
        for j, phrase in enumerate(phrases):
            name, head = _spoken(phrase.name), _spoken(phrase.head)
            heads = {head, *singular_forms(head)}  # "pliers", a plural-only name, is the grammar's "plier"
            if j not in taken and (nouns & {name, *heads} or heads & lasts
                                   or any(name.endswith(" " + n) for n in nouns)):
                pairs[i] = j
                taken.add(j)
                break
    return pairs


def _pair_compound_words(mentions: list[Mention], phrases: list[Phrase], pairs: dict[int, int],
                         setting: int | None = None) -> list[int]:
    """Mentions the grammar made of the first words of a compound the parse keeps whole ("counter" of "counter
    seating", "lighthouse" of "a lighthouse keeper's cottage"): paired with that phrase when no mention has it,
    to be grounded by its whole name afresh (the grammar's kind is the modifier's, not the thing's); else
    returned, to be dropped, as the phrase already shows them."""
    absorbed = []
    for i, mention in enumerate(mentions):
        if i in pairs or not mention.noun:
            continue
        j = next((j for j, p in enumerate(phrases) if set(mention.noun.split()) <= set(_spoken(p.name).split()[:-1])),
                 None)
        if j is None or (j not in pairs.values() and j == setting):
            continue  # the setting is no thing to ground ("three dogs" in a dog park)
        if j in pairs.values():
            absorbed.append(i)
        else:
            pairs[i] = j
            mention.category, mention.unknown = "placeholder", None
    return absorbed


def _spoken(name: str) -> str:
    """A name as the word grammar reads it: hyphens are spaces there (clean_prompt)."""
    return name.replace("-", " ")


def _is_rejected(mention: Mention, rejected: dict[str, str]) -> bool:
    """A mention the parse does not take for a thing, for whatever reason (a name, a verb, a person the place is
    for, light or weather): whether a word is a thing is decided once, by the parse, which the judge reads too;
    where the parse misreads a thing, the parse is what to mend, not a second opinion here."""
    if mention.category == "placeholder" or mention.unknown is not None:
        return True
    words = [w for w in mention.noun.split() if w]
    reasons = [rejected.get(w) or rejected.get(f"{w}s") for w in words]
    return bool(words) and all(reasons)


def _shows_a_phrase(mention: Mention, phrases: list[Phrase]) -> bool:
    """Whether a mention of the word grammar's shows a thing the parse names (named_things.shows_named, as the judge
    reads it): one that shows none is a word of a longer name ("floor" of "a floor-to-ceiling bookcase"), of a
    hyphenated modifier ("frog" of "a frog-shaped bath mat"), of the setting before its head ("lighthouse" of "a
    lighthouse keeper's room"), or a word the parse reads as no thing, whichever grammar table took it for a thing."""
    return any(shows_named(mention.noun, mention.category, names_of(phrase)) for phrase in phrases)


def _names_number(word: str) -> bool:
    """Whether a modifier holds a number: digits ("1920s") or a number word in a hyphenated one ("two-seater")."""
    return any(c.isdigit() for c in word) or any(part in NUMBER_WORDS for part in word.split("-")[:-1])


def _ground(mention: Mention, phrase: Phrase | None, context: str, prompt: str) -> None:
    """Settle the mention's category from the whole name the parse gives it (``context`` the words around it), or a
    bare word's from what the ``prompt`` says it is for ("a tennis court with a net"), and record how."""
    name, head = mention.noun, None
    if phrase is not None and len(phrase.name.replace("-", " ").split()) > len(mention.noun.split()):
        name, head = phrase.name, phrase.head  # the parse kept a compound the grammar cut ("pool table", "hi-hat")
    if phrase is not None and (replica := _as_replica(name, phrase)) is not None:
        name, head = replica, name.split()[-1]  # "a stuffed elephant": the parse kept no "stuffed" in the name
    if phrase is not None and mention.count not in (None, phrase.count) and any(
            _names_number(word) for word in phrase.style_words):
        mention.count = phrase.count  # "a 1920s speakeasy", "a two-seater sofa": the number is a style, not a count
    if phrase is not None and phrase.pair and phrase.count is not None:
        mention.count = phrase.count  # "a pair of scissors": one pair is one thing, not the grammar's two
    if phrase is not None and mention.count is None and phrase.for_count and _for_people(phrase.for_whom):
        mention.count = phrase.for_count  # "desks for 4 students", "chairs for ten people": one each
    elif phrase is not None and mention.count == 1 and phrase.for_count and _for_people(phrase.for_whom):
        mention.attrs["seats"] = str(phrase.for_count)  # "a table for eight": the chairs named with it
    unsure = mention.category == "placeholder" or mention.unknown is not None
    meant = meant_sense_grounding(name, mention.category, prompt) if not unsure else None
    if meant is not None:  # "a baseball dugout with a bat": the club, not the animal the word names first
        mention.category, mention.variant = meant.kind, variant_named(meant.kind, name.split())
        mention.grounding = meant
        return
    if not unsure and name == mention.noun:
        kind = kind_in_context(name, mention.category, prompt)
        if kind != mention.category:
            mention.category, mention.variant = kind, variant_named(kind, name.split())
        mention.grounding = Grounding(name, kind, 1.0, "name", "exact")
        return
    grounding = _among_people(ground_noun(name, head, context, phrase is not None and phrase.counted), phrase)
    if grounding.fit == "exact" and grounding.how in ("name", "meaning"):
        grounding = meant_sense_grounding(name, grounding.kind, prompt) or grounding  # grounded by meaning, as well
    if grounding.fit != "exact" and mention.category != "placeholder":
        if unsure:  # the grammar's guess (a similar noun, a known ending) when meaning and WordNet find no real kind
            if grounding.how in ("archetype", "none"):
                grounding = Grounding(name, mention.category, grounding.score, "head", "stand-in")
        elif not (grounding.how == "hypernym" and " " in name and (wordnet.is_lemma(name) or head_means_another(
                name, name.split()[-1], mention.category, context))):
            # "identical beds" are beds; a pool table is no table; a compound WordNet holds keeps its own class, and
            # so does one whose head word the compound means in another sense (a hand plane is a hand tool, no airplane)
            grounding = ground_by_head(name, mention.category)
    if grounding.kind != mention.category:
        mention.variant = variant_named(grounding.kind, name.split())
    mention.category, mention.noun, mention.grounding = grounding.kind, name, grounding
    mention.unknown = None if grounding.fit == "exact" else UnknownNoun(
        noun=name, mapped_to=grounding.kind, reason=grounding.why)


def _among_people(grounding: Grounding, phrase: Phrase | None) -> Grounding:
    """A noun with a person's sense and a thing's is the person where the parse says it is one (``kind_hint``: "a crowd
    of commuters" are people, though WordNet's commonest commuter is a train), or where no kind fits its thing's sense
    and it does what only somebody does while a person is one of its commonest senses ("commuters waiting": WordNet
    frames waiting as "Somebody ----s"): the person figure shows it."""
    person = lookup("person")
    shown = CATEGORIES.get(grounding.kind)
    if phrase is None or person is None or not wordnet.is_person(grounding.noun) \
            or (shown is not None and shown.generator == "person"):
        return grounding
    acts = grounding.fit != "exact" and wordnet.commonly_person(grounding.noun) \
        and any(wordnet.done_by_people(verb) for verb in phrase.verbs)
    return ground_by_head(grounding.noun, person.name) if phrase.kind_hint == "person" or acts else grounding


def _as_replica(name: str, phrase: Phrase) -> str | None:
    """``name`` with the word before it in the phrase's text when that word makes it a toy (ground.replica_kind:
    "a stuffed elephant", "a plush rabbit"), which the parse keeps out of the name as a participle or a style."""
    words = phrase.text.lower().split()
    first = name.split()[0]
    before = words[:words.index(first)] if first in words else []
    named = f"{before[-1]} {name}" if before else ""
    return named if before and replica_kind(named) is not None else None


def _for_people(whom: str | None) -> bool:
    """Whether "for N ..." counts people ("for 4 students", "for eight"), one seat or desk each; "for 12 bikes" no."""
    return whom is None or whom in T["person_lemmas"] or wordnet.is_person(whom)


def _place_purpose(parsed: ParsedPrompt, sentence: Sentence) -> None:
    """"a classroom for 20 students with desks", "desks in rows for 12 pupils" (the parse hangs the purpose on the
    place): each person the place is for has a seat and a work surface, so a bare plural of one counts them."""
    place = sentence.place
    if place is None or not place.for_count or not place.for_whom or not _for_people(place.for_whom):
        return
    for mention in parsed.mentions:
        if mention.count is None and any(has_trait(mention.category, t) for t in ("table_seat", "work_surface")):
            mention.count = place.for_count


def _drop(parsed: ParsedPrompt, indices: list[int]) -> None:
    """Remove mentions (words that are not things) and their links, renumbering the rest."""
    if not indices:
        return
    gone = set(indices)
    new_index = {old: old - sum(1 for g in gone if g < old) for old in range(len(parsed.mentions)) if old not in gone}
    parsed.mentions = [m for i, m in enumerate(parsed.mentions) if i not in gone]
    parsed.links = [dataclasses.replace(link, subject=new_index[link.subject],
                                        target=None if link.target is None else new_index[link.target])
                    for link in parsed.links
                    if link.subject in new_index and (link.target is None or link.target in new_index)]


def _room_for(parsed: ParsedPrompt, sentence: Sentence) -> None:
    """A plain room or shop whose name says what it is for ("a hospital emergency room", "a butcher's shop") is the
    place that name means."""
    if parsed.place not in GENERIC_PLACES:
        return
    room_words = {phrase for name in GENERIC_PLACES for phrase in PLACES[name].phrases}
    for phrase in (sentence.place, *sentence.mentions):
        meant = ground_place(phrase.name) if phrase is not None and phrase.name.split()[-1] in room_words else None
        if meant is not None:
            parsed.place = meant[0]
            return


def _add_missed(parsed: ParsedPrompt, sentence: Sentence, phrases: list[Phrase], context: str,
                freed: set[str]) -> None:
    """The setting and the things the grammar did not read; or read only as the modifier of a mention, since dropped
    (``freed``, its words) or kept while the parse reads the word as a thing of its own ("a kiln shelves of bowls":
    a kiln and shelves, a list run on)."""
    named = {form for m in parsed.mentions for word in m.noun.split() for form in (word, *singular_forms(word))}
    freed = freed | {form for m in parsed.mentions for word in (m.modifier or "").split()
                     for form in (word, *singular_forms(word))}
    for phrase in phrases:
        words = {form for word in phrase.name.split() for form in (word, *singular_forms(word))}
        # a thing already named by its head ("a bass guitar": the guitar), not a compound that shares only a
        # modifier with one ("skis, ski poles": the poles are a thing of their own)
        head = {phrase.head, *singular_forms(phrase.head)}
        # nor a named plural the tagger took for a modifier: a compound's first nouns are singular ("ski poles"),
        # "two moons orbit a planet" names the moons and a verb
        plural_named = any((forms := singular_forms(word)) and {word, *forms} & named for word in phrase.name.split()[:-1])
        if ((_grammar_read(phrase) and not words & freed) or head & named or plural_named) \
                and not _place_shows(phrase, parsed.place):
            continue  # a word the grammar took for a place, the ground, the weather, a known kind or a thing it has
        if phrase is sentence.place:
            place = ground_place(phrase.name) if parsed.place in (None, "room") else None
            if place is not None:
                parsed.place = place[0]
            if (place is not None or parsed.place not in (None, "room") or parsed.mentions) \
                    and not _place_shows(phrase, parsed.place):
                continue  # the grammar found the setting, or this noun heads the things it lists
        grounding = _among_people(ground_noun(phrase.name, phrase.head, near(context, phrase.char_span),
                                              phrase.counted), phrase)
        meant = meant_sense_grounding(phrase.name, grounding.kind, context) if grounding.how in ("name", "meaning") \
            and grounding.fit == "exact" else None
        grounding = meant or grounding
        if grounding.how == "name" and " " not in phrase.name:
            if _drawn_by_what_it_holds(parsed, sentence, phrase):
                continue  # "a bass guitar on a stand": the guitar is drawn on its stand
            grounding = _support_of(grounding, phrase, sentence, context)
        attrs: dict[str, str] = {}
        color = parse_color(phrase.colours[0].split(), 0) if phrase.colours else None
        if color is not None:
            attrs["color"], attrs["color_name"] = color[0], color[1]
        count = phrase.count if phrase.count is not None else (None if phrase.plural else 1)
        mention = Mention(grounding.kind, phrase.name, count, attrs,
                          variant=variant_named(grounding.kind, phrase.name.split()))
        mention.grounding = grounding
        mention.unknown = None if grounding.fit == "exact" else UnknownNoun(
            noun=phrase.name, mapped_to=grounding.kind, reason=grounding.why)
        parsed.mentions.append(mention)
        _add_links(parsed, sentence, phrase)


def _held(sentence: Sentence, phrase: Phrase) -> list[Phrase]:
    """The things the parse puts on ``phrase``."""
    index = next((j for j, mention in enumerate(sentence.mentions) if mention is phrase), None)
    return [sentence.mentions[r.subject] for r in sentence.relations if r.target == index and r.relation == "on"]


def _drawn_by_what_it_holds(parsed: ParsedPrompt, sentence: Sentence, phrase: Phrase) -> bool:
    """Whether a thing on ``phrase`` is of a kind whose description draws it with it ("a six-string guitar standing on
    its stand")."""
    kinds = [parsed.mentions[i].category for held in _held(sentence, phrase)
             if (i := _mention_of(parsed, held)) is not None]
    return any(re.search(rf"\b(?:its|their) {re.escape(phrase.name)}\b", CATEGORIES[kind].description)
               for kind in kinds if kind in CATEGORIES)


def _support_of(grounding: Grounding, phrase: Phrase, sentence: Sentence, prompt: str) -> Grounding:
    """A bare word the parse adds, grounded by its name: the kind a word of the prompt names with it ("a microphone on
    a stand": a microphone stand, "a TV on a stand" a TV stand); for a support something is on, by that thing's
    word only, and a stand-in when none is named with it and the word is only another name of its kind ("a banjo on
    a stand" is on no market stand, nor a bandstand from the "folk band" of its prompt)."""
    held = [thing.head for thing in _held(sentence, phrase)]
    if not held:
        return dataclasses.replace(grounding, kind=kind_in_context(phrase.name, grounding.kind, prompt))
    found = next((kind for word in held if (kind := lookup(f"{word} {phrase.name}")) is not None), None)
    if found is not None:
        return dataclasses.replace(grounding, kind=found.name)
    own = grounding.kind.replace("_", " ") == phrase.name or grounding.kind in wordnet.base_forms(phrase.name)
    return grounding if own else dataclasses.replace(grounding, how="head", fit="stand-in")


def _place_shows(phrase: Phrase, place: str | None) -> bool:
    """Whether ``phrase`` names the open-air place by a thing of it the scene draws: "by a lake" sets the scene on
    a lakeside, whose water is the pond it lists; the grammar read the word as the place alone, so no lake came."""
    known = PLACES.get(place or "")
    if known is None or known.kind != "outdoor" or phrase.name not in known.phrases:
        return False
    # By a kind's name or its head word's ("a duck pond"): "the solar system" is near the sun in meaning, but it is
    # all of space, not its sun.
    grounding = ground_noun(phrase.name, phrase.head)
    by_name = grounding.how == "name" or getattr(lookup(phrase.head), "name", None) == grounding.kind
    return grounding.fit == "exact" and by_name and grounding.kind in {item.category for item in known.expected}


def _add_links(parsed: ParsedPrompt, sentence: Sentence, phrase: Phrase) -> None:
    """The parse's relations of a thing just added ("a cat asleep on the sofa") to things the plan has."""
    subject = len(parsed.mentions) - 1
    for relation in sentence.relations:
        words = RELATION_WORDS.get(relation.relation)  # type: ignore[call-overload]
        if words is None or words.takes != "target" or not isinstance(relation.target, int):
            continue
        if sentence.mentions[relation.subject] is not phrase:
            continue
        target = _mention_of(parsed, sentence.mentions[relation.target])
        if target is not None and target != subject:
            parsed.links.append(Link(relation.relation, subject, target))


def _mention_of(parsed: ParsedPrompt, phrase: Phrase) -> int | None:
    """The plan's mention that is ``phrase``: by its whole name, else by its head word as the mention's last."""
    whole = {phrase.name, _spoken(phrase.name)}
    by_name = (i for i, m in enumerate(parsed.mentions) if m.noun in whole)
    by_head = (i for i, m in enumerate(parsed.mentions) if m.noun.split()[-1:] == [phrase.head])
    found = next(by_name, None)
    return found if found is not None else next(by_head, None)


def _grammar_read(phrase: Phrase) -> bool:
    """Whether the word grammar read the phrase as the room's part, the ground, the weather, a time, a place or a kind
    of its own. A compound is read by its whole name as a place or a kind: "a kitchen bar" or "a listening station"
    is no bar or station the grammar placed, and was lost between the two readers."""
    known = FLOOR_HEADS | WALL_HEADS | WINDOW_HEADS | NON_OBJECT_NOUNS | set(TIME_WORDS) | set(WEATHER_WORDS)
    compound = len(phrase.name.split()) > 1
    for word in (phrase.head, phrase.name):
        forms = {word, *singular_forms(word)}
        # a word the grammar ends a phrase at as a verb ("stand", "set") it never read as a kind: "a TV on a stand"
        listed = (not compound or word == phrase.name) and not forms & NON_NOUN_WORDS \
            and any(tuple(tokenize(form)) in phrase_index() for form in forms)
        if forms & known or listed:
            return True
    words = tokenize(phrase.text.lower())  # "the solar system": a place phrase the grammar knows, adjective and all
    spans = {tuple(words[i:j]) for i in range(len(words)) for j in range(i + 2, len(words) + 1)}
    return any(span in phrase_index() for span in spans)
