/**
 * CS61A's fixture case inputs: each function's arguments by the document's parameter names (`board`, `row`, `col`,
 * `lst`, …), as its case builders write them (cases.ts, examples.ts): a number or a string as itself, a board or a
 * list as a Python value.
 */
import type { PyValue } from '../../model/py-value.js';
import type { FixtureCase } from '../../model/fixture-types.js';

export type Cs61aArgument = number | string | PyValue;

export type Cs61aInput = Readonly<Record<string, Cs61aArgument | undefined>>;

/** A case's arguments as its builders wrote them (the fixtures are checked against the schema). */
export const cs61aInput = (testCase: FixtureCase): Cs61aInput => testCase.input as Cs61aInput;
