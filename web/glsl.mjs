// GLSL source made smaller at bundle time, keeping what three.js's own string processing needs:
// `#include <name>` and `#pragma unroll_loop_*` lines verbatim (three resolves them with regular expressions
// that want the space after #include and a line break before #pragma unroll_loop_end), every preprocessor
// directive on its own line, and no two tokens run together.

// One GLSL token (or a run of white space): numbers, names, the operators of two or three characters, then
// any single character.
const TOKEN = /\s+|(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|0[xX][\da-fA-F]+[uU]?|\d+[uU]?|[A-Za-z_]\w*|<<=|>>=|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\^\^|[-+*/%&|^]=|[\s\S]/g;
const VERBATIM = new Set(['include', 'pragma', 'version', 'extension']);

const tokens = (code) => (code.match(TOKEN) || []).filter((token) => !/^\s/.test(token));

// `1.0` -> `1.`, `0.50` -> `.5`: the same float constant, fewer characters.
function shortFloat(token) {
  const parts = /^(\d*)\.(\d*)((?:[eE][+-]?\d+)?)$/.exec(token);
  if (!parts || !/\d/.test(token)) return token;
  const whole = parts[1].replace(/^0+/, '');
  const fraction = parts[2].replace(/0+$/, '');
  return whole || fraction ? `${whole}.${fraction}${parts[3]}` : '0.';
}

// Tokens joined with a space only where, without one, they would read back as other tokens (`a b`, `- -`).
function join(list) {
  let out = '';
  let last = '';
  for (const token of list) {
    if (last) {
      const again = tokens(last + token);
      if (again.length !== 2 || again[0] !== last || again[1] !== token) out += ' ';
    }
    out += token;
    last = token;
  }
  return out;
}

const squeeze = (code) => join(tokens(code).map(shortFloat));

function directive(line) {
  const [, name, rest] = /^#\s*(\w+)\s*([\s\S]*)$/.exec(line);
  if (VERBATIM.has(name)) return line;
  if (name === 'define') {
    // A '(' right after the name makes a function-like macro, with a space between them an object-like one.
    const [, macro, params = '', body] = /^(\w+)(\([^)]*\))?\s*([\s\S]*)$/.exec(rest);
    return `#define ${macro}${squeeze(params)}${body ? ` ${squeeze(body)}` : ''}`;
  }
  return rest ? `#${name} ${squeeze(rest)}` : `#${name}`;
}

/** Comments and needless white space out, float constants shortened; directives keep their own lines. */
export function minifyGlsl(source) {
  const out = [];
  let code = [];
  const flush = () => {
    if (code.length) out.push(squeeze(code.join('\n')));
    code = [];
  };
  for (const raw of source.replace(/\/\*[\s\S]*?\*\//g, '').split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (line.startsWith('#')) {
      flush();
      out.push(directive(line));
    } else if (line) {
      code.push(line);
    }
  }
  flush();
  return out.join('\n');
}

// What the page knows of a shader before three.js builds it: macros it never defines, and the counts three
// writes into the source (replaceLightNums: NUM_SPOT_LIGHTS ...) that are always 0 for it.
// An #if condition is evaluated as far as that allows: true, false, or null when only the run time knows.
const CONDITION_TOKEN = /\s+|defined\s*\(\s*\w+\s*\)|defined\s+\w+|\w+|&&|\|\||[<>=!]=|[^\s\w]/g;
const COMPARE = { '<': (a, b) => a < b, '>': (a, b) => a > b, '<=': (a, b) => a <= b, '>=': (a, b) => a >= b,
  '==': (a, b) => a === b, '!=': (a, b) => a !== b };

function evaluate(condition, { undefinedMacros, zeroCounts }) {
  const list = (condition.match(CONDITION_TOKEN) || []).filter((token) => token.trim());
  let at = 0;
  const number = (token) => (zeroCounts.has(token) ? 0 : /^\d+$/.test(token) ? Number(token) : null);
  // `a op b op c` for one of && ||, each operand read by `operand`, combined three-valued by `combine`.
  const chain = (operator, combine, operand) => () => {
    let value = operand();
    while (list[at] === operator) {
      at += 1;
      value = combine(value, operand());
    }
    return value;
  };
  const both = chain('&&', (a, b) => (a === false || b === false ? false : a && b ? true : null), () => negated());
  const either = chain('||', (a, b) => (a === true || b === true ? true : a === false && b === false ? false : null), both);
  const negated = () => {
    if (list[at] !== '!') return atom();
    at += 1;
    const value = negated();
    return value === null ? null : !value;
  };
  const atom = () => {
    const token = list[at++];
    if (token === '(') {
      const value = either();
      if (list[at++] !== ')') throw new Error(`unbalanced #if ${condition}`);
      return value;
    }
    const macro = /^defined\W+(\w+)/.exec(token);
    if (macro) return undefinedMacros.has(macro[1]) ? false : null;
    const [op, right] = [list[at], list[at + 1]];
    if (COMPARE[op] && ['&&', '||', ')', undefined].includes(list[at + 2])) {
      at += 2;
      const [a, b] = [number(token), number(right)];
      return a === null || b === null ? null : COMPARE[op](a, b);
    }
    // Anything else (arithmetic): known only at run time; skip to the next && || or ).
    while (at < list.length && !['&&', '||', ')'].includes(list[at])) at += 1;
    return null;
  };
  return either();
}

// A line as it reads once the known facts are written in: defined(X) of a macro never defined is 0, and so
// is a count that is always 0 (three would write the same 0 in at run time).
function withFacts(line, { undefinedMacros, zeroCounts }) {
  return line
    .replace(/defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+)/g, (text, a, b) => (undefinedMacros.has(a || b) ? '0' : text))
    .replace(/\b[A-Z_]+\b/g, (name) => (zeroCounts.has(name) ? '0' : name));
}

/** The source as the GLSL preprocessor would leave it for a page where `facts` hold ({ undefinedMacros,
 * zeroCounts }, sets of names): blocks that need one of those macros or a count above 0 are dropped, the
 * branches that then always hold lose their directives, and the facts are written into what is left.
 * Throws if the source defines one of the macros. */
export function specialise(source, facts) {
  const out = [];
  const open = []; // per open #if: { parent: emitting, live: a directive was written, decided, body: emitting }
  const emitting = () => open.every((block) => block.body);
  for (const line of source.split('\n')) {
    const parts = /^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b\s*(.*)$/.exec(line);
    if (!parts) {
      if (!emitting()) continue;
      const defines = /^\s*#\s*(?:define|undef)\s+(\w+)/.exec(line);
      if (defines && facts.undefinedMacros.has(defines[1])) {
        throw new Error(`a shader sets ${defines[1]}, listed as never defined`);
      }
      out.push(/^\s*#\s*(include|pragma)\b/.test(line) ? line : withFacts(line, facts));
      continue;
    }
    const [, keyword, rest] = parts;
    if (keyword.startsWith('if')) {
      const parent = emitting();
      const condition = keyword === 'if' ? rest : `${keyword === 'ifndef' ? '!' : ''}defined(${rest.trim()})`;
      const value = parent ? evaluate(condition, facts) : false;
      open.push({ parent, live: parent && value === null, decided: value === true, body: parent && value !== false });
      if (parent && value === null) out.push(keyword === 'if' ? `#if ${withFacts(rest, facts)}` : line);
      continue;
    }
    const block = open.at(-1);
    if (!block) throw new Error(`#${keyword} without #if`);
    if (keyword === 'endif') {
      open.pop();
      if (block.live) out.push(line);
      continue;
    }
    if (!block.parent || block.decided) {
      block.body = false;
      continue;
    }
    const value = keyword === 'else' ? true : evaluate(rest, facts);
    block.body = value !== false;
    block.decided = value === true;
    if (value === true && block.live) out.push('#else');
    if (value === null) {
      out.push(`${block.live ? '#elif' : '#if'} ${withFacts(rest, facts)}`);
      block.live = true;
    }
  }
  if (open.length) throw new Error('#if without #endif');
  return out.join('\n');
}
