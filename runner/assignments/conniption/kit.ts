/**
 * The plan the student's kit runs (`grade kit`): the grader's own plan, which reaches nothing of reference/, no case
 * builder and no doubles.py; there the search's answer is judged by the case's facts instead of doubles.py's values.
 */
import type { KitPlan } from '../../plan/assignment.js';
import { CONNIPTION_PLAN } from './plan.js';

export const KIT_PLAN: KitPlan = CONNIPTION_PLAN;
