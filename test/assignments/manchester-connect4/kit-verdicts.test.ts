/** The student's kit on the manchester-connect4 samples: grade check's verdicts, with fork and without (runner/kit/, test/helpers/kit-suite.ts). */
import { describeKitVerdicts } from '../../helpers/kit-suite.js';
import { DIAGNOSIS_ONLY, PINS } from './verdicts.js';

describeKitVerdicts('manchester-connect4', PINS, [], DIAGNOSIS_ONLY, { sample: 'suggest1-no-block', variant: 'never-blocks' });
