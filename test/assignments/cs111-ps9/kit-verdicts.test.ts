/** The student's kit on the cs111-ps9 samples: grade check's verdicts, with fork and without, on the oldest Python supported (runner/kit/, test/helpers/kit-suite.ts). */
import { describeKitVerdicts } from '../../helpers/kit-suite.js';
import { DIAGNOSIS_ONLY, PINS } from './verdicts.js';

describeKitVerdicts(
  'cs111-ps9',
  PINS,
  [],
  DIAGNOSIS_ONLY,
  { sample: 'scores-for-one-level-shallow', variant: 'one-level-shallower' },
  true,
);
