"""The assignment's doubles and tools, loaded by path from the files the config's "doubles" names (each an
assignment's runner/assignments/<id>/doubles.py, bound read-only into the sandbox) and merged. A file may define:

  DOUBLES           {kind: make(base_class, keep) -> class}   a double of a student's class, keeping `keep`
  FUNCTION_DOUBLES  {kind: () -> {name: function}}             stand-ins for student functions, and the grader's
                                                               tools (capitalised names, namespace only)
  SCRIPTED_AI       an object with install(moves, marker), script(moves, marker) and patch(modules): a program's
                    AI replaced by the test's moves (program mode and the program server)
"""
import importlib.util


class Doubles:
    def __init__(self, paths=()):
        self.classes = {}
        self.functions = {}
        self.scripted_ai = None
        for index, path in enumerate(paths):
            spec = importlib.util.spec_from_file_location(f"_grade_doubles_{index}", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            self.classes.update(getattr(module, "DOUBLES", {}))
            self.functions.update(getattr(module, "FUNCTION_DOUBLES", {}))
            self.scripted_ai = getattr(module, "SCRIPTED_AI", None) or self.scripted_ai

    def ai(self):
        """The scripted AI a program run asks for; a config that asks for one with no doubles file offering it is
        the runner's bug."""
        if self.scripted_ai is None:
            raise RuntimeError("the config asks for a scripted AI, and no doubles file defines SCRIPTED_AI")
        return self.scripted_ai
