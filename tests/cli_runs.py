"""Killing a command-line run midway, for the resume tests of the arena's backends."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path


def kill_midway(cmd: list[str], db: Path, games: int, timeout: float) -> int:
    """Start ``cmd`` in its own process group, wait until its results file ``db`` holds
    ``games`` finished games (or ``timeout`` seconds, or its end), then SIGKILL the group:
    the run and every worker or local Ray it started, mid-way. Returns its exit code
    (``-SIGKILL`` when it was killed)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        finished, deadline = 0, time.time() + timeout
        while finished < games and time.time() < deadline and proc.poll() is None:
            time.sleep(0.01)
            try:
                with sqlite3.connect(db) as c:
                    finished = c.execute("SELECT COUNT(winner) FROM games").fetchone()[0]
            except sqlite3.OperationalError:  # not created yet
                pass
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    return proc.returncode
