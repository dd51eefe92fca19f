// Bundles each page's script with the parts of three.js it imports into one minified ES module, less what
// web/page-three.json says the pages never use (shaders, shader features, GLTFLoader plugins).
// Usage: node web/build.mjs --three <npm 'three' package folder> --out <folder>
// tools/page/bundle.py runs it (at set-up, and again when a source changed); the output is never committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { minifyGlsl, specialise } from './glsl.mjs';

const WEB = path.dirname(fileURLToPath(import.meta.url));
// A scene page's script and style, and the asset sheet's script; each output keeps its source's name.
const ENTRIES = { viewer: 'template/viewer.js', ui: 'template/ui.css', sheet: 'sheet/sheet.js' };

function argument(name) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0 || !process.argv[at + 1]) throw new Error(`missing --${name}`);
  return path.resolve(process.argv[at + 1]);
}

// three's build file keeps its shaders as plain strings (`var name = "...\n..."`), which no JS minifier
// touches: about a fifth of the bundle is GLSL. web/page-three.json says which of three's material shaders
// the page draws with and which macros it never defines; the rest is left out (an #error saying so, should
// something include it after all), and what stays is what the GLSL preprocessor would leave of it, minified.
const SHADER_STRING = /^((?:var|const) ([\w$]+) = )("(?:[^"\\]|\\.)*");$/gm;
const SHADER_CHUNK = /^const ShaderChunk = \{([\s\S]*?)^\};/m;
const INCLUDE = /#include +<([\w./]+)>/g;

function pageShaders(code, { materials, never_defined: neverDefined, always_zero: alwaysZero }) {
  const facts = {
    undefinedMacros: new Set(Object.values(neverDefined).flat()),
    zeroCounts: new Set(Object.values(alwaysZero).flat()),
  };
  const chunks = SHADER_CHUNK.exec(code);
  if (!chunks) throw new Error('three.module.js has no `const ShaderChunk = {`: see web/build.mjs pageShaders');
  const chunkOf = new Map(); // variable -> ShaderChunk key
  for (const [, key, variable] of chunks[1].matchAll(/(\w+): ([\w$]+)/g)) chunkOf.set(variable, key);
  const source = new Map();
  for (const [, , variable, literal] of code.matchAll(SHADER_STRING)) source.set(chunkOf.get(variable), JSON.parse(literal));
  const isMaterial = (key) => /_(vert|frag)$/.test(key);
  const kept = new Set();
  const keep = (key) => {
    if (kept.has(key) || !source.has(key)) return;
    kept.add(key);
    for (const [, included] of source.get(key).matchAll(INCLUDE)) keep(included);
  };
  for (const key of chunkOf.values()) {
    // A chunk three's own code reads by name (tone mapping, colour space) is needed whatever the materials.
    const readByName = new RegExp(`ShaderChunk(\\.${key}\\b|\\[ '${key}' \\])`).test(code);
    if (isMaterial(key) ? materials.includes(key.replace(/_(vert|frag)$/, '')) : readByName) keep(key);
  }
  // So is one that a shader written in three's code (PMREM, shadow blur) includes.
  for (const [, included] of code.replace(SHADER_STRING, '').matchAll(INCLUDE)) keep(included);
  return code.replace(SHADER_STRING, (line, head, variable, literal) => {
    const key = chunkOf.get(variable);
    if (key === undefined && !literal.includes('\\n')) return line; // one line and no chunk: not a shader
    const glsl = key === undefined || kept.has(key)
      ? minifyGlsl(specialise(JSON.parse(literal), facts))
      : `#error three.js shader ${key} is not in the page bundle (web/page-three.json)`;
    return `${head}${JSON.stringify(glsl)};`;
  });
}

// GLTFLoader registers a plugin per glTF extension in its constructor; one not registered is tree-shaken away.
const GLTF_PLUGIN = /this\.register\( function \( parser \) \{\s*return new (\w+)\( parser[^)]*\);\s*\} \);/g;

function pageGltfPlugins(code, { gltf_plugins_left_out: leftOut }) {
  const names = new Set(Object.values(leftOut).flat());
  const registered = new Set([...code.matchAll(GLTF_PLUGIN)].map((match) => match[1]));
  const unknown = [...names].filter((name) => !registered.has(name));
  if (unknown.length) throw new Error(`GLTFLoader registers no ${unknown.join(', ')} (web/page-three.json)`);
  return pageGltfParser(code.replace(GLTF_PLUGIN, (call, name) => (names.has(name) ? '' : call)), PAGE_THREE);
}

// GLTFParser's methods sit one tab in, from `\tname( args ) {` to the next `\n\t}`; a method left out rejects,
// so a file that needs it fails loudly, and the three.js classes only it used are tree-shaken away.
const PARSER_METHOD = /^\t(\w+)\( [^)\n]*\) \{\n[\s\S]*?^\t\}$/gm;

function pageGltfParser(code, { gltf_parser_methods_left_out: leftOut }) {
  const names = new Set(Object.values(leftOut).flat());
  const found = new Set();
  const trimmed = code.replace(PARSER_METHOD, (method, name) => {
    if (!names.has(name)) return method;
    found.add(name);
    return `\t${name}() {\n\t\treturn Promise.reject( new Error( 'GLTFLoader.${name} is not in the page bundle (web/page-three.json)' ) );\n\t}`;
  });
  const unknown = [...names].filter((name) => !found.has(name));
  if (unknown.length) throw new Error(`GLTFLoader has no method ${unknown.join(', ')} (web/page-three.json)`);
  return trimmed;
}

// 'three' and 'three/addons/...' resolve in the given package (DIORAMA_THREE_DIR), one copy for every importer.
function threeFrom(three) {
  return {
    name: 'three',
    setup(build) {
      build.onResolve({ filter: /^three$/ }, () => ({ path: path.join(three, 'build', 'three.module.js') }));
      build.onResolve({ filter: /^three\/addons\// }, (args) => ({
        path: path.join(three, 'examples', 'jsm', args.path.slice('three/addons/'.length)),
      }));
      for (const [filter, trim] of [[/[\\/]three\.module\.js$/, pageShaders], [/[\\/]GLTFLoader\.js$/, pageGltfPlugins]]) {
        build.onLoad({ filter }, (args) => ({ contents: trim(fs.readFileSync(args.path, 'utf8'), PAGE_THREE), loader: 'js' }));
      }
    },
  };
}

const PAGE_THREE = JSON.parse(fs.readFileSync(path.join(WEB, 'page-three.json'), 'utf8'));
const three = argument('three');
const out = argument('out');
if (!fs.existsSync(path.join(three, 'build', 'three.module.js'))) {
  throw new Error(`three.js not found under ${three}`);
}
await esbuild.build({
  entryPoints: Object.entries(ENTRIES).map(([name, entry]) => ({ out: name, in: path.join(WEB, entry) })),
  outdir: out,
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  plugins: [threeFrom(three)],
  logLevel: 'warning',
});
