"""Companion: the bookkeeping beside a physical board game night.

The package is laid out in layers; each may import only the layers below it (checked by
``tests/project/test_layers.py``, drawn in ``docs/architecture.md``):

- :mod:`companion.core`: records, translation, loggers, checksums, input events;
- :mod:`companion.games`: one pure package per game;
- :mod:`companion.devices`: buttons and NFC readers turned into input events;
- :mod:`companion.log`: the game night's SQLite log, the session folded from it, resume;
- :mod:`companion.history`: finished games in and out: import, export, BG Stats,
  corrections, statistics;
- :mod:`companion.system`: the Pi's system side: display, backlight, power, USB, systemd;
- :mod:`companion.ui`: the pygame screens and the app's loop;
- the top, here: ``app`` (start-up), ``cli`` (the command line), ``device_reload`` (a
  reload of ``devices.toml`` while running) and ``scoring`` (``companion score``).
"""

__version__ = "0.1.0"
