/** Test and case id patterns: `*` matches any run of characters; the rest is literal. `prefix` matches ids that start with the pattern. */
export function globToRegExp(glob: string, match: 'whole' | 'prefix' = 'whole'): RegExp {
  const body = glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}${match === 'whole' ? '$' : ''}`);
}

/**
 * `--only`'s test ids: those starting with any of the comma-separated patterns (`board.,connect_four.*games`), so a
 * run can pick tests of several targets at once. No test id holds a comma; empty patterns are ignored.
 */
export function onlyPattern(pattern: string): { readonly pattern: string; readonly regex: RegExp } {
  const globs = pattern.split(',').map((p) => p.trim()).filter(Boolean);
  if (globs.length === 0) return { pattern, regex: /^(?!)/u };
  const alternatives = globs.map((glob) => globToRegExp(glob, 'prefix').source.slice(1));
  return { pattern, regex: new RegExp(`^(?:${alternatives.join('|')})`) };
}
