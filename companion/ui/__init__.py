"""The touchscreen app: screens drawn with pygame from the session model.

Every input (touch, mouse, keyboard, GPIO buttons, NFC tags) becomes an *intent*
(:mod:`companion.ui.intents`); screens turn intents into session actions and draw the
state. :mod:`companion.ui.app_loop` owns the one event-driven loop.
"""
