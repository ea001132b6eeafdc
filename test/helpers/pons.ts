/** Pascal Pons's scored benchmark positions from the shared folder: `<moves> <score>` per line, columns 1–7. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Grid, createGrid, dropPiece } from '../../reference/core/grid.js';
import { sharedFolder } from '../../runner/golden/shared-documents.js';

export const PONS_SETS = {
  'End-Easy': 'Test_L3_R1',
  'Middle-Easy': 'Test_L2_R1',
  'Middle-Medium': 'Test_L2_R2',
  'Begin-Easy': 'Test_L1_R1',
  'Begin-Medium': 'Test_L1_R2',
  'Begin-Hard': 'Test_L1_R3',
} as const;

export interface PonsPosition {
  readonly moves: string;
  readonly score: number;
  readonly grid: Grid;
}

export function readPonsSet(name: keyof typeof PONS_SETS, limit = Infinity): PonsPosition[] {
  const text = readFileSync(join(sharedFolder(), 'benchmarks', 'pons', PONS_SETS[name]), 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(0, limit)
    .map((line) => {
      const [moves, score] = line.trim().split(/\s+/) as [string, string];
      const grid = createGrid(6, 7);
      [...moves].forEach((ch, i) => dropPiece(grid, Number(ch) - 1, i % 2 === 0 ? 1 : 2));
      return { moves, score: Number(score), grid };
    });
}
