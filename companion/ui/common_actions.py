"""What every screen offers the same way: shutting down, a stray tag, the demo tags, the
language and the display settings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from companion.core import i18n
from companion.core.i18n import _
from companion.log.entries import StoreError
from companion.log.store import Store
from companion.system import display_settings
from companion.system.display_settings import DisplaySettings
from companion.ui.frame import Frame
from companion.ui.intents import Tag
from companion.ui.overlays import Overlays
from companion.ui.screen_stack import ScreenStack

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost
    from companion.ui.screen_saver import ScreenSaver

    # for the type checker alone (a Protocol class costs start-up time)
    class TagTapper(Protocol):
        def tap(self, uid: str, reader: str | None = None) -> None: ...

    class ActionsOwner(ScreenHost, Protocol):
        """What these actions need of the app: the screens' view of it, and what start-up
        wired in after it was made."""

        power_off: Callable[[], bool] | None
        simulated_reader: TagTapper | None
        vault_reader: str | None
        saver: ScreenSaver | None
        display_settings: DisplaySettings
        display_settings_path: Path | None

        def request_stop(self) -> None: ...


class CommonActions:
    """Reactions shared by all screens (each screen reaches them through the app)."""

    def __init__(self, owner: ActionsOwner, store: Store, screens: ScreenStack,
                 overlays: Overlays, frame: Frame) -> None:
        self.owner = owner
        self.store = store
        self.screens = screens
        self.overlays = overlays
        self.frame = frame

    def ask_shutdown(self) -> None:
        from companion.ui.screens.dialogs import ConfirmDialog

        if self.owner.power_off is None:
            self.overlays.message(_("Shutting down is only offered on the Pi; here, close the "
                                    "window (everything is saved)."), error=False)
            return
        self.screens.push(ConfirmDialog(self.owner, _("Shut down the companion?"),
                                        _("The game is saved. Wait until the screen goes dark "
                                          "before unplugging."), _("Shut down"),
                                        self._shut_down))

    def _shut_down(self) -> None:
        power_off = self.owner.power_off
        if power_off is None:
            self.overlays.message(_("Shutting down is not available here."), error=False)
            return
        if power_off():
            self.owner.request_stop()

    def demo_tag_items(self) -> list[tuple[str, str, Callable[[], object]]]:
        """Menu entries that tap a demo tag, when the NFC readers are simulated."""
        if self.owner.simulated_reader is None:
            return []
        return [("demo-tag", _("Tap a demo tag..."), self.owner.pick_demo_tag)]

    def pick_demo_tag(self) -> None:
        """A list of the demo tags; the one picked arrives as if put on the reader."""
        from companion.devices.simulated import DEMO_TAG_UIDS
        from companion.ui.form import PickDialog

        reader = self.owner.simulated_reader
        labels = []
        for uid in DEMO_TAG_UIDS:
            meaning = self.store.tag_meaning(uid)
            labels.append((uid, f"{uid} ({meaning.label})" if meaning else uid))
        if reader is None:
            return

        def tap(uid: object) -> None:
            # a material card goes where a real one would: on the vault reader
            meaning = self.store.tag_meaning(str(uid))
            vault = meaning is not None and meaning.kind == "gtr-material"
            assert reader is not None
            reader.tap(str(uid), self.owner.vault_reader if vault else None)

        self.screens.push(PickDialog(self.owner, _("Which tag goes on the reader?"), labels,
                                     tap))

    def tag_default(self, tag: Tag) -> None:
        """A tag nobody on this screen uses: enrol it if unknown, else say what it is."""
        meaning = self.store.tag_meaning(tag.uid)
        if meaning is None:
            from companion.ui.screens.tag_enrol import enrol_tag_dialog

            self.screens.push(enrol_tag_dialog(self.owner, tag.uid))
        else:
            self.overlays.message(_("That tag is {label}; it has no use on this screen.")
                                  .format(label=meaning.label), error=False)

    def set_language(self, language: str) -> None:
        """Switch every screen to ``language`` now and remember it for the next start."""
        i18n.set_language(language)
        try:
            self.store.set_setting("language", i18n.language())
        except StoreError as exc:
            self.overlays.message(str(exc))
        self.overlays.damage.invalidate()

    def change_display_setting(self, key: str, value: int) -> None:
        """Apply one display setting at once and keep it for the next start."""
        owner = self.owner
        settings = owner.display_settings.with_choice(key, value)
        owner.display_settings = settings
        if owner.display_settings_path is not None:
            try:
                display_settings.save(owner.display_settings_path, settings)
            except OSError as error:
                self.overlays.message(_("The display settings could not be saved: {reason}")
                                      .format(reason=error.strerror or error))
        if owner.saver is not None:
            owner.saver.settings = settings
        if key == "rotation":
            self.frame.set_rotation(value)
        self.overlays.damage.invalidate()
