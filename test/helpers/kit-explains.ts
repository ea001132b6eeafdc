/**
 * How the kit's own line says why its verdict differs from grade check's: which of the student's own parts it ran on
 * and which of their tests fail (kit-blame, game-replay's kit note, the players' note), or that the test is decided
 * after the student submits (decided-later). Read by the kit suites and `npm run bench:kit`.
 */

/** How a kit's failure beyond `grade check`'s says which other part it may come from. */
export const NAMES_ANOTHER_PART = /your own|The game used your|fix (that|those) first/u;

/** How the kit says a test is decided after the student submits, with why. */
export const DECIDED_LATER =
  /^Decided after you submit: here (the opponent was your own \w+, where the grader plays the document's|it would run on your own \w+, which never ended)/u;
