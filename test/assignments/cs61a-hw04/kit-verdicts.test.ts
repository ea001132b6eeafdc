/** The student's kit on the cs61a-hw04 samples: grade check's verdicts, with fork and without, on the oldest Python supported (runner/kit/, test/helpers/kit-suite.ts). */
import { describeKitVerdicts } from '../../helpers/kit-suite.js';
import { PINS } from './verdicts.js';

describeKitVerdicts('cs61a-hw04', PINS, [], [], undefined, true);
