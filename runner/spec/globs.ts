/** Test and case id patterns: `*` matches any run of characters; the rest is literal. `prefix` matches ids that start with the pattern. */
export function globToRegExp(glob: string, match: 'whole' | 'prefix' = 'whole'): RegExp {
  return new RegExp(`^${globBody(glob)}${match === 'whole' ? '$' : ''}`);
}

/** A pattern's regular expression source, unanchored. */
const globBody = (glob: string): string =>
  glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');

/**
 * `--only`'s test ids: those starting with any of the comma-separated patterns (`board.,connect_four.*games`), so a
 * run can pick tests of several targets at once. No test id holds a comma; empty patterns are ignored.
 */
export function onlyPattern(pattern: string): { readonly pattern: string; readonly regex: RegExp } {
  const globs = pattern
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (globs.length === 0) return { pattern, regex: /^(?!)/u };
  return { pattern, regex: new RegExp(`^(?:${globs.map(globBody).join('|')})`) };
}
