"""Named things and junk, judged from the prompt's parse and the scene's objects, not the planner's requirements.

Every non-negated mention of ``tools.plan.sentence.parse_prompt`` (people too) is a thing the prompt names.
Its verdict:
- ``fitting``: some object that is not a stand-in (no ``stand_in_for``, not the placeholder, not an
  archetype) has a kind whose name or synonyms are the mention's name (or its singular, or its plural as written:
  "sweets"), or the soft toy a replica word before it means ("a stuffed elephant", ground.replica_kind, the
  planner's own reading), or the whole "X of Y"
  phrase the mention is in (a dumbbell rack, called "rack of dumbbells", shows the rack and the dumbbells), or the
  name with the one or two words written before it ("a crystal ball": "crystal" is a material to the parse), or
  the setting's name or one of its words before it ("a kitchen with an island": a kitchen island, "a tennis court
  with a net": a tennis net); or an object that
  shows exactly that noun (its ``name``, not ``stand_in_for``) has a kind whose names or description are
  near the noun in meaning (cosine >= FIT_COSINE; only with the embeddings extra, else names only); or
  such an object's kind is named by the mention's head word and the whole mention is a free compound, one
  WordNet does not hold as a lemma: "a corner bench" is a bench, while "a rocking chair" (a WordNet lemma, a
  concept of its own) shown by a plain chair is not fitting; or the mention is a person (or a group of people)
  to WordNet and such an object is a person figure (a kind whose generator is "person"): one parametric
  figure shows a bard as it shows a customer; or nothing shows the noun itself but it names a class WordNet puts
  things of at least CLASS_KINDS of the scene's kinds under ("furniture": the sofa and the armchair of a living room);
- ``placeholder``: only objects of the placeholder kind show it;
- ``stand-in``: only other objects show it (a stand-in, an archetype, or a kind this judge finds not near);
- ``missing``: nothing shows it;
- ``scene``: not an object at all but the scene itself (a place named besides the setting, "the kitchen";
  a part of every room, "the ceiling", or a kind of one that nothing shows, "a bay window", "a skylight", since
  the room builds its windows and doors; the weather, "rain"; a sun or moon no object shows, which the look
  draws in the sky), so no share counts it. Given the scene's look, a phenomenon (a weather noun, or a word the
  parse sets aside as the air or the weather: "rain", "steam", "candlelight") is judged by ``judge_phenomenon``:
  fitting when a kind named by it is placed, the scene only when the look draws it, else missing.

Junk objects are requested objects whose noun the parse rejects (``rejected``), negates, or that match no
mention at all (by tools/plan/named_things.py, which the planner keeps its things by too); the setting's own
noun counts only when it is shown as its own kind ("a table with two chairs"), not by a stand-in ("a cloffice
with ..." as a placeholder box): objects made from words that are not things asked for.

This deliberately shares no decision with tools/plan/ground.py: it reads kinds.toml's names itself and
compares meanings its own way (the noun against each name and the description apart, best one counts).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

import numpy as np

from tools.core.embeddings import embed, embeddings_available
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, Category
from tools.knowledge.look_words import SKY_NOUNS, WEATHER_WORDS, WIND_WORDS, light_stem
from tools.knowledge.places import (
    FLOOR_COVERINGS,
    FLOOR_WORDS,
    PLACES,
    WALL_COVERINGS,
    WALL_WORDS,
    usual_kind_named,
)
from tools.plan.ground import replica_kind
from tools.plan.named_things import called, kind_names, names_of, noun_forms, shows_named
from tools.plan.sentence import ParsedPrompt
from tools.plan.sentence_lex import T
from tools.plan.surroundings import place_of, surroundings

# Cosine (all-MiniLM-L6-v2) of a noun to a kind's best name or its description for the noun to be that
# kind. Measured on kinds.toml's own names, a held-out synonym reaches one of its kind's other names or its
# description at >= 0.70 about 2 times in 3, while some other kind's name reaches it about 3 times in 10:
# strict on purpose, since a kind the generator chose by meaning must be plainly the thing.
FIT_COSINE = 0.70
# How much nearer the prompt (cosine, MiniLM) a sense of the noun must be than every sense the kind shown is for
# the noun to mean that other sense: "a bat" in a dugout is the club (0.54 to its gloss) where a bat the animal shows
# it (0.23), while in a cave the two are 0.42 and 0.42. A near tie is left to the kind.
SENSE_MARGIN = 0.08
# A kind that declares no WordNet class is of each sense of the noun this near its description as the nearest: a TV
# stand ("a low cabinet a television stands on") is a small table as much as "the position where a thing stands".
OWN_TIE = 0.1
CLASS_KINDS = 2  # a class noun ("furniture") is shown by the things of at least this many kinds under it
PLACEHOLDER = "placeholder"
# The parse's reasons for setting a word aside as the air or the weather (tools.plan.sentence): with the look, such
# a word is a phenomenon the judge counts (look_carries), not a word to forget.
PHENOMENON_REASONS = ("the air", "light, weather or motion")
NIGHT_LIGHTS = frozenset({"moon", "star"})  # sky bodies whose light is the night's

Similarity = Callable[[str, Category], float]


def written_forms(name: str, written: str) -> set[str]:
    """``name`` with its last word as the prompt wrote it, when that is a plural of it: the parse names "sweets" by
    its singular, a word of another sense ("a sweet"), while a kind is called by the plural ("sweets", "blinds",
    "tools"), as the planner reads it."""
    *rest, last = name.lower().split() or [""]
    return {" ".join([*rest, written])} if written != last and last in noun_forms(written) else set()


def is_stand_in(obj: dict) -> bool:
    """The object shows something it is not: marked ``stand_in_for``, the placeholder, or an archetype kind."""
    entry = CATEGORIES.get(obj.get("category", ""))
    archetype = entry is not None and ("archetype" in entry.traits or "archetype" in entry.tags)
    return bool(obj.get("stand_in_for")) or obj.get("category") == PLACEHOLDER or archetype


def shows(obj: dict, forms: set[str]) -> bool:
    """Whether ``obj`` shows one of the noun ``forms``: its stand_in_for, or its name (a colour may lead it)."""
    if obj.get("stand_in_for") and noun_forms(obj["stand_in_for"]) & forms:
        return True
    return called(str(obj.get("name", "")), forms)  # "trunks" shows the parse's "trunk"


@lru_cache(maxsize=None)
def _kind_vectors(category: str) -> np.ndarray:
    entry = CATEGORIES[category]
    return embed([*sorted(kind_names(category)), entry.description])


@lru_cache(maxsize=4096)
def _noun_vector(noun: str) -> np.ndarray:
    return embed([noun])[0]


def embedding_similarity(noun: str, category: Category) -> float:
    """Best cosine of ``noun`` to one of the kind's names or its description."""
    return float((_kind_vectors(category.name) @ _noun_vector(noun)).max())


def default_similarity() -> Similarity | None:
    """The meaning judge when the embeddings extra is installed, else None (names only)."""
    return embedding_similarity if embeddings_available() else None


def is_free_compound(name: str, head: str) -> bool:
    """Whether ``name`` is a compound of several words ending in ``head`` that WordNet does not hold as a lemma
    ("a feast table", not "a pool table"); never without the WordNet files."""
    return (len(name.split()) > 1 and bool(noun_forms(name.split()[-1]) & noun_forms(head))
            and wordnet.available() and not wordnet.is_lemma(name))


def judge_mention(name: str, objects: list[dict], similarity: Similarity | None, head: str = "",
                  of_names: Iterable[str] = (), text: str = "", settings: Iterable[str] = (),
                  place: str | None = None, context: str = "") -> dict:
    """As ``judge_fit``, then a fitting kind is only another kind when the prompt (``context``) plainly means another
    sense of the noun than the kind is of ("a baseball dugout with a bat" shown by a bat the animal): the verdict
    stays honest where grounding picked the wrong sense."""
    verdict = judge_fit(name, objects, similarity, head, of_names, text, settings, place)
    fitting = verdict["verdict"] == "fitting"
    shown = next((o for o in objects if o["id"] == verdict["object"]), None) if fitting else None
    if shown is None or similarity is None or not context or not SENSE_CHECKED.match(verdict["why"]):
        return verdict
    meant = other_sense_meant(name, head, CATEGORIES[shown["category"]], context)
    if meant is None:
        return verdict
    return {**verdict, "verdict": "stand-in", "why": f"a {shown['category']}, another sense than the one meant "
                                                    f"({meant.lemmas[0]}: {meant.gloss[:60]})"}


def judge_fit(name: str, objects: list[dict], similarity: Similarity | None, head: str = "",
              of_names: Iterable[str] = (), text: str = "", settings: Iterable[str] = (),
              place: str | None = None) -> dict:
    """{name, verdict, object, why} of one named thing (its head word ``head``; ``of_names`` the "X of Y" phrase
    it is in, "a rack of dumbbells"; ``text`` its words as written, "a crystal ball"; ``settings`` the names of
    the place it is in, whose name before its own may name its kind: "a kitchen with an island"; ``place`` its
    place type, whose usual kind of it a bare head word names: "shelves" in a grocery) among scene.json's
    ``objects``."""
    words = " ".join(text.lower().split()).split(" ")  # the words before the name that a kind's name may hold
    forms = noun_forms(name) | written_forms(name, words[-1])
    described = {form for k in range(1, 3) if len(words) > len(name.split()) + k - 1
                 for form in noun_forms(" ".join([*words[-len(name.split()) - k:-len(name.split())], name]))}
    usual = next((kind for form in sorted(forms) if (kind := usual_kind_named(form, place)) is not None), None)
    toys = {toy.name for form in forms | described if (toy := replica_kind(form)) is not None}
    for obj in objects:
        if not is_stand_in(obj) and kind_names(obj.get("category", "")) & forms:
            return {"name": name, "verdict": "fitting", "object": obj["id"], "why": f"a {obj['category']} by name"}
        if not is_stand_in(obj) and obj.get("category") in toys:
            return {"name": name, "verdict": "fitting", "object": obj["id"], "why": f"a {obj['category']}, a toy of it"}
        if not is_stand_in(obj) and usual is not None and obj.get("category") == usual:
            return {"name": name, "verdict": "fitting", "object": obj["id"], "why": f"the {place}'s own {usual}"}
    whole = {form for phrase in of_names for form in noun_forms(phrase)} | described
    whole |= {form for setting in settings for form in noun_forms(f"{setting} {name}")}
    for obj in objects:  # a kind that is the whole phrase shows the holder and its contents at once
        if not is_stand_in(obj) and kind_names(obj.get("category", "")) & whole:
            return {"name": name, "verdict": "fitting", "object": obj["id"],
                    "why": f"a {obj['category']}, by the whole name {sorted(whole)[0]!r}"}
    showing = [obj for obj in objects if shows(obj, forms)]
    for obj in showing:
        entry = CATEGORIES.get(obj.get("category", ""))
        if is_stand_in(obj) or entry is None or similarity is None:
            continue
        score = similarity(name, entry)
        if score >= FIT_COSINE:
            return {"name": name, "verdict": "fitting", "object": obj["id"],
                    "why": f"a {entry.name} by meaning ({score:.2f})"}
    for obj in showing:
        entry = CATEGORIES.get(obj.get("category", ""))
        if not is_stand_in(obj) and entry is not None and is_declared_class(name, entry):
            return {"name": name, "verdict": "fitting", "object": obj["id"],
                    "why": f"a {entry.name}, the WordNet class it declares"}
    people = bool(showing) and wordnet.available() and (wordnet.is_person(name) or wordnet.gathers(name) == "people")
    for obj in showing:
        entry = CATEGORIES.get(obj.get("category", ""))
        if people and not is_stand_in(obj) and entry is not None and entry.generator == "person":
            return {"name": name, "verdict": "fitting", "object": obj["id"], "why": f"a person, as a {entry.name}"}
    for obj in showing:
        if not is_stand_in(obj) and head and kind_names(obj.get("category", "")) & noun_forms(head) and (
                is_free_compound(name, head)):
            return {"name": name, "verdict": "fitting", "object": obj["id"], "why": f"a {obj['category']} by its head"}
    members = class_members(name, objects) if not showing else []
    if len({obj.get("category") for obj in members}) >= CLASS_KINDS:
        return {"name": name, "verdict": "fitting", "object": members[0]["id"],
                "why": f"a class of things the scene's {', '.join(sorted({o['category'] for o in members}))} are"}
    if not showing:
        return {"name": name, "verdict": "missing", "object": None, "why": "no object shows it"}
    shown = next((o for o in showing if o.get("category") != PLACEHOLDER), showing[0])
    verdict = "placeholder" if shown.get("category") == PLACEHOLDER else "stand-in"
    return {"name": name, "verdict": verdict, "object": shown["id"], "why": f"shown by a {shown.get('category')}"}


# The fitting verdicts that rest on the noun's own word (its name, its meaning, its class, its head), whose sense the
# prompt may contradict; a whole "X of Y" name, a toy, a person figure or a class of the scene's things does not.
SENSE_CHECKED = re.compile(r"a \w+ by (?:name|meaning|its head)\b|the .+'s own \w+$")


def other_sense_meant(name: str, head: str, category: Category, context: str) -> wordnet.Synset | None:
    """The sense of the noun the prompt plainly means (SENSE_MARGIN) when the kind shown is of none near it, else
    None. The noun is the whole name when WordNet holds it, else its head word read in the compound. The kind is of
    the noun's senses under a WordNet class it declares, else of those nearest its description (OWN_TIE); no say without
    WordNet or for a noun with one shown sense. The other sense must be another sort of thing
    (``wordnet.another_sort``): a table covered in chips is furniture, not "food or meals in general"."""
    if not wordnet.available():
        return None
    word = name if wordnet.is_lemma(name) or not head else head
    senses = [s for s in wordnet.senses(word) if wordnet.is_shown(s)]
    if len(senses) < 2:
        return None
    declared = [found for c in category.wordnet if (found := wordnet.named(c)) is not None]
    own = [s for s in senses if any(wordnet.related(s, d, 0) or wordnet.related(d, s, 0) for d in declared)]
    vectors = embed([context if word == name else f"{name}: {context}", category.description,
                     *(f"{' '.join(s.lemmas[:2])}: {s.gloss}" for s in senses)])
    to_prompt, to_kind = vectors[2:] @ vectors[0], vectors[2:] @ vectors[1]
    own = own or [s for s, near in zip(senses, to_kind) if near >= to_kind.max() - OWN_TIE]
    things = wordnet.physical_senses(word, None)  # the other sense is a thing, never a sign ("a mat": no MAT degree)
    others = [i for i, s in enumerate(senses) if s in things and wordnet.another_sort(s, own)]
    # The kind by its own senses or its description: "a sack of grain" is no hammock, however MiniLM reads the barn.
    best_own = max(float(vectors[1] @ vectors[0]), *(float(to_prompt[senses.index(o)]) for o in own))
    best = max(others, key=lambda i: to_prompt[i], default=None)
    return senses[best] if best is not None and to_prompt[best] - best_own >= SENSE_MARGIN else None


def class_members(name: str, objects: list[dict]) -> list[dict]:
    """The objects (no stand-ins) of kinds that WordNet puts under the noun's commonest physical sense: "furniture"
    is shown by the sofa and the armchairs of a living room, "gym equipment" by its treadmill and its bench."""
    senses = wordnet.physical_senses(name, 1) if wordnet.available() else []
    if not senses:
        return []
    return [obj for obj in objects if not is_stand_in(obj) and obj.get("category") in CATEGORIES
            and _under(senses[0].offset, obj["category"])]


@lru_cache(maxsize=65536)
def _under(offset: int, category: str) -> bool:
    """Whether a commonest sense of one of the kind's names lies under the WordNet sense ``offset`` (not at it)."""
    entry = CATEGORIES[category]
    return any(offset in {a.offset for a, depth in wordnet.ancestors(sense) if depth}
               for n in (entry.name, *entry.synonyms) for sense in wordnet.physical_senses(n.replace("_", " "), 1))


def is_declared_class(name: str, category: Category) -> bool:
    """Whether the noun's commonest physical sense is a WordNet class the kind declares (kinds.toml ``wordnet``):
    "a portrait" is the likeness a painting declares, though MiniLM puts the words apart."""
    if not wordnet.available() or not category.wordnet:
        return False
    senses = wordnet.physical_senses(name, None)[:1]
    declared = {found.offset for c in category.wordnet if (found := wordnet.named(c)) is not None}
    return bool(senses) and senses[0].offset in declared


@lru_cache(maxsize=1)
def place_names() -> frozenset[str]:
    """The names of places that no kind also has: "a long bar" is a counter to show, "the kitchen" a place."""
    places = {n for place in PLACES.values() for n in (place.name.replace("_", " "), *place.phrases)}
    return frozenset(places - {n for kind in CATEGORIES for n in kind_names(kind)})


def scene_part(name: str) -> str | None:
    """What of the scene itself a mention names, or None for a thing: "a place", "the room", "the weather".
    By its whole name only: "a teller window" and "a kitchen bar" are things to show."""
    forms = noun_forms(name)
    if forms & place_names():
        return "a place"
    if forms & set(T["room_parts"]):
        return "the room"
    if forms & SKY_NOUNS:
        return "the sky"  # "a sky full of stars": the backdrop the page draws
    return "the weather" if forms & set(T["weather_nouns"]) else None


def surface_finish(name: str) -> tuple[str, str] | None:
    """(surface, finish) a mention names as the room's own covering: "floral wallpaper" (walls, wallpaper),
    "stone walls" (walls, stone), "floor tiles" (floor, tile); None for anything else."""
    words = name.lower().split()
    last = next((form for form in noun_forms(words[-1]) if form in WALL_COVERINGS | FLOOR_COVERINGS
                 | {"wall", "walls"}), None) if words else None
    if last is None:
        return None
    on_walls = last in WALL_COVERINGS or last in {"wall", "walls"} or "wall" in words or "walls" in words
    table = WALL_WORDS if on_walls else FLOOR_WORDS
    finish = next((table[w] for w in reversed(words) if w in table), None)
    return ("walls" if on_walls else "floor", finish) if finish else None


def surfaces_drawn(architecture: dict) -> dict[str, str]:
    """{"walls": finish, "floor": material} of a room as scene.json's architecture draws it; {} outdoors."""
    if architecture.get("kind") != "indoor":
        return {}
    walls = architecture.get("walls") or [{}]
    drawn = {"walls": walls[0].get("material"), "floor": architecture.get("floor", {}).get("material")}
    return {surface: finish for surface, finish in drawn.items() if finish}


def judge_named(parsed: ParsedPrompt, objects: list[dict], similarity: Similarity | None = None,
                look: dict | None = None, surfaces: dict[str, str] | None = None) -> list[dict]:
    """[{name, verdict, object, why}] for every non-negated mention of the prompt, in the parse's order, then (given
    the scene's ``look``, see ``look_carries``) every phenomenon the parse set aside as the air or the weather.
    ``surfaces``: the finish of the room's walls and floor as the scene draws them ({"walls": "brick"}), which
    show a named covering ("exposed brick walls")."""
    judged = []
    # The setting's name, its head and each of its words: "a tennis court with a net" names a tennis net.
    settings = {parsed.place.name.lower(), parsed.place.head.lower(), *parsed.place.name.lower().split()} \
        if parsed.place is not None else set()
    place_type = place_of(parsed.place) if parsed.place is not None else None
    around = surroundings(parsed, place_type)  # "the kitchen of a castle": no castle to show
    for mention in parsed.mentions:
        covering = surface_finish(mention.text)  # as written: the parse's name of "stone walls" is "wall"
        if covering is not None and (surfaces or {}).get(covering[0]) == covering[1]:
            judged.append({"name": mention.name, "verdict": "scene", "object": None,
                           "why": f"the room's {covering[0]}, finished in {covering[1]}"})
            continue
        part = scene_part(mention.name) if covering is None else None  # a covering not shown: a thing, or missing
        part = "the larger setting the place is in" if around.holds(mention) else part
        if part == "the weather" and look is not None:  # "lightning" a kind draws, "rain" the look, or nothing
            judged.append(judge_phenomenon(mention.name, objects, look))
            continue
        verdict = {"name": mention.name, "verdict": "scene", "object": None, "why": f"{part}, not an object"} \
            if part else judge_mention(mention.name, objects, similarity, mention.head, mention.of_names,
                                       mention.text, settings, place_type, parsed.text)
        if verdict["verdict"] == "missing" and is_sky_body(mention.name):  # "a full moon" over a forest
            verdict = {"name": mention.name, "verdict": "scene", "object": None, "why": "the sky, drawn by the look"}
        if verdict["verdict"] == "missing" and covering is None and is_room_part_kind(mention.name, mention.head):
            verdict = {"name": mention.name, "verdict": "scene", "object": None,
                       "why": "a kind of the room's own part, built into the room"}
        judged.append(verdict)
    if look is not None:
        judged += [judge_phenomenon(r.text.lower(), objects, look) for r in parsed.rejected
                   if r.reason.startswith(PHENOMENON_REASONS)]
    place = parsed.place
    if place is not None and setting_is_thing(parsed) and any(shows(obj, noun_forms(place.name)) for obj in objects):
        # "a reading table with a pair of glasses": the setting is itself a thing, and an object shows it
        judged.append(judge_mention(place.name, objects, similarity, place.head, context=parsed.text))
    return judged


def judge_phenomenon(name: str, objects: list[dict], look: dict) -> dict:
    """{name, verdict, object, why} of a phenomenon ("rain", "candlelight", "steam"): ``fitting`` when a kind named
    by it is placed (a lightning bolt, a plume of steam), ``scene`` when the look draws it, else ``missing``: a named
    effect nothing shows is never counted present."""
    forms = noun_forms(name)
    for obj in objects:
        if not is_stand_in(obj) and kind_names(obj.get("category", "")) & forms:
            return {"name": name, "verdict": "fitting", "object": obj["id"], "why": f"a {obj['category']} by name"}
    carried = look_carries(name, objects, look)
    if carried:
        return {"name": name, "verdict": "scene", "object": None, "why": carried}
    return {"name": name, "verdict": "missing", "object": None, "why": "a phenomenon neither a kind nor the look shows"}


def look_carries(name: str, objects: list[dict], look: dict) -> str | None:
    """How the look draws the phenomenon ``name``, or None. ``look`` holds scene.json's (or the plan's) time_of_day,
    weather and ``outdoor`` (only outdoors does the page draw weather). The weather its word means
    (tools.knowledge.look_words), outdoor wind; light: plain light is the scene's lighting, the light of a sky body
    ("moonlight") is the sky's when the hour fits, the light of a kind ("candlelight") that kind's when one is placed."""
    forms = noun_forms(name)
    outdoor = bool(look.get("outdoor"))
    if outdoor and any(WEATHER_WORDS.get(form) == look.get("weather") for form in forms):
        return "the weather, drawn by the look"
    if outdoor and forms & set(WIND_WORDS):
        return "the wind, plants sway outdoors"
    if outdoor and forms & SKY_NOUNS:
        return "the sky, drawn over every outdoor scene"
    for form in forms:
        stem = light_stem(form)
        if stem is None:
            continue
        if stem in ("", "day"):
            return "the scene's light, drawn by the look"
        if is_sky_body(stem):
            night = look.get("time_of_day") == "night"
            return "the sky's light at this hour" if night == (stem in NIGHT_LIGHTS) else None
        shown = next((o for o in objects if not is_stand_in(o) and kind_names(o.get("category", "")) & noun_forms(stem)),
                     None)
        if shown is not None:
            return f"the light of the {shown['category']} placed"
    return None


def setting_is_thing(parsed: ParsedPrompt) -> bool:
    """Whether the prompt's setting is itself a thing ("a reading table with a pair of glasses"): no place is called
    by its name, and its head word is a kind's name ("table"), not a coined place ("a cloffice with a stool")."""
    if parsed.place is None or scene_part(parsed.place.name) is not None:
        return False
    head = noun_forms(parsed.place.head or parsed.place.name.split()[-1])
    return any(kind_names(kind) & head for kind in CATEGORIES) and not head & place_names()


def is_room_part_kind(name: str, head: str = "") -> bool:
    """Whether ``name``, which no kind is named by, is a kind of a room's own part (a window, a door): a compound
    on one ("an airlock door", "a bay window") or a kind of one to WordNet ("a skylight" is a window). Built into
    the room, it is no object; only when nothing shows it is it judged so."""
    if any(kind_names(kind) & noun_forms(name) for kind in CATEGORIES):
        return False
    parts = set(T["room_parts"])
    if len(name.split()) > 1 and noun_forms(head or name.split()[-1]) & parts:
        return True
    wholes = {s.offset for part in parts for s in wordnet.physical_senses(part, 1)} if wordnet.available() else set()
    return any(a.offset in wholes for sense in wordnet.physical_senses(name, 2) for a, _ in wordnet.ancestors(sense))


def is_sky_body(name: str) -> bool:
    """A body of the sky (kinds.toml trait sky_body): outside space the look draws it in the sky, no object."""
    forms = noun_forms(name)
    return any("sky_body" in CATEGORIES[kind].traits and kind_names(kind) & forms for kind in CATEGORIES)


def _matches(obj: dict, names: Iterable[str]) -> bool:
    names = list(names)
    shown = str(obj.get("stand_in_for") or "")  # a stand-in shows its noun, whatever it is called
    return shows_named(str(obj.get("name", "")), obj.get("category", ""), names) or (
        bool(shown) and any(noun_forms(shown) & noun_forms(n) for n in names))


def junk_objects(parsed: ParsedPrompt, objects: list[dict]) -> list[dict]:
    """[{id, noun, why}] for requested objects that show no thing the prompt names."""
    found = []
    for obj in objects:
        if not obj.get("requested"):
            continue
        if _matches(obj, [n for m in parsed.mentions for n in names_of(m)]):  # "a chest of gold"
            continue
        setting = [parsed.place.name, parsed.place.head] if parsed.place is not None else []
        if not is_stand_in(obj) and _matches(obj, setting):
            continue  # "a table with two chairs": the setting is itself a thing, shown as its own kind
        if parsed.place is not None and setting_is_thing(parsed) and shows(obj, noun_forms(parsed.place.name)):
            continue  # "a reading table with ...": a stand-in for the setting, a thing, judged as one
        noun = obj.get("stand_in_for") or obj.get("name") or obj.get("category", "")
        rejected = next((r for r in parsed.rejected if _matches(obj, [r.text])), None)
        if rejected is not None:
            why = f"the parse rejects {rejected.text!r} ({rejected.reason})"
        elif _matches(obj, [m.name for m in parsed.negated]):
            why = "the prompt says there is none"
        elif _matches(obj, setting):
            why = "the setting's own noun, shown by a stand-in"
        else:
            why = _unmatched_why(parsed, noun)
        found.append({"id": obj["id"], "noun": noun, "why": why})
    return found


def _unmatched_why(parsed: ParsedPrompt, noun: str) -> str:
    """Why an object matches no named thing, by where its word stands in the prompt (a class, not the word)."""
    words = _words(noun)
    named_words = {w for m in parsed.mentions for w in _words(m.name)}
    if not words & _words(parsed.text):
        return "matches no thing the prompt names (a word the prompt does not use)"
    if words & named_words:
        return "matches no thing the prompt names (a part of a longer named thing)"
    return "matches no thing the prompt names (a word the parse reads as no thing)"


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def verdict_counts(named: list[dict]) -> dict[str, int]:
    """How many named things got each verdict."""
    return {v: sum(n["verdict"] == v for n in named) for v in ("fitting", "stand-in", "placeholder", "missing")}
