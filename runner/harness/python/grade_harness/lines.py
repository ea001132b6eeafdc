"""Four in a row, for the document's stand-ins (each assignment's doubles.py): a look-ahead asks it of every board
it tries, tens of thousands of times a submission, and a stand-in's time inside a student's call counts as the
student's, so it must cost what the student's own would at best."""


def four_in_a_row(s, checker):
    """Four of `checker` in a row on the rows `s` (lists or strings, top to bottom), any direction. The common
    board, one-character cells in rows of one width, is read as one number: the rows joined by a separator, a 1
    where the checker is, and each direction a shift (a column one row along, a diagonal a row and a column either
    way), the separator's 0 ending every line at the board's edge. Anything else is read cell by cell."""
    h = len(s)
    w = len(s[0]) if h else 0
    if h == 0 or w == 0:
        return False
    table = _ONE_WHERE.get(checker) if isinstance(checker, str) else None
    if table is None:
        table = _one_where(checker)
    try:
        text = '|'.join(map(''.join, s))  # rows of one-character strings, or strings
        data = text.encode('latin-1')
    except (TypeError, UnicodeEncodeError):
        return cell_by_cell(s, checker)
    if table is None or len(data) != h * (w + 1) - 1:
        return cell_by_cell(s, checker)
    bits = int(data.translate(table), 2)
    for step in (1, w + 1, w + 2, w):  # along a row, down a column, down to the right, down to the left
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


_ONE_WHERE = {}


def _one_where(checker):
    """The byte table that reads `checker` as 1 and every other byte as 0, or None for a checker that is not one
    byte (or is the separator): those boards are read cell by cell."""
    if not isinstance(checker, str) or len(checker) != 1 or checker == '|' or ord(checker) > 255:
        return None
    table = bytearray(b'0' * 256)
    table[ord(checker)] = ord('1')
    _ONE_WHERE[checker] = bytes(table)
    return _ONE_WHERE[checker]


def cell_by_cell(s, checker):
    """four_in_a_row for any board: each cell compared, rows of any length."""
    h = len(s)
    for row in range(h):
        for col in range(len(s[row])):
            if s[row][col] != checker:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(row + k * dr, col + k * dc) for k in range(1, 4)]
                if all(0 <= r < h and 0 <= c < len(s[r]) and s[r][c] == checker for r, c in cells):
                    return True
    return False
