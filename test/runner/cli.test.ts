import { describe, expect, it } from 'vitest';
import { runCli } from '../../runner/cli/run-cli.js';

function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = runCli(argv, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

describe('grade CLI', () => {
  it('prints its help with no arguments and with --help', () => {
    expect(run().out).toContain('grade list [id]');
    expect(run('--help')).toMatchObject({ code: 0, err: '' });
  });

  it('lists the five assignments with their case counts', () => {
    const { code, out } = run('list');
    expect(code).toBe(0);
    for (const id of ['cs111-ps9', 'hmc-cs5-hw11', 'cs61a-hw04', 'manchester-connect4', 'conniption']) expect(out).toMatch(new RegExp(`^${id} .*\\d+ golden cases\\)$`, 'm'));
  });

  it("lists one assignment's targets", () => {
    const { code, out } = run('list', 'cs111-ps9');
    expect(code).toBe(0);
    expect(out).toMatch(/^AIPlayer\.scores_for\s+\d+\s+7\s+\d+/m);
  });

  it('exits 2 naming the known ids for an unknown assignment', () => {
    const { code, err } = run('list', 'cs112');
    expect(code).toBe(2);
    expect(err).toContain("unknown assignment 'cs112'; known: cs111-ps9");
  });

  it('exits 2 and says so when asked to grade, which this version cannot yet', () => {
    const { code, err } = run('submissions/');
    expect(code).toBe(2);
    expect(err).toContain('not available in this version yet');
  });
});
