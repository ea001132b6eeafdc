"""The Harness: imports the student's modules, keeps the namespace a test runs in, and answers each request with
what the student's code did (its value, its output, the prompts it asked, or the exception it raised)."""
import builtins
import os
import random
import sys
import time

from .capture import CappedOutput, Script, ScriptedStdin
from .cut_off import run_top_level
from .channel import HarnessError
from .course_code import run_course_code
from .doubles import Doubles
from .frames import tb_frames
from .loading import module_from_spec, spec_from_file_location
from .memo import memo_class
from .names import alias_double, alias_module, course_names, methods_written
from .program_fork import run_forked
from .students import is_student_file, public_names
from .values import Encoder, decode

_ABSENT = object()


class Harness:
    def __init__(self, config):
        self.config = config
        self.workdir = os.path.realpath(config["workdir"])
        self.output = CappedOutput(int(config.get("outputChars", 262_144)))
        self.script = Script()
        self.encoder = Encoder()
        self.names = config.get("names") or {}
        self.doubles = Doubles(config.get("doubles", ()), self.names)
        self.modules = []
        # The files imported, as program mode's config lists them (for finding the file a person runs).
        self.module_entries = []
        self.channel_fd = None
        self.namespace = {}
        self.original_input = builtins.input
        # Module globals replaced by a function double, as (module, name, previous value or _ABSENT), undone by fresh.
        self.patched = []
        # Another accepted name of a role's file, resolved to its module (former_names.py), once installed.
        self.former_names = None

    # --- set-up -------------------------------------------------------------------------------------------------
    def install(self):
        builtins.input = self.scripted_input
        sys.stdin = ScriptedStdin(self)
        sys.stdout = self.output
        sys.setrecursionlimit(int(self.config.get("recursionLimit", 10_000)))
        os.chdir(self.workdir)
        sys.path.insert(0, self.workdir)

    def scripted_input(self, prompt=""):
        prompt = str(prompt)
        self.script.prompts.append(prompt)
        self.output.write(prompt)
        if not self.script.answers:
            raise EOFError(
                f"the program asked for more input than the test gives (the test typed {self.script.given} "
                f"line{'s' if self.script.given != 1 else ''}, and input() was called again)"
            )
        answer = self.script.answers.pop(0)
        self.output.write(answer + "\n")  # what a terminal would echo
        return answer

    def resolve(self, path):
        if not path or not isinstance(path[0], str):
            raise HarnessError(f"a target path starts with a name, got {path!r}")
        name = path[0]
        if name in self.namespace:
            value = self.namespace[name]
        elif hasattr(builtins, name):  # isinstance, issubclass and friends, for property checks
            value = getattr(builtins, name)
        else:
            raise NameError(f"name '{name}' is not defined")
        for step in path[1:]:
            value = value[step] if isinstance(step, int) else getattr(value, step)
        return value

    # --- requests -----------------------------------------------------------------------------------------------
    def handle(self, request):
        op = request.get("op")
        if op == "import":
            return self.op_import(request)
        if op == "fresh":
            return self.op_fresh(request)
        if op == "double":
            return self.op_double(request)
        if op == "program":
            return {"ok": True, "program": run_forked(self, request["program"])}
        if op in ("call", "get", "set", "repr", "exec"):
            return self.run_student(request, getattr(self, "op_" + op))
        raise HarnessError(f"unknown op {op!r}")

    def op_fresh(self, request):
        for module, name, previous in reversed(self.patched):
            if previous is _ABSENT:
                module.__dict__.pop(name, None)
            else:
                module.__dict__[name] = previous
        self.patched = []
        self.namespace = {}
        for module in self.modules:
            self.namespace.update(public_names(module))
        random.seed(request.get("seed", 0))
        return {"ok": True}

    def op_double(self, request):
        if request["kind"] in self.doubles.functions:
            return self.replace_functions(self.doubles.functions[request["kind"]](), request["names"])
        name = request["name"]
        make = memo_class if request["kind"] == "memo" else self.doubles.classes.get(request["kind"])
        if make is None:
            raise HarnessError(f"no double called {request['kind']!r}")
        base = self.namespace.get(name)
        double = alias_double(make(base if isinstance(base, type) else object, request.get("keep", [])), name, self.names)
        self.namespace[name] = double
        if request.get("inModules"):
            # Code that builds new objects of the class (a Player making its opponent) must build the double too,
            # under whichever name the module holds it (the course's own, where a pack renames it).
            for module in self.modules:
                for held in [n for n, v in module.__dict__.items() if v is base and n in (name, self.names.get(name))]:
                    self.patched.append((module, held, base))
                    module.__dict__[held] = double
        return {"ok": True}

    def replace_functions(self, stand_ins, names):
        """The student's functions call each other through their module's globals, so the globals are replaced too."""
        unknown = [n for n in names if n not in stand_ins]
        if unknown:
            raise HarnessError(f"no stand-in for {', '.join(unknown)}")
        for name in names:
            for module in self.modules:
                for held in course_names(name, self.names):
                    if held != name and held not in module.__dict__:
                        continue
                    self.patched.append((module, held, module.__dict__.get(held, _ABSENT)))
                    module.__dict__[held] = stand_ins[name]
            self.namespace[name] = stand_ins[name]
        for name, helper in stand_ins.items():
            if name[:1].isupper():
                self.namespace[name] = helper
        return {"ok": True}

    def op_import(self, request):
        name, file = request["module"], request["file"]
        path = os.path.join(self.workdir, file)
        self.module_entries.append({"module": name, "file": file, **({"skip": True} if request.get("skip") else {})})
        loaded = sys.modules.get(name)
        if loaded is not None and os.path.realpath(getattr(loaded, "__file__", "") or "") == os.path.realpath(path):
            # Already imported by another student file (`from search import *`): one module, so one class object.
            if loaded not in self.modules:
                self.modules.append(loaded)
            return {"ok": True, "value": {"type": "none"}, "durationMs": 0, "stdout": "", "prompts": [],
                    "inputsLeft": 0, "defined": sorted(public_names(loaded))}
        spec = spec_from_file_location(name, path)
        module = module_from_spec(spec)
        sys.modules[name] = module
        if request.get("skip"):
            # A module that hung at import before: registered empty, so the files importing it still load.
            self.modules.append(module)
            return {"ok": True, "skipped": True, "defined": []}
        used = len(self.former_names.used) if self.former_names else 0
        reply = self.run_student(request, lambda _request: run_top_level(request, path, lambda: spec.loader.exec_module(module)))
        if self.former_names and len(self.former_names.used) > used:
            reply["formerNames"] = self.former_names.used[used:]
        # A module that failed part-way keeps what it defined, so the tests of those parts still run.
        methods = methods_written(module, self.names)
        alias_module(module, self.names)
        self.modules.append(module)
        reply["defined"] = sorted([*public_names(module), *methods])
        return reply

    def op_call(self, request):
        function = self.resolve(request["target"])
        args = [decode(a, self.resolve) for a in request.get("args", [])]
        repeat = int(request.get("repeat", 1))
        if repeat == 1:
            return self.bind(request, function(*args))
        return [function(*args) for _ in range(repeat)]

    def op_get(self, request):
        return self.bind(request, self.resolve(request["target"]))

    def op_set(self, request):
        *owner_path, last = request["target"]
        value = decode(request["value"], self.resolve)
        if not owner_path:
            self.namespace[last] = value
            return None
        owner = self.resolve(owner_path)
        if isinstance(last, int):
            owner[last] = value
        else:
            setattr(owner, last, value)
        return None

    def op_exec(self, request):
        """A statement of a course's own test (its pack's `calls`), run in the test's namespace."""
        return self.bind(request, run_course_code(request, self.namespace, self.names))

    def op_repr(self, request):
        text = repr(self.resolve(request["target"]))
        if not isinstance(text, str):
            raise TypeError(f"__repr__ returned non-string (type {type(text).__name__})")
        return text

    def bind(self, request, value):
        if request.get("bind"):
            self.namespace[request["bind"]] = value
        return value

    def run_student(self, request, action):
        """Runs student code with its output captured and its input scripted; an exception is data, not a crash."""
        self.output.reset()
        self.script = Script(request.get("inputs") or [])
        # Student code may have replaced these during an earlier call; every call starts from the harness's own.
        sys.stdout, sys.stdin, builtins.input = self.output, ScriptedStdin(self), self.scripted_input
        started = time.perf_counter()
        reply = {"ok": True}
        try:
            value = action(request)
            if request.get("quiet"):  # no check reads it: name its class, serialise nothing
                reply["value"] = {"type": "object", "class": type(value).__name__, "repr": "<not read>"}
            else:
                reply["value"] = self.encoder.encode_reply(value)
        except HarnessError:
            raise
        except BaseException as error:  # SystemExit and KeyboardInterrupt from student code are results too
            reply = {"ok": False, "exception": self.describe(error)}
        reply["durationMs"] = round((time.perf_counter() - started) * 1000, 3)
        reply["stdout"] = self.output.text()
        if self.output.dropped:
            reply["stdoutDropped"] = self.output.dropped
        reply["prompts"] = self.script.prompts
        reply["inputsLeft"] = len(self.script.answers)
        return reply

    def describe(self, error):
        frames = []
        for filename, lineno, name, line in tb_frames(error.__traceback__, lambda f: is_student_file(f, self.workdir)):
            frames.append({"file": os.path.relpath(filename, self.workdir), "line": lineno, "function": name, "code": line[:300]})
        if isinstance(error, SyntaxError) and error.filename:
            frames.append({"file": os.path.relpath(os.path.realpath(error.filename), self.workdir),
                           "line": error.lineno or 0, "function": "<module>", "code": (error.text or "").rstrip()[:300]})
        message = safe_str(error)
        if isinstance(error, SyntaxError) and error.filename and isinstance(error.msg, str):
            message = error.msg  # its place is the frame above: str() would say it a second time
        if isinstance(error, SystemExit):
            message = f"sys.exit({error.code!r}) was called"
        bases = [cls.__name__ for cls in type(error).__mro__][:12]
        described = {"type": type(error).__name__, "bases": bases, "message": message[:2000], "frames": frames[-20:]}
        name = exception_name(error)
        if name:
            described["name"] = name[:200]
        fact = getattr(error, "grade_fact", None)
        if isinstance(fact, str):
            described["fact"] = fact[:100]
        return described


def exception_name(error):
    """The name an exception is about: the module of an ImportError, the name of a NameError (read from the message
    before Python 3.10, which has no NameError.name)."""
    name = getattr(error, "name", None)
    if isinstance(name, str):
        return name
    if isinstance(error, NameError) and error.args and isinstance(error.args[0], str):
        parts = error.args[0].split("'")
        return parts[1] if len(parts) >= 3 else None
    return None


def safe_str(error):
    try:
        return str(error)
    except BaseException:
        return "<the exception's message could not be read>"
