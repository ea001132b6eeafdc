"""Another name a course accepted for one of the assignment's files (last term's `ps9pr1`, where this term's file is
`ps10pr1.py`; the document's, where the course renamed it): a file that still imports it gets the role's module, and
the import is recorded, so the stale name costs the one test of naming rather than every test of the files that
import it."""
import os
import sys

from .loading import spec_from_loader


class FormerNames:
    """A meta path finder for the names in `aliases` (former name: the module the role's file is imported as), used
    only where no file of that name is in the workspace."""

    def __init__(self, aliases, workdir):
        self.aliases = dict(aliases or {})
        self.workdir = workdir
        self.used = []

    def find_spec(self, fullname, path=None, target=None):
        if path is not None or fullname not in self.aliases or os.path.exists(os.path.join(self.workdir, fullname + ".py")):
            return None
        return spec_from_loader(fullname, _Alias(self, fullname))


class _Alias:
    """Loads a former name as the role's own module (imported first if need be): one module, so one class object."""

    def __init__(self, finder, name):
        self.finder = finder
        self.name = name

    def create_module(self, spec):
        target = self.finder.aliases[self.name]
        __import__(target)
        self.finder.used.append([self.name, target])
        return sys.modules[target]

    def exec_module(self, module):
        pass


def install_former_names(config, workdir):
    """Puts the finder first in sys.meta_path when the config names former names; returns it (or None)."""
    if not config.get("formerNames"):
        return None
    finder = FormerNames(config["formerNames"], workdir)
    sys.meta_path.insert(0, finder)
    return finder
