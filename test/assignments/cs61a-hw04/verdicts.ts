/** The cs61a-hw04 samples' pinned verdicts, read by the sample suite (samples.test.ts) and the kit's (kit-verdicts.test.ts). */
import { error, fail, timeout, type SamplePins } from '../../helpers/sample-suite.js';

export const PINS: SamplePins = {
  correct: ['correct-classic', 'correct-lab04-split', 'correct-naive', 'correct-no-diagonal', 'correct-plain', 'correct-recursive', 'correct-windows'],
  expected: {
    'check-win-column-indexes-board': { ...fail('barrier.check_win_column') },
    // A stub is code never written: its barrier test, which judges one rule, gives it nothing (template-stub).
    'check-win-column-stub': { ...fail('check_win_column.document', 'check_win_column.generated', 'barrier.check_win_column') },
    'check-win-no-diagonal': { ...fail('check_win.document', 'check_win.generated') },
    'check-win-column-count-from-one': { ...fail('check_win_column.generated') },
    'check-win-reads-transposed': { ...fail('barrier.check_win_row', 'barrier.check_win_column') },
    'check-win-row-no-reset': { ...fail('check_win_row.document', 'check_win_row.generated') },
    'check-win-row-returns-none': { ...fail('check_win_row.document', 'check_win_row.generated') },
    'correct-classic': {},
    'correct-lab04-split': {},
    'correct-naive': {},
    'correct-no-diagonal': {},
    'correct-plain': {},
    'correct-recursive': {},
    'correct-windows': {},
    'create-board-swapped': { ...fail('create_board.document', 'create_board.generated') },
    'create-row-spaces': { ...fail('create_row.document', 'create_row.generated') },
    'get-piece-transposed': { ...fail('get_piece.document', 'get_piece.generated') },
    'hostile-answers-from-kit': { ...fail('check_win.generated') },
    'hostile-exit-at-import': { ...error('import.hw04') },
    'hostile-infinite-loop': { ...timeout('put_piece.document', 'put_piece.generated') },
    'hostile-input-at-import': { ...fail('import.hw04') },
    'hostile-kills-interpreter': { ...error('get_piece.document', 'get_piece.generated') },
    // Its top level loops after every definition: stopped at the CPU limit, it costs the import test, and the rest is graded on what it defined.
    'hostile-loop-at-import': { ...fail('import.hw04') },
    'hostile-megabytes': { ...fail('print_board.pieces', 'print_board.spacing') },
    'hostile-memory-hog': { ...error('create_board.document', 'create_board.generated') },
    'hostile-nothing-recognisable': { ...fail('import.hw04', 'files.named'), ...error('create_row.document', 'create_row.generated', 'create_board.document', 'create_board.generated', 'replace_elem.document', 'replace_elem.generated', 'replace_elem.new-list', 'get_piece.document', 'get_piece.generated', 'put_piece.document', 'put_piece.generated', 'put_piece.leaves-board', 'make_move.document', 'make_move.generated', 'make_move.leaves-board', 'print_board.pieces', 'print_board.spacing', 'check_win_row.document', 'check_win_row.generated', 'check_win_column.document', 'check_win_column.generated', 'check_win.document', 'check_win.generated', 'barrier.put_piece', 'barrier.make_move', 'barrier.print_board', 'barrier.check_win_row', 'barrier.check_win_column', 'barrier.check_win') },
    'trivia-misnamed-file': { ...fail('files.named') },
    'hostile-prints-at-import': { ...fail('import.hw04') },
    'hostile-reads-fixtures': { ...fail('check_win.document', 'check_win.generated') },
    'hostile-syntax-error': { ...error('import.hw04', 'create_row.document', 'create_row.generated', 'create_board.document', 'create_board.generated', 'replace_elem.document', 'replace_elem.generated', 'replace_elem.new-list', 'get_piece.document', 'get_piece.generated', 'put_piece.document', 'put_piece.generated', 'put_piece.leaves-board', 'make_move.document', 'make_move.generated', 'make_move.leaves-board', 'print_board.pieces', 'print_board.spacing', 'check_win_row.document', 'check_win_row.generated', 'check_win_column.document', 'check_win_column.generated', 'check_win.document', 'check_win.generated', 'barrier.put_piece', 'barrier.make_move', 'barrier.print_board', 'barrier.check_win_row', 'barrier.check_win_column', 'barrier.check_win') },
    'make-move-negative-column': { ...fail('make_move.generated'), ...error('make_move.document') },
    'print-board-indexes-board': { ...fail('barrier.print_board') },
    'print-board-trailing-space': { ...fail('print_board.spacing') },
    'put-piece-mutates': { ...fail('put_piece.leaves-board') },
    'put-piece-top-row': { ...fail('put_piece.document', 'put_piece.generated') },
    'replace-elem-mutates': { ...fail('replace_elem.new-list') },
  },
  // One-rule tests of a put_piece that loops: they pass on the call that never ends, which the answer's tests charge.
  hangsIn: { 'hostile-infinite-loop': ['put_piece.leaves-board', 'barrier.put_piece'], 'hostile-loop-at-import': ['import.hw04'] },
};
