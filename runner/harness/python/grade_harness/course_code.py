"""Python a course writes in its pack's own tests (kind: calls and session): each statement the runner sends,
compiled under a name of its own, so that a traceback shows the student's files only, and run in the test's
namespace like any request. Grade lint has compiled it already with the grader's Python; a student's older Python
that cannot read it is said plainly, as the grader's problem, never as the student's."""
import sys

from .channel import HarnessError
from .names import answer_to_course_names

FILE = "<course test>"

_compiled = {}


def compiled(source, value):
    """The code of `source`: an expression whose value is wanted (`value`), or statements to run."""
    key = (source, value)
    code = _compiled.get(key)
    if code is None:
        try:
            code = compile(source, FILE, "eval" if value else "exec", dont_inherit=True)
        except SyntaxError as error:
            raise HarnessError(
                f"the course's test is not Python this interpreter (Python {sys.version.split()[0]}) reads: "
                f"{error.msg} in {source.strip()!r}"
            ) from None
        _compiled[key] = code
    return code


def run_course_code(request, namespace, names=None):
    """Runs one statement of a course's test in `namespace`; an expression asked for its value gives it back. The
    course writes its own names (a pack's `names`), which a submission keeping the document's answers to as well."""
    code = compiled(request["source"], bool(request.get("value")))
    if names:
        answer_to_course_names(namespace, names)
    if request.get("value"):
        return eval(code, namespace)
    exec(code, namespace)
    return None
