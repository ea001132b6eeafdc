"""importlib.util's loading functions, taken from where importlib.util itself takes them: importing importlib.util
also imports contextlib (with collections and functools), about a tenth of the harness's own start-up, paid by every
interpreter a submission starts."""
try:
    from importlib._bootstrap import module_from_spec, spec_from_loader
    from importlib._bootstrap_external import spec_from_file_location
except ImportError:  # pragma: no cover - an importlib laid out otherwise
    from importlib.util import module_from_spec, spec_from_file_location, spec_from_loader

__all__ = ["module_from_spec", "spec_from_file_location", "spec_from_loader"]
