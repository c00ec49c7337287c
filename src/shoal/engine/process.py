"""The other side of the engine protocol: run a program that speaks it, send it commands.

:class:`EngineProcess` starts any program that speaks ``shoal engine``'s protocol
(``= `` or ``? ``, replies ending with an empty line) and asks it one command at a
time. A ``?`` reply raises :class:`EngineRefused` with the program's words; a
program that cannot start, stops, or answers outside the protocol raises
:class:`EngineCrashed` with a message saying which command it was answering.
"""

from __future__ import annotations

import shlex
import subprocess
import threading

__all__ = ["EngineCrashed", "EngineProcess", "EngineRefused"]


class EngineCrashed(RuntimeError):
    """The program could not start, stopped, or does not speak the protocol."""


class EngineRefused(RuntimeError):
    """The program answered ``?``: its message is the error's."""


class EngineProcess:
    """A running engine program (``command`` is split like a shell would)."""

    def __init__(self, command: str) -> None:
        self.command_line = command
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise EngineCrashed(f"cannot read the engine command {command!r}: {error}") from None
        if not argv:
            raise EngineCrashed("the engine command is empty")
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            raise EngineCrashed(
                f"cannot start the engine {command!r}: {error.strerror or error}"
            ) from None
        self.lock = threading.Lock()
        """Held while a command is under way (one command at a time)."""

    def _crashed(self, line: str) -> EngineCrashed:
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        how = f"exit code {code}" if code is not None else "its output closed"
        return EngineCrashed(
            f"the engine {self.command_line!r} stopped ({how}) while answering {line!r}"
        )

    def ask(self, line: str) -> str:
        """The body of the program's reply to ``line`` (one line per reply line)."""
        with self.lock:
            stdin, stdout = self.process.stdin, self.process.stdout
            assert stdin is not None and stdout is not None
            try:
                stdin.write(line + "\n")
                stdin.flush()
            except (BrokenPipeError, OSError):
                raise self._crashed(line) from None
            lines: list[str] = []
            while True:
                text = stdout.readline()
                if text == "":
                    raise self._crashed(line)
                text = text.rstrip("\r\n")
                if not text:
                    if lines:
                        break
                    continue  # a stray empty line before the reply
                lines.append(text)
        head, rest = lines[0], lines[1:]
        if head.startswith("?"):
            raise EngineRefused("\n".join([head[1:].strip(), *rest]).strip())
        if not head.startswith("="):
            raise EngineCrashed(
                f"the engine {self.command_line!r} does not speak the protocol: "
                f"it answered {head[:80]!r} to {line!r}"
            )
        return "\n".join([head[1:].strip(), *rest]).strip("\n")

    def close(self) -> None:
        """Ask the program to quit, and stop it if it does not."""
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write("quit\n")
                self.process.stdin.close()
                self.process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait(timeout=5)
