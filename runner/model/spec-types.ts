/**
 * An assignment's spec as its built-in pack describes it (`spec/<id>/assignment.yml`, runner/spec/built-in-pack.ts) and as resolved: every limit
 * filled in, every case selector turned into the fixture cases it names.
 */
import type { AssignmentId } from './ids.js';
import type { FixtureCase } from './fixture-types.js';
import type { Limits } from './limits.js';
import type { PackBoards, PackInfo } from './pack-types.js';

/**
 * `names-used` is added by a course's pack that renames the API (runner/pack/names-used-test.ts), never written in a
 * spec; `calls` and `session` are a course's own tests, written in its pack (runner/pack/own-tests.ts), their cases
 * made when the pack loads.
 */
export type TestKind =
  'file-present' | 'file-names' | 'import' | 'cases' | 'property' | 'program' | 'strength' | 'names-used' | 'calls' | 'session';
/** `after-due`: hidden until the pack's due date, then visible (Gradescope's after_due_date). */
export type Visibility = 'visible' | 'hidden' | 'after-due';

/**
 * A text the document fixes: a prompt or a printed line (found in the expected output), or a command the tests type
 * (found in the lines typed).
 */
export interface SpecText {
  readonly text: string;
  readonly kind: 'prompt' | 'printed' | 'command';
  readonly says: string;
  /** Why no test charges another wording (only shown in the expected output, or noted): init and lint say so. */
  readonly notGraded?: string;
}

export interface SpecFileRole {
  readonly role: string;
  readonly names: readonly string[];
  readonly kind: 'module' | 'text';
  readonly optional?: boolean;
  /** Every file the names match is a module of this role, imported in name order (Conniption: any `.py` files). */
  readonly many?: boolean;
  /**
   * The classes and functions the role's file defines, the first being the one that makes a file the role's: when
   * no file has one of the names, the file that defines them serves (another semester's `ps11pr1.py`).
   */
  readonly defines?: readonly string[];
}

export interface SpecTest {
  readonly id: string;
  readonly name: string;
  readonly target: string;
  readonly kind: TestKind;
  readonly points: number;
  readonly visibility: Visibility;
  readonly hint?: string;
  /** Import tests: the file a person runs as the program (`main.py`); that it starts when imported costs nothing. */
  readonly programEntry?: string;
  readonly file?: string;
  readonly fixture?: string;
  readonly cases?: readonly string[];
  readonly where?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  readonly check?: string;
  readonly property?: string;
  /**
   * Strength tests: the share of positions whose game value the AI must keep to earn the test's points. A strength
   * test without points only reports its figure (docs/reports.md).
   */
  readonly minKeeps?: number;
  /** Its time limit is part of what it checks (Manchester's 5 s a move): the kit keeps it as it is. */
  readonly judgesTime?: boolean;
  /** A course's own test: the classes and functions of the API its Python names (by the document's names), which a submission must define for it to run. */
  readonly uses?: readonly string[];
  readonly limits?: Partial<Limits>;
}

export interface SpecGroup {
  readonly id: string;
  readonly name: string;
  readonly points: number;
  readonly manualPoints?: number;
  readonly tests: readonly SpecTest[];
}

export interface Spec {
  readonly assignment: AssignmentId;
  readonly title: string;
  readonly document: string;
  readonly limits?: Partial<Limits>;
  /** The classes, methods (`Class.method`) and functions the students write, by the document's names: what a pack may rename. */
  readonly api?: readonly string[];
  /** The texts the document fixes and a check compares, by key: what a pack may reword. */
  readonly texts?: Readonly<Record<string, SpecText>>;
  /** Third-party packages a submission may import; any other non-standard import fails the import test. */
  readonly packages?: readonly string[];
  /** Helpers the course hands out beside its template: a submission that imports one without including it gets it empty. */
  readonly courseModules?: readonly string[];
  readonly files: readonly SpecFileRole[];
  readonly groups: readonly SpecGroup[];
}

export interface ResolvedTest extends Omit<SpecTest, 'limits'> {
  readonly group: string;
  readonly groupId: string;
  readonly limits: Limits;
  /** The fixture cases the test runs, in fixture order (empty for kinds that use none). */
  readonly fixtureCases: readonly FixtureCase[];
}

export interface ResolvedSpec {
  readonly assignment: AssignmentId;
  readonly title: string;
  readonly document: string;
  readonly limits: Limits;
  readonly packages: readonly string[];
  readonly courseModules: readonly string[];
  readonly api?: readonly string[];
  /** Each text's wording as graded: the document's, or the pack's. */
  readonly texts?: Readonly<Record<string, SpecText>>;
  readonly files: readonly SpecFileRole[];
  readonly groups: readonly (Omit<SpecGroup, 'tests'> & { readonly tests: readonly ResolvedTest[] })[];
  readonly tests: readonly ResolvedTest[];
  readonly maxScore: number;
  readonly manualPoints: number;
  /** The course's pack this spec was loaded from (runner/pack/), when not a built-in as it stands. */
  readonly pack?: PackInfo;
  /** The pack's due date and time (ISO 8601): after-due tests are shown from then on. */
  readonly due?: string;
  /** The pack's board sizes for its generated cases, when it gives them. */
  readonly boards?: PackBoards;
  /** The pack's names for the document's API (`Board.add_checker` → `add_move`), which the harness answers to. */
  readonly names?: Readonly<Record<string, string>>;
  /**
   * The student's kit's cut-down spec only: the targets (public API names) of the tests it leaves out, which are graded
   * after the student submits. The kit blames a part for a failure only when no test of it is (policies/kit-blame.ts).
   */
  readonly laterTargets?: readonly string[];
}
