/**
 * Token fingerprints of Python source, by winnowing (Schleimer, Wilkerson and Aiken, 2003; what MOSS and compare50
 * use): the source becomes a stream of tokens in which names, strings and numbers are only their kind and comments
 * and layout are gone, every run of K tokens is hashed, and in every window of W hashes the smallest is kept. Two
 * files that share a run of at least K + W - 1 tokens share a fingerprint, whatever their names, comments,
 * whitespace or order of functions. Pure.
 */

/** Tokens per hashed run: about a line and a half of code. */
export const K = 12;
/** Hashes per window: any shared run of K + W - 1 = 19 tokens or more is found. */
export const W = 8;

const KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
  'self',
]);

export interface Token {
  /** `V` for a name, `S` a string, `N` a number, else the keyword or operator itself. */
  readonly kind: string;
  readonly line: number;
}

const TOKEN =
  /(#[^\n]*)|([rRbBuUfF]{0,2}(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'))|(\d[\d_]*(?:\.\d*)?(?:[eE][+-]?\d+)?j?|\.\d+)|([A-Za-z_\u00c0-\uffff][\w\u00c0-\uffff]*)|(\*\*=?|\/\/=?|->|:=|<<=?|>>=?|[-+*/%@&|^=<>!]=|[()[\]{}:,;.+\-*/%@&|^~<>=])|(\n)|([ \t\r\f\\]+)|(.)/gu;

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  for (const match of source.matchAll(TOKEN)) {
    const [text, comment, string, number, name, operator] = match;
    if (string !== undefined) tokens.push({ kind: 'S', line });
    else if (number !== undefined) tokens.push({ kind: 'N', line });
    else if (name !== undefined) tokens.push({ kind: KEYWORDS.has(name) ? name : 'V', line });
    else if (operator !== undefined) tokens.push({ kind: operator, line });
    else if (comment !== undefined) continue;
    line += countNewlines(text);
  }
  return tokens;
}

const countNewlines = (text: string) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

export interface Fingerprint {
  readonly hash: number;
  /** The lines of the hashed run in its file, first and last. */
  readonly from: number;
  readonly to: number;
}

/** The winnowed fingerprints of one file, in order. */
export function fingerprints(source: string): Fingerprint[] {
  const tokens = tokenize(source);
  if (tokens.length < K) return [];
  const ids = tokens.map((t) => kindId(t.kind));
  const hashes: number[] = [];
  for (let start = 0; start + K <= ids.length; start++) {
    let hash = 2166136261;
    for (let i = start; i < start + K; i++) hash = Math.imul(hash ^ ids[i]!, 16777619) >>> 0;
    hashes.push(hash);
  }
  // In each window the rightmost smallest hash; a window that picks the same one as the last adds nothing.
  const kept: Fingerprint[] = [];
  let last = -1;
  const windows = Math.max(1, hashes.length - W + 1);
  for (let window = 0; window < windows; window++) {
    const end = Math.min(window + W, hashes.length);
    let best = window;
    for (let i = window; i < end; i++) if (hashes[i]! <= hashes[best]!) best = i;
    if (best !== last) {
      kept.push({ hash: hashes[best]!, from: tokens[best]!.line, to: tokens[best + K - 1]!.line });
      last = best;
    }
  }
  return kept;
}

const KIND_IDS = new Map<string, number>();
function kindId(kind: string): number {
  let id = KIND_IDS.get(kind);
  if (id === undefined) {
    id = 0;
    for (let i = 0; i < kind.length; i++) id = Math.imul(id ^ kind.charCodeAt(i), 2654435761) >>> 0;
    id = (id ^ (kind.length * 97)) >>> 0;
    KIND_IDS.set(kind, id);
  }
  return id;
}
