/** The student's kit on the conniption samples: grade check's verdicts, with fork and without (runner/kit/, test/helpers/kit-suite.ts). */
import { describeKitVerdicts } from '../../helpers/kit-suite.js';
import { PINS } from './verdicts.js';

describeKitVerdicts('conniption', PINS);
