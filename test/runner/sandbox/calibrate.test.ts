/**
 * The kit's limits calibrated on the machine: a factor that follows the timed run, never above 2 (a loop stops within
 * twice the grade's time), kept for ten minutes, and fixed by CONNECT4_OWN_PARTS_FACTOR where a test asks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calibrate, factorFor, MAX_FACTOR, measureCalibration, MIN_FACTOR, REFERENCE_MS } from '../../../runner/sandbox/calibrate.js';
import { probeSandbox } from '../../../runner/sandbox/environment.js';
import { ownPartsLimits, DEFAULT_LIMITS } from '../../../runner/model/limits.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

describe("the kit's calibrated limits", () => {
  it("are 1.5 times the grader's on a machine as quick as the reference, up to 2 on a slower or busy one, 1.25 at least", () => {
    expect(factorFor(REFERENCE_MS)).toBe(1.5);
    expect(factorFor(REFERENCE_MS * 2)).toBe(MAX_FACTOR);
    expect(factorFor(REFERENCE_MS * 20)).toBe(MAX_FACTOR);
    expect(factorFor(REFERENCE_MS / 4)).toBe(MIN_FACTOR);
    expect(factorFor(Number.NaN)).toBe(MAX_FACTOR);
    expect(ownPartsLimits(DEFAULT_LIMITS, 2)).toMatchObject({
      callMs: 10_000,
      promptMs: 10_000,
      programMs: 60_000,
      importMs: DEFAULT_LIMITS.importMs,
      memoryMb: DEFAULT_LIMITS.memoryMb,
    });
  });

  it('time a short run of Python once, and take it from the cache the next time', async () => {
    const { python } = await probeSandbox('python3');
    const env: NodeJS.ProcessEnv = { ...process.env, CONNECT4_GRADER_CACHE: temp('calibration-') };
    delete env['CONNECT4_OWN_PARTS_FACTOR'];
    const first = await measureCalibration(python, env);
    expect(first.cached).toBe(false);
    expect(first.ms).toBeGreaterThan(0);
    expect(first.factor).toBe(factorFor(first.ms));
    const kept = JSON.parse(readFileSync(join(env['CONNECT4_GRADER_CACHE']!, 'calibration.json'), 'utf8')) as {
      python: string;
      ms: number;
    }[];
    expect(kept).toEqual([expect.objectContaining({ python, ms: first.ms })]);
    // The next check reads it back rather than timing again.
    expect(await measureCalibration(python, env)).toEqual({ ...first, cached: true });
  });

  it('is fixed by CONNECT4_OWN_PARTS_FACTOR, never above 2', async () => {
    expect((await calibrate('python3', { CONNECT4_OWN_PARTS_FACTOR: '1.75' })).factor).toBe(1.75);
    expect((await calibrate('python3', { CONNECT4_OWN_PARTS_FACTOR: '4' })).factor).toBe(MAX_FACTOR);
  });
});
