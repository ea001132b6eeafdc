/** Test and case id patterns: `*` matches any run of characters; the rest is literal. `prefix` matches ids that start with the pattern. */
export function globToRegExp(glob: string, match: 'whole' | 'prefix' = 'whole'): RegExp {
  const body = glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}${match === 'whole' ? '$' : ''}`);
}
