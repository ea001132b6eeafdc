/**
 * `npm run calibrate [assignment…]`: grades every real submission in `../shared/real-corpus/` (or
 * `$CONNECT4_SHARED/real-corpus`) and writes `calibration/calibration.md`: per student the score and every lost
 * test with its first message, to be read line by line.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import type { RunResults } from '../model/results.js';
import { renderCalibration, verdictLine } from './calibration-table.js';
import { ASSIGNMENT_IDS as ASSIGNMENTS } from '../model/ids.js';
import { gradeCorpus, realCorpusFolder } from './corpus.js';

async function main(): Promise<void> {
  const corpus = realCorpusFolder();
  if (!corpus) {
    console.error(
      'calibrate: no real-corpus folder beside the checkout (../shared/real-corpus); set CONNECT4_SHARED to the folder that holds it',
    );
    process.exit(2);
  }
  const only = process.argv.slice(2);
  const outDir = join(PROJECT_ROOT, 'calibration');
  mkdirSync(outDir, { recursive: true });
  const all: RunResults[] = [];
  for (const assignment of ASSIGNMENTS.filter((a) => only.length === 0 || only.includes(a))) {
    if (!existsSync(join(corpus, assignment)) || readdirSync(join(corpus, assignment)).length === 0) continue;
    console.log(`grading ${assignment} …`);
    const results = await gradeCorpus(corpus, assignment, join(outDir, assignment));
    all.push(results);
    for (const s of [...results.submissions].sort((a, b) => a.id.localeCompare(b.id))) console.log(`  ${s.id}: ${verdictLine(s)}`);
  }
  writeFileSync(join(outDir, 'calibration.md'), renderCalibration(all));
  console.log(`\nThe table, every lost test with its message: ${join(outDir, 'calibration.md')}`);
}

await main();
