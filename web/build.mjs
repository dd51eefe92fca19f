// Bundles each page's script with the parts of three.js it imports into one minified ES module.
// Usage: node web/build.mjs --three <npm 'three' package folder> --out <folder>
// tools/page/bundle.py runs it (at set-up, and again when a source changed); the output is never committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const WEB = path.dirname(fileURLToPath(import.meta.url));
// A scene page's script and style, and the asset sheet's script; each output keeps its source's name.
const ENTRIES = { viewer: 'template/viewer.js', ui: 'template/ui.css', sheet: 'sheet/sheet.js' };

function argument(name) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0 || !process.argv[at + 1]) throw new Error(`missing --${name}`);
  return path.resolve(process.argv[at + 1]);
}

// three's build files keep their shaders as plain strings (`var name = "...\n..."`), which no JS minifier
// touches: about a fifth of the bundle is GLSL indentation, comments and spaces. Squeezing is safe where
// it drops whitespace beside punctuation only (no two tokens can merge) and leaves preprocessor lines'
// inner spacing alone (`#define f( a )` versus `#define f ( a )` differ in meaning).
function squeezeGlsl(source) {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, '').trim())
    .filter(Boolean)
    .map((line) => (line.startsWith('#') ? line : line.replace(/\s*([()[\]{},;])\s*/g, '$1')))
    .join('\n');
}

const SHADER_STRING = /^((?:var|const) [\w$]+ = )("(?:[^"\\]|\\.)*\\n(?:[^"\\]|\\.)*");$/gm;

function squeezeShaders(code) {
  return code.replace(SHADER_STRING, (line, head, literal) => `${head}${JSON.stringify(squeezeGlsl(JSON.parse(literal)))};`);
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
      build.onLoad({ filter: /[\\/]three\.module\.js$/ }, (args) => ({
        contents: squeezeShaders(fs.readFileSync(args.path, 'utf8')),
        loader: 'js',
      }));
    },
  };
}

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
