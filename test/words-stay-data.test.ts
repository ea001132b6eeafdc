/**
 * Words stay data until they are shown: no source under runner/ or reports/ appends to a verdict's or a test's
 * message after it is made, or takes one apart with a pattern. (An exception's or an error's own message, quoted
 * in new words, is not a verdict's.) A message is written once from its sentences (runner/grade/words.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../runner/project-root.js';

/** What reads a message as text to change or parse: `.message.replace(`, `.match(`, `re.test(x.message)`, an append. */
const FORBIDDEN: readonly { readonly what: string; readonly pattern: RegExp }[] = [
  {
    what: 'appends to a message',
    pattern: /\bmessage:\s*`\$\{\s*(?!(?:[\w.]*\.)?(?:error|err|exception|fault|broken)\b)[\w.!?]*\bmessage\}/u,
  },
  {
    what: 'takes a message apart with a pattern',
    pattern: /\b(?!error\b|err\b|exception\b|fault\b)\w+\.message\.(?:replace|replaceAll|match|matchAll|search)\(/u,
  },
  { what: 'tests a message against a pattern', pattern: /\.test\(\s*(?!error\b|err\b)[\w.]*\bmessage\s*\)/u },
];

export function messageRewrites(source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, i) => FORBIDDEN.filter((f) => f.pattern.test(line)).map((f) => `line ${i + 1} ${f.what}: ${line.trim()}`));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'python' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('words stay data', () => {
  it('finds an append, a rewrite and a pattern on a message where there is one', () => {
    expect(messageRewrites('  return { ...verdict, message: `${verdict.message}\\nmore` };')).toHaveLength(1);
    expect(messageRewrites('  const first = test.message.replace(/^\\d+ of/u, "");')).toHaveLength(1);
    expect(messageRewrites('  if (/failed; the first/u.test(test.message)) skip();')).toHaveLength(1);
    expect(
      messageRewrites('  throw new Error(`could not: ${error.message}`);\n  return { message: `${exception.message} at line 3` };'),
    ).toEqual([]);
  });

  it('holds in every source of runner/ and reports/', () => {
    const found = ['runner', 'reports'].flatMap((top) =>
      sources(join(PROJECT_ROOT, top)).flatMap((file) =>
        messageRewrites(readFileSync(file, 'utf8')).map((m) => `${relative(PROJECT_ROOT, file)} ${m}`),
      ),
    );
    expect(found).toEqual([]);
  });
});
