"""The assignment's doubles and tools, loaded by path from the files the config's "doubles" names (each an
assignment's runner/assignments/<id>/doubles.py, bound read-only into the sandbox) and merged. A file may define:

  DOUBLES           {kind: make(base_class, keep) -> class}   a double of a student's class, keeping `keep`
  FUNCTION_DOUBLES  {kind: () -> {name: function}}             stand-ins for student functions, and the grader's
                                                               tools (capitalised names, namespace only)
  SCRIPTED_AI       an object with install(moves, marker), script(moves, marker) and patch(modules): a program's
                    AI replaced by the test's moves (program mode and the program server)

The assignment's tools file (tools.py, loaded first) is importable by the files after it as `grade_tools`, so the
document's stand-ins (doubles.py) can use the grader's instruments without a second copy of them.
"""
import sys

from .loading import module_from_spec, spec_from_file_location
from .memo import memo_class
from .names import alias_double, course_names
from .students import student_modules


class Doubles:
    def __init__(self, paths=(), names=None):
        self.names = names or {}
        self.classes = {}
        self.functions = {}
        self.scripted_ai = None
        for index, path in enumerate(paths):
            spec = spec_from_file_location(f"_grade_doubles_{index}", path)
            module = module_from_spec(spec)
            spec.loader.exec_module(module)
            if str(path).endswith("tools.py"):
                sys.modules["grade_tools"] = module
            self.classes.update(getattr(module, "DOUBLES", {}))
            self.functions.update(getattr(module, "FUNCTION_DOUBLES", {}))
            self.scripted_ai = getattr(module, "SCRIPTED_AI", None) or self.scripted_ai

    def ai(self):
        """The scripted AI a program run asks for; a config that asks for one with no doubles file offering it is
        the runner's bug."""
        if self.scripted_ai is None:
            raise RuntimeError("the config asks for a scripted AI, and no doubles file defines SCRIPTED_AI")
        return self.scripted_ai

    def replace(self, replacements, namespace):
        """A whole program played with the document's version of the parts whose own tests failed: each class named
        is swapped for its double (keeping the methods in `keep`) in the namespace and in every student module that
        holds it, so the program's own code builds doubles."""
        for entry in replacements or ():
            if entry.get("names"):
                self.replace_functions(entry, namespace)
                continue
            base = namespace.get(entry["name"])
            make = memo_class if entry["kind"] == "memo" else self.classes.get(entry["kind"])
            if not isinstance(base, type) or make is None:
                continue
            double = alias_double(make(base, tuple(entry.get("keep", ()))), entry["name"], self.names)
            namespace[entry["name"]] = double
            for module in student_modules():
                for held in course_names(entry["name"], self.names):
                    if module.__dict__.get(held) is base:
                        module.__dict__[held] = double

    def replace_functions(self, entry, namespace):
        """Functions swapped for the document's (`entry["names"]` of the set `entry["kind"]`): the student's functions
        call each other through their module's globals, so the globals are swapped too."""
        stand_ins = self.functions[entry["kind"]]()
        for name in entry["names"]:
            if name not in namespace or name not in stand_ins:
                continue
            original = namespace[name]
            namespace[name] = stand_ins[name]
            for module in student_modules():
                for held in course_names(name, self.names):
                    if module.__dict__.get(held) is original:
                        module.__dict__[held] = stand_ins[name]
