"""CS61A Homework 4's stand-ins: the functions below stand in for a student's own when another function is under
test ("cs61a-list", the document's list-of-lists board), and, with a board that is not a list at all
("cs61a-abstract", tools.py's AbstractBoard), find code that steps around create_board, get_piece and replace_elem.
They are working versions of graded functions, so the student's kit never ships this file."""
import grade_tools as _tools  # tools.py, loaded before this file (grade_harness/doubles.py)
AbstractBoard, AbstractRow, _crossed = _tools.AbstractBoard, _tools.AbstractRow, _tools._crossed


def _list_functions():
    """CS61A's constructors, selectors and checks on the document's list-of-lists board."""

    def create_row(size):
        return ['-' for _ in range(size)]

    def create_board(rows, columns):
        return [create_row(columns) for _ in range(rows)]

    def replace_elem(lst, index, elem):
        return lst[:index] + [elem] + lst[index + 1:]

    def get_piece(board, row, column):
        return board[row][column]

    return {"create_row": create_row, "create_board": create_board, "replace_elem": replace_elem, "get_piece": get_piece}


def _abstract_functions():
    """The same constructors and selectors on AbstractBoard."""

    def create_row(size):
        return AbstractRow(['-'] * size)

    def create_board(rows, columns):
        return AbstractBoard([['-'] * columns for _ in range(rows)])

    def replace_elem(lst, index, elem):
        if isinstance(lst, AbstractBoard):
            if not isinstance(elem, AbstractRow):
                _crossed(f"put {type(elem).__name__} {elem!r:.40} into the board as a row; build rows with replace_elem")
            rows = list(lst.rows)
            rows[index] = elem.cells
            return AbstractBoard(rows)
        if isinstance(lst, AbstractRow):
            cells = list(lst.cells)
            cells[index] = elem
            return AbstractRow(cells)
        return lst[:index] + [elem] + lst[index + 1:]

    def get_piece(board, row, column):
        if not isinstance(board, AbstractBoard):
            _crossed(f"passed get_piece a {type(board).__name__} that create_board did not make")
        return board.rows[row][column]

    return {"create_row": create_row, "create_board": create_board, "replace_elem": replace_elem, "get_piece": get_piece}


def _game_functions(base):
    """put_piece and the win checks, written only with the constructors and selectors in `base`."""
    get_piece, replace_elem = base["get_piece"], base["replace_elem"]

    def put_piece(board, max_rows, column, player):
        row = max_rows - 1
        while row >= 0 and get_piece(board, row, column) != '-':
            row -= 1
        if row < 0:
            return -1, board
        return row, replace_elem(board, row, replace_elem(board[row], column, player))

    def make_move(board, max_rows, max_cols, col, player):
        if col < 0 or col >= max_cols:
            return -1, board
        return put_piece(board, max_rows, col, player)

    def run(cells, num_connect, player):
        count = 0
        for cell in cells:
            count = count + 1 if cell == player else 0
            if count >= num_connect:
                return True
        return False

    def check_win_row(board, max_rows, max_cols, num_connect, row, player):
        return run((get_piece(board, row, c) for c in range(max_cols)), num_connect, player)

    def check_win_column(board, max_rows, max_cols, num_connect, col, player):
        return run((get_piece(board, r, col) for r in range(max_rows)), num_connect, player)

    def check_win_diagonal(board, max_rows, max_cols, num_connect, row, col, player):
        for dr, dc in ((1, 1), (1, -1)):
            r, c = row, col
            while 0 <= r - dr < max_rows and 0 <= c - dc < max_cols:
                r, c = r - dr, c - dc
            spots = []
            while 0 <= r < max_rows and 0 <= c < max_cols:
                spots.append(get_piece(board, r, c))
                r, c = r + dr, c + dc
            if run(spots, num_connect, player):
                return True
        return False

    def print_board(board, max_rows, max_cols):
        for r in range(max_rows):
            print(' '.join(get_piece(board, r, c) for c in range(max_cols)))

    def check_win(board, max_rows, max_cols, num_connect, row, col, player):
        return (check_win_row(board, max_rows, max_cols, num_connect, row, player)
                or check_win_column(board, max_rows, max_cols, num_connect, col, player)
                or check_win_diagonal(board, max_rows, max_cols, num_connect, row, col, player))

    return {"put_piece": put_piece, "make_move": make_move, "print_board": print_board, "check_win_row": check_win_row,
            "check_win_column": check_win_column, "check_win_diagonal": check_win_diagonal, "check_win": check_win}


def cs61a_functions(representation):
    """Every stand-in for one representation, by name: 'list' (the document's) or 'abstract' (AbstractBoard).

    Capitalised names are the grader's own helpers (AbstractBoard builds a test's board); they go into the
    namespace only, never into the student's modules.
    """
    base = _list_functions() if representation == "list" else _abstract_functions()
    helpers = {"AbstractBoard": AbstractBoard} if representation == "abstract" else {}
    return {**base, **_game_functions(base), **helpers}


FUNCTION_DOUBLES = {"cs61a-list": lambda: cs61a_functions("list"), "cs61a-abstract": lambda: cs61a_functions("abstract")}
