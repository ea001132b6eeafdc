/** The names the cs61a-hw04 spec may link to its code by (the Assignment's `links`): checked when a spec or pack loads. */
import type { SpecLinks } from '../../plan/assignment.js';

export const CS61A_LINKS: SpecLinks = {
  checks: ['barrier-printed', 'barrier-value', 'new-list', 'printed-exactly', 'printed-pieces', 'unchanged', 'value', 'value-types'],
  programChecks: [],
  properties: [],
  targets: [
    'check_win',
    'check_win_column',
    'check_win_row',
    'create_board',
    'create_row',
    'files',
    'get_piece',
    'import',
    'make_move',
    'print_board',
    'put_piece',
    'replace_elem',
  ],
  named: [],
};
