"""``shoal serve`` raises its soft limit of open files to the hard one (issue 56): every socket
a page holds open is a file, and the usual soft limit of 1,024 refused connections past about
a thousand pages per worker."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[2] / "src")

CODE = """
import resource
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
low = min(256, hard)
resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard))
from shoal.cli.cmd_serve import open_files
print(low, hard, *open_files(), *resource.getrlimit(resource.RLIMIT_NOFILE))
"""


def test_the_soft_limit_of_open_files_is_raised_to_the_hard_one() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CODE],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": SRC},
        check=True,
    )
    low, hard, soft, hard_after, now_soft, now_hard = map(int, done.stdout.split())
    assert low <= 256 and (soft, hard_after) == (hard, hard) == (now_soft, now_hard)
