"""``@frozen`` behaves as ``@dataclass(frozen=True)``, ``@mutable`` as ``@dataclass``, for
everything the project uses."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import threading
from dataclasses import dataclass, field
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.records import frozen, mutable


@frozen
class Cube:
    """A player's cube on a track."""

    colour: str
    place: int = 0
    marks: tuple[int, ...] = ()
    notes: list[str] = field(default_factory=list)
    SIZE: ClassVar[int] = 12


@dataclass(frozen=True)
class CubeAsDataclass:
    colour: str
    place: int = 0
    marks: tuple[int, ...] = ()
    notes: list[str] = field(default_factory=list)
    SIZE: ClassVar[int] = 12


@frozen
class Track:
    colour: str
    place: int = 0
    marks: tuple[int, ...] = ()


@dataclass(frozen=True)
class TrackAsDataclass:
    colour: str
    place: int = 0
    marks: tuple[int, ...] = ()


@frozen
class Nothing:
    pass


@frozen
class Checked:
    """Refuses a negative count after building."""

    count: int

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("count must not be negative")


@frozen
class Stacked(Cube):
    height: int = 1


@mutable
class Tally:
    """A count the table keeps changing."""

    name: str
    count: int = 0
    seen: list[str] = field(default_factory=list)


@dataclass
class TallyAsDataclass:
    name: str
    count: int = 0
    seen: list[str] = field(default_factory=list)


def test_fields_replace_and_asdict_work_as_on_a_dataclass() -> None:
    cube = Cube("red", 3, (1, 2))
    assert [f.name for f in dataclasses.fields(cube)] == ["colour", "place", "marks", "notes"]
    assert dataclasses.is_dataclass(cube)
    assert dataclasses.replace(cube, place=4) == Cube("red", 4, (1, 2))
    assert dataclasses.asdict(cube) == {"colour": "red", "place": 3, "marks": (1, 2),
                                        "notes": []}
    assert Cube.__match_args__ == ("colour", "place", "marks", "notes")
    assert Cube.SIZE == 12


def test_each_instance_gets_its_own_default_from_the_factory() -> None:
    first, second = Cube("red"), Cube("red")
    assert first.notes == [] and first.notes is not second.notes
    given_notes = ["kept"]
    assert Cube("red", notes=given_notes).notes is given_notes


def test_assignment_and_deletion_are_refused() -> None:
    cube = Cube("red")
    with pytest.raises(dataclasses.FrozenInstanceError, match="'place'"):
        cube.place = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="'colour'"):
        del cube.colour  # type: ignore[misc]
    assert cube.place == 0


def test_arguments_are_checked_as_the_signature_says() -> None:
    with pytest.raises(TypeError):
        Cube()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Cube("red", colour="blue")  # type: ignore[misc]
    with pytest.raises(TypeError):
        Cube("red", shade=1)  # type: ignore[call-arg]
    assert Cube("red", marks=(1,), place=2) == Cube("red", 2, (1,))


def test_post_init_runs_and_inheritance_adds_fields() -> None:
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)
    assert Checked(2).count == 2
    stacked = Stacked("blue", 1, height=3)
    assert stacked == Stacked("blue", 1, (), [], 3)
    assert stacked != Cube("blue", 1)  # another class is never equal, as on a dataclass
    assert repr(stacked) == "Stacked(colour='blue', place=1, marks=(), notes=[], height=3)"
    assert Nothing() == Nothing() and hash(Nothing()) == hash(Nothing())
    assert repr(Nothing()) == "Nothing()"


def test_pickle_and_copy_give_equal_records() -> None:
    cube = Cube("red", 2, (5,), ["a"])
    assert pickle.loads(pickle.dumps(cube)) == cube
    assert copy.deepcopy(cube) == cube and copy.copy(cube) == cube


def test_what_a_record_cannot_do_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="compare"):
        @frozen
        class Hidden:
            shown: int
            hidden: int = field(default=0, compare=False)

    with pytest.raises(TypeError, match="follows default"):
        @frozen
        class Misordered:
            first: int = 0
            second: int  # type: ignore[misc]

    with pytest.raises(TypeError, match="__eq__"):
        @frozen
        class OwnEquality:
            value: int

            def __eq__(self, other: object) -> bool:
                return True

    with pytest.raises(TypeError, match="make that @frozen too"):
        @frozen
        class OnADataclass(CubeAsDataclass):
            extra: int = 0


values = st.tuples(st.sampled_from(["red", "blue", ""]), st.integers(-3, 3),
                   st.lists(st.integers(0, 2), max_size=2).map(tuple))


@given(values, values)
def test_equality_hash_and_repr_match_a_frozen_dataclass(one: tuple[str, int, tuple[int, ...]],
                                                         other: tuple[str, int, tuple[int, ...]]
                                                         ) -> None:
    records = Track(*one), Track(*other)
    classes = TrackAsDataclass(*one), TrackAsDataclass(*other)
    assert (records[0] == records[1]) == (classes[0] == classes[1])
    assert (records[0] != records[1]) == (classes[0] != classes[1])
    if records[0] == records[1]:
        assert hash(records[0]) == hash(records[1])
    assert repr(records[0]) == repr(classes[0]).replace("TrackAsDataclass", "Track")
    assert records[0] != classes[0]


@given(st.tuples(st.sampled_from(["a", "b"]), st.integers(-2, 2)),
       st.tuples(st.sampled_from(["a", "b"]), st.integers(-2, 2)))
def test_a_record_compares_and_prints_as_a_dataclass(one: tuple[str, int],
                                                    other: tuple[str, int]) -> None:
    records, classes = (Tally(*one), Tally(*other)), (TallyAsDataclass(*one),
                                                      TallyAsDataclass(*other))
    assert (records[0] == records[1]) == (classes[0] == classes[1])
    assert repr(records[0]) == repr(classes[0]).replace("TallyAsDataclass", "Tally")


def test_a_record_is_mutable_and_unhashable_as_a_dataclass() -> None:
    tally = Tally("a")
    tally.count += 2
    tally.seen.append("x")
    assert tally == Tally("a", 2, ["x"]) and Tally("a").seen is not Tally("a").seen
    assert Tally.__hash__ is None and TallyAsDataclass.__hash__ is None
    with pytest.raises(TypeError):
        hash(tally)
    assert dataclasses.replace(tally, count=5) == Tally("a", 5, ["x"])
    with pytest.raises(TypeError, match="make that @mutable too"):
        @mutable
        class OnAFrozenRecord(Track):  # type: ignore[misc]  # mypy refuses it too
            extra: int = 0


def test_init_is_compiled_when_first_asked_for_and_then_is_a_plain_function() -> None:
    @frozen
    class Fresh:
        first: int
        second: str = "b"

    assert "__init__" in Fresh.__dict__ and not inspect.isfunction(Fresh.__dict__["__init__"])
    assert str(inspect.signature(Fresh)) == "(first, second='b')"
    assert inspect.isfunction(Fresh.__dict__["__init__"])  # asking compiled it

    @mutable
    class Later:
        value: int

    made: list[object] = []
    threads = [threading.Thread(target=lambda: made.append(Later(3))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert made == [Later(3)] * 4 and inspect.isfunction(Later.__dict__["__init__"])
    with pytest.raises(TypeError):
        Later()  # type: ignore[call-arg]
