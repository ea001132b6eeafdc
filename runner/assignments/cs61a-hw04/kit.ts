/**
 * The plan the student's kit runs (`grade kit`): the grader's own plan, which reaches nothing of reference/, no case
 * builder and no doubles.py; there each test runs on the student's own functions, the barrier tests behind tools.py's
 * barrier around the student's constructors and selectors.
 */
import type { KitPlan } from '../../plan/assignment.js';
import { CS61A_PLAN } from './plan.js';

export const KIT_PLAN: KitPlan = CS61A_PLAN;
