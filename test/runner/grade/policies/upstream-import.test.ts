/**
 * upstream-import: an import that fails only because another file of the submission did not import is charged by
 * that file's import test alone; the import tests down the chain pass, naming it.
 */
import { describe, expect, it } from 'vitest';
import type { ImportOutcome } from '../../../../runner/checks/observation.js';
import { upstreamImport } from '../../../../runner/grade/policies/upstream-import.js';
import type { SubmissionFacts } from '../../../../runner/grade/submission-facts.js';
import type { Located } from '../../../../runner/layout/located-files.js';
import { chargeLedger, noFiles, record, test } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

const located = (role: string): Located => ({ role, file: `${role}.py`, files: [`${role}.py`], looked: [`${role}.py`], kind: 'module' });
const failedImport = (type: string, name: string): ImportOutcome => ({
  kind: 'exception',
  exception: { type, message: `${type}: ${name}`, frames: [], name },
  stdout: '',
  prompts: [],
});
const ok: ImportOutcome = { kind: 'ok', stdout: '', prompts: [], durationMs: 1 };

/** ps9pr2 imports ps9pr1, which raised a SyntaxError; ps9pr3 imports ps9pr2. */
const chain = (pr1: ImportOutcome): SubmissionFacts => {
  const files = ['ps9pr1', 'ps9pr2', 'ps9pr3'].map(located);
  return {
    ...noFiles(),
    located: files,
    imports: new Map([
      ['ps9pr1', pr1],
      ['ps9pr2', failedImport('ImportError', 'ps9pr1')],
      ['ps9pr3', failedImport('ImportError', 'ps9pr2')],
    ]),
    role: (role) => files.find((l) => l.role === role),
  };
};
const importTest = (role: string) => test(`import.${role}`, { kind: 'import', target: role, file: role, fixtureCases: [] });
const importRecord = (role: string, status: 'pass' | 'error', message = `${role}.py did not import`) =>
  record(importTest(role), [], { direct: { status, message } });
const ledger = () => [
  importRecord('ps9pr1', 'error', 'SyntaxError at line 3'),
  importRecord('ps9pr2', 'error', 'ImportError: ps9pr1'),
  importRecord('ps9pr3', 'error', 'ImportError: ps9pr2'),
];

describe('upstream-import in a charge', () => {
  it('charges the file at the start of the chain, and passes each file after it, naming the first', async () => {
    const charged = await chargeLedger(ledger(), { facts: chain(failedImport('SyntaxError', 'x')) });
    expect(charged['import.ps9pr1']!.status).toBe('error');
    expect(charged['import.ps9pr3']).toMatchObject({
      status: 'pass',
      message:
        'ps9pr3.py did not import because ps9pr1.py did not: charged by import.ps9pr1, not again here (as it ran: ImportError: ps9pr2)',
    });
  });
});

ruleTester(upstreamImport, {
  valid: [
    {
      name: 'a file that imports',
      records: [importRecord('ps9pr2', 'pass', 'ok')],
      at: 'import.ps9pr2',
      facts: chain(failedImport('SyntaxError', 'x')),
    },
    { name: 'the file at the start of the chain', records: ledger(), at: 'import.ps9pr1', facts: chain(failedImport('SyntaxError', 'x')) },
    { name: 'a file whose import names a file that imported', records: ledger(), at: 'import.ps9pr2', facts: chain(ok) },
  ],
  invalid: [
    {
      name: 'a file down the chain',
      records: ledger(),
      at: 'import.ps9pr2',
      facts: chain(failedImport('SyntaxError', 'x')),
      expected: {
        status: 'pass',
        messageId: 'upstream',
        data: { file: 'ps9pr2.py', upstream: 'ps9pr1.py', charger: 'import.ps9pr1', asRan: 'ImportError: ps9pr1' },
      },
    },
  ],
});
