"""A course's verdict in a reader's language: the words the course itself does not hold.

Every text of a course (``course.toml``) is a message of the catalogues
(:func:`shoal.i18n.extract.extract_course`); a step's verdict adds "Well done!" and
"Not quite." with the task again (:meth:`shoal.core.course.Course.attempt` says them in
English). :func:`verdict_words` says the verdict in the language of ``say`` (a catalogue's
``gettext``), for the server's learn routes and ``shoal learn`` alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shoal.core.course import Step, Verdict

__all__ = ["verdict_words"]


def verdict_words(step: Step, verdict: Verdict, say: Callable[[str], str]) -> str:
    """The verdict on the English ``step`` in ``say``'s language: "Well done!", the step's
    feedback for the mistake, or "Not quite." and the task again (as the course reads it)."""
    _ = say  # the literal messages below are extracted (``_``)
    if verdict.solved:
        return _("Well done!")
    if verdict.wrong and verdict.message == f"Not quite. {step.task}":
        return _("Not quite. {task}").format(task=say(step.task))
    # the feedback as the extractor wrote it (one space for a run, as the course's texts)
    feedback = " ".join(verdict.message.split())
    return say(feedback) if feedback else ""
