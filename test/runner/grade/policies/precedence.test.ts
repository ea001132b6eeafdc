/** precedence: which of several tests charges a shared mistake, decided by what the tests are, never by their order. */
import { describe, expect, it } from 'vitest';
import { byPrecedence } from '../../../../runner/grade/policies/precedence.js';
import { fixtureCase, test } from './ledgers.js';

describe('precedence', () => {
  it("orders by the assignment's own list, then visible, the document's examples, the answer before one rule, then id; never by the order given", () => {
    const tests = [
      test('z.hidden'),
      test('y.one-rule', { visibility: 'visible', check: 'rule', fixtureCases: [fixtureCase('d', 'document')] }),
      test('x.generated', { visibility: 'visible' }),
      test('w.document', { visibility: 'visible', fixtureCases: [fixtureCase('d', 'document')] }),
      test('v.named'),
    ];
    const facts = { chargesFirst: ['v.named'], judgesOneRule: (t: (typeof tests)[number]) => t.check === 'rule' };
    const expected = ['v.named', 'w.document', 'y.one-rule', 'x.generated', 'z.hidden'];
    expect(byPrecedence(tests, facts).map((t) => t.id)).toEqual(expected);
    expect(byPrecedence([...tests].reverse(), facts).map((t) => t.id)).toEqual(expected);
  });
});
