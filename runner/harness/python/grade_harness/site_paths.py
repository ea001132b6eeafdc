"""A student process starts without site (python -S) where the runner found site's folders for it: the folders go
back on sys.path here, and the names site gives builtins (exit, quit, help, copyright, credits, license), before
any student code runs. What is left out is site's start-up code: a .pth file's import lines and sitecustomize,
which belong to the machine, not to the student, and cost some machines 40 ms a start."""
import sys


def restore_site(config):
    paths = config.get("sitePaths")
    if not sys.flags.no_site or paths is None:
        return
    for path in paths:
        if path not in sys.path:
            sys.path.append(path)
    import site
    for name in ("setquit", "setcopyright", "sethelper"):
        getattr(site, name, lambda: None)()
