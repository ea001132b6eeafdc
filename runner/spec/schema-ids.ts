/**
 * The assignment ids a schema accepts, filled in from runner/model/ids.ts when a spec or fixture file is
 * checked: the schema files name no assignment, so adding one touches no schema.
 */
import { ASSIGNMENT_IDS } from '../model/ids.js';

export function withAssignmentIds<T extends { properties?: Record<string, unknown> }>(schema: T): T {
  return { ...schema, properties: { ...schema.properties, assignment: { enum: [...ASSIGNMENT_IDS] } } };
}
