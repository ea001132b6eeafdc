/** The student's kit on the conniption samples: grade check's verdicts, with fork and without, on the oldest Python supported (runner/kit/, test/helpers/kit-suite.ts). */
import { describeKitVerdicts } from '../../helpers/kit-suite.js';
import { DIAGNOSIS_ONLY, PINS } from './verdicts.js';

describeKitVerdicts('conniption', PINS, [], DIAGNOSIS_ONLY, { sample: 'search-one-level-shallow', variant: 'one-level-shallower' }, true);
