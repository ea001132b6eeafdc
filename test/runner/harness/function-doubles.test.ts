/** Function stand-ins: patched into the student's module until the next fresh namespace, and the board that is not a list. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doublesFiles } from '../../../runner/assignments/registry.js';
import type { Arg, HarnessReply, HarnessRequest } from '../../../runner/harness/protocol.js';
import { HarnessSession } from '../../../runner/harness/session.js';
import { probeSandbox } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';

// get_piece is wrong on purpose: a put_piece that calls it only works when the stand-in is in place.
const STUDENT = `
def get_piece(board, row, column):
    return 'Z'

def replace_elem(lst, index, elem):
    return lst[:index] + [elem] + lst[index + 1:]

def put_piece(board, max_rows, column, player):
    row = max_rows - 1
    while row >= 0 and get_piece(board, row, column) != '-':
        row -= 1
    if row < 0:
        return -1, board
    return row, replace_elem(board, row, replace_elem(board[row], column, player))

def count_pieces(board, max_rows, max_cols):
    return sum(1 for r in range(max_rows) for c in range(max_cols) if board[r][c] != '-')

def check_win(board, max_rows, max_cols, num_connect, row, col, player):
    return check_win_diagonal(board, max_rows, max_cols, num_connect, row, col, player)
`;

const board = (...rows: string[]): Arg => ({
  type: 'list',
  items: rows.map((row) => ({ type: 'list', items: [...row].map((value) => ({ type: 'str', value })) })),
});
const int = (value: number): Arg => ({ type: 'int', value });
const str = (value: string): Arg => ({ type: 'str', value });
const refB: Arg = { type: 'ref', path: ['b'] };

let dir: string;
let session: HarnessSession;

async function send(request: HarnessRequest): Promise<HarnessReply> {
  const outcome = await session.send(request, 5000);
  if (outcome.kind !== 'reply') throw new Error(`expected a reply, got ${outcome.kind}`);
  return outcome.reply;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'doubles-test-'));
  writeFileSync(join(dir, 'hw04.py'), STUDENT);
  const started = await HarnessSession.start({
    sandbox: { ...(await probeSandbox('python3')), doubles: doublesFiles('cs61a-hw04') },
    workdir: dir,
    limits: resolveLimits({}),
  });
  if ('error' in started) throw new Error(started.error);
  session = started.session;
  expect(await send({ op: 'import', module: 'hw04', file: 'hw04.py' })).toMatchObject({ ok: true });
});
beforeEach(async () => {
  await send({ op: 'fresh', seed: 1 });
  await send({ op: 'set', target: ['b'], value: board('--', 'X-') });
});
afterAll(async () => {
  await session.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('function stand-ins', () => {
  const putPiece: HarnessRequest = { op: 'call', target: ['put_piece'], args: [refB, int(2), int(0), str('O')] };

  it('replace a function inside the student module, so the student code calling it uses the stand-in', async () => {
    expect(await send(putPiece)).toMatchObject({
      ok: true,
      value: { type: 'tuple', items: [{ type: 'int', value: -1 }, expect.anything()] },
    });
    await send({ op: 'double', kind: 'cs61a-list', names: ['get_piece'] });
    const placed = await send(putPiece);
    expect(placed.ok && 'value' in placed && placed.value).toEqual({
      type: 'tuple',
      items: [{ type: 'int', value: 0 }, board('O-', 'X-')],
    });
  });

  it('are gone after the next fresh namespace: the student function is back', async () => {
    await send({ op: 'double', kind: 'cs61a-list', names: ['get_piece'] });
    await send({ op: 'fresh', seed: 2 });
    await send({ op: 'set', target: ['b'], value: board('--', 'X-') });
    expect(await send(putPiece)).toMatchObject({
      ok: true,
      value: { type: 'tuple', items: [{ type: 'int', value: -1 }, expect.anything()] },
    });
  });

  it('supply a function the student left out (the course-given check_win_diagonal), and take it away again', async () => {
    const call: HarnessRequest = { op: 'call', target: ['check_win'], args: [refB, int(2), int(2), int(2), int(1), int(0), str('X')] };
    expect(await send(call)).toMatchObject({ ok: false, exception: { type: 'NameError' } });
    await send({ op: 'double', kind: 'cs61a-list', names: ['check_win_diagonal'] });
    expect(await send(call)).toMatchObject({ ok: true, value: { type: 'bool', value: false } });
    await send({ op: 'fresh', seed: 3 });
    await send({ op: 'set', target: ['b'], value: board('--', 'X-') });
    expect(await send(call)).toMatchObject({ ok: false, exception: { type: 'NameError' } });
  });

  it("refuse a name they have no stand-in for, as the runner's own error", async () => {
    expect(await send({ op: 'double', kind: 'cs61a-list', names: ['start_game'] })).toMatchObject({
      ok: false,
      internal: expect.stringContaining('no stand-in for start_game'),
    });
  });
});

describe('the board that is not a list', () => {
  beforeEach(async () => {
    await send({ op: 'double', kind: 'cs61a-abstract', names: ['get_piece', 'replace_elem', 'create_board'] });
    await send({ op: 'call', target: ['AbstractBoard'], args: [refB], bind: 'b' });
  });

  it('lets code that keeps to get_piece and replace_elem work, and comes back as its rows', async () => {
    const placed = await send({ op: 'call', target: ['put_piece'], args: [refB, int(2), int(1), str('O')] });
    expect(placed.ok && 'value' in placed && placed.value).toMatchObject({
      type: 'tuple',
      items: [
        { type: 'int', value: 1 },
        { type: 'object', class: 'AbstractBoard', attrs: { rows: board('--', 'XO') } },
      ],
    });
  });

  it('stops code that indexes it, naming the student function and line that did', async () => {
    const counted = await send({ op: 'call', target: ['count_pieces'], args: [refB, int(2), int(2)] });
    expect(counted).toMatchObject({
      ok: false,
      exception: { type: 'AbstractionBarrierError', message: expect.stringContaining('indexed a row of the board') },
    });
    const frames = !counted.ok && 'exception' in counted ? counted.exception.frames : [];
    expect(frames.at(-1)).toMatchObject({ file: 'hw04.py', line: 17, code: expect.stringContaining('board[r][c]') });
    expect(frames.map((f) => f.function)).toContain('count_pieces');
  });

  it('stops len() and loops over it', async () => {
    expect(await send({ op: 'call', target: ['len'], args: [refB] })).toMatchObject({
      ok: false,
      exception: { type: 'AbstractionBarrierError', message: expect.stringContaining('len()') },
    });
    expect(await send({ op: 'call', target: ['list'], args: [refB] })).toMatchObject({
      ok: false,
      exception: { type: 'AbstractionBarrierError', message: expect.stringContaining('looped over') },
    });
  });
});

describe('the HMC Player double', () => {
  // scoreBoard is wrong on purpose; scoresFor builds on it and makes new Players for the opponent.
  const HMC = `
class Board:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.data = [[' '] * width for _ in range(height)]
    def __repr__(self):
        return ''.join('|' + '|'.join(row) + '|\\n' for row in self.data) + '-' * (2 * self.width + 1) + '\\n'
    def addMove(self, col, ox):
        for row in range(self.height - 1, -1, -1):
            if self.data[row][col] == ' ':
                self.data[row][col] = ox
                return

class Player:
    def __init__(self, ox, tiebreak, ply):
        self.ox, self.tiebreak, self.ply = ox, tiebreak, ply
    def oppCh(self):
        return 'O' if self.ox == 'X' else 'X'
    def scoreBoard(self, b):
        return 7.0
    def scoresFor(self, b):
        if self.ply == 0:
            return [self.scoreBoard(b)] * b.width
        return [100.0 - max(Player(self.oppCh(), self.tiebreak, self.ply - 1).scoresFor(b))] * b.width
`;
  let hmcDir: string;
  let hmc: HarnessSession;
  const ask = async (request: HarnessRequest): Promise<HarnessReply> => {
    const outcome = await hmc.send(request, 5000);
    if (outcome.kind !== 'reply') throw new Error(`expected a reply, got ${outcome.kind}`);
    return outcome.reply;
  };
  const scores = async (): Promise<HarnessReply> => {
    await ask({ op: 'call', target: ['Board'], args: [int(2), int(1)], bind: 'b' });
    await ask({ op: 'call', target: ['Player'], args: [str('X'), str('LEFT'), int(1)], bind: 'p' });
    return ask({ op: 'call', target: ['p', 'scoresFor'], args: [refB] });
  };

  beforeAll(async () => {
    hmcDir = mkdtempSync(join(tmpdir(), 'hmc-double-test-'));
    writeFileSync(join(hmcDir, 'hw11pr2.py'), HMC);
    const started = await HarnessSession.start({
      sandbox: { ...(await probeSandbox('python3')), doubles: doublesFiles('hmc-cs5-hw11') },
      workdir: hmcDir,
      limits: resolveLimits({}),
    });
    if ('error' in started) throw new Error(started.error);
    hmc = started.session;
    await ask({ op: 'import', module: 'hw11pr2', file: 'hw11pr2.py' });
  });
  afterAll(async () => {
    await hmc.close();
    rmSync(hmcDir, { recursive: true, force: true });
  });

  it("keeps the method under test and gives the opponents it creates the document's scoreBoard", async () => {
    await ask({ op: 'fresh', seed: 1 });
    expect(await scores()).toMatchObject({
      value: {
        type: 'list',
        items: [
          { type: 'float', value: 93 },
          { type: 'float', value: 93 },
        ],
      },
    });
    await ask({ op: 'fresh', seed: 2 });
    await ask({ op: 'double', kind: 'hmc-player', name: 'Player', keep: ['scoresFor'], inModules: true });
    expect(await scores()).toMatchObject({
      value: {
        type: 'list',
        items: [
          { type: 'float', value: 50 },
          { type: 'float', value: 50 },
        ],
      },
    });
    await ask({ op: 'fresh', seed: 3 });
    expect(await scores()).toMatchObject({
      value: {
        type: 'list',
        items: [
          { type: 'float', value: 93 },
          { type: 'float', value: 93 },
        ],
      },
    });
  });
});
