"""JSON on the runner's channel, read and written with the C scanner and encoder the json package itself uses. The
package is not imported: its modules import re (and enum), a third of the harness's own start-up, paid by every
interpreter a submission starts (about 30 a submission without fork). Where the C parts are missing (PyPy), the
package does the work."""
try:
    from _json import encode_basestring as _encode_str, make_encoder as _make_encoder, make_scanner as _make_scanner
except ImportError:  # pragma: no cover - the interpreters that lack _json
    _make_scanner = _make_encoder = None

_WHITESPACE = " \t\n\r"


class _Reading:
    """What the C scanner reads its options from: the json package's defaults."""
    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}.__getitem__


def _unencodable(value):
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


if _make_scanner is not None and _make_encoder is not None:
    _scan = _make_scanner(_Reading())
    # No circular check (the replies are trees the harness builds), no indent, compact separators, NaN refused.
    _encode = _make_encoder(None, _unencodable, _encode_str, None, ":", ",", False, False, False)

    def loads(data):
        """One JSON value from a str or UTF-8 bytes; ValueError if it is not exactly one (space around it aside)."""
        text = data.decode("utf-8", "surrogatepass") if isinstance(data, (bytes, bytearray)) else data
        text = text.strip(_WHITESPACE)
        try:
            value, end = _scan(text, 0)
        except StopIteration as error:
            raise ValueError(f"Expecting value: char {error.value}") from None
        if end != len(text):
            raise ValueError(f"Extra data: char {end}")
        return value

    def dumps(value):
        """Compact JSON, non-ASCII characters kept as they are; ValueError for NaN or an infinity."""
        return "".join(_encode(value, 0))
else:  # pragma: no cover
    import json as _json_package

    def loads(data):
        return _json_package.loads(data)

    def dumps(value):
        return _json_package.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
