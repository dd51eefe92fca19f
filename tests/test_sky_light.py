"""The sky light probe: spherical harmonics projected in numpy, read back as three.js's shader reads them."""

from __future__ import annotations

import math

import numpy as np

from tools.core.schema import Environment, Look
from tools.page.look import LIGHTING, fill_sky, look_lights
from tools.page.sky_light import Sky, irradiance, probe, project, sh_basis

UP, DOWN, SIDE = (0.0, 1.0, 0.0), (0.0, -1.0, 0.0), (1.0, 0.0, 0.0)
ROOM = (np.array([-2.5, 0.0, -2.0]), np.array([2.5, 2.7, 2.0]))


def _uniform(radiance) -> Sky:
    c = np.asarray(radiance, dtype=float)
    return Sky(c, c, c, np.array([0.0, 1.0, 0.0]), np.zeros(3))


def test_a_uniform_sky_has_only_the_dc_term_and_lights_every_face_by_pi_times_its_radiance() -> None:
    coefficients = project(_uniform([0.2, 0.5, 1.0]))
    np.testing.assert_allclose(coefficients[0], np.array([0.2, 0.5, 1.0]) * 0.282095 * 4 * math.pi, rtol=1e-6)
    np.testing.assert_allclose(coefficients[1:], 0.0, atol=1e-3 * coefficients[0].max())  # grid quadrature
    for normal in (UP, DOWN, SIDE):
        np.testing.assert_allclose(irradiance(coefficients, normal), np.pi * np.array([0.2, 0.5, 1.0]), rtol=1e-3)


def test_the_basis_is_orthonormal_on_the_grid() -> None:
    rng = np.random.default_rng(0)
    directions = rng.normal(size=(200_000, 3))
    directions /= np.linalg.norm(directions, axis=1, keepdims=True)
    basis = sh_basis(directions)
    gram = basis.T @ basis * (4 * math.pi / len(directions))
    np.testing.assert_allclose(gram, np.eye(9), atol=0.02)


def test_a_bright_sky_over_dark_ground_lights_tops_more_than_undersides() -> None:
    sky = Sky(np.ones(3), np.full(3, 0.6), np.full(3, 0.1), np.array([0.0, 1.0, 0.0]), np.zeros(3))
    coefficients = project(sky)
    assert coefficients[1][0] > 0, "the y band points up"
    assert irradiance(coefficients, UP)[0] > irradiance(coefficients, SIDE)[0] > irradiance(coefficients, DOWN)[0]


def test_the_probe_keeps_the_former_fill_on_top_faces_and_tints_from_floor_and_walls() -> None:
    env = Environment(kind="indoor", width=5, depth=4)
    look = Look()
    sky = fill_sky(look, env, ("#a47852", "#f1ece4"), np.array([0.0, 1.0, 0.0]))
    top = irradiance(project(sky), UP)
    row = LIGHTING["day"]
    assert row.fill < top @ np.array([0.2126, 0.7152, 0.0722]) / 0.9 < row.fill * 1.5  # the room's 2.2 fill
    under = irradiance(project(sky), DOWN)
    assert under[0] > under[2], "a wooden floor bounces warm light up"


def test_scene_lights_carry_a_deterministic_probe_first() -> None:
    env = Environment(kind="outdoor", width=20, depth=20)
    first = look_lights(Look(time_of_day="sunset"), env, *ROOM, ("#5f8f3e", "#f1ece4"))[0][0]
    again = look_lights(Look(time_of_day="sunset"), env, *ROOM, ("#5f8f3e", "#f1ece4"))[0][0]
    assert first == again and first["type"] == "probe" and len(first["sh"]) == 9
    assert all(len(rgb) == 3 for rgb in first["sh"])
    assert probe(_uniform([1, 1, 1]))["sh"][4] == [0.0, 0.0, 0.0]
