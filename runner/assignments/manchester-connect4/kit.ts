/**
 * The plan the student's kit runs (`grade kit`): the grader's plan, its whole games ruled by the student's own
 * getValidMoves, makeMove and hasWon, and its suggestMove1 the opponent suggestMove2 must beat. It reaches nothing
 * of reference/, no case builder and no doubles.py, so the kit holds no working version of a graded part.
 */
import type { KitPlan } from '../../plan/assignment.js';
import { KIT_REFEREE } from './kit-referee.js';
import { manchesterPlan } from './plan.js';

export const KIT_PLAN: KitPlan = manchesterPlan(KIT_REFEREE);
