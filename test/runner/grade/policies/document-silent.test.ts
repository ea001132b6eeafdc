/** document-silent: a crash on a case the fixtures mark open is not scored; a wrong answer there is the check's. */
import { describe, expect, it } from 'vitest';
import { judgeDocumentSilent } from '../../../../runner/grade/policies/document-silent.js';
import { chargeLedger, crash, fixtureCase, record, test, unit } from './ledgers.js';

describe('document-silent', () => {
  it('passes a crash on an open case and names why it is open', () => {
    expect(judgeDocumentSilent(crash('ZeroDivisionError'), 'a move fills the board')).toEqual({ status: 'pass', messageId: 'crash', data: { reason: 'a move fills the board', type: 'ZeroDivisionError' } });
    expect(judgeDocumentSilent(crash(), undefined)).toBeUndefined();
    expect(judgeDocumentSilent({ kind: 'timeout', step: 's', limitMs: 1 }, 'open')).toBeUndefined();
  });

  it('in a charge: only the open case passes', async () => {
    const open = { ...fixtureCase('open'), lenient: { open: true, reason: 'both have four', choice: 'any', alsoAccepted: [] } };
    const t = test('f.value');
    const charged = await chargeLedger([record(t, [unit('open', { status: 'error', message: 'raised' }, { failure: crash(), testCase: open }), unit('closed', { status: 'error', message: 'raised' }, { failure: crash(), testCase: fixtureCase('closed') })])]);
    expect(charged['f.value']).toMatchObject({ status: 'error', failed: 1, first: 'closed' });
  });
});
