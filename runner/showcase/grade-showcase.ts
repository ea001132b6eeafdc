/**
 * `npm run samples`: grades a small, representative set of the bundled samples for each assignment (correct work,
 * one-bug work, a deviation that costs little, a hostile one) into `grade-report/<assignment>/`, and says where to
 * open the reports. The whole sample suites are graded by the tests (`test/runner/samples-*.test.ts`).
 */
import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allAssignments } from '../assignments/registry.js';
import { PROJECT_ROOT } from '../project-root.js';
import { CLI_BUNDLE } from '../cli/cli-bundle.js';


const started = performance.now();
const cli = join(PROJECT_ROOT, CLI_BUNDLE);
const written: [string, string][] = [];
for (const { id: assignment, showcase: names } of allAssignments()) {
  const out = join(PROJECT_ROOT, 'grade-report', assignment);
  const paths = names.map((name) => join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, name));
  console.log(`\n== ${assignment}: ${names.join(', ')}`);
  await execa(process.execPath, [cli, ...paths, '--assignment', assignment, '--out', out, '--jobs', '2'], { stdio: ['ignore', 'inherit', 'inherit'] });
  written.push([assignment, join(out, 'index.html')]);
}
const links = written.map(([assignment, page]) => `<li><a href="${assignment}/index.html">${assignment}</a></li>`).join('\n');
writeFileSync(join(PROJECT_ROOT, 'grade-report', 'index.html'), `<!doctype html><meta charset="utf-8"><title>Sample reports</title><h1>Sample reports</h1><ul>\n${links}\n</ul>\n`);
console.log(`\nGraded ${allAssignments().flatMap((a) => a.showcase).length} samples in ${Math.round((performance.now() - started) / 1000)} s. Open the reports:`);
console.log(`  ${relative(process.cwd(), join(PROJECT_ROOT, 'grade-report', 'index.html'))}   (one class summary per assignment)`);
for (const [, page] of written) console.log(`  ${relative(process.cwd(), page)}`);
