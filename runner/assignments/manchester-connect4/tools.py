"""Manchester's tools, which the student's kit ships too: save files written before loadGame runs and read after
saveGame has, what the student's modules define (docstrings, a game's board rows), read without calling any of it,
and the quick computer of play()'s computer games, which plays the student's own suggestMove1. None of them plays
any part of the game of its own."""
import os

from grade_harness.students import student_modules


def _plain_file_name(name):
    """A file in the workspace itself: the tools never reach outside it."""
    if not isinstance(name, str) or not name or "/" in name or "\\" in name or name in (".", ".."):
        raise ValueError(f"not a plain file name: {name!r}")
    return os.path.join(os.getcwd(), name)


def file_tools():
    """Manchester's save files: written before loadGame runs, read after saveGame has."""

    def GradeWriteFile(name, text):
        path = _plain_file_name(name)
        if text is None:
            if os.path.lexists(path):
                os.remove(path)
            return None
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        return None

    def GradeReadFile(name):
        path = _plain_file_name(name)
        if not os.path.isfile(path):
            return None
        with open(path, encoding="utf-8", errors="replace", newline="") as handle:
            return handle.read(1_000_000)

    return {"GradeWriteFile": GradeWriteFile, "GradeReadFile": GradeReadFile}


def inspect_tools():
    """What the student's modules define, read without calling any of it."""

    def GradeDocstrings():
        found = []
        for module in student_modules():
            found.append([f"module {os.path.basename(module.__file__)}", module.__doc__])
            for name, value in list(vars(module).items()):
                if callable(value) and getattr(value, "__module__", None) == module.__name__ and hasattr(value, "__code__"):
                    found.append([name, value.__doc__])
        return found

    def GradeDistinctRows(game):
        """How many different list objects the game's board rows are (6 when none is aliased), or None."""
        board = game.get("board") if isinstance(game, dict) else None
        if not isinstance(board, list):
            return None
        return len({id(row) for row in board})

    return {"GradeDocstrings": GradeDocstrings, "GradeDistinctRows": GradeDistinctRows}


def quick_computer():
    """play()'s computer games judge play() itself (who moves, what it prints, when it stops): the computer's moves
    there are the student's own suggestMove1, which costs little, wherever play() asks suggestMove2 for one. Without
    a suggestMove1 the student's suggestMove2 plays, as submitted."""
    defined = [vars(module) for module in student_modules()]
    original = next((names["suggestMove2"] for names in defined if callable(names.get("suggestMove2"))), None)

    def suggestMove2(board, who):
        for names in defined:
            quick = names.get("suggestMove1")
            if callable(quick):
                return quick(board, who)
        if original is None:
            raise NameError("name 'suggestMove2' is not defined")
        return original(board, who)

    return {"suggestMove2": suggestMove2}


FUNCTION_DOUBLES = {"files": file_tools, "inspect": inspect_tools, "manchester-quick-computer": quick_computer}
