/** The build's last step (`npm run build`): compiles the packs' schema checks into dist (pack-validators.ts). */
import { relative } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import { writePackValidators } from './pack-validators.js';

for (const file of writePackValidators(PROJECT_ROOT)) console.log(`compiled ${relative(PROJECT_ROOT, file)}`);
