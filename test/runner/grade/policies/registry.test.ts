/**
 * The registry and what stands beside it: every rule has its module, its table and its docs row, in the registry's
 * order. And adding a rule is one module, one registry line, one table and one row: a toy rule added so charges.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCharger } from '../../../../runner/grade/charge.js';
import type { AnyRule } from '../../../../runner/grade/policies/policy.js';
import { RULES } from '../../../../runner/grade/policies/registry.js';
import { PROJECT_ROOT } from '../../../../runner/project-root.js';
import { CASE_BLIND_ROW, caseBlind } from './fixtures/toy-rule.js';
import { CASE_BLIND_TABLE } from './fixtures/toy-rule.test-table.js';
import { noFiles, plan, record, runs, test, unit } from './ledgers.js';
import { registryProblems, type RegistryFacts } from './registry-problems.js';
import { contextOf } from './rule-tester.js';

const POLICIES = join(PROJECT_ROOT, 'runner', 'grade', 'policies');
const TABLES = join(PROJECT_ROOT, 'test', 'runner', 'grade', 'policies');
const DOCS = readFileSync(join(PROJECT_ROOT, 'docs', 'strictness.md'), 'utf8');

/** The modules of policies/ that export a rule (a value with a meta and a judge), by file name. */
async function ruleModules(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const file of readdirSync(POLICIES)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const exported = Object.values((await import(join(POLICIES, file))) as Record<string, unknown>);
    const rule = exported.find((v): v is AnyRule => typeof v === 'object' && v !== null && 'meta' in v && 'judge' in v);
    if (rule) found.set(file.replace(/\.ts$/u, ''), rule.meta.name);
  }
  return found;
}

const tables = () =>
  new Set(
    readdirSync(TABLES)
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.test\.ts$/u, '')),
  );

describe('the rules registry', () => {
  it("has every rule with its module, its table and its docs row, in the registry's order", async () => {
    expect(registryProblems({ rules: RULES, modules: await ruleModules(), tables: tables(), docs: DOCS })).toEqual([]);
  });

  it('finds a rule without its registry line, its table or its row, and rows out of order', async () => {
    const facts: RegistryFacts = { rules: RULES, modules: await ruleModules(), tables: tables(), docs: DOCS };
    expect(registryProblems({ ...facts, rules: RULES.filter((r) => r.meta.name !== 'crash-once') })).toEqual(
      expect.arrayContaining([expect.stringContaining('crash-once.ts exports the rule crash-once, which is not in the registry')]),
    );
    expect(registryProblems({ ...facts, tables: new Set([...facts.tables].filter((t) => t !== 'hung-target')) })).toEqual([
      'hung-target has no table: test/runner/grade/policies/hung-target.test.ts',
    ]);
    expect(registryProblems({ ...facts, docs: DOCS.replace(/^\| `own-answer` .*\n/mu, '') })).toEqual([
      'own-answer has no row in docs/strictness.md',
    ]);
    expect(registryProblems({ ...facts, rules: [...RULES].reverse() })).toEqual([
      expect.stringMatching(/^docs\/strictness\.md lists the rules as one-rule, .*; the registry's order is hung-target, /u),
    ]);
  });
});

describe('adding a rule', () => {
  const rules = [...RULES.slice(0, 2), caseBlind, ...RULES.slice(2)];
  const docs = DOCS.replace(/^(\| `document-silent` .*\n)/mu, `$1${CASE_BLIND_ROW}\n`);

  it('is one module, one registry line, one table and one docs row: the registry takes it whole', async () => {
    const modules = new Map([...(await ruleModules()), ['case-blind', 'case-blind']]);
    expect(registryProblems({ rules, modules, tables: new Set([...tables(), 'case-blind']), docs })).toEqual([]);
    expect(registryProblems({ rules, modules, tables: tables(), docs })).toEqual([
      'case-blind has no table: test/runner/grade/policies/case-blind.test.ts',
    ]);
    expect(registryProblems({ rules, modules, tables: new Set([...tables(), 'case-blind']), docs: DOCS })).toEqual([
      'case-blind has no row in docs/strictness.md',
    ]);
  });

  it('passes its own table', async () => {
    for (const c of CASE_BLIND_TABLE.valid) expect(await caseBlind.judge(contextOf(c))).toBeUndefined();
    for (const c of CASE_BLIND_TABLE.invalid) expect(await caseBlind.judge(contextOf(c))).toMatchObject(c.expected);
  });

  it('charges from its registry line: the failure it forgives passes with its words, as a note on the case', async () => {
    const t = test('f.value', { fixtureCases: [] });
    const ledger = new Map([
      [
        t.id,
        record(t, [
          unit('c1', { status: 'fail', message: "returned 'x'", expected: "'X'", actual: "'x'" }),
          unit('c2', { status: 'pass', message: 'ok' }),
        ]),
      ],
    ]);
    const context = {
      spec: { tests: [t] } as never,
      plan: plan(),
      ledger,
      facts: noFiles(),
      standIns: 'document' as const,
      firstFailure: false,
      runs: runs(),
    };
    expect(await createCharger(context)('f.value')).toMatchObject({ status: 'fail' });
    const charged = await createCharger(context, rules)('f.value');
    expect(charged).toMatchObject({
      status: 'pass',
      said: [{ by: 'test', id: 'passedWithNotes', text: "2 cases passed (passed: 'x' differs from 'X' only in letter case)" }],
    });
  });
});
