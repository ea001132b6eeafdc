"""Program mode (`harness.py program '<config>'`: import the modules, then make one call on the real terminal, or on
pipes with input() answered from the config's script where no terminal can be had), and what both ways of running a
program share: the call built from plain JSON, the file a person runs, and a student's exception printed as Python
would print it."""
import builtins
import io
import os
import random
import sys

from .course_code import run_course_code
from .cut_off import run_top_level
from .doubles import Doubles
from .former_names import install_former_names
from .frames import tb_frames
from .guard import apply_limits, guard_imports, join_cgroup
from .loading import module_from_spec, spec_from_file_location
from .names import alias_module
from .scripted_input import answer_from_script, terminal_like_output
from .students import is_student_file, public_names


def program(config):
    """Imports the modules, then makes the one call the config describes: on the real terminal, or, when the
    config carries the script's `answers` (no terminal to be had), on pipes with input() answered here."""
    doubles = Doubles(config.get("doubles", ()), config.get("names"))
    on_pipes = "answers" in config
    out = terminal_like_output() if on_pipes else None
    notes = join_cgroup(config.get("cgroup")) + apply_limits(config.get("limits", {}))
    for note in notes:
        sys.stderr.write(f"[grade] {note}\n")
    workdir = os.path.realpath(config["workdir"])
    os.chdir(workdir)
    sys.path.insert(0, workdir)
    guard_imports(config)
    install_former_names(config, workdir)
    sys.setrecursionlimit(int(config.get("recursionLimit", 10_000)))
    random.seed(config.get("seed", 0))
    namespace = {}
    if on_pipes:
        answer_from_script(out, config["answers"], config.get("askMarker", ""))
    elif config.get("askMarker"):
        install_ask_marker(config["askMarker"])
    real_stdin, real_stdout = sys.stdin, sys.stdout
    ai = None
    if config.get("aiMoves") is not None:
        ai = doubles.ai()
        ai.install(config["aiMoves"], config.get("stateMarker", ""))
    for entry in config["modules"]:
        spec = spec_from_file_location(entry["module"], os.path.join(workdir, entry["file"]))
        module = module_from_spec(spec)
        sys.modules[entry["module"]] = module
        if entry.get("skip"):  # it hung at import in the harness: registered empty, as there
            continue
        # Import-time output and input are graded by the import test; here they must not disturb the transcript.
        sys.stdout, sys.stdin = io.StringIO(), io.StringIO("")
        saved_input = builtins.input
        builtins.input = lambda prompt="": (_ for _ in ()).throw(EOFError("input() at import"))
        try:
            run_top_level(entry, spec.origin, lambda: spec.loader.exec_module(module))
        except BaseException:
            pass
        finally:
            sys.stdout, sys.stdin, builtins.input = real_stdout, real_stdin, saved_input
        alias_module(module, config.get("names"))
        namespace.update(public_names(module))
    if ai is not None:
        ai.patch(list(sys.modules.values()))
    doubles.replace(config.get("replace"), namespace)
    print(config.get("marker", ""), end="", flush=True)
    end_program(config, run_entry(config, workdir, config["modules"], namespace, ai))


def run_entry(config, workdir, modules, namespace, ai=None):
    """Makes the program's one call (or runs the file a person would run) and says the exit code; a student's
    exception is printed as Python would, with the student's frames only."""
    try:
        if config["call"].get("runMain"):
            main_file = find_main_file(workdir, modules)
            if main_file is None:
                print("[grade] no file starts a program: none has if __name__ == '__main__':", flush=True)
                return 3
            run_as_main(main_file, ai)
        else:
            evaluate(config["call"], namespace, config.get("names"))
        return 0
    except SystemExit:
        # exit() or sys.exit() ends a program as a person sees it: no document asks a game to return instead, so
        # the run is judged on its transcript like any other ending.
        return 0
    except BaseException as error:  # show the student's frames only, as the harness does for calls
        sys.stdout.flush()
        print("Traceback (most recent call last):")
        for filename, lineno, name, line in tb_frames(error.__traceback__, lambda f: is_student_file(f, workdir)):
            print(f'  File "{os.path.relpath(filename, workdir)}", line {lineno}, in {name}')
            if line:
                print(f"    {line}")
        print(f"{type(error).__name__}: {error}" if str(error) else type(error).__name__, flush=True)
        return 1


def end_program(config, code):
    """The last thing a program run prints: the end marker. The runner answers it with a newline once it has read
    everything before it; only then does the process exit, as a terminal can drop what is unread when its program
    exits (megabytes of a chatty AI's output, on a busy machine). A pipe keeps what is unread: no wait there."""
    marker = config.get("endMarker", "")
    try:
        sys.stdout = sys.__stdout__
        sys.stdout.write(marker)
        sys.stdout.flush()
        if marker and "answers" not in config:
            import select
            ready, _, _ = select.select([0], [], [], 5)
            if ready:
                os.read(0, 1024)
    except BaseException:
        pass
    os._exit(code)


def install_ask_marker(marker):
    """input() prints its prompt, then an invisible marker: the runner answers every question, whatever its text."""
    original = builtins.input

    def marked_input(prompt=""):
        sys.stdout.write(str(prompt))
        sys.stdout.write(marker)
        sys.stdout.flush()
        return original()

    builtins.input = marked_input


def _is_main_guard(node):
    import ast
    return isinstance(node, ast.If) and "__main__" in ast.dump(node.test) and "__name__" in ast.dump(node.test)


def find_main_file(workdir, modules):
    """The file a person runs: main.py when there is one; else the first file (in import order) with an
    `if __name__ == "__main__":` block; else the first whose top-level code asks for input()."""
    import ast
    trees = []
    for entry in modules:
        path = os.path.join(workdir, entry["file"])
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                trees.append((path, ast.parse(handle.read(), filename=path)))
        except (OSError, SyntaxError, ValueError):
            continue
    for path, _tree in trees:
        if os.path.basename(path).lower() == "main.py":
            return path
    for path, tree in trees:
        if any(_is_main_guard(node) for node in tree.body):
            return path
    for path, tree in trees:
        top = [n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        if any(isinstance(n, ast.Call) and getattr(n.func, "id", None) == "input" for t in top for n in ast.walk(t)):
            return path
    return None


def run_as_main(path, ai):
    """Runs a file as `python file.py` would; the `if __name__ == "__main__":` blocks run last, after the grader's
    scripted AI (when the run has one) has replaced any search the file itself defined."""
    import ast
    with open(path, encoding="utf-8", errors="replace") as handle:
        source = handle.read()
    tree = ast.parse(source, filename=path)

    body = [n for n in tree.body if not _is_main_guard(n)]
    guards = [n for n in tree.body if _is_main_guard(n)]
    module = type(sys)("__main__")
    module.__file__ = path
    sys.modules["__main__"] = module
    exec(compile(ast.Module(body=body, type_ignores=[]), path, "exec"), module.__dict__)
    if ai is not None:
        ai.patch([module])
    exec(compile(ast.Module(body=guards, type_ignores=[]), path, "exec"), module.__dict__)


def evaluate(node, namespace, names=None):
    """A call tree in plain JSON: {"call": name, "args": [...], "set": {attribute: value}, "then": {...}} or a literal.

    `set` assigns attributes on the result (a board's slots, a player's num_moves) before it is used; `then`
    ({"method": name, "args": [...]}, or a list of them in order) calls methods of the result, as in
    `Board(7, 6).playGame(p1, p2)`; the last call's value is returned. {"source": "..."} is a course's own Python
    (its pack's session tests), run as written.
    """
    if isinstance(node, dict) and "source" in node:
        return run_course_code(node, namespace, names)
    if isinstance(node, dict) and "call" in node:
        function = namespace.get(node["call"])
        if function is None:
            raise NameError(f"name '{node['call']}' is not defined")
        result = function(*[evaluate(a, namespace) for a in node.get("args", [])])
        for name, value in node.get("set", {}).items():
            setattr(result, name, evaluate(value, namespace))
        then = node.get("then")
        value = result
        for step in then if isinstance(then, list) else [then] if then else []:
            value = getattr(result, step["method"])(*[evaluate(a, namespace) for a in step.get("args", [])])
        return value
    return node
