/**
 * What keeps the rules, their tables and their docs together: each rule in the registry has its module (named for the
 * rule), its table of ledgers, and a row in docs/strictness.md, in the registry's order, saying where it acts; each
 * module of policies/ that exports a rule is in the registry. Pure: handed the names, it returns what is wrong.
 */
import type { AnyRule } from '../../../../runner/grade/policies/policy.js';

export interface RegistryFacts {
  readonly rules: readonly AnyRule[];
  /** The modules of runner/grade/policies/ that export a rule, by file name without .ts, with the rule's name. */
  readonly modules: ReadonlyMap<string, string>;
  /** The rules with a table (test/runner/grade/policies/<name>.test.ts), by name. */
  readonly tables: ReadonlySet<string>;
  /** docs/strictness.md's text. */
  readonly docs: string;
}

/** The rules' rows in the docs' table, in order: `| \`name\` | scope | what |`. */
export function docsRows(docs: string): { name: string; scope: string }[] {
  return [...docs.matchAll(/^\| `([a-z-]+)` \| (unit|units|test) \|/gmu)].map((m) => ({ name: m[1]!, scope: m[2]! }));
}

export function registryProblems(facts: RegistryFacts): string[] {
  const problems: string[] = [];
  const names = facts.rules.map((r) => r.meta.name);
  for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) problems.push(`${name} is in the registry twice`);
  const rows = docsRows(facts.docs);
  for (const rule of facts.rules) {
    const { name, scope } = rule.meta;
    if (![...facts.modules.values()].includes(name)) problems.push(`${name} has no module of its own in runner/grade/policies/`);
    else if (facts.modules.get(name) !== name) problems.push(`${name}'s module is not named for it`);
    if (!facts.tables.has(name)) problems.push(`${name} has no table: test/runner/grade/policies/${name}.test.ts`);
    const row = rows.find((r) => r.name === name);
    if (!row) problems.push(`${name} has no row in docs/strictness.md`);
    else if (row.scope !== scope) problems.push(`${name} acts on ${scope}, but its row in docs/strictness.md says ${row.scope}`);
  }
  for (const [file, name] of facts.modules)
    if (!names.includes(name)) problems.push(`${file}.ts exports the rule ${name}, which is not in the registry`);
  for (const row of rows)
    if (!names.includes(row.name)) problems.push(`docs/strictness.md has a row for ${row.name}, which is not in the registry`);
  const documented = rows.map((r) => r.name).filter((n) => names.includes(n));
  const registered = names.filter((n) => documented.includes(n));
  if (documented.join() !== registered.join())
    problems.push(`docs/strictness.md lists the rules as ${documented.join(', ')}; the registry's order is ${registered.join(', ')}`);
  return problems;
}
