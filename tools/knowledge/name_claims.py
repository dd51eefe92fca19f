"""Names and WordNet classes a kind claims that WordNet says are another thing (kinds.toml ``synonyms``, ``wordnet``).

A synonym or a declared class decides an "exact" fit: "stack of paper" listed under ring_binder makes the judge
call a binder a fitting stack of paper (a lie) and keeps the paper from the kind that shows it. WordNet can tell:
a true variant ("couch" for sofa, "bookcase" for bookshelf) meets the kind's own senses at a specific class
(seat, furniture), while a claimed other thing meets them only at a class as general as "artifact" or "physical
entity" (a cotton swab and a jar, curling irons and hair dryers). A claim is suspect when none of its senses meets
any of the kind's at a class more specific than GENERAL_CLASSES.

The kind's own senses: those of its name when WordNet holds it, and the classes it declares; a name WordNet lacks
("key cutting machine") with no class is read by its last word. A class one of whose lemmas is the kind's name
("cheeseboard") is the kind's own. A synonym WordNet lacks is out of reach ("hockey
goal", a product name), except "X of Y", read as X or Y ("a ream of paper" is paper). A declared class must be the
kind's own, a class above it or a kind of it when WordNet holds the kind's name, or else meet the kind's own
senses nearer than GENERAL_CLASSES (it is weighed as a synonym is when WordNet lacks the name). A near class beside
the kind's own (a hawk declared by eagle) is a look-alike the kind stands in for, which the grounding reports as a
stand-in (plan.ground.declares_another), so the lie is a synonym that names it ("hawks" listed under eagle): the
grounding then calls the stand-in exact. tests/test_name_claims.py holds the data to this, with the judged
exceptions in name_claims_allowed.toml; bench/bench_name_claims.py lists the suspects.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, Category
from tools.knowledge.toml_file import read_toml

ALLOWED_FILE = Path(__file__).with_name("name_claims_allowed.toml")
# Classes so general that two things meeting only there are different things: an artifact, an instrumentality.
GENERAL_CLASSES = ("entity.n.01", "physical_entity.n.01", "object.n.01", "whole.n.02", "artifact.n.01",
                   "instrumentality.n.03", "matter.n.03", "abstraction.n.06", "thing.n.12", "causal_agent.n.01",
                   "living_thing.n.01", "organism.n.01")


@dataclass(frozen=True)
class Claim:
    """One suspect claim: ``kind`` lists ``name`` (a synonym, or a WordNet class when ``field`` is "wordnet"), whose
    senses meet the kind's only at ``meets`` (a general class, or "" for none)."""

    kind: str
    field: str  # "synonyms" or "wordnet"
    name: str
    meets: str


@lru_cache(maxsize=1)
def _general() -> frozenset[int]:
    return frozenset(found.offset for name in GENERAL_CLASSES if (found := wordnet.named(name)) is not None)


def _meeting(a: wordnet.Synset, b: wordnet.Synset) -> tuple[int, wordnet.Synset] | None:
    """(steps, class) of the nearest class both ``a`` and ``b`` are kinds of, or None."""
    up = {s.offset: steps for s, steps in wordnet.ancestors(a)}
    return min(((up[s.offset] + steps, s) for s, steps in wordnet.ancestors(b) if s.offset in up),
               key=lambda found: found[0], default=None)


def _nearest(ours: list[wordnet.Synset], theirs: list[wordnet.Synset]) -> wordnet.Synset | None:
    found = [m for a in theirs for b in ours if (m := _meeting(a, b)) is not None]
    return min(found, key=lambda m: m[0])[1] if found else None


def _senses(phrase: str) -> list[wordnet.Synset]:
    """Every physical sense of ``phrase``, not only the commonest: a kind may be a rarer sense of its name (a band
    of rubber), and a claim is suspect only when no sense of it fits."""
    return wordnet.physical_senses(phrase, None)


def phrase_senses(phrase: str) -> list[wordnet.Synset]:
    """The physical senses of ``phrase``; "X of Y" WordNet lacks: those of X and of Y; else none (out of reach)."""
    found = _senses(phrase)
    words = phrase.replace("-", " ").split()
    if found or "of" not in words[1:-1]:
        return found
    at = words.index("of")
    return _senses(" ".join(words[:at])) + _senses(" ".join(words[at + 1:]))


def _squeezed(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())


def _names_kind(kind: Category, found: wordnet.Synset) -> bool:
    """Whether one of the class's lemmas is the kind's name, spelt as one word or as a plural ("cheeseboard")."""
    own = _squeezed(kind.name)
    return any(_squeezed(lemma) in (own, own.removesuffix("s")) for lemma in found.lemmas)


def _last_word_senses(kind: Category) -> list[wordnet.Synset]:
    return _senses(kind.name.split("_")[-1])


def _on_path(found: wordnet.Synset, senses: list[wordnet.Synset]) -> bool:
    """Whether ``found`` is one of ``senses``, a class above one, or a kind of one."""
    return any(found.offset in {a.offset for a, _ in wordnet.ancestors(sense)} or
               sense.offset in {a.offset for a, _ in wordnet.ancestors(found)} for sense in senses)


def _suspect(ours: list[wordnet.Synset], theirs: list[wordnet.Synset]) -> str | None:
    """The general class the two sets of senses meet at ("" for none) when they meet at nothing nearer, else None."""
    if not ours or not theirs:
        return None
    meets = _nearest(ours, theirs)
    if meets is None:
        return ""
    return meets.lemmas[0] if meets.offset in _general() else None


def kind_claims(kind: Category) -> list[Claim]:
    """The suspect claims of one kind. A declared class is weighed against the kind's name, or, when WordNet lacks
    the name, against its other classes and its name's last word; a synonym against the name and the classes
    that are not suspect themselves (a wrong class would vouch for the wrong names that go with it)."""
    named = _senses(kind.name.replace("_", " "))
    declared = {name: found for name in kind.wordnet if (found := wordnet.named(name)) is not None}
    claims, stand_ins = [], {}
    for name, found in declared.items():
        if _names_kind(kind, found) or _on_path(found, named):
            continue
        others = named or [f for n, f in declared.items() if n != name] + _last_word_senses(kind)
        meets = _suspect(others, [found])
        if meets is not None:
            claims.append(Claim(kind.name, "wordnet", name, meets))
        elif named:  # a look-alike beside the kind's own (a hawk by an eagle): what it stands in for, not what it is
            stand_ins[name] = found
    wrong = {claim.name for claim in claims} | set(stand_ins)
    ours = named + [found for name, found in declared.items() if name not in wrong] or _last_word_senses(kind)
    for name in kind.synonyms:
        senses = phrase_senses(name)
        if (meets := _suspect(ours, senses)) is not None:
            claims.append(Claim(kind.name, "synonyms", name, meets))
        elif (look_alike := _naming_stand_in(senses, list(stand_ins.values()), named)) is not None:
            claims.append(Claim(kind.name, "synonyms", name, look_alike))
    return claims


def _naming_stand_in(senses: list[wordnet.Synset], stand_ins: list[wordnet.Synset],
                     named: list[wordnet.Synset]) -> str | None:
    """The look-alike class a synonym names when none of its senses is the kind's own: "hawk" listed beside the
    eagle's declared hawk.n.01 makes the grounding call the stand-in exact."""
    if any(_on_path(sense, named) for sense in senses):
        return None
    return next((found.lemmas[0] for found in stand_ins if _on_path(found, senses)), None)


def suspect_claims() -> list[Claim]:
    """Every suspect claim in kinds.toml, in its order (empty without WordNet's files)."""
    if not wordnet.available():
        return []
    return [claim for kind in CATEGORIES.values() for claim in kind_claims(kind)]


def allowed_claims(path: Path = ALLOWED_FILE) -> dict[tuple[str, str], str]:
    """(kind, name) -> why the claim stands although WordNet places it elsewhere (name_claims_allowed.toml)."""
    data = read_toml(path)
    return {(kind, name): why for kind, names in data.get("allowed", {}).items() for name, why in names.items()}
