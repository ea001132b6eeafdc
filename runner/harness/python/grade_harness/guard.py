"""Set before any student code runs: the import guard (third-party packages the assignment does not allow stay out
of reach) and the process's limits (memory, file size, processes, CPU, the process-count cgroup)."""
import importlib.machinery
import os
import sys

from .loading import spec_from_loader

try:
    import resource
except ImportError:  # Windows: no resource module, so no limits the process can set on itself
    resource = None


class ImportGuard:
    """A meta path finder that keeps third-party packages the assignment does not allow out of reach: the standard
    library, the allowed packages (with everything they import) and the submission's own files import as usual."""

    def __init__(self, allowed, workdir, course_modules=()):
        self.allowed = set(allowed)
        self.workdir = workdir
        self.course_modules = set(course_modules)
        self.stdlib = stdlib_names()

    def find_spec(self, fullname, path=None, target=None):
        top = fullname.partition(".")[0]
        if path is not None or top in self.allowed or top in self.stdlib or top in sys.builtin_module_names:
            return None
        if self.allowed_caller():
            return None
        if os.path.exists(os.path.join(self.workdir, top + ".py")) or os.path.isdir(os.path.join(self.workdir, top)):
            return None
        if fullname in self.course_modules:
            # A helper the course hands out beside the template (CS61A's utils.py), imported but not submitted.
            return spec_from_loader(fullname, EmptyModuleLoader())
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


def stdlib_names():
    """The standard library's top-level names: sys.stdlib_module_names (3.10+), or before it the modules beside os.py
    and in lib-dynload (DLLs on Windows), which is where the standard library lives (site-packages aside)."""
    if hasattr(sys, "stdlib_module_names"):
        return sys.stdlib_module_names
    names = set(sys.builtin_module_names)
    home = os.path.dirname(os.__file__)
    for folder in (home, os.path.join(home, "lib-dynload"), os.path.join(os.path.dirname(home), "DLLs")):
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for entry in entries:
            if entry in ("site-packages", "dist-packages") or entry.startswith("."):
                continue
            name = entry.partition(".")[0]
            if name.isidentifier() and (entry.endswith((".py", ".so", ".pyd")) or os.path.isfile(os.path.join(folder, entry, "__init__.py"))):
                names.add(name)
    return frozenset(names)


def guard_imports(config):
    """Installs the ImportGuard first in sys.meta_path."""
    if "allowedPackages" not in config:
        return
    sys.meta_path.insert(0, ImportGuard(config["allowedPackages"], os.path.realpath(config["workdir"]),
                                        config.get("courseModules", ())))


def apply_limits(limits):
    """Memory, file size and process count, set before any student code runs; each failure is reported, not fatal."""
    notes = []
    if resource is None:
        return ["no limits on memory, file size or CPU time: this Python has no resource module (Windows)"] if limits else []
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
