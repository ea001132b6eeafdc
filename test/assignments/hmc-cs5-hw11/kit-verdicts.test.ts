/** The student's kit on the hmc-cs5-hw11 samples: grade check's verdicts, with fork and without, on the oldest Python supported (runner/kit/, test/helpers/kit-suite.ts). */
import { describeKitVerdicts } from '../../helpers/kit-suite.js';
import { DIAGNOSIS_ONLY, PINS } from './verdicts.js';

describeKitVerdicts(
  'hmc-cs5-hw11',
  PINS,
  [],
  DIAGNOSIS_ONLY,
  { sample: 'scores-for-one-ply-shallow', variant: 'one-level-shallower' },
  true,
);
