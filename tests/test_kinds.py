"""The kind registry (tools/knowledge/kinds.toml) is whole, fails fast on a bad entry, and is the only place
that lists kinds: no module in tools/ or graph/ keeps a literal collection of kind names of its own."""

import ast
import dataclasses
from pathlib import Path

import pytest

from tools.assets.families import _with_params
from tools.assets.generate import generate
from tools.assets.mesh import NATURAL_COLORS
from tools.assets.registry import GENERATORS, SIZES, VARIANTS, GenParams
from tools.knowledge.categories import CATEGORIES, DEFAULT_SUPPORTS, KINDS_FILE, TRAITS, has_trait, load_kinds, lookup
from tools.plan.planner import plan_prompt
from tools.plan.words import SIMILAR_NOUNS

ROOT = Path(__file__).resolve().parents[1]
KINDS = sorted(CATEGORIES)
# Collections of words that happen to contain kind names but say nothing about those kinds.
NOT_KIND_TRAITS = {
    ("tools/plan/words.py", "NON_OBJECT_NOUNS"),  # 'sun' and 'moon' as words of the sky, not objects
    ("tools/plan/words.py", "VERB_ENDING_NOUNS"),  # nouns ending like verbs: 'painting', 'bed', 'sled'
    ("tools/knowledge/plurals.py", "IRREGULAR_PLURALS"),  # 'sheep' and 'deer' as words whose plural is themselves
    ("tools/knowledge/look_words.py", "NOT_TIME_AFTER"),  # 'night' in a night table or a night dress: words
    # The quadruped's species (its "species" option), which kinds such as cat and dog choose in kinds.toml.
    ("tools/assets/families/animals.py", "SPECIES"),
    ("tools/assets/families/animals.py", "SPECIES_SIZES"),
}


@pytest.mark.parametrize("name", KINDS)
def test_every_kind_is_whole(name):
    kind = CATEGORIES[name]
    assert kind.description.strip(), "a one-line description of what it is"
    assert kind.generator in GENERATORS and name in GENERATORS, "a generator that exists"
    assert min(kind.size) > 0 and kind.size_range[0] > 0 and kind.size_range[0] <= 1 <= kind.size_range[1]
    assert kind.traits <= TRAITS, f"unknown traits {sorted(kind.traits - TRAITS)}"
    assert kind.source, "where its size comes from"
    if kind.variant_words:
        assert len(kind.variant_words) == len(kind.variant_sizes) == VARIANTS[name], "one entry per variant"
    assert all(min(size) > 0 for size in kind.variant_sizes if size)
    assert all(v < VARIANTS[name] for v in kind.free_standing_variants)
    for other in (*kind.placed_on, *kind.prefers_on, *([kind.surface_kind] if kind.surface_kind else []),
                  *(kind.motion.around if kind.motion else ())):
        assert other in CATEGORIES


def test_every_generator_is_a_kind_and_default_supports_hold_things():
    # Parametric generators (archetypes, people, animals) serve kinds through `generator = ...`; they declare
    # their own typical sizes so they can also be drawn alone.
    assert set(CATEGORIES) <= set(GENERATORS)
    assert all(name in CATEGORIES or name in SIZES for name in GENERATORS)
    assert all(CATEGORIES[name].supports for name in DEFAULT_SUPPORTS)


def test_traits_answer_for_names_that_are_no_kind():
    assert has_trait("chair", "seat") and not has_trait("chair", "fire") and not has_trait("no_such_kind", "seat")
    assert has_trait("sofa", "seat") and not has_trait("sofa", "table_seat")  # layout's seat, not the planner's


def test_no_similarity_entry_shadows_a_kind():
    """'candle' is a kind, so the table of nearest kinds for unknown nouns must not send it to a vase."""
    assert [word for word in SIMILAR_NOUNS if lookup(word)] == []


def _write(tmp_path: Path, old: str, new: str) -> Path:
    text = KINDS_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "kinds.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,says", [
    ('traits = ["seat", "wall_furniture"]', 'traits = ["seat", "sofaish"]', "unknown trait 'sofaish'"),
    ('size = [2.0, 0.85, 0.9]', 'size = [2.0, -0.85, 0.9]', "must be positive"),
    ('source = "neufert"', 'source = "neufert"\nsynonym = ["couch"]', "synonym"),  # a misspelt field
    ('synonyms = ["couch"', 'synonyms = ["Couch"', "lower-case"),
    ('description = "a long upholstered', 'description = ""\nx_old = "', "description"),
])
def test_a_bad_entry_fails_naming_the_kind_and_the_field(tmp_path, old, new, says):
    with pytest.raises(ValueError, match="kind 'sofa'") as error:
        load_kinds(_write(tmp_path, old, new))
    assert says in str(error.value)


def test_a_reference_to_an_unknown_kind_fails(tmp_path):
    path = _write(tmp_path, 'placed_on = ["tv_stand"', 'placed_on = ["tv_bench"')
    with pytest.raises(ValueError, match="kind 'tv'.*placed_on names unknown kind 'tv_bench'"):
        load_kinds(path)


def test_fixed_generator_parameters_are_defaults_a_request_overrides():
    kind = dataclasses.replace(CATEGORIES["table"], name="round_table", generator_params=(("shape", "round"),))
    build = _with_params(kind, GENERATORS["table"])
    size = (1.0, 0.75, 1.0)
    assert _meshes(build(GenParams(size))) == _meshes(GENERATORS["table"](GenParams(size, shape="round")))
    assert _meshes(build(GenParams(size, shape="square"))) == _meshes(GENERATORS["table"](GenParams(size, shape="square")))
    pinned = dataclasses.replace(kind, generator_params=(("variant", 2),))
    assert _meshes(_with_params(pinned, GENERATORS["table"])(GenParams(size))) == \
        _meshes(GENERATORS["table"](GenParams(size, variant=2)))


def test_a_named_material_without_a_colour_shows_its_own_colour():
    sofa = GENERATORS["sofa"]
    covers = {part.material.name.split(":")[1] for part in sofa(GenParams((2.0, 0.85, 0.9), material="leather"))
              if part.material.name.startswith("leather")}
    assert covers == {NATURAL_COLORS["leather"]}, "a leather sofa is brown leather, not the default upholstery colour"
    red = {part.material.name.split(":")[1] for part in sofa(GenParams((2.0, 0.85, 0.9), material="leather",
                                                                         color="#aa2222"))
           if part.material.name.startswith("leather")}
    assert red == {"#aa2222"}


def _meshes(parts) -> list[bytes]:
    return [part.mesh.vertices.tobytes() for part in parts]


@pytest.mark.parametrize("name", [n for n in KINDS if CATEGORIES[n].generator != n or CATEGORIES[n].generator_params])
def test_a_kind_built_by_another_generator_has_its_own_size_and_key(name, built):
    kind = CATEGORIES[name]
    own, base = built(name), generate(kind.generator, size=kind.size)
    assert own.key != base.key and own.category == name
    assert all(abs(a - b) < 0.02 * b for a, b in zip(own.size, kind.size))


def _literal_kind_collections(path: Path) -> list[str]:
    """'LINE NAME: kinds' for each set, list, tuple or dict-key literal naming two or more kinds."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # A literal's owner is the name it is assigned to, also through a wrapping call: NAMES = frozenset({...}).
    owners = {id(value): target.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
              for target in node.targets if isinstance(target, ast.Name)
              for value in (node.value, *(node.value.args if isinstance(node.value, ast.Call) else ()))}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Set, ast.List, ast.Tuple)):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = node.keys
        else:
            continue
        kinds = [e.value for e in items if isinstance(e, ast.Constant) and e.value in CATEGORIES]
        owner = owners.get(id(node), "")
        if len(kinds) >= 2 and (path.relative_to(ROOT).as_posix(), owner) not in NOT_KIND_TRAITS:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} {owner}: {kinds}")
    return found


def test_no_module_keeps_its_own_list_of_kinds():
    """A trait of a kind belongs in kinds.toml ("traits", "placed_on", ...), not in a set of names elsewhere."""
    modules = [p for folder in ("tools", "graph") for p in sorted((ROOT / folder).rglob("*.py"))]
    assert len(modules) > 50
    assert [hit for path in modules for hit in _literal_kind_collections(path)] == []


def test_a_side_table_is_one_table_in_kinds_toml():
    """A kind added as data alone: the planner finds it by its names, things stand on it, the coffee table's
    generator builds it small and round (square when asked)."""
    plan = plan_prompt("a table lamp on an end table and a cup")
    assert {s.category for s in plan.objects} == {"table_lamp", "side_table", "cup"}
    assert {(r.subject, r.target) for r in plan.relations if r.kind == "on"} == {
        ("table_lamp", "side_table"), ("cup", "side_table")}
    assert plan_prompt("a square side table").spec("side_table").shape == "square"
    round_top = GENERATORS["coffee_table"](GenParams(CATEGORIES["side_table"].size, shape="round"))
    assert _meshes(GENERATORS["side_table"](GenParams(CATEGORIES["side_table"].size))) == _meshes(round_top)
