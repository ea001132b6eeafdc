/** template-stub: a one-rule test gives nothing for a function still left as the template's stub, read from the source. */
import { describe, expect, it } from 'vitest';
import { stubFunctions } from '../../../../runner/checks/stubs.js';
import { chargeLedger, noFiles, plan, record, test, unit } from './ledgers.js';
import { templateStub } from '../../../../runner/grade/policies/template-stub.js';
import { ruleTester } from './rule-tester.js';

const source = `
def written(board, row):
    """Returns the piece."""
    return board[row]

def stub(board, max_rows, max_cols, num_connect, player):
    """ Returns True if ...
    >>> stub(b, 3, 3, 2, 'X')
    True
    """
    "*** YOUR CODE HERE ***"

def passes():
    pass  # TODO

class Board:
    def __init__(self, height, width):
        self.height = height

    def add_checker(self, checker, col):
        '''Adds one.'''
        ...

    def is_full(self): return None

def later(x): raise NotImplementedError("later")
`;

describe('template-stub', () => {
  it('finds the functions and methods whose body is only a docstring, pass, ..., a bare string, return None or NotImplementedError', () => {
    expect(stubFunctions(source).map((s) => [s.name, s.body])).toEqual([
      ['stub', '"*** YOUR CODE HERE ***"'],
      ['passes', 'pass'],
      ['Board.add_checker', '...'],
      ['Board.is_full', 'return None'],
      ['later', 'raise NotImplementedError("later")'],
    ]);
  });

  it('fails a one-rule test of a stub, whatever its cases did, and leaves a value test to its cases', async () => {
    const facts = noFiles({ put_piece: { name: 'put_piece', file: 'hw04.py', line: 9, body: '"*** YOUR CODE HERE ***"' } });
    const barrier = test('barrier.put_piece', { target: 'put_piece', check: 'barrier' });
    const value = test('put_piece.document', { target: 'put_piece' });
    const charged = await chargeLedger(
      [record(barrier, [unit('a', { status: 'pass', message: 'ok' })]), record(value, [unit('b', { status: 'pass', message: 'ok' })])],
      { facts, plan: plan({ judgesOnly: (c) => (c === 'barrier' ? { note: 'one rule' } : undefined) }) },
    );
    expect(charged['barrier.put_piece']).toMatchObject({
      status: 'fail',
      message:
        'put_piece is still the template\'s stub (hw04.py, line 9: "*** YOUR CODE HERE ***"): this test judges one rule of code that is written, so it gives nothing yet',
    });
    expect(charged['put_piece.document']!.status).toBe('pass');
  });
});

const stubbed = noFiles({ put_piece: { name: 'put_piece', file: 'hw04.py', line: 9, body: '"*** YOUR CODE HERE ***"' } });
const barrierTest = test('barrier.put_piece', { target: 'put_piece', check: 'barrier' });
const oneRulePlan = plan({ judgesOnly: (c) => (c === 'barrier' ? { note: 'one rule' } : undefined) });
const passed = { status: 'pass' as const, message: 'ok' };

ruleTester(templateStub, {
  valid: [
    { name: 'a function that is written', records: [record(barrierTest, [unit('a', passed)])], at: 'barrier.put_piece', plan: oneRulePlan },
    {
      name: 'a test of the value',
      records: [record(test('put_piece.document', { target: 'put_piece' }), [unit('b', passed)])],
      at: 'put_piece.document',
      facts: stubbed,
      plan: oneRulePlan,
    },
    {
      name: 'a test that could not run',
      records: [record(barrierTest, [], { notRun: { kind: 'budget', limitMs: 1000 } })],
      at: 'barrier.put_piece',
      facts: stubbed,
      plan: oneRulePlan,
    },
  ],
  invalid: [
    {
      name: 'a one-rule test of a stub',
      records: [record(barrierTest, [unit('a', passed)])],
      at: 'barrier.put_piece',
      facts: stubbed,
      plan: oneRulePlan,
      expected: {
        status: 'fail',
        messageId: 'stub',
        data: { name: 'put_piece', file: 'hw04.py', line: 9, body: '"*** YOUR CODE HERE ***"' },
        keepSnippet: true,
      },
    },
  ],
});
