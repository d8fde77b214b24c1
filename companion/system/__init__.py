"""The Pi's system side: display (DRM), backlight, power, USB sticks, systemd, the doctor.

Each module talks to one part of the operating system and degrades to a clear message off
the Pi. May import :mod:`companion.core` and :mod:`companion.devices` (the doctor checks
the readers).
"""
