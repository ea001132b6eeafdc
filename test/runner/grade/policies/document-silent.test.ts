/** document-silent: a crash on a case the fixtures mark open is not scored; a wrong answer there is the check's. */
import { describe, expect, it } from 'vitest';
import { judgeDocumentSilent } from '../../../../runner/grade/policies/document-silent.js';
import { chargeLedger, crash, fixtureCase, record, test, unit } from './ledgers.js';
import { documentSilent } from '../../../../runner/grade/policies/document-silent.js';
import { ruleTester } from './rule-tester.js';

describe('document-silent', () => {
  it('passes a crash on an open case and names why it is open', () => {
    expect(judgeDocumentSilent(crash('ZeroDivisionError'), 'a move fills the board')).toEqual({
      status: 'pass',
      messageId: 'crash',
      data: { reason: 'a move fills the board', type: 'ZeroDivisionError' },
    });
    expect(judgeDocumentSilent(crash(), undefined)).toBeUndefined();
    expect(judgeDocumentSilent({ kind: 'timeout', step: 's', limitMs: 1 }, 'open')).toBeUndefined();
  });

  it('in a charge: only the open case passes', async () => {
    const open = { ...fixtureCase('open'), lenient: { open: true, reason: 'both have four', choice: 'any', alsoAccepted: [] } };
    const t = test('f.value');
    const charged = await chargeLedger([
      record(t, [
        unit('open', { status: 'error', message: 'raised' }, { failure: crash(), testCase: open }),
        unit('closed', { status: 'error', message: 'raised' }, { failure: crash(), testCase: fixtureCase('closed') }),
      ]),
    ]);
    expect(charged['f.value']).toMatchObject({ status: 'error', failed: 1, first: 'closed' });
  });
});

const openCase = { ...fixtureCase('open'), lenient: { open: true, reason: 'both have four', choice: 'any', alsoAccepted: [] } };
const onCase = (
  testCase: ReturnType<typeof fixtureCase>,
  failure?: ReturnType<typeof crash> | { kind: 'timeout'; step: string; limitMs: number },
) => [record(test('f.value'), [unit(testCase.id, { status: 'error', message: 'raised' }, { testCase, ...(failure && { failure }) })])];

ruleTester(documentSilent, {
  valid: [
    { name: 'a crash on a case the document decides', records: onCase(fixtureCase('closed'), crash()), at: 'f.value' },
    { name: 'a wrong answer on an open case', records: onCase(openCase), at: 'f.value' },
    { name: 'a hang on an open case', records: onCase(openCase, { kind: 'timeout', step: 's', limitMs: 1 }), at: 'f.value' },
  ],
  invalid: [
    {
      name: 'a crash on an open case',
      records: onCase(openCase, crash('ZeroDivisionError')),
      at: 'f.value',
      expected: { status: 'pass', messageId: 'crash', data: { reason: 'both have four', type: 'ZeroDivisionError' } },
      text: 'not scored, as the document is silent here (both have four): it raised ZeroDivisionError',
    },
  ],
});
