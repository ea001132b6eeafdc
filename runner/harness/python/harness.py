"""The grading harness's entry point: `python3 -I -S -B harness.py serve|program '<config json>'` (-S where the
runner found site's folders, which grade_harness/site_paths.py puts back).

It loads the `grade_harness` package from beside this file by path, so nothing of the grader's is put on sys.path
where a student's own module of the same name would be shadowed. The package's own docstring describes the modes
and the protocol.
"""
import importlib.util
import os
import sys


def load_package():
    here = os.path.dirname(os.path.abspath(__file__))
    # Python before 3.11 puts the script's folder first on sys.path even with -I: take it off again.
    if sys.path and os.path.realpath(sys.path[0] or ".") == os.path.realpath(here):
        del sys.path[0]
    folder = os.path.join(here, "grade_harness")
    spec = importlib.util.spec_from_file_location("grade_harness", os.path.join(folder, "__init__.py"),
                                                  submodule_search_locations=[folder])
    package = importlib.util.module_from_spec(spec)
    sys.modules["grade_harness"] = package
    spec.loader.exec_module(package)


if __name__ == "__main__":
    load_package()
    from grade_harness.server import main
    main()
