"""web/glsl.mjs, which shrinks three.js's shaders at bundle time: the GLSL preprocessor's reading of a shader
for the page's known facts (macros never defined, light counts always 0), and a minifier that never runs two
tokens together nor touches the lines three.js rewrites itself; then the bundle built with them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tools.page import bundle

WEB_DIR = Path(__file__).resolve().parents[1] / "web"
THREE_DIR = WEB_DIR / "node_modules" / "three"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js not installed")

_RUN = """
import { minifyGlsl, specialise } from %s;
const [call, source, facts] = JSON.parse(process.argv[1]);
const sets = { undefinedMacros: new Set(facts[0]), zeroCounts: new Set(facts[1]) };
try {
  process.stdout.write(JSON.stringify(call === 'minify' ? minifyGlsl(source) : specialise(source, sets)));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: error.message }));
}
"""


def run(call: str, source: str, undefined_macros: tuple[str, ...] = (), zero_counts: tuple[str, ...] = ()):
    script = _RUN % json.dumps((WEB_DIR / "glsl.mjs").as_uri())
    argument = json.dumps([call, source, [list(undefined_macros), list(zero_counts)]])
    result = subprocess.run(["node", "--input-type=module", "-e", script, argument],
                            capture_output=True, text=True, timeout=60, check=True)
    return json.loads(result.stdout)


@needs_node
def test_a_block_needing_a_macro_never_defined_goes_and_its_else_stays_without_directives():
    source = "a;\n#ifdef USE_SHEEN\nsheen;\n#else\nplain;\n#endif\nb;"
    assert run("specialise", source, ("USE_SHEEN",)) == "a;\nplain;\nb;"


@needs_node
def test_what_only_the_run_time_knows_stays_with_the_known_part_written_in():
    source = ("#if defined( USE_MAP ) || defined( USE_SHEEN )\nx;\n#endif\n"
              "#if defined( USE_SHEEN ) && defined( USE_MAP )\ny;\n#endif\n"
              "#ifdef USE_MAP\n#ifndef USE_SHEEN\nz;\n#endif\n#endif")
    assert run("specialise", source, ("USE_SHEEN",)) == (
        "#if defined( USE_MAP ) || 0\nx;\n#endif\n#ifdef USE_MAP\nz;\n#endif")


@needs_node
def test_a_count_always_zero_decides_comparisons_and_is_written_into_code():
    source = ("#if NUM_SPOT_LIGHTS > 0\nspot;\n#elif NUM_DIR_LIGHTS > 0\ndir;\n#elif 1 > 0\nnone;\n#endif\n"
              "#if ( NUM_SPOT_LIGHTS > 0 ) || ( NUM_POINT_LIGHTS > 0 )\npoint;\n#endif\n"
              "for ( int i = 0; i < NUM_SPOT_LIGHTS; i ++ ) {}")
    assert run("specialise", source, (), ("NUM_SPOT_LIGHTS",)) == (
        "#if NUM_DIR_LIGHTS > 0\ndir;\n#else\nnone;\n#endif\n"
        "#if ( 0 > 0 ) || ( NUM_POINT_LIGHTS > 0 )\npoint;\n#endif\n"
        "for ( int i = 0; i < 0; i ++ ) {}")


@needs_node
def test_nested_blocks_inside_a_dropped_one_go_with_it():
    source = "#ifdef USE_SHEEN\n#ifdef USE_MAP\nm;\n#else\nn;\n#endif\n#endif\nkept;"
    assert run("specialise", source, ("USE_SHEEN",)) == "kept;"


@needs_node
def test_a_shader_that_defines_a_macro_listed_as_never_defined_fails_the_build():
    assert "USE_SHEEN" in run("specialise", "#define USE_SHEEN\nx;", ("USE_SHEEN",))["error"]


@needs_node
def test_minified_tokens_never_merge_and_floats_keep_their_value():
    source = "float a = b - -c; // note\nint d = e++ + f;\n/* block */ vec2 g = vec2( 1.0, 0.50 ) * 2.0e-3;"
    assert run("minify", source) == "float a=b- -c;int d=e+++f;vec2 g=vec2(1.,.5)*2.e-3;"


@needs_node
def test_lines_three_rewrites_itself_keep_their_form():
    source = ("\t#include <common>\n#pragma unroll_loop_start\nfor ( int i = 0; i < N; i ++ ) {\n\tx[ i ] = 1;\n}\n"
              "#pragma unroll_loop_end\n#define F( a ) ( a * 2.0 )\n#define G ( 3.0 )")
    assert run("minify", source) == ("#include <common>\n#pragma unroll_loop_start\nfor(int i=0;i<N;i++){x[i]=1;}\n"
                                     "#pragma unroll_loop_end\n#define F(a) (a*2.)\n#define G (3.)")


@pytest.mark.skipif(not (THREE_DIR / "package.json").is_file(), reason="three.js not installed (make setup)")
def test_the_bundle_leaves_out_the_material_shaders_the_page_does_not_draw(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle, "BUNDLE_DIR", tmp_path / "dist")
    viewer = (bundle.page_bundle(THREE_DIR) / "viewer.js").read_text(encoding="utf-8")
    page_three = json.loads((WEB_DIR / "page-three.json").read_text(encoding="utf-8"))
    assert "three.js shader meshphong_frag is not in the page bundle" in viewer
    assert "three.js shader meshphysical_frag" not in viewer and "meshphysical" in page_three["materials"]
    assert "D_Charlie" not in viewer  # the sheen BRDF, behind USE_SHEEN, which the page never defines
    assert "sheenRoughnessTexture" not in viewer  # nor does GLTFLoader register the sheen extension
    # GLTFParser's skins are left out, and with them three's Skeleton (whose warning names it)
    assert "GLTFLoader.loadSkin is not in the page bundle" in viewer and "Skeleton.toJSON" not in viewer
    assert page_three["gltf_parser_methods_left_out"]
