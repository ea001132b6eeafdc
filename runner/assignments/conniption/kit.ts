/**
 * The plan the student's kit runs (`grade kit`): it must reach nothing of reference/, no case builder and no
 * doubles.py, so the kit holds no working version of a graded part. FIXME: still the grader's plan.
 */
import type { KitPlan } from '../assignment.js';
import { CONNIPTION } from './index.js';

export const KIT_PLAN: KitPlan = CONNIPTION;
