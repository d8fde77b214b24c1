"""Colours and the player palette: one place so every screen looks the same."""

from __future__ import annotations

import pygame

from companion.i18n import _

RGB = tuple[int, int, int]

BACKGROUND: RGB = (22, 24, 30)
PANEL: RGB = (38, 42, 52)
PANEL_LIGHT: RGB = (52, 57, 70)
TEXT: RGB = (238, 236, 230)
MUTED: RGB = (165, 168, 178)
ACCENT: RGB = (214, 164, 64)  # Roman gold: the one thing to touch next
BUTTON: RGB = (64, 70, 86)
BUTTON_PRESSED: RGB = (110, 118, 140)
BUTTON_DISABLED: RGB = (44, 47, 56)
TEXT_DISABLED: RGB = (110, 112, 120)
DANGER: RGB = (178, 58, 52)
GOOD: RGB = (62, 140, 84)
ERROR_BANNER: RGB = (150, 40, 36)
INFO_BANNER: RGB = (40, 84, 140)
SHADE: tuple[int, int, int, int] = (0, 0, 0, 170)

#: the colours players can pick, in the order the new-game screen offers them
PLAYER_COLOURS: dict[str, RGB] = {
    "red": (200, 50, 45),
    "blue": (45, 95, 200),
    "green": (50, 150, 70),
    "yellow": (230, 200, 40),
    "purple": (130, 60, 170),
    "orange": (235, 125, 30),
    "white": (235, 235, 235),
    "black": (20, 20, 20),
}

#: materials and province colours that panels show as swatches
THING_COLOURS: dict[str, RGB] = {
    "rubble": (222, 170, 40), "wood": (70, 150, 70), "brick": (190, 60, 50),
    "concrete": (150, 150, 150), "stone": (60, 110, 200), "marble": (140, 80, 170),
    "livestock": (200, 140, 90), "wheat": (230, 200, 90), "ore": (120, 120, 130),
    "wine": (130, 30, 70), "grey": (150, 150, 150), "brown": (140, 95, 55),
    "pink": (230, 130, 170), "gray": (150, 150, 150), "violet": (140, 80, 180),
}


def colour_names() -> dict[str, str]:
    """Player and Via Romana province colours by name, in the current language.

    Built on call so a language switch shows.
    """
    return {
        "red": _("red"), "blue": _("blue"), "green": _("green"), "yellow": _("yellow"),
        "purple": _("purple"), "orange": _("orange"), "white": _("white"), "black": _("black"),
        "grey": _("grey"), "gray": _("grey"), "violet": _("violet"),
    }


def colour_rgb(name: str) -> RGB:
    """RGB of a player colour or material; unknown names fall back to a neutral grey."""
    key = name.lower()
    if key in PLAYER_COLOURS:
        return PLAYER_COLOURS[key]
    if key in THING_COLOURS:
        return THING_COLOURS[key]
    try:
        colour = pygame.Color(key)
    except ValueError:
        return (128, 128, 128)
    return (colour.r, colour.g, colour.b)


def text_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = fill
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return (15, 15, 15) if luminance > 150 else (245, 245, 245)
