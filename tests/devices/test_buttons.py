"""GPIO buttons on gpiozero's MockFactory: presses, long presses, chatter, the queue."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory
from hypothesis import given
from hypothesis import strategies as st

from companion.core.events import ButtonPress, InputEvent
from companion.devices.buttons import GpioButtons, HoldTimer
from companion.devices.chatter import ChatterFilter
from companion.devices.config import DEFAULT_PINS, ButtonConfig

SETTLE_MS = 20.0


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, ms: float) -> None:
        self.now += ms / 1000.0


@pytest.fixture
def factory() -> MockFactory:
    return MockFactory()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def events() -> queue.Queue[InputEvent]:
    return queue.Queue()


def make_buttons(factory: MockFactory, clock: FakeClock, events: queue.Queue[InputEvent],
                 hold_time: float = 60.0, menu_hold_time: float = 60.0,
                 names: tuple[str, ...] = ("seat1", "next", "undo"),
                 holds: HoldTimer | None = None) -> GpioButtons:
    """Buttons on the default pins, their holds timed by the fake clock."""
    pins = {name: DEFAULT_PINS[name] for name in names}
    config = ButtonConfig(pins=pins, debounce_ms=SETTLE_MS, hold_time=hold_time,
                          menu_hold_time=menu_hold_time)
    return GpioButtons(config, events, pin_factory=factory, clock=clock,
                       holds=holds or HoldTimer(clock, start_thread=False))


@pytest.fixture
def buttons(factory: MockFactory, clock: FakeClock,
            events: queue.Queue[InputEvent]) -> Iterator[GpioButtons]:
    bank = make_buttons(factory, clock, events)
    yield bank
    bank.close()


def drive(factory: MockFactory, clock: FakeClock, button: str,
          pattern: list[tuple[bool, float]]) -> None:
    """Drive a button's pin (active low) through (pressed, ms-until-next-edge) steps."""
    pin = factory.pin(DEFAULT_PINS[button])
    for pressed, wait_ms in pattern:
        if pressed:
            pin.drive_low()
        else:
            pin.drive_high()
        clock.advance(wait_ms)


def press(factory: MockFactory, clock: FakeClock, button: str, held_ms: float = 100) -> None:
    drive(factory, clock, button, [(True, held_ms), (False, 200)])


def drained(events: queue.Queue[InputEvent]) -> list[InputEvent]:
    items = []
    while not events.empty():
        items.append(events.get_nowait())
    return items


def test_a_clean_press_is_one_short_press(buttons: GpioButtons, factory: MockFactory,
                                          clock: FakeClock,
                                          events: queue.Queue[InputEvent]) -> None:
    press(factory, clock, "seat1")
    assert drained(events) == [ButtonPress("seat1")]


def test_every_configured_button_reaches_the_queue(factory: MockFactory, clock: FakeClock,
                                                   events: queue.Queue[InputEvent]) -> None:
    buttons = make_buttons(factory, clock, events, names=tuple(DEFAULT_PINS))
    try:
        for name in DEFAULT_PINS:
            press(factory, clock, name)
        assert drained(events) == [ButtonPress(name) for name in DEFAULT_PINS]
        assert buttons.names == list(DEFAULT_PINS)
    finally:
        buttons.close()


def test_chatter_on_press_and_release_is_exactly_one_press(
        buttons: GpioButtons, factory: MockFactory, clock: FakeClock,
        events: queue.Queue[InputEvent]) -> None:
    bouncy_press = [(True, 0.3), (False, 0.5), (True, 1), (False, 0.2), (True, 2), (False, 0.4),
                    (True, 120)]
    bouncy_release = [(False, 0.6), (True, 0.3), (False, 1.5), (True, 0.2), (False, 300)]
    drive(factory, clock, "next", bouncy_press + bouncy_release)
    press(factory, clock, "undo")  # a marker: nothing else came between
    assert drained(events) == [ButtonPress("next"), ButtonPress("undo")]


def test_a_glitch_shorter_than_the_settle_time_is_no_press(
        buttons: GpioButtons, factory: MockFactory, clock: FakeClock,
        events: queue.Queue[InputEvent]) -> None:
    drive(factory, clock, "seat1", [(True, 2), (False, 300), (True, 1), (False, 1), (True, 0.5),
                                    (False, 300)])
    assert drained(events) == []


def test_two_presses_in_a_row_are_two(buttons: GpioButtons, factory: MockFactory,
                                      clock: FakeClock, events: queue.Queue[InputEvent]) -> None:
    drive(factory, clock, "seat1", [(True, 1), (False, 1), (True, 80), (False, 1), (True, 1),
                                    (False, 150)])
    press(factory, clock, "seat1")
    assert drained(events) == [ButtonPress("seat1"), ButtonPress("seat1")]


def test_long_press_of_menu_is_reported_while_held_and_not_again_on_release(
        factory: MockFactory, clock: FakeClock, events: queue.Queue[InputEvent]) -> None:
    holds = HoldTimer(clock, start_thread=False)
    bank = make_buttons(factory, clock, events, hold_time=1.5, menu_hold_time=3.0,
                        names=("menu", "undo"), holds=holds)
    try:
        pin = factory.pin(DEFAULT_PINS["menu"])
        pin.drive_low()
        clock.advance(2990)
        holds.fire_due()
        assert drained(events) == []  # the undo button's 1.5 s is not the menu's
        clock.advance(10)
        holds.fire_due()
        assert drained(events) == [ButtonPress("menu", long=True)]
        clock.advance(5000)
        holds.fire_due()
        assert drained(events) == []  # once per hold
        pin.drive_high()
        clock.advance(300)
        press(factory, clock, "undo")
        assert drained(events) == [ButtonPress("undo")]
    finally:
        bank.close()


def test_a_hold_released_in_time_is_cancelled(factory: MockFactory, clock: FakeClock,
                                              events: queue.Queue[InputEvent]) -> None:
    holds = HoldTimer(clock, start_thread=False)
    bank = make_buttons(factory, clock, events, hold_time=1.5, names=("undo",), holds=holds)
    try:
        press(factory, clock, "undo", held_ms=1400)
        clock.advance(1000)
        holds.fire_due()
        assert drained(events) == [ButtonPress("undo")]
    finally:
        bank.close()


class LateHoldTimer(HoldTimer):
    """A timer whose thread had already taken each due hold when the release came: the
    cancel is too late, and the hold's callback runs after the button is up."""

    def cancel(self, key: str) -> None:
        pass


def test_a_long_press_is_not_reported_after_the_release(factory: MockFactory, clock: FakeClock,
                                                        events: queue.Queue[InputEvent]) -> None:
    holds = LateHoldTimer(clock, start_thread=False)
    bank = make_buttons(factory, clock, events, hold_time=1.5, names=("undo",), holds=holds)
    try:
        pin = factory.pin(DEFAULT_PINS["undo"])
        pin.drive_low()
        clock.advance(1400)
        pin.drive_high()  # released just before the hold time...
        clock.advance(200)
        holds.fire_due()  # ...and the hold comes due after it
        assert drained(events) == [ButtonPress("undo")]  # a short press, and nothing after
    finally:
        bank.close()


def test_the_hold_timer_thread_fires_and_sleeps_when_nothing_is_held() -> None:
    holds = HoldTimer()
    fired = threading.Event()
    try:
        holds.arm("menu", 0.0, fired.set)
        assert fired.wait(5)
        holds.arm("undo", 60.0, lambda: None)
        holds.cancel("undo")
    finally:
        holds.close()


def test_eight_buttons_add_one_thread_only(factory: MockFactory) -> None:
    """gpiozero's Button would add a hold thread per button, waking ten times a second."""
    before = set(threading.enumerate())
    bank = GpioButtons(ButtonConfig(), queue.Queue(), pin_factory=factory)
    try:
        added = [thread.name for thread in set(threading.enumerate()) - before]
        assert added == ["button-holds"]
    finally:
        bank.close()


def test_short_press_of_menu_is_not_a_long_one(factory: MockFactory, clock: FakeClock,
                                                events: queue.Queue[InputEvent]) -> None:
    bank = make_buttons(factory, clock, events, menu_hold_time=60, names=("menu",))
    try:
        press(factory, clock, "menu", held_ms=150)
        assert drained(events) == [ButtonPress("menu", long=False)]
    finally:
        bank.close()


def test_active_high_wiring_when_pull_up_is_off(factory: MockFactory, clock: FakeClock,
                                                events: queue.Queue[InputEvent]) -> None:
    config = ButtonConfig(pins={"next": 16}, pull_up=False, hold_time=60)
    bank = GpioButtons(config, events, pin_factory=factory, clock=clock,
                       holds=HoldTimer(clock, start_thread=False))
    try:
        pin = factory.pin(16)
        pin.drive_high()
        clock.advance(100)
        pin.drive_low()
        assert drained(events) == [ButtonPress("next")]
    finally:
        bank.close()


def test_close_releases_the_pins(factory: MockFactory, clock: FakeClock,
                                 events: queue.Queue[InputEvent]) -> None:
    make_buttons(factory, clock, events, names=("seat1",)).close()
    again = make_buttons(factory, clock, events, names=("seat1",))  # fails if the pin is taken
    again.close()


bounces = st.lists(st.floats(min_value=0.01, max_value=SETTLE_MS * 0.9), max_size=6)
settled = st.floats(min_value=SETTLE_MS + 0.5, max_value=2000)


def bouncy(level: bool, gaps: list[float], then_ms: float) -> list[tuple[bool, float]]:
    """Contact bounces (each shorter than the settle time) ending on ``level`` held for a while."""
    current = level if len(gaps) % 2 == 0 else not level
    steps = []
    for gap in gaps:
        steps.append((current, gap))
        current = not current
    return [*steps, (level, then_ms)]


@given(press_bounces=bounces, release_bounces=bounces, held=settled, rest=settled,
       presses=st.integers(min_value=1, max_value=4))
def test_chatter_filter_counts_each_bouncy_press_once(press_bounces: list[float],
                                                      release_bounces: list[float], held: float,
                                                      rest: float, presses: int) -> None:
    """Any bounces shorter than the settle time around a real press give one press."""
    chatter = ChatterFilter(SETTLE_MS / 1000)
    now, counted = 0.0, 0
    one_press = bouncy(True, press_bounces, held) + bouncy(False, release_bounces, rest)
    for pressed, then_ms in one_press * presses:
        counted += chatter.edge(pressed, now)
        now += then_ms / 1000
    assert counted == presses
