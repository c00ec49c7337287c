"""Game records: headers and turns, as text and JSON; read, write, replay."""

from .record import MAX_RECORD_BYTES, Record, read_json, read_text, result_token

__all__ = ["MAX_RECORD_BYTES", "Record", "read", "read_json", "read_text", "result_token"]


def read(text: str) -> Record:
    """Read a record in either format (JSON when it starts with ``{``)."""
    return read_json(text) if text.lstrip().startswith("{") else read_text(text)
