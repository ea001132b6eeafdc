/**
 * A driven case's parts, one after another or side by side: the same results that count either way, each part from
 * a fresh process with its own way to ask, and a part that turns out not to count dropped with whatever it did.
 */
import { describe, expect, it } from 'vitest';
import type { CaseObservation } from '../../../runner/checks/observation.js';
import { playParts, type Lane } from '../../../runner/grade/play-parts.js';
import type { Ask } from '../../../runner/plan/property.js';

/** A lane that logs what it was asked to do, by name. */
function lane(name: string, log: string[], ready = true): Lane {
  return {
    ready: async () => ready,
    fresh: async () => void log.push(`${name}: fresh`),
    ask: (index) => async () => {
      log.push(`${name}: asked for part ${index}`);
      return { replies: {} } satisfies CaseObservation;
    },
  };
}

/** Parts that ask once, wait for `gate` (when given), and give their result or throw it. */
const part = (result: string | Error, gate?: Promise<void>) => async (ask: Ask) => {
  await ask({ steps: [] });
  await gate;
  if (result instanceof Error) throw result;
  return result;
};

const all = () => true;
/** Like a tournament a first loss decides: counts on while nothing before has lost. */
const untilLoss = (before: readonly string[]) => !before.includes('loss');

describe('playParts', () => {
  it('plays the parts in turn on one lane, each after the first in a fresh process', async () => {
    const log: string[] = [];
    const got = await playParts([part('win'), part('draw'), part('win')], all, [lane('main', log)]);
    expect(got).toEqual(['win', 'draw', 'win']);
    expect(log).toEqual(['main: asked for part 0', 'main: fresh', 'main: asked for part 1', 'main: fresh', 'main: asked for part 2']);
  });

  it('stops before a part the results so far leave no room for', async () => {
    const log: string[] = [];
    const got = await playParts([part('loss'), part('win')], untilLoss, [lane('main', log)]);
    expect(got).toEqual(['loss']);
    expect(log).toEqual(['main: asked for part 0']);
  });

  it('side by side: the second lane starts fresh, and the results are the ones in turn', async () => {
    const log: string[] = [];
    const got = await playParts([part('win'), part('draw'), part('win'), part('loss')], all, [lane('main', log), lane('side', log)]);
    expect(got).toEqual(['win', 'draw', 'win', 'loss']);
    expect(log.slice(0, 2)).toEqual(['main: asked for part 0', 'side: fresh']);
    // Every part was asked for once, and every part after a lane's first started fresh.
    expect(
      log
        .filter((l) => l.includes('asked'))
        .map((l) => l.replace(/^\w+: /u, ''))
        .sort(),
    ).toEqual(['asked for part 0', 'asked for part 1', 'asked for part 2', 'asked for part 3']);
    expect(log.filter((l) => l.endsWith('fresh'))).toHaveLength(3);
  });

  it('side by side: a part played beside one that decided the verdict is dropped, even one that threw', async () => {
    // The first game's loss is known only once the second has begun beside it.
    let begun!: () => void;
    const secondBegun = new Promise<void>((resolve) => (begun = resolve));
    const second = async (ask: Ask) => {
      await ask({ steps: [] });
      begun();
      throw new Error('the side game broke');
    };
    const log: string[] = [];
    const got = await playParts([part('loss', secondBegun), second], untilLoss, [lane('main', log), lane('side', log)]);
    expect(got).toEqual(['loss']);
    expect(log).toContain('side: asked for part 1');
  });

  it('side by side: a part that counts and threw is thrown, as in turn', async () => {
    const log: string[] = [];
    const playing = playParts([part('win'), part(new Error('no ruling'))], all, [lane('main', log), lane('side', log)]);
    await expect(playing).rejects.toThrow('no ruling');
  });

  it('a lane that cannot start leaves every part to the others', async () => {
    const log: string[] = [];
    const got = await playParts([part('win'), part('win')], all, [lane('main', log), lane('side', log, false)]);
    expect(got).toEqual(['win', 'win']);
    expect(log).toEqual(['main: asked for part 0', 'main: fresh', 'main: asked for part 1']);
  });
});
