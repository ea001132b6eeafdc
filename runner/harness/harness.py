"""The grading harness: runs inside a throw-away copy of one submission and answers the runner's requests.

Two modes, both started by the runner (never by hand):

  python3 harness.py serve '<config json>'     JSON-line requests and replies on the file descriptor named in the
                                               config (a socket the student's code does not write to by accident)
  python3 harness.py program '<config json>'   imports the modules, then evaluates one call built from plain JSON
                                               (for programs driven through a pseudo-terminal)

Requests (protocol version 4; the TypeScript side is runner/harness/protocol.ts):
  {"id", "op": "import", "module", "file", "skip"?}  load one student file as a module (partial modules are kept;
                                               `skip` registers it empty, for a module that hung at import)
  {"id", "op": "fresh", "seed"}                  a new namespace holding every loaded module's public names
  {"id", "op": "call", "target", "args", "bind"?, "inputs"?, "repeat"?, "quiet"?}
  {"id", "op": "get", "target", "bind"?, "quiet"?}  read an attribute or item
  {"id", "op": "set", "target", "value"}         assign an attribute or item
  {"id", "op": "repr", "target"}                 repr() of a value, as a str
  {"id", "op": "double", "kind", "name", "keep"?, "inModules"?}
                                               rebind a class name to a double of it (grade_doubles.py) that keeps
                                               the student's methods named in `keep`; with `inModules`, in the
                                               student's modules too, until the next "fresh"
  {"id", "op": "double", "kind", "names"}        replace functions, in the namespace and in every student module,
                                               with stand-ins (grade_doubles.py) until the next "fresh"; kinds
                                               "files", "inspect" and "conniption" only add the grader's tools
                                               (GradeWriteFile, GradeReadFile, GradeDocstrings, GradeChildren,
                                               GradeSearch) to the namespace
  {"id", "op": "program", "program": {call, answers, askMarker, seed, promptMs, programMs, maxChars, aiMoves?,
                                      stateMarker?}}
                                               a whole program in a child forked from this process, input()
                                               answered from `answers`; replies {"program": {output, truncated,
                                               asks, durationMs, exitCode | signal | timedOut}} (asked only of a
                                               harness that has done nothing but import: the runner's program server)
  {"id", "op": "fork"}                           from now on, every request but import and program is answered by a
                                               child forked from this process as it is now (after the imports):
                                               each test runs in its own child; a reply that timed out (the
                                               request's "limitMs") or whose child died is {"ok": false, "timedOut":
                                               ms} or {"ok": false, "crashed": {"exitCode" | "signal"}}, and the next
                                               request gets a new child
  {"op": "batch", "requests": [...]}            several requests in one line, each replied to as it completes, up to
                                               the first that fails (one test case: fresh, then its steps)
A target is a path: a name in the namespace, then attribute names (strings) or indexes (integers).
Version 4 added "fork", "batch", "limitMs", "program", and "scriptedSearch" in serve mode's config (Conniption's search stand-in, installed
before the imports).
Version 3 added "quiet" on call and get: the value is not serialised (no check reads it), only its class named;
and serialising stops at cycles and at MAX_NODES values in all.
Version 2 added: dict arguments, each exception's classes ("bases"), the tool kinds above, and in program mode
"askMarker" (printed after every input() prompt), "endMarker" (printed last), "aiMoves" (Conniption's scripted search) and {"runMain": true}.

Expected values never come here: replies carry only what the student's code did.
"""
import builtins
import importlib.machinery
import importlib.util
import io
import json
import os
import random
import resource
import struct
import sys
import time
import traceback

PROTOCOL_VERSION = 4


def load_doubles():
    """The doubles live beside this file; loaded by path, as -I keeps this folder off sys.path."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "grade_doubles.py")
    spec = importlib.util.spec_from_file_location("_grade_doubles", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_DOUBLES_MODULE = load_doubles()
DOUBLES, FUNCTION_DOUBLES = _DOUBLES_MODULE.DOUBLES, _DOUBLES_MODULE.FUNCTION_DOUBLES
MAX_STR = 100_000
MAX_OBJECT_REPR = 10_000
MAX_ITEMS = 10_000
MAX_DEPTH = 16
MAX_ATTRS = 40
# Values serialised for one reply, at most: a student's object graph (children linking to parents) never costs time.
MAX_NODES = 20_000
SAFE_INT = 2 ** 53


_ABSENT = object()


class ImportGuard:
    """A meta path finder that keeps third-party packages the assignment does not allow out of reach: the standard
    library, the allowed packages (with everything they import) and the submission's own files import as usual."""

    def __init__(self, allowed, workdir, course_modules=()):
        self.allowed = set(allowed)
        self.workdir = workdir
        self.course_modules = set(course_modules)

    def find_spec(self, fullname, path=None, target=None):
        top = fullname.partition(".")[0]
        if path is not None or top in self.allowed or top in sys.stdlib_module_names or top in sys.builtin_module_names:
            return None
        if self.allowed_caller():
            return None
        if os.path.exists(os.path.join(self.workdir, top + ".py")) or os.path.isdir(os.path.join(self.workdir, top)):
            return None
        if fullname in self.course_modules:
            # A helper the course hands out beside the template (CS61A's utils.py), imported but not submitted.
            return importlib.util.spec_from_loader(fullname, EmptyModuleLoader())
        if importlib.machinery.PathFinder.find_spec(top) is None:
            # Not installed either: a file the submission left out, said as Python says it.
            raise ModuleNotFoundError(f"No module named '{top}' (the submission has no {top}.py)", name=top)
        allowed = ", ".join(sorted(self.allowed)) or "none"
        raise ModuleNotFoundError(f"No module named '{top}': {top} is not available to submissions "
                                  f"(third-party packages this assignment allows: {allowed})", name=top)

    def allowed_caller(self):
        """An allowed package importing its own optional helpers is left to the usual finders."""
        frame = sys._getframe(2)
        while frame is not None:
            name = frame.f_globals.get("__name__", "") or ""
            if name.partition(".")[0] in self.allowed:
                return True
            frame = frame.f_back
        return False


class EmptyModuleLoader:
    """Loads a course helper the submission left out as an empty module."""

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.__doc__ = "an empty stand-in the grader gives for a course helper the submission did not include"


def guard_imports(config):
    """Installs the ImportGuard first in sys.meta_path (Python 3.10+, which can tell the standard library)."""
    if "allowedPackages" not in config or not hasattr(sys, "stdlib_module_names"):
        return
    sys.meta_path.insert(0, ImportGuard(config["allowedPackages"], os.path.realpath(config["workdir"]),
                                        config.get("courseModules", ())))


class HarnessError(Exception):
    """A bad request: the runner's bug, never the student's."""


class CappedOutput(io.TextIOBase):
    """Stands in for sys.stdout: keeps the first `cap` characters of each call's output and counts the rest."""

    def __init__(self, cap):
        self.cap = cap
        self.reset()

    def reset(self):
        self.parts = []
        self.size = 0
        self.dropped = 0

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        room = self.cap - self.size
        if room > 0:
            kept = text[:room]
            self.parts.append(kept)
            self.size += len(kept)
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False

    def text(self):
        return "".join(self.parts)


class Script:
    """The answers `input()` gives during one call, and the prompts it was asked with."""

    def __init__(self, answers=()):
        self.answers = list(answers)
        self.given = len(self.answers)
        self.prompts = []


class LineStdin(io.TextIOBase):
    """sys.stdin for code that reads it directly: each line comes from `next_line`, "" at the end of input."""

    def __init__(self, next_line):
        self.next_line = next_line

    def readable(self):
        return True

    def readline(self, size=-1):
        return self.next_line()

    def read(self, size=-1):
        return self.readline()


def ScriptedStdin(harness):
    """The same script as input(), without the echo."""
    def next_line():
        script = harness.script
        return script.answers.pop(0) + "\n" if script.answers else ""
    return LineStdin(next_line)


def AnsweringStdin(answer):
    """In a program child: a line read directly is answered like input(""), echo included."""
    def next_line():
        try:
            return answer("") + "\n"
        except EOFError:
            return ""
    return LineStdin(next_line)


def watch_program(pid, fd, config, started):
    """Reads a program child's output until it ends, the time runs out or the cap is reached, and says how it
    went. The timers are the terminal run's: promptMs for each next question while answers remain, programMs in
    all. Nothing here waits a fixed time: it wakes on output, on the exit, or on a deadline."""
    import codecs
    import select
    import signal as signals
    answers = len(config.get("answers", []))
    marker = config.get("askMarker", "")
    cap = int(config["maxChars"])
    prompt_s, total_s = config["promptMs"] / 1000, config["programMs"] / 1000
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    parts, size, asks, tail = [], 0, 0, ""
    truncated, timed_out, status = False, None, None
    last_answer = started

    def take(data):
        nonlocal size, asks, tail, truncated, last_answer
        text = decoder.decode(data, final=not data)
        if marker:
            window = tail + text
            seen = window.count(marker) - tail.count(marker)
            if seen:
                asks += seen
                last_answer = time.monotonic()
            tail = window[-(len(marker) - 1):] if len(marker) > 1 else ""
        room = cap - size
        if len(text) > room:
            truncated = True
        parts.append(text[:max(room, 0)])
        size += min(len(text), max(room, 0))

    while True:
        now = time.monotonic()
        sent = min(asks, answers)
        deadline, kind = started + total_s, "total"
        if sent < answers and last_answer + prompt_s < deadline:
            deadline, kind = last_answer + prompt_s, ("first" if sent == 0 else "after")
        if now >= deadline:
            timed_out = {"kind": kind, "sent": sent}
            break
        # The short wake-up notices an exit whose output pipe a left-behind grandchild still holds open.
        ready, _, _ = select.select([fd], [], [], min(deadline - now, 0.25))
        if ready:
            data = os.read(fd, 65536)
            take(data)
            if not data or truncated:
                break
        else:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = code
                drain(fd, take)
                break
    try:
        os.killpg(pid, signals.SIGKILL)  # whatever is left: the child after a timeout, its own children always
    except OSError:
        pass
    if status is None:
        _, status = os.waitpid(pid, 0)
    exit_code = os.waitstatus_to_exitcode(status)
    reply = {"output": "".join(parts), "truncated": truncated, "asks": asks,
             "durationMs": round((time.monotonic() - started) * 1000, 3)}
    if timed_out:
        reply["timedOut"] = timed_out
    elif exit_code < 0:
        reply["signal"] = -exit_code
    else:
        reply["exitCode"] = exit_code
    return reply


def drain(fd, take):
    """What is left in the pipe after the exit, without waiting for writers that may never close it."""
    import select
    while select.select([fd], [], [], 0)[0]:
        data = os.read(fd, 65536)
        take(data)
        if not data:
            return


class Harness:
    def __init__(self, config):
        self.config = config
        self.workdir = os.path.realpath(config["workdir"])
        self.output = CappedOutput(int(config.get("outputChars", 262_144)))
        self.script = Script()
        self.budget = MAX_NODES
        self.path_ids = set()
        self.modules = []
        # The files imported, as program mode's config lists them (for finding the file a person runs).
        self.module_entries = []
        self.channel_fd = None
        self.namespace = {}
        self.original_input = builtins.input
        # Module globals replaced by a function double, as (module, name, previous value or _ABSENT), undone by fresh.
        self.patched = []

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

    # --- values -------------------------------------------------------------------------------------------------
    def encode_reply(self, value):
        """One reply's value: cycles are cut and at most MAX_NODES values are serialised."""
        self.budget = MAX_NODES
        self.path_ids = set()
        return self.encode(value)

    def encode(self, value, depth=0):
        self.budget -= 1
        if value is None:
            return {"type": "none"}
        if isinstance(value, bool):
            return {"type": "bool", "value": value}
        if isinstance(value, int):
            if -SAFE_INT < value < SAFE_INT:
                return {"type": "int", "value": value}
            return {"type": "int", "value": str(value), "big": True}
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                return {"type": "float", "value": repr(value)}
            return {"type": "float", "value": value}
        if isinstance(value, str):
            if len(value) > MAX_STR:
                return {"type": "str", "value": value[:MAX_STR], "truncated": True}
            return {"type": "str", "value": value}
        if depth >= MAX_DEPTH or self.budget <= 0:
            return self.encode_object(value, depth, attrs=False)
        if id(value) in self.path_ids:  # a cycle: the value contains itself
            return {"type": "object", "class": type(value).__name__, "repr": "<cycle: this value contains itself>"}
        self.path_ids.add(id(value))
        try:
            return self.encode_container(value, depth)
        finally:
            self.path_ids.discard(id(value))

    def encode_container(self, value, depth):
        if type(value) in (list, tuple, set, frozenset):
            items = list(value)
            kind = {list: "list", tuple: "tuple", set: "set", frozenset: "set"}[type(value)]
            if kind == "set":
                items.sort(key=repr)
            kept = items[:max(0, min(MAX_ITEMS, self.budget))]
            encoded = {"type": kind, "items": [self.encode(v, depth + 1) for v in kept]}
            if len(items) > len(kept):
                encoded["truncated"] = True
            return encoded
        if type(value) is dict:
            entries = list(value.items())
            kept = entries[:max(0, min(MAX_ITEMS, self.budget // 2))]
            encoded = {"type": "dict", "entries": [[self.encode(k, depth + 1), self.encode(v, depth + 1)]
                                                   for k, v in kept]}
            if len(entries) > len(kept):
                encoded["truncated"] = True
            return encoded
        return self.encode_object(value, depth, attrs=True)

    def encode_object(self, value, depth, attrs):
        encoded = {"type": "object", "class": type(value).__name__, "repr": self.safe_repr(value)}
        fields = getattr(value, "__dict__", None) if attrs else None
        if isinstance(fields, dict):
            encoded["attrs"] = {str(k): self.encode(v, depth + 1) for k, v in list(fields.items())[:MAX_ATTRS]}
        return encoded

    def safe_repr(self, value):
        try:
            text = repr(value)
        except BaseException as error:  # a student's __repr__ may raise anything
            return f"<repr raised {type(error).__name__}: {error}>"
        if not isinstance(text, str):
            return f"<repr returned {type(text).__name__}>"
        # An object's repr only describes it; a huge one would cross the channel with every reply that holds it.
        return text if len(text) <= MAX_OBJECT_REPR else text[:MAX_OBJECT_REPR] + f"… ({len(text)} characters)"

    def decode(self, arg):
        kind = arg.get("type")
        if kind == "ref":
            return self.resolve(arg["path"])
        if kind in ("int", "float", "bool", "str"):
            return arg["value"] if kind != "float" else float(arg["value"])
        if kind == "none":
            return None
        if kind == "list":
            return [self.decode(v) for v in arg["items"]]
        if kind == "tuple":
            return tuple(self.decode(v) for v in arg["items"])
        if kind == "dict":
            return {self.decode(k): self.decode(v) for k, v in arg["entries"]}
        raise HarnessError(f"cannot decode an argument of type {kind!r}")

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
            return self.op_program(request)
        if op in ("call", "get", "set", "repr"):
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
        if request["kind"] in FUNCTION_DOUBLES:
            return self.replace_functions(FUNCTION_DOUBLES[request["kind"]](), request["names"])
        name = request["name"]
        make = DOUBLES.get(request["kind"])
        if make is None:
            raise HarnessError(f"no double called {request['kind']!r}")
        base = self.namespace.get(name)
        double = make(base if isinstance(base, type) else object, request.get("keep", []))
        self.namespace[name] = double
        if request.get("inModules"):
            # Code that builds new objects of the class (a Player making its opponent) must build the double too.
            for module in self.modules:
                if module.__dict__.get(name) is base:
                    self.patched.append((module, name, base))
                    module.__dict__[name] = double
        return {"ok": True}

    def replace_functions(self, stand_ins, names):
        """The student's functions call each other through their module's globals, so the globals are replaced too."""
        unknown = [n for n in names if n not in stand_ins]
        if unknown:
            raise HarnessError(f"no stand-in for {', '.join(unknown)}")
        for name in names:
            for module in self.modules:
                self.patched.append((module, name, module.__dict__.get(name, _ABSENT)))
                module.__dict__[name] = stand_ins[name]
            self.namespace[name] = stand_ins[name]
        for name, helper in stand_ins.items():
            if name[:1].isupper():
                self.namespace[name] = helper
        return {"ok": True}

    def op_program(self, request):
        """A whole program (a game, a REPL) in a child forked from this warm interpreter, its input() answered from
        the script: the transcript a terminal would show, without a fresh Python or a terminal per run. Only a
        harness that has done nothing but import (the runner's program server) is asked this, so every child
        starts from the modules as they were imported."""
        config = request["program"]
        read_fd, write_fd = os.pipe()
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(read_fd)
                os.setpgid(0, 0)
                self.program_child(config, write_fd)
            finally:
                os._exit(70)
        os.close(write_fd)
        try:
            return {"ok": True, "program": watch_program(pid, read_fd, config, started)}
        finally:
            os.close(read_fd)

    def program_child(self, config, write_fd):
        if self.channel_fd is not None:
            os.close(self.channel_fd)  # the child never speaks the protocol
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(write_fd, 1)
        os.dup2(write_fd, 2)
        os.close(write_fd)
        # What the terminal run gives a program: TERM set and a 200-column screen.
        os.environ.update(TERM="xterm", COLUMNS="200", LINES="50")
        out = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="replace", write_through=True)
        sys.stdout = sys.stderr = sys.__stdout__ = sys.__stderr__ = out
        answers = list(config.get("answers", []))
        marker = config.get("askMarker", "")
        ended = []

        def answer(prompt):
            out.write(str(prompt))
            out.write(marker)
            if not answers:
                if ended:  # a terminal gives end-of-input once; asking again waits, as it would there
                    while True:
                        time.sleep(3600)
                ended.append(True)
                raise EOFError
            line = answers.pop(0)
            out.write(line + "\n")  # the terminal's echo
            return line

        builtins.input = lambda prompt="": answer(prompt)
        sys.stdin = AnsweringStdin(answer)
        random.seed(config.get("seed", 0))
        if config.get("aiMoves") is not None:
            _DOUBLES_MODULE.script_search(config["aiMoves"], config.get("stateMarker", ""))
            _DOUBLES_MODULE.patch_search_in(list(sys.modules.values()))
        namespace = {}
        for module in self.modules:
            namespace.update(public_names(module))
        code = run_entry(config, self.workdir, self.module_entries, namespace)
        out.flush()
        os._exit(code)

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
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        if request.get("skip"):
            # A module that hung at import before: registered empty, so the files importing it still load.
            self.modules.append(module)
            return {"ok": True, "skipped": True, "defined": []}
        reply = self.run_student(request, lambda _request: spec.loader.exec_module(module))
        # A module that failed part-way keeps what it defined, so the tests of those parts still run.
        self.modules.append(module)
        reply["defined"] = sorted(public_names(module))
        return reply

    def op_call(self, request):
        function = self.resolve(request["target"])
        args = [self.decode(a) for a in request.get("args", [])]
        repeat = int(request.get("repeat", 1))
        if repeat == 1:
            return self.bind(request, function(*args))
        return [function(*args) for _ in range(repeat)]

    def op_get(self, request):
        return self.bind(request, self.resolve(request["target"]))

    def op_set(self, request):
        *owner_path, last = request["target"]
        value = self.decode(request["value"])
        if not owner_path:
            self.namespace[last] = value
            return None
        owner = self.resolve(owner_path)
        if isinstance(last, int):
            owner[last] = value
        else:
            setattr(owner, last, value)
        return None

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
                reply["value"] = self.encode_reply(value)
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
        for frame in traceback.extract_tb(error.__traceback__):
            if is_student_file(frame.filename, self.workdir):
                frames.append({"file": os.path.relpath(frame.filename, self.workdir), "line": frame.lineno,
                               "function": frame.name, "code": (frame.line or "")[:300]})
        if isinstance(error, SyntaxError) and error.filename:
            frames.append({"file": os.path.relpath(os.path.realpath(error.filename), self.workdir),
                           "line": error.lineno or 0, "function": "<module>", "code": (error.text or "").rstrip()[:300]})
        message = self.safe_str(error)
        if isinstance(error, SystemExit):
            message = f"sys.exit({error.code!r}) was called"
        bases = [cls.__name__ for cls in type(error).__mro__][:12]
        return {"type": type(error).__name__, "bases": bases, "message": message[:2000], "frames": frames[-20:]}

    def safe_str(self, error):
        try:
            return str(error)
        except BaseException:
            return "<the exception's message could not be read>"


def is_student_file(filename, workdir):
    """A frame in the submission's own files; `<frozen ...>` and `<string>` are not files, wherever they resolve."""
    return not filename.startswith("<") and os.path.realpath(filename).startswith(workdir + os.sep)


def public_names(module):
    exported = getattr(module, "__all__", None)
    names = exported if isinstance(exported, (list, tuple)) else [n for n in vars(module) if not n.startswith("_")]
    return {n: getattr(module, n) for n in names if isinstance(n, str) and hasattr(module, n)}


def apply_limits(limits):
    """Memory, file size and process count, set before any student code runs; each failure is reported, not fatal."""
    notes = []
    for name, key in (("RLIMIT_AS", "memoryBytes"), ("RLIMIT_FSIZE", "fileBytes"), ("RLIMIT_NPROC", "processes"),
                      ("RLIMIT_CPU", "cpuSeconds"), ("RLIMIT_CORE", "coreBytes")):
        if key not in limits:
            continue
        try:
            resource.setrlimit(getattr(resource, name), (int(limits[key]), int(limits[key])))
        except (ValueError, OSError) as error:
            notes.append(f"{name} not set: {error}")
    return notes


def join_cgroup(path):
    """Moves this process into the cgroup the runner made for it, so every process it starts counts against pids.max."""
    if not path:
        return []
    try:
        with open(os.path.join(path, "cgroup.procs"), "w") as handle:
            handle.write(str(os.getpid()))
        return []
    except OSError as error:
        return [f"could not join the process-count cgroup: {error}"]


def serve(config):
    channel = os.fdopen(os.dup(int(config["channelFd"])), "r+b", buffering=0)
    os.close(int(config["channelFd"]))
    harness = Harness(config)
    harness.channel_fd = channel.fileno()
    notes = join_cgroup(config.get("cgroup")) + apply_limits(config.get("limits", {}))
    harness.install()
    guard_imports(config)
    if config.get("scriptedSearch"):
        # A program server for Conniption's REPL: classes defining alpha_beta_search get the stand-in as they are
        # built; each program's child is handed its own moves.
        _DOUBLES_MODULE.install_scripted_search([], "")
    send(channel, {"id": 0, "op": "ready", "version": PROTOCOL_VERSION, "python": sys.version.split()[0], "notes": notes})
    reader = io.BufferedReader(channel)
    while True:
        line = reader.readline()
        if not line:
            return
        try:
            request = json.loads(line)
        except ValueError as error:
            send(channel, {"id": None, "ok": False, "internal": f"a request that is not JSON: {error}"})
            continue
        if request.get("op") == "fork":
            send(channel, {"id": request.get("id"), "ok": True})
            Watchdog(harness, channel).run()  # from now on, children answer; returns when the runner is gone
            return
        answer_all(harness, request, lambda reply: send(channel, reply))


def answer_all(harness, request, reply_with, page=None):
    """One request, or a batch: one test case's requests in one line, each answered as it completes (each timed
    on its own), and the first that fails ends the case, as it would have one request at a time."""
    parts = request.get("requests", []) if request.get("op") == "batch" else [request]
    for part in parts:
        if page is not None:
            page.running(part.get("id"), part.get("limitMs", 5000))
        reply = answer(harness, part)
        if page is not None:
            page.writing()
        reply_with(reply)
        if page is not None:
            page.idle()
        if not reply.get("ok"):
            return


class Page:
    """What a test's child is doing, in memory it shares with the serving process: idle, running a request (its
    id, since when, for how long at most) or writing a reply. Written without locks: a sequence number that is odd
    while the fields change tells the reader to look again."""

    LAYOUT = struct.Struct("=Qqqdq")  # sequence, state, request id, started (monotonic s), limit (ms)

    def __init__(self):
        import mmap
        self.memory = mmap.mmap(-1, self.LAYOUT.size)
        self.sequence = 0
        self.put(0, -1, 0.0, 0)

    def put(self, state, request_id, started, limit):
        self.sequence += 1  # odd: changing
        self.memory[:8] = self.sequence.to_bytes(8, "little")
        self.sequence += 1  # even: settled
        self.memory[8:] = self.LAYOUT.pack(0, state, request_id if isinstance(request_id, int) else -1, started, int(limit))[8:]
        self.memory[:8] = self.sequence.to_bytes(8, "little")

    def running(self, request_id, limit):
        self.put(1, request_id, time.monotonic(), limit)

    def writing(self):
        self.put(2, -1, 0.0, 0)

    def idle(self):
        self.put(0, -1, 0.0, 0)

    def read(self):
        # A child killed half-way through a change leaves the sequence odd for good: after a while, take the fields.
        for _ in range(10_000):
            sequence, state, request_id, started, limit = self.LAYOUT.unpack(self.memory[:])
            again = int.from_bytes(self.memory[:8], "little")
            if sequence % 2 == 0 and again == sequence:
                break
        return state, request_id, started, limit


IDLE, RUNNING, WRITING = 0, 1, 2
FORK_EXIT = 99  # a test's child that read a fork request ends with this: the serving process makes the next one


class Watchdog:
    """Each test in a child forked from the serving process, which has only imported: a test that breaks global
    state, loops or exits costs only itself, and Python never starts again. The child reads requests and writes
    replies on the runner's channel itself; this process only watches the shared page, and answers for a child
    that overruns a request's limitMs (killed) or dies running one, then forks the next. A fork request ends the
    child."""

    TICK = 0.1  # how often a child is looked at: a new request's deadline is known within this

    def __init__(self, harness, channel):
        self.harness, self.channel = harness, channel

    def run(self):
        import select
        import signal
        # A child's exit wakes this process at once (SIGCHLD written to a pipe), whatever processes it left behind.
        wake_r, wake_w = os.pipe()
        os.set_blocking(wake_w, False)
        signal.set_wakeup_fd(wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        while True:
            page = Page()
            try:
                pid = os.fork()
            except OSError as error:
                self.serve_unisolated(str(error))  # no child can be made (the process cap)
                return
            if pid == 0:
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                os.close(wake_r)
                os.close(wake_w)
                os.setpgid(0, 0)
                die_with_parent()
                child(self.harness, self.channel, page)
            ending = None
            while ending is None:
                state, request_id, started, limit = page.read()
                wait = self.TICK if state != RUNNING else max(0.0, min(self.TICK, started + limit / 1000 - time.monotonic()))
                if select.select([wake_r], [], [], wait)[0]:
                    try:
                        os.read(wake_r, 4096)
                    except BlockingIOError:
                        pass
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    # What the child was doing when it ended, read again: it may have begun a request since.
                    ending = ("ended", os.waitstatus_to_exitcode(status), *page.read()[:2])
                elif state == RUNNING and time.monotonic() >= started + limit / 1000 and page.read()[:2] == (RUNNING, request_id):
                    kill_group(pid)
                    os.waitpid(pid, 0)
                    ending = ("timeout", limit, state, request_id)
            kill_group(pid)  # whatever the child left behind
            kind, detail, state, request_id = ending
            if kind == "ended" and detail == FORK_EXIT:
                continue
            if kind == "ended" and detail == 0 and state == IDLE:
                return  # the runner closed the channel
            if state != IDLE:
                why = {"timedOut": detail} if kind == "timeout" else {"crashed": {"signal": -detail} if detail < 0 else {"exitCode": detail}}
                # The newline ends whatever half line a killed child left, which the runner skips.
                write_all(self.channel, b"\n" + (json.dumps({"id": request_id, "ok": False, **why}) + "\n").encode())

    def serve_unisolated(self, why):
        reader = io.BufferedReader(os.fdopen(os.dup(self.channel.fileno()), "rb", buffering=0))
        while True:
            line = reader.readline()
            if not line:
                return
            request = json.loads(line)
            if request.get("op") == "fork":
                send(self.channel, {"id": request.get("id"), "ok": True, "note": f"tests are not isolated: {why}"})
                continue
            answer_all(self.harness, request, lambda reply: send(self.channel, reply))


def child(harness, channel, page):
    """A test's child: answers the runner's requests on the channel until a fork request or the channel's end."""
    try:
        reader = io.BufferedReader(os.fdopen(os.dup(channel.fileno()), "rb", buffering=0))
        while True:
            line = reader.readline()
            if not line:
                os._exit(0)
            try:
                request = json.loads(line)
            except ValueError as error:
                send(channel, {"id": None, "ok": False, "internal": f"a request that is not JSON: {error}"})
                continue
            if request.get("op") == "fork":
                send(channel, {"id": request.get("id"), "ok": True})
                os._exit(FORK_EXIT)
            if request.get("op") in ("import", "program"):
                send(channel, {"id": request.get("id"), "ok": False, "internal": f"no {request.get('op')} once tests run in children"})
                continue
            answer_all(harness, request, lambda reply: send(channel, reply), page)
    finally:
        os._exit(70)


def kill_group(pid):
    try:
        os.killpg(pid, 9)
    except OSError:
        pass


def answer(harness, request):
    try:
        reply = harness.handle(request)
    except HarnessError as error:
        reply = {"ok": False, "internal": str(error)}
    except Exception as error:  # our own bug: say so plainly rather than die
        reply = {"ok": False, "internal": f"{type(error).__name__}: {error}"}
    reply["id"] = request.get("id") if isinstance(request, dict) else None
    return reply


def send(channel, message):
    write_all(channel, (json.dumps(message, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8", "surrogatepass"))


def write_all(stream, data):
    """An unbuffered write can take part of the data; the rest is written until none is left."""
    view = memoryview(data)
    while view:
        written = stream.write(view)
        view = view[written:]


def die_with_parent():
    """A test's child is killed with the serving process, even outside a PID namespace (Linux; best effort)."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
    except Exception:
        pass


def program(config):
    """Imports the modules, then makes the one call the config describes, on the real terminal."""
    notes = join_cgroup(config.get("cgroup")) + apply_limits(config.get("limits", {}))
    for note in notes:
        sys.stderr.write(f"[grade] {note}\n")
    workdir = os.path.realpath(config["workdir"])
    os.chdir(workdir)
    sys.path.insert(0, workdir)
    guard_imports(config)
    sys.setrecursionlimit(int(config.get("recursionLimit", 10_000)))
    random.seed(config.get("seed", 0))
    namespace = {}
    real_stdin, real_stdout = sys.stdin, sys.stdout
    if config.get("askMarker"):
        install_ask_marker(config["askMarker"])
    if config.get("aiMoves") is not None:
        _DOUBLES_MODULE.install_scripted_search(config["aiMoves"], config.get("stateMarker", ""))
    for entry in config["modules"]:
        spec = importlib.util.spec_from_file_location(entry["module"], os.path.join(workdir, entry["file"]))
        module = importlib.util.module_from_spec(spec)
        sys.modules[entry["module"]] = module
        if entry.get("skip"):  # it hung at import in the harness: registered empty, as there
            continue
        # Import-time output and input are graded by the import test; here they must not disturb the transcript.
        sys.stdout, sys.stdin = io.StringIO(), io.StringIO("")
        saved_input = builtins.input
        builtins.input = lambda prompt="": (_ for _ in ()).throw(EOFError("input() at import"))
        try:
            spec.loader.exec_module(module)
        except BaseException:
            pass
        finally:
            sys.stdout, sys.stdin, builtins.input = real_stdout, real_stdin, saved_input
        namespace.update(public_names(module))
    if config.get("aiMoves") is not None:
        _DOUBLES_MODULE.patch_search_in(list(sys.modules.values()))
    print(config.get("marker", ""), end="", flush=True)
    end_program(config, run_entry(config, workdir, config["modules"], namespace))


def run_entry(config, workdir, modules, namespace):
    """Makes the program's one call (or runs the file a person would run) and says the exit code; a student's
    exception is printed as Python would, with the student's frames only."""
    try:
        if config["call"].get("runMain"):
            main_file = find_main_file(workdir, modules)
            if main_file is None:
                print("[grade] no file starts a program: none has if __name__ == '__main__':", flush=True)
                return 3
            run_as_main(main_file, config.get("aiMoves") is not None)
        else:
            evaluate(config["call"], namespace)
        return 0
    except SystemExit:
        # exit() or sys.exit() ends a program as a person sees it: no document asks a game to return instead, so
        # the run is judged on its transcript like any other ending.
        return 0
    except BaseException as error:  # show the student's frames only, as the harness does for calls
        sys.stdout.flush()
        print("Traceback (most recent call last):")
        for frame in traceback.extract_tb(error.__traceback__):
            if is_student_file(frame.filename, workdir):
                print(f'  File "{os.path.relpath(frame.filename, workdir)}", line {frame.lineno}, in {frame.name}')
                if frame.line:
                    print(f"    {frame.line.strip()}")
        print(f"{type(error).__name__}: {error}" if str(error) else type(error).__name__, flush=True)
        return 1


def end_program(config, code):
    """The last thing a program run prints: the end marker. The runner answers it with a newline once it has read
    everything before it; only then does the process exit, as a terminal can drop what is unread when its program
    exits (megabytes of a chatty AI's output, on a busy machine)."""
    marker = config.get("endMarker", "")
    try:
        sys.stdout = sys.__stdout__
        sys.stdout.write(marker)
        sys.stdout.flush()
        if marker:
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


def run_as_main(path, patch_search):
    """Runs a file as `python file.py` would; the `if __name__ == "__main__":` blocks run last, after the grader's
    search stand-in has replaced any alpha_beta_search the file itself defined."""
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
    if patch_search:
        _DOUBLES_MODULE.patch_search_in([module])
    exec(compile(ast.Module(body=guards, type_ignores=[]), path, "exec"), module.__dict__)


def evaluate(node, namespace):
    """A call tree in plain JSON: {"call": name, "args": [...], "set": {attribute: value}, "then": {...}} or a literal.

    `set` assigns attributes on the result (a board's slots, a player's num_moves) before it is used; `then`
    ({"method": name, "args": [...]}) calls a method of the result, as in `Board(7, 6).playGame(p1, p2)`.
    """
    if isinstance(node, dict) and "call" in node:
        function = namespace.get(node["call"])
        if function is None:
            raise NameError(f"name '{node['call']}' is not defined")
        result = function(*[evaluate(a, namespace) for a in node.get("args", [])])
        for name, value in node.get("set", {}).items():
            setattr(result, name, evaluate(value, namespace))
        then = node.get("then")
        if then:
            return getattr(result, then["method"])(*[evaluate(a, namespace) for a in then.get("args", [])])
        return result
    return node


def main():
    mode, config = sys.argv[1], json.loads(sys.argv[2])
    if mode == "serve":
        serve(config)
    elif mode == "program":
        program(config)
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main()
