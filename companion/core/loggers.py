"""The modules' loggers, with ``logging`` imported at the first warning, not at start.

``logging`` (and the ``traceback`` and ``string`` it brings) is 2.5 ms of the first frame
here, four times that on a Pi; the modules on the first frame's path only ever warn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import logging


def logger(name: str) -> logging.Logger:
    """The logger called ``name`` (a module's ``__name__``)."""
    import logging

    return logging.getLogger(name)
