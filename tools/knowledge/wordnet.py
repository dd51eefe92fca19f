"""WordNet's noun hierarchy, read from the database files Debian's ``wordnet-base`` installs.

Grounding asks it one question: what is this noun a kind of? "pew" -> bench, "retriever" -> dog, "son" ->
person, "phoropter" -> optical instrument -> device. Only the physical senses of a noun are walked (those
under physical_entity.n.01), so "flavour" or "team" never becomes an object by this road.

The files are read lazily: the index once per process, searched by lemma (its lines are sorted), and each
synset by seeking to its byte offset in data.noun, which is what the offsets in WordNet's files are. Without the
files (a machine without wordnet-base) every answer is empty and grounding falls back on meaning alone.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

WORDNET_DIRS = (os.environ.get("DIORAMA_WORDNET_DIR", ""), "/usr/share/wordnet")
PHYSICAL = "physical_entity.n.01"
# What a collective noun gathers, by the class its commonest sense falls under, most specific first: "a team"
# and "a crowd" are people, "a herd" animals, "a pile" or "a fleet" things; an institution ("a school") is a
# place, not a gathering of people.
GATHERINGS = (("institution.n.01", None), ("social_group.n.01", "people"), ("animal_group.n.01", "animals"),
              ("group.n.01", "things"), ("indefinite_quantity.n.01", "things"))
MEMBER_CLASSES = {"people": "person.n.01", "animals": "animal.n.01"}  # what one member of a gathering is
# Lexicographer files of the senses that are something happening, not a thing one places: noun.event ("a
# wave", "a flash") and noun.phenomenon ("light", "lightning", "a breeze").
PHENOMENON_FILE = 19
EVENT_FILE = 11  # where WordNet files sounds too: a crackle, a creak, a tick
ACT_FILE = 4  # noun.act: something done (a trick, a picnic, a spin)
# noun.location and noun.object: a region of land ("a spot", "a clearing") or a natural thing ("a lagoon", "a canyon")
OPEN_GROUND_FILES = frozenset({15, 17})
HAPPENING_FILES = frozenset({EVENT_FILE, PHENOMENON_FILE})
# Classes of matter that hangs in the air rather than standing anywhere: "dust in the air", "steam rising", "the
# air". Paper, wood and sand are substances too, but they take a shape one can place.
AIRBORNE_CLASSES = (("gas.n.02", "gas"), ("suspension.n.01", "vapour"), ("particulate.n.01", "dust"))
# Lexicographer files of ideas, not things or beings: act, attribute, cognition, feeling, motive, possession,
# process, quantity, relation, state, time. Communication (a logo, a sign), people (a unicorn is an imaginary
# being, filed with persons), objects and shapes (a rainbow) are not among them: a scene can show those.
IDEA_FILES = frozenset({4, 7, 9, 12, 16, 21, 22, 23, 24, 26, 28})
PERSON_FILE = 18  # noun.person
FOOD_FILE = 13  # noun.food
LIVING_FILES = frozenset({5, 20})  # noun.animal, noun.plant
MASS_FILES = frozenset({FOOD_FILE, 27})  # noun.food, noun.substance: stuff, which a thing named as one ("a table") is not
COMMUNICATION_FILE = 10  # noun.communication: a sign, a poster, a cairn (a marker of stones), none a physical entity
# Classes of sounds: the effect, the sensation, the vibration and the audible event ("a thud", "the crackle of a
# fire"), and speech or music one hears ("laughter", "chatter"). What makes a sound is the thing a scene shows.
SOUND_CLASSES = tuple((name, "sound") for name in ("sound.n.01", "sound.n.02", "sound.n.03", "sound.n.04",
                                                   "auditory_communication.n.01"))
SHOW = "show.n.03"  # a public performance or entertainment: what a film, a sitcom or a concert is first
MAX_SENSES = 3  # senses of a noun walked, most frequent first
COMMON_SENSES = 2  # a kind's name means the class of one of its two most frequent senses
MAX_DEPTH = 20  # hypernym steps walked up from a sense (WordNet is at most 19 deep)
# WordNet's own detachment rules for noun plurals (morphy), after its exception list.
_SUFFIXES = (("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"),
             ("ies", "y"), ("s", ""))


@dataclass(frozen=True)
class Synset:
    """One WordNet noun synset: its name ("bench.n.01" style, by its first lemma), lemmas and hypernyms."""

    offset: int
    lemmas: tuple[str, ...]
    hypernyms: tuple[int, ...]
    gloss: str
    instance: bool = False  # one named individual ("Diesel" the engineer), not a class of things
    lexfile: int = 0  # WordNet's lexicographer file: 11 noun.event, 19 noun.phenomenon, 6 noun.artifact, ...


def wordnet_dir() -> Path | None:
    """The folder holding data.noun and index.noun, or None when WordNet is not installed."""
    for folder in WORDNET_DIRS:
        if folder and (Path(folder) / "data.noun").is_file() and (Path(folder) / "index.noun").is_file():
            return Path(folder)
    return None


def available() -> bool:
    """Whether the WordNet files are installed."""
    return wordnet_dir() is not None


class _SortedIndex:
    """index.noun looked up by binary search over its bytes, as WordNet's own library reads it: its lines are
    sorted by lemma (byte order), so a process reads the 4.8 MB file and finds each noun in ~17 steps instead
    of building a dict of its 118,000 lemmas (0.2-0.8 s of every process that grounds a noun)."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._start = 0
        while data.startswith(b" ", self._start):  # the licence header, lines starting with a space
            self._start = data.index(b"\n", self._start) + 1

    def get(self, lemma: str, default: tuple[int, ...] = ()) -> tuple[int, ...]:
        """The synset offsets of ``lemma``, most frequent sense first, or ``default``."""
        found = self.line(lemma)
        return tuple(int(o) for o in found[-int(found[2]):]) if found else default

    def tagged(self, lemma: str) -> int:
        """How many senses of ``lemma`` WordNet's tagged texts counted (its order is by frequency only up to them)."""
        found = self.line(lemma)
        return int(found[-int(found[2]) - 1]) if found else 0

    def line(self, lemma: str) -> list[bytes]:
        """The fields of ``lemma``'s line, or []."""
        data, key = self._data, lemma.encode("utf-8", "replace")
        low, high = self._start, len(data)  # both at the start of a line
        while low < high:
            start = data.rfind(b"\n", 0, (low + high) // 2) + 1
            end = data.find(b"\n", start)
            end = len(data) if end < 0 else end
            word = data[start:data.find(b" ", start, end)]
            if word < key:
                low = end + 1
            elif word > key:
                high = start
            else:
                return data[start:end].split()
        return []

    def __contains__(self, lemma: str) -> bool:
        return bool(self.get(lemma))

    def __getitem__(self, lemma: str) -> tuple[int, ...]:
        found = self.get(lemma)
        if not found:
            raise KeyError(lemma)
        return found


@lru_cache(maxsize=1)
def _index() -> _SortedIndex:
    folder = wordnet_dir()
    return _SortedIndex((folder / "index.noun").read_bytes() if folder is not None else b"")


@lru_cache(maxsize=1)
def _verb_index() -> _SortedIndex:
    folder = wordnet_dir()
    return _SortedIndex((folder / "index.verb").read_bytes() if folder is not None else b"")


def is_verb_idiom(verb: str, *words: str) -> bool:
    """Whether WordNet holds ``verb`` (a lemma) with the words after it as one verb: "hit the books", "drop a line",
    "kick the bucket", "catch fire". Its object is then part of what is done, not a thing in the scene."""
    return "_".join([verb.lower(), *(w.lower() for w in words)]) in _verb_index()


@lru_cache(maxsize=1)
def _exceptions() -> dict[str, str]:
    folder = wordnet_dir()
    path = folder / "noun.exc" if folder else None
    if path is None or not path.is_file():
        return {}
    return {w[0]: w[1] for w in (line.split() for line in path.open(encoding="utf-8")) if len(w) >= 2}


@lru_cache(maxsize=65536)
def synset(offset: int) -> Synset:
    """The noun synset at ``offset`` in data.noun."""
    folder = wordnet_dir()
    assert folder is not None, "synset() needs the WordNet files"
    with (folder / "data.noun").open("rb") as f:
        f.seek(offset)
        line = f.readline().decode("utf-8")
    head, _, gloss = line.partition(" | ")
    fields = head.split()
    count = int(fields[3], 16)
    lemmas = tuple(fields[4 + 2 * i].lower() for i in range(count))
    at = 4 + 2 * count
    pointers = int(fields[at])
    kinds = [(fields[at + 1 + 4 * i], int(fields[at + 2 + 4 * i])) for i in range(pointers)
             if fields[at + 1 + 4 * i] in ("@", "@i") and fields[at + 3 + 4 * i] == "n"]
    instance = bool(kinds) and all(symbol == "@i" for symbol, _ in kinds)
    return Synset(offset, lemmas, tuple(o for _, o in kinds), gloss.strip(), instance, int(fields[1]))


def base_forms(noun: str) -> list[str]:
    """The noun's WordNet lemma forms, the word itself first: "weather vanes" -> ["weather_vane"]."""
    word = "_".join(noun.lower().replace("-", " ").split())
    index = _index()
    forms = [word] if word in index else []
    if word in _exceptions():
        forms.append(_exceptions()[word])
    forms += [word[: -len(end)] + new for end, new in _SUFFIXES if word.endswith(end) and len(word) > len(end) + 1]
    return list(dict.fromkeys(f for f in forms if f in index))


def senses(noun: str) -> list[Synset]:
    """The noun's synsets, most frequent first (WordNet orders them by tagged frequency)."""
    return [synset(o) for form in base_forms(noun) for o in _ordered(form)]


@lru_cache(maxsize=16384)
def _ordered(form: str) -> tuple[int, ...]:
    """The senses of the lemma ``form``, most frequent first. A spelling the tagged texts never met ("colour",
    "centre", "grey") lists its senses in no order of use; another lemma of its senses that they did meet ("color")
    orders them by its own order, when it holds every one of them that has another name (a spelling of the same word,
    not a synonym of one sense; a sense of this spelling alone, "Centre" the French region, comes last): "the colour
    of honey" is the hue, not a paint."""
    offsets = _index()[form]
    if _index().tagged(form) or len(offsets) < 2:
        return offsets
    shared = {o for o in offsets if synset(o).lemmas != (form,)}
    spelling = next((order for other in dict.fromkeys(name for o in offsets if o in shared for name in synset(o).lemmas)
                     if other != form and _index().tagged(other) and shared <= set(order := _index().get(other))), None)
    if spelling is None:
        return offsets
    return tuple(sorted(offsets, key=lambda o: spelling.index(o) if o in shared else len(spelling) + offsets.index(o)))


def is_common_sense(lemma: str, offset: int) -> bool:
    """Whether synset ``offset`` is one of the COMMON_SENSES most frequent senses of ``lemma``: "canvas" names
    a painting or a fabric, and a sail only in a rarer sense."""
    return lemma in _index() and offset in _ordered(lemma)[:COMMON_SENSES]


def named(name: str) -> Synset | None:
    """The synset "lemma.n.NN" names (its NN-th sense), or None."""
    lemma, _, number = name.rpartition(".n.")
    offsets = _index().get(lemma, ())
    n = int(number) if number.isdigit() else 0
    return synset(offsets[n - 1]) if 0 < n <= len(offsets) else None


def ancestors(sense: Synset) -> list[tuple[Synset, int]]:
    """``sense`` and every hypernym above it with its distance, nearest first (breadth first)."""
    seen, order, frontier = {sense.offset}, [(sense, 0)], [sense]
    for depth in range(1, MAX_DEPTH + 1):
        frontier = [synset(o) for s in frontier for o in s.hypernyms if o not in seen]
        seen |= {s.offset for s in frontier}
        order += [(s, depth) for s in frontier]
    return order


@lru_cache(maxsize=1)
def _physical_offset() -> int | None:
    found = named(PHYSICAL)
    return found.offset if found else None


def _first_under(sense: Synset, table: tuple[tuple[str, str | None], ...]) -> str | None:
    """The value of the first class of ``table`` ((class name, value) pairs) that ``sense`` is a kind of."""
    above = {a.offset for a, _ in ancestors(sense)}
    return next((value for name, value in table if (found := named(name)) is not None and found.offset in above),
                None)


def _gathering(sense: Synset) -> str | None:
    return _first_under(sense, GATHERINGS)


def _is_thing(sense: Synset) -> bool:
    return not sense.instance and any(a.offset == _physical_offset() for a, _ in ancestors(sense))


@lru_cache(maxsize=4096)
def gathers(noun: str, of: str = "") -> str | None:
    """'people', 'animals' or 'things' when ``noun`` means a group or an amount of what ``of`` names ("a team",
    "a pack of wolves", "a pile of crates"), else None. The commonest sense that is a thing or a group decides
    ("a glass of wine" is a glass); a rarer sense counts when its members are what ``of`` is: in "a school of
    fish" the school is the fish's, not a building."""
    found = senses(noun)
    first = next((s for s in found if _is_thing(s) or _gathering(s)), None)
    if first is not None and not _is_thing(first):
        return _gathering(first)
    members = _members(of) if of else None
    return members if members and any(_gathering(s) == members for s in found) else None


def is_person(noun: str) -> bool:
    """Whether one of the physical senses of ``noun`` is a person ("hoarder", "daughter")."""
    return _members(noun) == "people"


def commonly_person(noun: str) -> bool:
    """Whether one of the COMMON_SENSES most frequent senses of ``noun`` is a person: a commuter (a train first, a
    traveller next), not a machine (its second sense, "an efficient person", is a person but the word is rare so)."""
    table = (("person.n.01", "people"),)
    return any(_first_under(s, table) for s in senses(noun)[:COMMON_SENSES] if _is_thing(s))


# WordNet's verb frames whose subject is a thing ("Something ----s", "Something is ----ing PP", ...) or "It"; the
# other frames' subject is "Somebody".
THING_SUBJECT_FRAMES = frozenset({1, 3, 4, 5, 6, 10, 11, 12, 34, 35})
VERB_ENDINGS = (("ies", "y"), ("es", "e"), ("es", ""), ("s", ""), ("ied", "y"), ("ed", "e"), ("ed", ""),
                ("ing", "e"), ("ing", ""))  # WordNet's own detachment rules for verbs (morphy)


def verb_lemma(verb: str) -> str | None:
    """The WordNet verb lemma of an inflected ``verb`` ("waiting" -> wait, "chatting" -> chat, "sat" -> sit)."""
    word = verb.lower()
    stems = [word, *(_verb_exceptions().get(word, ())),
             *(word[:-len(end)] + base for end, base in VERB_ENDINGS if word.endswith(end))]
    stems += [stem[:-1] for stem in stems if len(stem) > 2 and stem[-1] == stem[-2]]  # "chatt" -> chat
    return next((stem for stem in stems if stem in _verb_index()), None)


def done_by_people(verb: str) -> bool:
    """Whether what ``verb`` says in its commonest sense only somebody does, by WordNet's verb frames: "waiting",
    "kneeling" and "working" take a person ("Somebody ----s"); "hanging", "leaning", "flowing" and "standing" a thing
    too. A verb WordNet does not know: no."""
    lemma = verb_lemma(verb)
    frames = _verb_frames(_verb_index()[lemma][0]) if lemma else frozenset()
    return bool(frames) and not frames & THING_SUBJECT_FRAMES


@lru_cache(maxsize=1)
def _verb_exceptions() -> dict[str, tuple[str, ...]]:
    folder = wordnet_dir()
    path = folder / "verb.exc" if folder else None
    if path is None or not path.is_file():
        return {}
    return {w[0]: tuple(w[1:]) for w in (line.split() for line in path.open(encoding="utf-8")) if len(w) >= 2}


@lru_cache(maxsize=4096)
def _verb_frames(offset: int) -> frozenset[int]:
    """The frame numbers of the verb synset at ``offset`` in data.verb (for any of its words)."""
    folder = wordnet_dir()
    assert folder is not None, "_verb_frames() needs the WordNet files"
    with (folder / "data.verb").open("rb") as f:
        f.seek(offset)
        fields = f.readline().decode("utf-8").partition(" | ")[0].split()
    at = 4 + 2 * int(fields[3], 16)
    at += 1 + 4 * int(fields[at])
    return frozenset(int(fields[at + 2 + 3 * i]) for i in range(int(fields[at])))


def being(noun: str) -> str | None:
    """'people' or 'animals' when some physical sense of ``noun`` is a person or an animal, else None."""
    return _members(noun)


def _members(noun: str) -> str | None:
    """'people' or 'animals' for a noun one of whose physical senses is a person or an animal ("tuna" is food
    first, a fish next)."""
    table = tuple((name, members) for members, name in MEMBER_CLASSES.items())
    return next((m for sense in physical_senses(noun) if (m := _first_under(sense, table))), None)


def physical_senses(noun: str, most: int | None = MAX_SENSES) -> list[Synset]:
    """The senses of ``noun`` among its ``most`` commonest (None: all) that are kinds of things (under
    physical_entity.n.01), most frequent first; a named individual is no kind of thing to draw ("a diesel" is an
    engine, not Rudolf Diesel)."""
    return [s for s in senses(noun)[:most] if _is_thing(s)]


def shown_senses(noun: str) -> list[Synset]:
    """The senses of ``noun`` among its MAX_SENSES commonest that a scene can show, most frequent first: kinds of
    things, and communications one can see (a cairn is first "a mound of stones piled up as a memorial", which
    WordNet files as a marker, not a physical entity; its terrier is a rarer sense)."""
    return [s for s in senses(noun)[:MAX_SENSES] if is_shown(s)]


def is_shown(sense: Synset) -> bool:
    """Whether a scene can show the sense: a kind of thing, or a communication one can see (see shown_senses).
    Speech and music are heard, not seen: a yak's "noisy talk" sense must not hide the ox."""
    return _is_thing(sense) or (sense.lexfile == COMMUNICATION_FILE and not sense.instance
                                and _first_under(sense, SOUND_CLASSES) is None)


def is_lemma(noun: str) -> bool:
    """Whether WordNet holds ``noun`` (a word or a compound, any plural) as a lemma: "rocking chair" is a concept
    of its own, "corner bench" a bench in a corner."""
    return bool(base_forms(noun))


def related(sense: Synset, other: Synset, near: int = 2) -> bool:
    """Whether ``sense`` is a kind of ``other``, or the two meet at a class at most ``near`` steps above both
    together ("a table laid for a meal" and "a table" are both furniture; a cogwheel and equipment are not)."""
    up = {a.offset: steps for a, steps in ancestors(sense)}
    if other.offset in up:
        return True
    return any(up.get(a.offset, near + 1) + steps <= near for a, steps in ancestors(other))


def happening(noun: str) -> bool:
    """Whether the commonest sense of ``noun`` is an event or a natural phenomenon that the noun is the first
    name of ("the swell", "morning light", "lightning flashes"): the scene's light, weather or motion, not an
    object. "Bolts" are no lightning: thunderbolt is that sense's first name, a bolt a fastener after it."""
    found = senses(noun)
    return bool(found) and found[0].lexfile in HAPPENING_FILES and found[0].lemmas[0] in base_forms(noun)


@lru_cache(maxsize=4096)
def airborne(noun: str) -> bool:
    """Whether the commonest sense of ``noun`` is a phenomenon or matter that hangs in the air (AIRBORNE_CLASSES):
    the scene's air, not a thing to place ("dust", "steam", "smoke")."""
    found = senses(noun)
    return bool(found) and (found[0].lexfile == PHENOMENON_FILE or _first_under(found[0], AIRBORNE_CLASSES) is not None)


@lru_cache(maxsize=4096)
def is_sound(noun: str) -> bool:
    """Whether the commonest sense of ``noun`` is a sound (SOUND_CLASSES): "the thud of gloves", "the laughter of
    children", "the hum of a fridge". A bell or a chime, whose commonest sense is the instrument, is no sound."""
    found = senses(noun)
    return bool(found) and _first_under(found[0], SOUND_CLASSES) is not None


def open_ground(noun: str) -> bool:
    """Whether the commonest physical sense of ``noun`` is a stretch of land or a natural feature, open to the sky
    ("a picnic spot" by its head, "a swamp"), rather than something built ("a lodge", "an igloo"): with no place
    type near it, where a scene is set decides whether it is outdoors. A compound WordNet lacks is read by its
    last word."""
    words = noun.split()
    found = physical_senses(noun, 1) or (physical_senses(words[-1], 1) if len(words) > 1 and not is_lemma(noun) else [])
    return bool(found) and found[0].lexfile in OPEN_GROUND_FILES


def is_work(noun: str) -> bool:
    """Whether the commonest sense of ``noun`` is a work one watches, hears or reads rather than a thing one places:
    a show ("a film", "a sitcom") or no physical thing at all ("a finale", "a series"). What a title names ("the
    Star Wars films") is then the work; "a Star Wars poster" or "the Mad Men DVDs" are things (a DVD is one)."""
    found = senses(noun)
    return bool(found) and (not _is_thing(found[0]) or _first_under(found[0], ((SHOW, "show"),)) is not None)


def is_idea(noun: str) -> bool:
    """Whether WordNet holds ``noun`` and every sense of it is an idea (IDEA_FILES): "flavours", "a vibe", "the
    mood". One sense of another kind, however rare, keeps it a possible thing ("a pet scale", "music")."""
    found = senses(noun)
    return bool(found) and all(sense.lexfile in IDEA_FILES for sense in found)


def another_sort(sense: Synset, own: list[Synset]) -> bool:
    """Whether ``sense`` is another sort of thing altogether than the ``own`` senses of the same word: in another of
    WordNet's files (an animal, not a tool; the senses of one file, a car and an airship's car, a market stand and a
    bandstand, are too near for MiniLM's reading of a prompt to part them), no stuff, no person (a mouse is no timid
    person), not the living plant or animal a food the word also names comes from, nor that food (WordNet parts an
    apple from its tree and a trout from its meat; a scene may show either), and neither a kind of the other. Nor is
    anything another sort than a person's sense: what the person does settles that (a commuter queuing is no train)."""
    files = {o.lexfile for o in own}
    if PERSON_FILE in files:
        return False
    both = files | {sense.lexfile}
    living_and_food = FOOD_FILE in both and bool(both & LIVING_FILES)
    return (sense.lexfile not in files | MASS_FILES | {PERSON_FILE} and not living_and_food
            and not any(related(sense, o) or related(o, sense) for o in own))
