"""The touchscreen app: screens drawn with pygame from the session model.

Every input (touch, mouse, keyboard, GPIO buttons, NFC tags) becomes an *intent*
(:mod:`companion.ui.intents`); screens turn intents into session actions and draw the
state. Screens ask the app only for what :class:`companion.ui.screen.ScreenHost` names;
:mod:`companion.ui.app_loop` wires the parts (the loop, the frame, the move path, ...).
May import every layer of the package but the top (``app``, ``cli``).
"""
