/**
 * The plan the student's kit runs (`grade kit`): the grader's own plan, which reaches nothing of reference/, no case
 * builder and no doubles.py, so the kit holds no working version of a graded part.
 */
import type { KitPlan } from '../../plan/assignment.js';
import { HMC_PLAN } from './plan.js';

export const KIT_PLAN: KitPlan = HMC_PLAN;
