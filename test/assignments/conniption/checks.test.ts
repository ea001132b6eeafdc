/** Conniption's checks on made-up observations: children as a set, the search's choice, the REPL's handed states. */
import { describe, expect, it } from 'vitest';
import * as cn from '../../../reference/conniption.js';
import { checkConniptionCase } from '../../../runner/assignments/conniption/checks.js';
import { checkRepl, handedStates } from '../../../runner/assignments/conniption/repl-checks.js';
import type { ObservedReply } from '../../../runner/checks/observation.js';
import type { FixtureCase } from '../../../runner/model/fixture-types.js';
import type { ObservedValue } from '../../../runner/harness/protocol.js';
import { ASK_MARKER, STATE_MARKER } from '../../../runner/checks/program-markers.js';
import type { ProgramResult } from '../../../runner/pty/run-program.js';
import { formatPy, type PyValue } from '../../../runner/model/py-value.js';

const source = { kind: 'generated', seed: 1, family: 't' } as const;
const reply = (value: ObservedValue): ObservedReply => ({ value, stdout: '', prompts: [], inputsLeft: 0, durationMs: 1 });
const bool = (value: boolean) => ({ type: 'bool', value }) as const;
const childValue = (c: cn.ConniptionState): Extract<PyValue, { type: 'tuple' }> & ObservedValue => ({
  type: 'tuple',
  items: [
    { type: 'tuple', items: c.board.map((col) => ({ type: 'tuple', items: col.map(bool) })) },
    bool(c.player1Turn),
    { type: 'tuple', items: c.flipsRem.map((value) => ({ type: 'int', value })) },
    bool(c.flippable),
    { type: 'str', value: c.resMove! },
  ],
});
const start = cn.initialState(true);
const stateInput = { board: start.board, player1Turn: true, flipsRem: [4, 4], flippable: true };

describe('Conniption checks', () => {
  it('compares children as a set, naming the missing moves', () => {
    const all = cn.childStates(start).map(childValue);
    const testCase: FixtureCase = {
      id: 'c.1',
      source,
      python: '',
      input: { state: stateInput },
      expected: { value: { type: 'list', items: all } },
    };
    const shuffled: ObservedValue = { type: 'list', items: [...all].reverse() };
    expect(checkConniptionCase('children', testCase, { replies: { children: reply(shuffled) } }, '').status).toBe('pass');
    const noDual: ObservedValue = { type: 'list', items: all.filter((v) => !/^f\df$/.test((v.items[4] as { value: string }).value)) };
    expect(checkConniptionCase('children', testCase, { replies: { children: reply(noDual) } }, '')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('missing f1f'),
    });
  });

  it('passes a search whose child is worth the best value, and fails one that is not a legal child', () => {
    const child = cn.childStates(start)[3]!;
    const facts = { children: cn.childStates(start).map((c) => formatPy(childValue(c))), best: { document: ['4'], 'stop-at-win': ['4'] } };
    const testCase: FixtureCase = {
      id: 'a.1',
      source,
      python: '',
      input: { state: stateInput, depth: 2 },
      expected: { value: { type: 'int', value: 0 } },
      facts,
    };
    const values = (best: number, chosen: number): ObservedValue => ({
      type: 'dict',
      entries: (['document', 'stop-at-win'] as const).map(
        (rule) =>
          [
            { type: 'str', value: rule },
            {
              type: 'dict',
              entries: [
                [
                  { type: 'str', value: 'best' },
                  { type: 'int', value: best },
                ],
                [
                  { type: 'str', value: 'chosen' },
                  { type: 'int', value: chosen },
                ],
              ],
            },
          ] as const,
      ),
    });
    const search = (chosen: ObservedValue): ObservedValue => ({ type: 'dict', entries: [[{ type: 'str', value: 'chosen' }, chosen]] });
    const observed = (chosen: ObservedValue, v: ObservedValue) => ({ replies: { search: reply(search(chosen)), values: reply(v) } });
    expect(checkConniptionCase('search', testCase, observed(childValue(child), values(10, 10)), '').status).toBe('pass');
    expect(checkConniptionCase('search', testCase, observed(childValue(child), values(10, 7)), '')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('the best child is worth 10'),
    });
    const illegal = childValue({ ...child, flipsRem: [0, 4] });
    expect(checkConniptionCase('search', testCase, observed(illegal, values(10, 10)), '')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('not one move from s'),
    });
  });

  it("judges the search by the facts' best children when no values were computed (the student's kit)", () => {
    const kids = cn.childStates(start);
    const facts = { children: kids.map((c) => formatPy(childValue(c))), best: { document: ['4'], 'stop-at-win': ['4', '3'] } };
    const testCase: FixtureCase = {
      id: 'a.1',
      source,
      python: '',
      input: { state: stateInput, depth: 2 },
      expected: { value: { type: 'int', value: 0 } },
      facts,
    };
    const chose = (move: string) =>
      checkConniptionCase(
        'search',
        testCase,
        {
          replies: {
            search: reply({
              type: 'dict',
              entries: [[{ type: 'str', value: 'chosen' }, childValue(kids.find((c) => c.resMove === move)!)]],
            }),
          },
        },
        '',
      );
    expect(chose('4')).toMatchObject({ status: 'pass' });
    expect(chose('4').note).toBeUndefined();
    expect(chose('3')).toMatchObject({ status: 'pass', note: expect.stringContaining('stopping at a won position') });
    expect(chose('5')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining("chose 5; judged by the document's genChildStates and betterEval"),
      expected: '4',
      actual: '5',
    });
  });

  it('reads the states the stand-in AI reported and compares them with the script', () => {
    const after4 = cn.applyMove(cn.initialState(false), '4');
    if (!after4.ok) throw new Error('4 is legal');
    const reported = { board: after4.state.board, player1Turn: true, flipsRem: [4, 4], flippable: true };
    const transcript = `q1${ASK_MARKER}2\nq2${ASK_MARKER}No\nq3${ASK_MARKER}1\n> ${ASK_MARKER}4\n${STATE_MARKER}${JSON.stringify(reported)}${STATE_MARKER}AI plays 1\n> ${ASK_MARKER}q\n`;
    expect(handedStates(transcript).states).toEqual([reported]);
    const outcome = cn.simulateRepl(['4', 'q'], ['1']);
    const testCase: FixtureCase = {
      id: 'repl.1',
      source,
      python: '',
      input: { setup: ['2', 'No', '1'], lines: ['4', 'q'], aiMoves: ['1'], note: 'n' },
      expected: {
        value: {
          type: 'dict',
          entries: [
            [
              { type: 'str', value: 'handed' },
              {
                type: 'list',
                items: outcome.handed.map((h) => ({
                  type: 'dict',
                  entries: [
                    [
                      { type: 'str', value: 'after' },
                      { type: 'str', value: h.after },
                    ],
                    [
                      { type: 'str', value: 'state' },
                      {
                        type: 'dict',
                        entries: [
                          [
                            { type: 'str', value: 'board' },
                            { type: 'list', items: h.state.board.map((col) => ({ type: 'list', items: col.map(bool) })) },
                          ],
                          [{ type: 'str', value: 'player1Turn' }, bool(true)],
                          [
                            { type: 'str', value: 'flipsRem' },
                            { type: 'list', items: [4, 4].map((value) => ({ type: 'int', value })) },
                          ],
                          [{ type: 'str', value: 'flippable' }, bool(true)],
                        ],
                      },
                    ],
                  ],
                })),
              },
            ],
            [
              { type: 'str', value: 'effects' },
              {
                type: 'list',
                items: [
                  { type: 'str', value: 'move' },
                  { type: 'str', value: 'quit' },
                ],
              },
            ],
          ],
        },
      },
    };
    const result: ProgramResult = {
      transcript,
      exitCode: 0,
      signal: undefined,
      truncated: false,
      maxChars: 1e6,
      askedForMore: false,
      answersSent: 5,
      durationMs: 1,
    };
    expect(checkRepl(testCase, result).status).toBe('pass');
    expect(
      checkRepl(testCase, {
        ...result,
        transcript: transcript.replace(JSON.stringify(reported), JSON.stringify({ ...reported, flipsRem: [4, 3] })),
      }),
    ).toMatchObject({ status: 'fail', message: expect.stringContaining('after "4" the AI was handed a different state') });
  });
});
