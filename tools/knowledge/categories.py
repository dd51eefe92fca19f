"""Every kind of object Diorama knows, read from kinds.toml: names, real size, mount, traits, motion, variants.

Everything about a kind is one table in ``kinds.toml`` (its header documents each field), validated here at
import into frozen ``Category`` records; a bad entry fails the import naming the kind and the field. Readers
ask a kind what it is (``CATEGORIES[name].has("seat")``, ``has_trait(name, "fire")``) rather than keeping
lists of names of their own.

``size`` is the typical (width x, height y, depth z) in metres of the object facing +Z; ``size_range`` bounds
a uniform scale factor the generators and the size words (small, large, tall, long) may apply; ``source``
says where the size comes from.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tools.knowledge.toml_file import read_toml

KINDS_FILE = Path(__file__).with_name("kinds.toml")

Mount = Literal["floor", "surface", "wall", "ceiling", "air"]  # air: floats at Category.air_height
Family = Literal["furniture", "kitchen_bath", "nature", "built", "vehicle", "prop"]
MotionKind = Literal["orbit", "spin", "flicker", "sway", "ripple", "bob", "circle", "glow"]
When = Literal["always", "outdoor", "night", "asked"]
UsedFrom = Literal["front", "sides", "any"]  # the side a person uses a floor thing from (kinds.toml's used_from)
Vec3 = tuple[float, float, float]
OptionValue = str | int | float | bool
# A fixed generator parameter; "options" holds the generator's options as sorted (name, value) pairs.
ParamValue = str | int | float | bool | tuple[str | int | float, ...] | tuple[tuple[str, OptionValue], ...]
# One part of a kind drawn from data (kinds.toml's ``parts``): sorted (field, value) pairs of a shape-program part
# (tools/assets/program.py ShapePart), lists as tuples so the Category stays hashable.
PartData = tuple[tuple[str, str | tuple[float, ...]], ...]


@dataclass(frozen=True)
class Motion:
    """How one kind of thing moves. when: always; outdoor (wind); night (screens); asked (a verb must name it)."""

    kind: MotionKind
    speed: float  # cycles per second
    amplitude: float | None = None
    when: When = "always"
    axis: Vec3 | None = None
    part: str | None = None  # the asset's named node that moves (the fallback when absent: tools.page.behaviours)
    around: tuple[str, ...] = ()  # orbit: categories it may go round
    radius: float | None = None
    wind_gain: float = 0.0  # sway: amplitude grows by this factor at full wind


@dataclass(frozen=True)
class Category:
    """One kind of object; the fields are those of a kinds.toml table (see its header)."""

    name: str
    family: Family
    size: Vec3
    description: str = ""
    synonyms: tuple[str, ...] = ()
    wordnet: tuple[str, ...] = ()
    mount: Mount = "floor"
    outdoor: bool = False
    indoor: bool = True
    size_range: tuple[float, float] = (0.8, 1.25)
    source: str = ""
    tags: tuple[str, ...] = ()
    air_height: tuple[float, float] | None = None
    traits: frozenset[str] = frozenset()
    placed_on: tuple[str, ...] = ()
    prefers_on: tuple[str, ...] = ()
    free_standing_variants: tuple[int, ...] = ()
    used_from: UsedFrom | None = None
    light_intensity: float | None = None
    wall_centre_height: float | None = None
    orbit_centre: int | None = None
    surface_kind: str | None = None
    motion: Motion | None = None
    # Words that pick a style variant (index = tools.assets.registry.GenParams.variant; () = no words):
    # "a canoe" draws the canoe, not whichever boat the scene seed would pick (see variant_named).
    variant_words: tuple[tuple[str, ...], ...] = ()
    # A variant whose real shape does not fit ``size`` (a sailing boat's mast) has its own size (None: ``size``).
    variant_sizes: tuple[Vec3 | None, ...] = ()
    generator: str = ""
    generator_params: tuple[tuple[str, ParamValue], ...] = ()  # sorted (name, value) pairs, hashable
    parts: tuple[PartData, ...] = ()  # its shape as data, built by tools/assets/families/parts.py; () = a generator's
    revision: int = 0
    hold_levels: tuple[float, ...] = ()  # the boards inside it what it holds stands on, fractions of its height

    @property
    def holds(self) -> bool:
        """Things may be put in it: on boards inside it (hold_levels) or sunk into its open top (holds_open)."""
        return bool(self.hold_levels) or "holds_open" in self.traits

    def has(self, trait: str) -> bool:
        """Whether this kind has ``trait`` (a name from kinds.toml's [traits])."""
        return trait in self.traits

    @property
    def supports(self) -> bool:
        """Other objects may stand on its top."""
        return "supports" in self.traits

    def stands_against_wall(self, variant: int | None = None) -> bool:
        """Whether the planner puts it against a wall unplaced (a grand piano, variant 1, stands free)."""
        return self.has("against_wall") and variant not in self.free_standing_variants


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _MotionRow(_Row):
    kind: MotionKind
    speed: float = Field(gt=0)
    amplitude: float | None = None
    when: When = "always"
    axis: Vec3 | None = None
    part: str | None = None
    around: tuple[str, ...] = ()
    radius: float | None = None
    wind_gain: float = 0.0


class _VariantRow(_Row):
    words: tuple[str, ...] = ()
    size: Vec3 | None = None


class _KindRow(_Row):
    description: str = Field(min_length=1)
    family: Family
    size: Vec3
    size_range: tuple[float, float] = (0.8, 1.25)
    source: str
    synonyms: tuple[str, ...] = ()
    wordnet: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    mount: Mount = "floor"
    air_height: tuple[float, float] | None = None
    setting: Literal["indoor", "outdoor", "both"] = "indoor"
    traits: tuple[str, ...] = ()
    placed_on: tuple[str, ...] = ()
    prefers_on: tuple[str, ...] = ()
    free_standing_variants: tuple[int, ...] = ()
    used_from: UsedFrom | None = None
    light_intensity: float | None = Field(None, gt=0)
    wall_centre_height: float | None = Field(None, gt=0)
    orbit_centre: int | None = None
    surface_kind: str | None = None
    motion: str | _MotionRow | None = None
    variants: tuple[_VariantRow, ...] = ()
    generator: str | None = None
    generator_params: dict[str, str | int | float | bool | tuple[str | int | float, ...] | dict[str, OptionValue]] = {}
    # Shape-program parts: read when the generators register, their limits checked on a first build
    # (tools/assets/families/parts.py).
    parts: tuple[dict[str, str | tuple[float, ...]], ...] = ()
    revision: int = Field(0, ge=0)
    hold_levels: tuple[float, ...] = ()


class _FileRow(_Row):
    default_supports: tuple[str, ...]
    sources: dict[str, str]
    traits: dict[str, str]
    motions: dict[str, _MotionRow]
    kinds: dict[str, dict]  # validated one by one, so an error names its kind


def _problems(row: _KindRow, file: _FileRow) -> list[str]:
    """What is wrong with one valid-shaped row against the rest of the file (names it refers to, sizes)."""
    kinds = file.kinds
    motion = file.motions.get(row.motion) if isinstance(row.motion, str) else row.motion
    problems = [f"unknown trait {t!r} (known: {sorted(file.traits)})" for t in row.traits if t not in file.traits]
    problems += [f"{field} names unknown kind {k!r}" for field, names in (
        ("placed_on", row.placed_on), ("prefers_on", row.prefers_on), ("surface_kind", (row.surface_kind or "",)),
        ("motion.around", motion.around if motion else ())) for k in names if k and k not in kinds]
    if row.source not in file.sources:
        problems.append(f"unknown source {row.source!r} (known: {sorted(file.sources)})")
    if isinstance(row.motion, str) and motion is None:
        problems.append(f"unknown motion {row.motion!r} (known: {sorted(file.motions)})")
    if min(row.size) <= 0 or not 0 < row.size_range[0] <= 1 <= row.size_range[1]:
        problems.append(f"size {row.size} must be positive and size_range {row.size_range} hold 1")
    if (row.mount == "air") != (row.air_height is not None):
        problems.append("air_height is given exactly when mount is 'air'")
    if row.wall_centre_height is not None and row.mount != "wall":
        problems.append("wall_centre_height is for mount 'wall' only")
    if row.used_from is not None and row.mount != "floor":
        problems.append("used_from is for mount 'floor' only")
    if row.parts and (row.generator or row.generator_params or row.variants):
        problems.append("a kind drawn from parts has no generator, generator_params or variants")
    if any(not 0 <= v < 1 for v in row.hold_levels) or list(row.hold_levels) != sorted(row.hold_levels):
        problems.append("hold_levels are rising fractions of the height, 0 <= level < 1")
    if any(v >= len(row.variants) for v in row.free_standing_variants):
        problems.append("free_standing_variants names a variant the kind does not list")
    problems += [f"wordnet class {w!r} is not lemma.n.NN" for w in row.wordnet if not re.fullmatch(r"[a-z0-9_'-]+\.n\.\d\d", w)]
    words = [w for v in row.variants for w in v.words] + list(row.synonyms)
    problems += [f"name {w!r} is not a lower-case phrase" for w in words if not w or w != w.lower().strip()]
    return problems


def _category(name: str, row: _KindRow, file: _FileRow) -> Category:
    motion = file.motions[row.motion] if isinstance(row.motion, str) else row.motion
    return Category(
        name=name, family=row.family, size=row.size, description=row.description, synonyms=row.synonyms,
        wordnet=row.wordnet,
        mount=row.mount, outdoor=row.setting != "indoor", indoor=row.setting != "outdoor",
        size_range=row.size_range, source=file.sources[row.source], tags=row.tags, air_height=row.air_height,
        traits=frozenset(row.traits), placed_on=row.placed_on, prefers_on=row.prefers_on,
        free_standing_variants=row.free_standing_variants, used_from=row.used_from,
        light_intensity=row.light_intensity,
        wall_centre_height=row.wall_centre_height, orbit_centre=row.orbit_centre, surface_kind=row.surface_kind,
        motion=Motion(**motion.model_dump()) if motion else None,
        variant_words=tuple(v.words for v in row.variants), variant_sizes=tuple(v.size for v in row.variants),
        generator=row.generator or name, generator_params=_fixed_params(row.generator_params),
        parts=tuple(tuple(sorted(part.items())) for part in row.parts), revision=row.revision,
        hold_levels=row.hold_levels,
    )


def _fixed_params(params: dict) -> tuple[tuple[str, ParamValue], ...]:
    """``params`` as sorted, hashable pairs; an ``options`` table becomes sorted (name, value) pairs too.
    The option names are checked against the generator's own at generator registration (tools/assets/families),
    which this layer cannot see."""
    return tuple(sorted((name, tuple(sorted(value.items())) if isinstance(value, dict) else value)
                        for name, value in params.items()))


def _why(error: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'row'}: {e['msg']}" for e in error.errors())


def load_kinds(path: Path = KINDS_FILE) -> tuple[dict[str, Category], tuple[str, ...], frozenset[str]]:
    """Every kind in ``path`` by name (in file order), the default supports and the known traits.
    Raises ValueError naming the first bad entry and what is wrong with it."""
    data = read_toml(path)
    try:
        file = _FileRow.model_validate(data)
    except ValidationError as error:
        raise ValueError(f"{path.name}: {_why(error)}") from None
    kinds: dict[str, Category] = {}
    for name, raw in file.kinds.items():
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise ValueError(f"{path.name}: kind {name!r}: a name is lower-case letters, digits and '_'")
        try:
            row = _KindRow.model_validate(raw)
        except ValidationError as error:
            raise ValueError(f"{path.name}: kind {name!r}: {_why(error)}") from None
        if problems := _problems(row, file):
            raise ValueError(f"{path.name}: kind {name!r}: {'; '.join(problems)}")
        kinds[name] = _category(name, row, file)
    if unknown := [k for k in file.default_supports if k not in kinds]:
        raise ValueError(f"{path.name}: default_supports names unknown kinds {unknown}")
    return kinds, file.default_supports, frozenset(file.traits)


CATEGORIES, DEFAULT_SUPPORTS, TRAITS = load_kinds()


def has_trait(category: str, trait: str) -> bool:
    """Whether the kind named ``category`` has ``trait``; False for a name that is no kind."""
    entry = CATEGORIES.get(category)
    return entry is not None and entry.has(trait)


def variant_named(category: str, words: Sequence[str]) -> int | None:
    """The style variant of ``category`` the phrase ``words`` (lower-case tokens) names, or None.

    A variant word may span tokens ("rowing boat"); when several match, the one ending nearest the
    phrase's end wins (the noun, then the modifier next to it: "a white brick fireplace" is brick).
    """
    found = [(end, len(name.split()), variant)
             for variant, names in enumerate(CATEGORIES[category].variant_words) for name in names
             for end in _ends_of(name.split(), list(words))]
    return max(found)[2] if found else None


def _ends_of(span: list[str], words: list[str]) -> list[int]:
    """Every index just past an occurrence of ``span`` in ``words``."""
    return [start + len(span) for start in range(len(words) - len(span) + 1) if words[start:start + len(span)] == span]


def variant_size(category: str, variant: int) -> Vec3:
    """The typical (x, y, z) metres of ``category``'s style ``variant``: its own size where it has one, else the category's."""
    entry = CATEGORIES[category]
    own = entry.variant_sizes[variant] if variant < len(entry.variant_sizes) else None
    return own or entry.size


def lookup(word: str) -> Category | None:
    """The category whose name or synonym is ``word`` (lower case, spaces or underscores): a kind's own name
    first, so an older kind's synonym never takes a later kind's name ('filing cabinet' was a cabinet's
    synonym before it was a kind); among synonyms the first kind to claim one keeps it."""
    return _BY_NAME.get(word.lower().replace("_", " ").strip())


_BY_NAME: dict[str, Category] = {_cat.name.replace("_", " "): _cat for _cat in CATEGORIES.values()}
for _cat in CATEGORIES.values():
    for _name in _cat.synonyms:
        _BY_NAME.setdefault(_name, _cat)
