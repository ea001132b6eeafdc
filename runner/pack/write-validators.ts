/**
 * The build's last step (`npm run build`): compiles the packs' schema checks (pack-validators.ts) and reads the
 * built-ins' specs (load-built-in.ts) into dist, so no start does either again.
 */
import { relative } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import { writeBuiltInSpecs } from './load-built-in.js';
import { writePackValidators } from './pack-validators.js';

for (const file of writePackValidators(PROJECT_ROOT)) console.log(`compiled ${relative(PROJECT_ROOT, file)}`);
for (const file of writeBuiltInSpecs(PROJECT_ROOT)) console.log(`read ${relative(PROJECT_ROOT, file)}`);
