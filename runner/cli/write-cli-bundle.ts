/** A build step (`npm run build`, after tsc): writes the `grade` bin, dist/grade.js (cli-bundle.ts). */
import { relative } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import { writeCliBundle } from './cli-bundle.js';

console.log(`bundled ${relative(PROJECT_ROOT, await writeCliBundle(PROJECT_ROOT))}`);
