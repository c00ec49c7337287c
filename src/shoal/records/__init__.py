"""Game records: headers and turns, as text and JSON; read, write, replay."""

from .movetext import read_tree_record
from .record import MAX_RECORD_BYTES, Ending, Record, read_json, read_text, result_token

__all__ = ["MAX_RECORD_BYTES", "Ending", "Record", "read", "read_json", "read_text", "result_token"]


def read(text: str) -> Record:
    """Read a record in either format (JSON when it starts with ``{``).

    A text record with variations reads as its main line.
    """
    if text.lstrip().startswith("{"):
        return read_json(text)
    return read_tree_record(text)[0]
