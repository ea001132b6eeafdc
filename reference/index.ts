/**
 * The reference, one namespace per assignment API, for the runner to ask expected values of arbitrary calls on
 * arbitrary positions at grading time. Pure: no I/O, no processes.
 */
export * as cs111 from './cs111-ps9.js';
export * as hmc from './hmc-cs5-hw11.js';
export * as cs61a from './cs61a-hw04.js';
export * as manchester from './manchester-connect4.js';
export * as conniption from './conniption.js';
export * as grid from './core/grid.js';
export * as lookahead from './core/lookahead.js';
export { BitBoard } from './core/bitboard.js';
