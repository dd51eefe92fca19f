"""Things held by things (issues #12/#14): the parse's 'held_in', the plan's fill count, the layout on a holder's
boards or in its open top, and the layout check and judge of the relation."""

from __future__ import annotations

import numpy as np
import pytest

from tools.core.schema import Placement
from tools.knowledge.categories import CATEGORIES
from tools.layout.relation_kinds import RELATIONS
from tools.layout.solver import solve_layout
from tools.plan.furnish import fill_count
from tools.plan.planner import plan_prompt
from tools.plan.sentence import parse_prompt
from tools.verify.checks import constraint_violations


def _held(text: str) -> set[tuple[str, str]]:
    parsed = parse_prompt(text)
    return {(parsed.mentions[r.subject].name, parsed.mentions[r.target].name)
            for r in parsed.relations if r.relation == "held_in"}


@pytest.mark.parametrize("text, pair", [
    ("a farm shed with a crate of potatoes", ("potato", "crate")),
    ("a pantry with shelves lined with jars", ("jar", "shelf")),
    ("a bakery with a display case full of croissants", ("croissant", "display case")),
    ("a lab with a cabinet containing beakers", ("beaker", "cabinet")),
    ("a kitchen with a fridge stocked with drinks", ("drink", "fridge")),
])
def test_the_parse_reads_what_holds_what(text, pair):
    assert pair in _held(text)


def test_a_listed_thing_with_its_own_article_is_not_held():
    held = _held("a cozy library with a bookshelf filled with old books, an armchair and a reading lamp")
    assert held == {("book", "bookshelf")}


def test_a_held_thing_goes_in_its_holder_not_where_the_holder_stands():
    plan = plan_prompt("a small kitchen with a bowl of apples on the table")
    kinds = {(r.subject, r.kind, r.target) for r in plan.relations}
    fruit = next(o.key for o in plan.objects if o.noun == "apple")
    assert (fruit, "held_in", "bowl") in kinds and ("bowl", "on", "table") in kinds
    assert not any(s == fruit and k == "on" for s, k, _ in kinds)
    assert any(r.kind == "relation" and r.subject == fruit and r.target == "bowl" for r in plan.requirements)


def test_a_holder_the_prompt_names_no_count_for_is_filled():
    plan = plan_prompt("a library with a bookshelf filled with books")
    books = next(o for o in plan.objects if o.category == "book" and o.requested)
    assert books.count == fill_count("bookshelf", "book") > 4


@pytest.mark.parametrize("text, holder, held", [
    ("a library with a bookshelf filled with books", "bookshelf", "book"),
    ("a pantry with a bookshelf lined with jars", "bookshelf", "jar"),
    ("a market stall with a crate of tomatoes", "crate", "vegetable"),
])
def test_the_layout_places_every_thing_the_planner_counts_into_a_holder(text, holder, held):
    plan = plan_prompt(text)
    things = next(o for o in plan.objects if o.category == held and o.requested)
    assert things.count == fill_count(holder, held) > 1
    sizes = {o.key: CATEGORIES[o.category].size for o in plan.objects}
    placed = [p for p in solve_layout(plan, sizes) if p.spec == things.key]
    assert len(placed) == things.count and all(p.parent and p.parent.startswith(holder) for p in placed)


def test_what_fits_no_board_of_its_holder_is_not_multiplied():
    # a hat is deeper than a bookshelf's boards less their front inset: the layout could hold none of ten
    plan = plan_prompt("a living room with a bookshelf filled with hats")
    assert next(o for o in plan.objects if o.category == "hat").count == fill_count("bookshelf", "hat") == 1


def test_a_closed_holder_holds_on_its_top():
    plan = plan_prompt("a chemistry lab with a cabinet containing beakers")
    assert any(r.kind == "on" and r.target == "cabinet" for r in plan.relations)


@pytest.mark.parametrize("text, holder", [
    ("a pantry with a bookshelf lined with jars", "bookshelf"),
    ("a market stall with a crate of tomatoes", "crate"),
])
def test_the_layout_puts_held_things_in_their_holder_and_the_checks_pass(text, holder):
    plan = plan_prompt(text)
    sizes = {o.key: CATEGORIES[o.category].size for o in plan.objects}
    placements = solve_layout(plan, sizes)
    relation = next(r for r in plan.relations if r.kind == "held_in")
    subjects = [p for p in placements if p.spec == relation.subject]
    targets = [p for p in placements if p.spec == holder]
    assert subjects and all(p.parent == targets[0].id for p in subjects)
    top = targets[0].position[1] + targets[0].size[1]
    assert all(p.position[1] < top for p in subjects)  # inside, not on its top
    assert RELATIONS["held_in"].check(subjects, targets, None, None)[0]
    lo, hi = (-20, 0, -20), (20, 10, 20)
    violations = constraint_violations(placements, (lo, hi))
    assert not [p.id for p in subjects if p.id in violations["floating"]]
    assert not [pair for pair in violations["collisions"] if set(pair) & {p.id for p in subjects}]


class _Box:
    def __init__(self, lo, hi, id="x"):
        self.id, self.lo, self.hi = id, np.array(lo, float), np.array(hi, float)
        self.position = (self.lo + self.hi) / 2
        self.centre = self.position


def test_the_judge_wants_the_thing_within_its_holder():
    shelf = _Box((0, 0, 0), (1, 2, 0.4), "shelf")
    inside = _Box((0.2, 0.9, 0.1), (0.3, 1.1, 0.2), "jar")
    on_top = _Box((0.2, 2.0, 0.1), (0.3, 2.2, 0.2), "jar")
    beside = _Box((1.5, 0.0, 0.1), (1.6, 0.2, 0.2), "jar")
    judge = RELATIONS["held_in"].judge
    assert judge([inside], [shelf], None, None)[0]
    assert not judge([on_top], [shelf], None, None)[0]
    assert not judge([beside], [shelf], None, None)[0]


def test_a_placement_on_no_hold_height_is_not_held():
    shelf = Placement(id="bookshelf_1", spec="bookshelf", category="bookshelf", asset="a", position=(0, 0, 0), yaw=0.0,
                      size=(0.9, 1.9, 0.35))
    jar = Placement(id="jar_1", spec="jar", category="jar", asset="b", position=(0, 0.3, 0), yaw=0.0, size=(0.1, 0.15, 0.1),
                    parent="bookshelf_1")
    assert "jar_1" in constraint_violations([shelf, jar], ((-5, 0, -5), (5, 3, 5)))["floating"]


@pytest.mark.parametrize("kind", sorted(k for k, c in CATEGORIES.items() if c.hold_levels))
def test_every_board_a_holder_lists_is_in_its_mesh(kind, tmp_path):
    # what the layout stands on a hold level must rest on a face of the holder's mesh, or the judge (and the eye)
    # sees it float: a bookcase's lowest level had no board, only the carcass's bottom 6 cm lower
    from tools.assets.generate import generate
    from tools.assets.registry import VARIANTS
    from tools.evaluate.geometry import SUPPORT_TOLERANCE, asset_mesh, on_surface

    for variant in range(VARIANTS[CATEGORIES[kind].generator]):
        asset = generate(kind, variant=variant)
        path = tmp_path / f"{kind}-{variant}.glb"
        path.write_bytes(asset.glb)
        hulls, tops = asset_mesh(str(path), 0)
        bottom = min(h.lo[1] for h in hulls)
        missing = [f for f in CATEGORIES[kind].hold_levels
                   if not on_surface(bottom + f * asset.size[1], np.zeros(3), tops, 2 * SUPPORT_TOLERANCE)]
        assert not missing, f"{kind} variant {variant}: no board at hold levels {missing}"
