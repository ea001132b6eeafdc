/**
 * Prints a results.json's verdicts as the `expected` table of a sample suite (`'name': { ...fail(…) },`), so a
 * change of verdicts can be reviewed sample by sample and pinned: `tsx test/helpers/verdict-table.ts <results.json>`.
 */
import { readFileSync } from 'node:fs';
import type { RunResults, TestStatus } from '../../runner/model/results.js';

export function verdictTable(run: RunResults): string {
  return [...run.submissions]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((s) => {
      const by = (status: TestStatus) => s.tests.filter((t) => t.status === status).map((t) => `'${t.id}'`);
      const parts = (['fail', 'error', 'timeout'] as const).filter((st) => by(st).length > 0).map((st) => `...${st}(${by(st).join(', ')})`);
      return parts.length > 0 ? `    '${s.id}': { ${parts.join(', ')} },` : `    '${s.id}': {},`;
    })
    .join('\n');
}

if (process.argv[2]) console.log(verdictTable(JSON.parse(readFileSync(process.argv[2], 'utf8')) as RunResults));
