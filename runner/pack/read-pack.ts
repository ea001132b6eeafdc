/**
 * Reads an assignment.yml: YAML with every node's place kept, so each fault (a YAML slip, a key the schema does not
 * know, a wrong type) is reported at its line and column. Pure but for the schema files it reads once.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { yamlFault } from './yaml-fault.js';
import { packSchema, packValidator, type PackKind } from './pack-validators.js';
import type { Pack, PackProblem } from '../model/pack-types.js';

/** A parsed pack and a way to find where any of its keys or values sits in the file. */
export interface ParsedPack {
  readonly kind: PackKind;
  readonly data: unknown;
  readonly problems: readonly PackProblem[];
  /**
   * The line and column of the value at `path` (of its key with `key: true`), or of the nearest place above it;
   * `content: true`, of a string's first character (a block's first line, below its `|`): where a course's Python starts.
   */
  readonly locate: (path: readonly (string | number)[], options?: { key?: boolean; content?: boolean }) => { line: number; column: number };
}

const validators = new Map<string, ValidateFunction>();
function validatePack(root: string, kind: PackKind): ValidateFunction {
  const key = `${root}\0${kind}`;
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = packValidator(packSchema(root, kind))));
  return validate;
}

/** A built-in's file says which assignment it is; a course's, which one it extends. */
function kindOf(data: unknown): PackKind {
  const top = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return 'assignment' in top && !('extends' in top) ? 'built-in' : 'course';
}

export function parsePack(root: string, text: string): ParsedPack {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const locate = locator(doc, lines, text);
  // The first YAML slip only: the parser's later errors mostly follow from it.
  const problems: PackProblem[] = [...doc.errors, ...doc.warnings].slice(0, 1).map((error) => ({ path: [], ...yamlFault(error, lines) }));
  // A YAML slip leaves nothing to check further: its place is the one fault worth reading.
  if (problems.length > 0) return { kind: 'course', data: undefined, problems, locate };
  const data: unknown = doc.toJS();
  const kind = kindOf(data);
  const validate = validatePack(root, kind);
  if (!validate(data)) problems.push(...(validate.errors ?? []).map((e) => schemaProblem(e, locate, kind, data)));
  return { kind, data, problems, locate };
}

/** The pack's data once parsePack found no problem. */
export const packOf = (parsed: ParsedPack): Pack => parsed.data as Pack;

function schemaProblem(error: ErrorObject, locate: ParsedPack['locate'], kind: PackKind, data: unknown): PackProblem {
  const path = pointerPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const key = String(params['additionalProperty']);
    const full = [...path, key];
    const why =
      kind === 'built-in'
        ? `'${key}' is not a key here`
        : `'${key}' is not a key here${path.length === 0 ? ' (extends, madeFrom, title, due, texts, names, boards, examples, files, groups, tests)' : allowedHere(path, data)}`;
    return { path: full, ...locate(full, { key: true }), message: why };
  }
  let message = error.message ?? 'is not right';
  if (error.keyword === 'enum') message = `must be one of ${(params['allowedValues'] as unknown[]).join(', ')}`;
  if (error.keyword === 'pattern' && path.at(-1) === 'due')
    message = 'must be an ISO date and time with its zone, such as 2026-12-04T23:59:00-05:00';
  if (error.keyword === 'pattern' && path.at(-1) === 'builtIn')
    message = 'must be the 16 hexadecimal digits grade init wrote (the hash of the built-in the pack was made from)';
  if (error.keyword === 'required') {
    const key = String(params['missingProperty']);
    return {
      path,
      ...locate(path),
      message: key === 'extends' && kind === 'course' ? 'a pack needs extends: the built-in assignment it adapts' : `needs '${key}'`,
    };
  }
  return { path, ...locate(path), message };
}

function allowedHere(path: readonly (string | number)[], data: unknown): string {
  const section = path[0];
  if (section === 'tests' && path[2] === 'calls') return ' (call, expected, prints, raises, input)';
  if (section === 'tests' && path[2] === 'shows') return ' (pattern; or the line itself, as a string)';
  if (section === 'tests' && path[2] === 'limits') return ' (callMs, programMs, promptMs)';
  if (section === 'tests') {
    const test = (data as { tests?: Record<string, { kind?: unknown }> }).tests?.[String(path[1])];
    if (test?.kind === 'calls') return ' (kind, group, name, points, visibility, hint, target, setup, calls, limits)';
    if (test?.kind === 'session') return ' (kind, group, name, points, visibility, hint, target, run or main, input, shows, limits)';
    return ' (points, visibility, hint, enabled)';
  }
  if (section === 'groups') return ' (name, manualPoints, points)';
  if (section === 'files') return ' (names)';
  if (section === 'boards') return path.length === 1 ? ' (sizes)' : ' (rows, columns)';
  if (section === 'madeFrom') return ' (builtIn, grader)';
  return '';
}

function pointerPath(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/gu, '/').replace(/~0/gu, '~'))
    .map((part) => (/^\d+$/u.test(part) ? Number(part) : part));
}

function locator(doc: Document, lines: LineCounter, text: string): ParsedPack['locate'] {
  const place = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  return (path, options = {}) => {
    let node: unknown = doc.contents;
    let last = node;
    let keyNode: unknown;
    for (const part of path) {
      if (!isMap(node) && !(node && typeof node === 'object' && 'items' in node)) break;
      const items = (node as { items: unknown[] }).items;
      const found = isMap(node)
        ? items.find((pair) => isPair(pair) && isScalar(pair.key) && String(pair.key.value) === String(part))
        : items[Number(part)];
      if (found === undefined) break;
      if (isPair(found)) {
        keyNode = found.key;
        node = found.value;
      } else {
        keyNode = undefined;
        node = found;
      }
      last = node ?? keyNode;
    }
    const target = (options.key && keyNode ? keyNode : (last ?? keyNode)) as Node | undefined;
    if (!target?.range) return { line: 1, column: 1 };
    if (options.content && isScalar(target) && (target.type === 'BLOCK_LITERAL' || target.type === 'BLOCK_FOLDED')) {
      // A block's text starts on the line below its header, at its indentation.
      const next = text.indexOf('\n', target.range[0]) + 1;
      const indent = /^ */u.exec(text.slice(next))![0].length;
      return place(next + indent);
    }
    if (options.content && isScalar(target) && (target.type === 'QUOTE_DOUBLE' || target.type === 'QUOTE_SINGLE'))
      return place(target.range[0] + 1);
    return place(target.range[0]);
  };
}
