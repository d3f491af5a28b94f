"""The ``lawsearch`` program: Ctrl-C and SIGTERM handled from its first line, then the CLI.

The console script calls ``main`` here, which takes over SIGINT and SIGTERM *before*
importing click, whoosh and the command line (a tenth of a second), so that an interrupt
at any moment gives one line on stderr, ``interrupted`` (with what a build left), and
exit status 128 + the signal's number -- 130 for Ctrl-C, 143 for SIGTERM -- the status a
shell reports for a program the signal stopped, so scripts see the same whether the
signal came before Python started or during a build.

An interrupt is raised (as KeyboardInterrupt) only while a command runs
(``interruptible``: the command cleans up what it was writing), and never inside an
import (Python may turn it into another error there: a SyntaxError from the compiler,
or only print it from a callback); it is raised a moment later, when the import is done.
Anywhere else it is held: one that came while the program started or click parsed stops
the command as it begins; once the command has finished, its result stands. A second
signal while the first is handled is held too, so the cleanup runs whole.

    $ lawsearch build          # Ctrl-C
    interrupted; build is left as it was
"""

from __future__ import annotations

# _signal, _thread, time: the interpreter has loaded them; signal (its enums), threading
# or contextlib would cost milliseconds during which Python's own handler still rules
import _signal as signal
import _thread
import sys
import time

STOPS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name))
RETRY = 0.01  # seconds: how soon an interrupt held by an import is tried again

_received: list[int] = []  # the signals that came, in order
_armed = False  # whether a signal may be raised now
_raised = False  # whether one was: the program stops once
_retrying = False  # whether a retry is on its way


def _stop(signum: int, frame) -> None:
    _received.append(signum)
    if _armed and _importing(frame):
        _retry_soon()
        return
    _raise_if_armed()


def _raise_if_armed() -> None:
    global _raised
    if _armed and _received and not _raised:
        _raised = True  # first: a signal landing between these two lines finds it set
        raise KeyboardInterrupt


def _importing(frame) -> bool:
    """Whether the interrupted code runs inside an import (importlib is on the stack)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def _retry_soon() -> None:
    global _retrying
    if not _retrying:
        _retrying = True
        _thread.start_new_thread(_retry, ())


def _retry() -> None:
    global _retrying
    time.sleep(RETRY)
    _retrying = False
    _thread.interrupt_main(_received[0])  # the handler runs again in the main thread


def _swallowed(unraisable) -> None:
    """Python runs a signal handler wherever the program is, also in a callback whose
    exceptions it can only print ("Exception ignored in: …", a ``__del__``): there our
    KeyboardInterrupt would be lost. Say nothing and raise it again."""
    global _raised
    if unraisable.exc_type is KeyboardInterrupt and _raised and _received:
        _raised = False
        _retry_soon()
        return
    sys.__unraisablehook__(unraisable)


class interruptible:
    """Let a signal stop the code in the ``with`` block (a command); one that came before
    stops it as it begins.

    >>> with interruptible():          # doctest: +SKIP
    ...     run_the_command()
    """

    def __enter__(self) -> None:
        global _armed
        _armed = True
        try:
            _raise_if_armed()
        except BaseException:
            _armed = False
            raise

    def __exit__(self, *exception) -> None:
        global _armed
        _armed = False


def exit_status() -> int:
    """128 + the number of the signal that stopped the program: 130 for SIGINT (also when
    KeyboardInterrupt came from elsewhere), 143 for SIGTERM."""
    return 128 + (_received[0] if _received else signal.SIGINT)


def report(left: str | None = None) -> int:
    """Say the one line on stderr (best effort: stderr may be gone) and give the exit
    status. ``left`` says what a command left: "build is left as it was"."""
    line = f"interrupted; {left}" if left else "interrupted"
    try:
        # after the terminal's own "^C", on a line of its own
        sys.stderr.write(("\n" if _is_terminal(sys.stderr) else "") + line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
    return exit_status()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError, AttributeError):
        return False


def main() -> None:
    """The console entry point (pyproject's ``lawsearch``): signals first, then the CLI."""
    try:
        for signum in STOPS:  # held until a command runs (or raised by Python before this)
            signal.signal(signum, _stop)
        sys.unraisablehook = _swallowed
        from .cli import main as command_line

        command_line()  # click's standalone mode: always ends in SystemExit
        status = 0
    except KeyboardInterrupt:  # Python's own handler, before ours was set
        status = report()
    except SystemExit as e:
        status = e.code
    for signum in STOPS:  # the command is over: an interrupt now changes nothing
        signal.signal(signum, signal.SIG_IGN)  # (and Python's exit keeps it so, not SIG_DFL)
    sys.exit(status)
