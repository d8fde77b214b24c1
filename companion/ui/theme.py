"""Colours and the player palette: one place so every screen looks the same."""

from __future__ import annotations

from functools import lru_cache

import pygame

from companion.core.i18n import _

RGB = tuple[int, int, int]

BACKGROUND: RGB = (22, 24, 30)
PANEL: RGB = (38, 42, 52)
PANEL_LIGHT: RGB = (52, 57, 70)
TEXT: RGB = (238, 236, 230)
MUTED: RGB = (165, 168, 178)
ACCENT: RGB = (214, 164, 64)  # Roman gold: the one thing to touch next
BUTTON: RGB = (64, 70, 86)
BUTTON_PRESSED: RGB = (92, 100, 122)
BUTTON_DISABLED: RGB = (44, 47, 56)
TEXT_DISABLED: RGB = (150, 152, 160)
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
    "livestock": (200, 140, 90), "wheat": (230, 200, 90), "ore": (132, 132, 142),
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


def luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour (remembered: every button asks)."""
    return _luminance(tuple(colour))  # type: ignore[arg-type]


@lru_cache(maxsize=1024)
def _luminance(colour: RGB) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(first: RGB, second: RGB) -> float:
    """WCAG 2 contrast ratio (1 to 21); text needs at least 4.5 (AA)."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


DARK_INK: RGB = (15, 15, 15)
LIGHT_INK: RGB = (245, 245, 245)


def text_on(fill: RGB) -> RGB:
    """Black or white, whichever has the higher contrast on ``fill``."""
    return DARK_INK if contrast(DARK_INK, fill) >= contrast(LIGHT_INK, fill) else LIGHT_INK


def text_pairs() -> list[tuple[str, RGB, RGB]]:
    """Every (what, text colour, background) the screens draw: all must reach 4.5:1.

    Fixed colours on the surfaces they are used on, and the chosen ink on every fill a
    button, panel or player colour can have.
    """
    surfaces = {"background": BACKGROUND, "panel": PANEL, "panel light": PANEL_LIGHT}
    inks = {"text": TEXT, "muted": MUTED, "accent": ACCENT}
    pairs = [(f"{ink} on {where}", colour, fill) for ink, colour in inks.items()
             for where, fill in surfaces.items()]
    pairs.append(("disabled text on a disabled button", TEXT_DISABLED, BUTTON_DISABLED))
    pairs += [(f"text on the {name} banner", TEXT, fill)
              for name, fill in (("error", ERROR_BANNER), ("info", INFO_BANNER),
                                 ("status", PANEL), ("lost device", DANGER))]
    fills = {"button": BUTTON, "pressed button": BUTTON_PRESSED, "accent": ACCENT,
             "danger": DANGER, "good": GOOD, "panel": PANEL, "panel light": PANEL_LIGHT,
             **{f"player {name}": rgb for name, rgb in PLAYER_COLOURS.items()},
             **{f"material {name}": rgb for name, rgb in THING_COLOURS.items()}}
    pairs += [(f"ink on {name}", text_on(fill), fill) for name, fill in fills.items()]
    return pairs
