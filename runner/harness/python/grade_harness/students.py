"""The submission's own modules, names and frames, told apart from everything else in the process."""
import os
import sys


def public_names(module):
    exported = getattr(module, "__all__", None)
    names = exported if isinstance(exported, (list, tuple)) else [n for n in vars(module) if not n.startswith("_")]
    return {n: getattr(module, n) for n in names if isinstance(n, str) and hasattr(module, n)}


_REAL_PATHS = {}


def _real_path(path):
    """os.path.realpath, remembered: a module's file does not move, and the tools ask for every module per call."""
    found = _REAL_PATHS.get(path)
    if found is None:
        found = _REAL_PATHS[path] = os.path.realpath(path)
    return found


def is_student_file(filename, workdir):
    """A frame in the submission's own files; `<frozen ...>` and `<string>` are not files, wherever they resolve."""
    return not filename.startswith("<") and _real_path(filename).startswith(workdir + os.sep)


def student_modules():
    """The loaded modules whose files are in the workspace (the current folder while student code runs)."""
    here = os.getcwd() + os.sep
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and _real_path(path).startswith(here):
            yield module
