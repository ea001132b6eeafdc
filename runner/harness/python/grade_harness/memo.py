"""The student's kit's instrument for a look-ahead test run on the student's own Board (where the grader stands in the
document's): a subclass of their Board whose win check answers each board once. A look-ahead asks the same board's
win check over and over (a plainly written scoreBoard scores every board again for each column, and two moves in
either order reach one board), and a win check that scans every cell costs a millisecond: the kit spent tens of
seconds there where the grade, on the document's Board, spends a fraction of one. The answer is the student's own,
computed once per board state (the object's attributes, as repr shows them) and arguments; a call that raises is
not kept, and an object whose state cannot be told apart by repr is simply asked every time. A copy.deepcopy of such
a Board (a plain look-ahead copies the board for every move it tries) copies its rows of plain values directly,
giving what deepcopy gives; anything else, rows shared, or a Board with its own way to copy, goes to deepcopy.
It solves nothing."""

MAX_ENTRIES = 200_000


def memo_class(base, keep):
    """`base` with each method in `keep` it has answered once per (state, arguments); `base` itself when it has none."""
    methods = [name for name in keep if callable(getattr(base, name, None))]
    if not methods or not isinstance(base, type):
        return base
    table = {}
    namespace = {}
    for name in methods:
        namespace[name] = _remembered(getattr(base, name), name, table)
    if getattr(base, "__deepcopy__", None) is None and getattr(base, "__reduce_ex__", None) is object.__reduce_ex__ \
            and getattr(base, "__reduce__", None) is object.__reduce__ and not hasattr(base, "__slots__"):
        namespace["__deepcopy__"] = _quick_deepcopy
    return type(base.__name__, (base,), namespace)


_PLAIN = (int, float, str, bool, type(None))


def _quick_deepcopy(self, memo):
    """What copy.deepcopy gives for an object whose attributes are plain values and lists (of lists) of them, none
    shared; anything else is deepcopy's own."""
    import copy  # only here: the harness's start imports nothing it does not need
    state = vars(self)
    copied = {}
    for key, value in state.items():
        kind = type(value)
        if kind in _PLAIN:
            copied[key] = value
        elif kind is list and _plain_rows(value, memo):
            copied[key] = [row[:] if type(row) is list else row for row in value]
        else:
            copied[key] = copy.deepcopy(value, memo)
    new = object.__new__(type(self))
    memo[id(self)] = new
    new.__dict__.update(copied)
    return new


def _plain_rows(value, memo):
    """A list of plain values or of lists of plain values, no list twice and none already copied."""
    if id(value) in memo:
        return False
    seen = set()
    for row in value:
        kind = type(row)
        if kind in _PLAIN:
            continue
        if kind is not list or id(row) in seen or id(row) in memo or not all(type(cell) in _PLAIN for cell in row):
            return False
        seen.add(id(row))
    return True


def _remembered(original, name, table):
    def remembered(self, *args, **kwargs):
        try:
            key = (name, repr(vars(self)), args, tuple(sorted(kwargs.items())))
            hash(key)
        except Exception:
            return original(self, *args, **kwargs)
        if key in table:
            return table[key]
        value = original(self, *args, **kwargs)
        if len(table) < MAX_ENTRIES:
            table[key] = value
        return value
    # Said as the student's own method (functools.wraps would bring collections into every harness's start).
    remembered.__name__, remembered.__qualname__, remembered.__doc__ = original.__name__, original.__qualname__, original.__doc__
    remembered.__wrapped__ = original
    return remembered
