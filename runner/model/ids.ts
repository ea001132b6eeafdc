/** The graded assignments' ids, in the order they are listed. With registry.ts, the only place outside an assignment's folder, reference/, spec/ and fixtures/ that names one. */
export const ASSIGNMENT_IDS = ['cs111-ps9', 'hmc-cs5-hw11', 'cs61a-hw04', 'manchester-connect4', 'conniption'] as const;

export type AssignmentId = (typeof ASSIGNMENT_IDS)[number];

export const isAssignmentId = (id: string): id is AssignmentId => (ASSIGNMENT_IDS as readonly string[]).includes(id);
