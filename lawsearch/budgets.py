"""What each stage of a build costs: wall time, CPU time and peak memory, printed by
``lawsearch build -v``.

Peak memory is the resident set's high-water mark (RSS), as the kernel keeps it — not
tracemalloc, which slows Python code several times and misses C allocations. On Linux the
mark is reset at the start of each stage (writing 5 to ``/proc/self/clear_refs``) and read
from ``VmHWM`` in ``/proc/self/status`` at its end, so each stage shows its own peak.
Elsewhere (or where the reset is refused) the figure is ``getrusage``'s ``ru_maxrss``: the
process's peak so far, which never falls, so a stage's figure is at least its own peak.
The last line, "whole build", is the largest stage peak: the build's own peak.

Two other figures are not the build's peak, and disagree with this one (issue 11's passes
measured ~1 GB and 484 MB at 100x): after a reset the kernel's ``ru_maxrss`` of the process
(what ``time -v`` or a parent's ``wait4`` reads) is only the high-water mark since the
last reset, the last stage's, lower than an earlier stage's peak; and a child's
``ru_maxrss`` starts at its parent's RSS when it was started (Linux records the memory the
process had before ``exec``), so a build started from a large benchmark process shows that
process's size when it is larger.

    budgets = Budgets(print)
    with budgets.stage("read"):
        folder = read_corpus_folder(root)
    # prints: "  read                    0.12 s   CPU 0.11 s   peak RSS  61 MB"
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

STATUS = "/proc/self/status"
CLEAR_REFS = "/proc/self/clear_refs"
HWM = re.compile(r"^VmHWM:\s+(\d+) kB", re.M)


@dataclass(frozen=True)
class Spent:
    """What one stage cost."""

    stage: str
    wall: float  # seconds
    cpu: float  # seconds, user + system, of this process
    peak_rss: int  # bytes; see the module's docstring for what "peak" means where

    def line(self) -> str:
        return (f"  {self.stage:<22} {self.wall:6.2f} s   CPU {self.cpu:6.2f} s   "
                f"peak RSS {self.peak_rss / 1e6:5.0f} MB")


class Budgets:
    """Times and peaks of named stages, each reported as it ends (``report`` None: kept only)."""

    def __init__(self, report: Callable[[str], None] | None = None):
        self.report = report
        self.spent: list[Spent] = []
        self._open: tuple[str, float, float] | None = None

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        self.begin(name)
        yield
        self.end()

    def begin(self, name: str) -> None:
        """Start stage ``name`` (ending any stage still open)."""
        if self._open:
            self.end()
        if self.report is not None:
            reset_peak()
        self._open = (name, time.perf_counter(), time.process_time())

    def end(self) -> None:
        if self._open is None:
            return
        name, wall, cpu = self._open
        self._open = None
        spent = Spent(name, time.perf_counter() - wall, time.process_time() - cpu,
                      peak_rss() if self.report is not None else 0)
        self.spent.append(spent)
        if self.report is not None:
            self.report(spent.line())

    def summary(self) -> None:
        """Report the whole: the stages' wall and CPU times summed, the largest stage peak."""
        self.end()
        if self.report is not None and self.spent:
            self.report(Spent("whole build", sum(s.wall for s in self.spent), sum(s.cpu for s in self.spent),
                              max(s.peak_rss for s in self.spent)).line())


_resettable: bool | None = None


def reset_peak() -> bool:
    """Reset the kernel's high-water mark of this process's RSS; whether it could."""
    global _resettable
    if _resettable is False:
        return False
    try:
        with open(CLEAR_REFS, "w") as f:
            f.write("5")
        _resettable = True
    except OSError:
        _resettable = False
    return _resettable


def peak_rss() -> int:
    """Bytes: the RSS high-water mark since the last reset, or the process's peak so far."""
    if _resettable:
        try:
            with open(STATUS) as f:
                found = HWM.search(f.read())
            if found:
                return int(found[1]) * 1024
        except OSError:
            pass
    try:
        import resource  # not on Windows
    except ImportError:
        return 0
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return maxrss if sys.platform == "darwin" else maxrss * 1024  # bytes on macOS, KiB on Linux
