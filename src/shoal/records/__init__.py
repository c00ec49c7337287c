"""Game records: headers and turns, as text and JSON; read, write, replay."""
