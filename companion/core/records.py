"""Records that are cheap to define: ``@frozen`` in place of ``@dataclass(frozen=True)``,
``@mutable`` in place of ``@dataclass``.

``@dataclass(frozen=True)`` compiles six methods for every class as its module is imported
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``):
about 0.5 ms a class here and four times that on a Pi 4, and the first frame needs some
thirty such classes. ``@frozen`` makes the same frozen dataclass -- ``dataclasses.fields``,
``replace`` and ``asdict`` work on it; instances compare and hash by their fields, print as
a dataclass does and refuse assignment -- but compiles only ``__init__`` (so it keeps its
signature and its speed), and that only when it is first needed; the other five are shared
functions over the class's fields. ``@mutable`` does the same for a plain dataclass (three
methods compiled, 0.4 ms a class): mutable, equal by its fields, unhashable, as a dataclass.

Supported: fields with or without a default or ``field(default_factory=...)``,
``ClassVar`` attributes, ``__post_init__`` and inheriting from another record of the same
kind.
Anything else a field can ask for (``init``, ``compare``, ``hash``, ``kw_only``,
``InitVar``) is refused with a ``TypeError``: use ``@dataclass`` for those.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

#: the default of a parameter whose field has a default factory
_FACTORY = object()


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen dataclass (see the module's docstring for what differs)."""
    return _make(cls, frozen=True)


@dataclass_transform(field_specifiers=(dataclasses.field,))
def mutable(cls: type[T]) -> type[T]:
    """Make ``cls`` a plain (mutable, unhashable) dataclass the way :func:`frozen` makes a
    frozen one: ``__init__`` compiled when first needed, equality and repr shared."""
    return _make(cls, frozen=False)


def _make(cls: type[T], frozen: bool) -> type[T]:
    kind = "frozen record" if frozen else "mutable record"
    for name in ("__init__", "__setattr__", "__delattr__", "__eq__", "__hash__", "__repr__"):
        if name in cls.__dict__:
            raise TypeError(f"{kind} {cls.__qualname__} defines {name}; use @dataclass")
    for base in cls.__mro__[1:-1]:
        if (dataclasses.is_dataclass(base)
                and getattr(base, "__frozen_record__", None) is not frozen):
            raise TypeError(f"{kind} {cls.__qualname__} inherits from the dataclass "
                            f"{base.__qualname__}; make that "
                            f"@{'frozen' if frozen else 'mutable'} too")
    if not cls.__doc__:  # dataclasses would work one out with inspect.signature: 2 ms
        cls.__doc__ = f"{cls.__name__}({', '.join(cls.__dict__.get('__annotations__', ()))})"
    made = dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields: tuple[dataclasses.Field[Any], ...] = dataclasses.fields(made)  # type: ignore[arg-type]
    for field in fields:
        _check_supported(made, field)
    _check_defaults_last(made, fields)
    made.__init__ = _LazyInit(made, fields)  # type: ignore[misc,method-assign,assignment]
    key = _key(fields)
    made.__eq__ = _eq(key)  # type: ignore[method-assign,assignment]
    made.__repr__ = _repr(tuple(field.name for field in fields))  # type: ignore[method-assign]
    if frozen:
        made.__hash__ = _hash(key)  # type: ignore[method-assign,assignment]
        made.__setattr__ = _refuse_assignment  # type: ignore[method-assign,assignment]
        made.__delattr__ = _refuse_deletion  # type: ignore[method-assign,assignment]
    else:
        made.__hash__ = None  # type: ignore[assignment]  # as a dataclass with eq, not frozen
    made.__frozen_record__ = frozen  # type: ignore[attr-defined]  # False: @mutable
    return made


def _check_supported(cls: type, field: dataclasses.Field[Any]) -> None:
    asked = [name for name, default in (("init", True), ("compare", True), ("repr", True),
                                        ("hash", None), ("kw_only", False))
             if getattr(field, name) != default]
    if field.type is dataclasses.InitVar or isinstance(field.type, dataclasses.InitVar):
        asked.append("InitVar")
    if asked:
        raise TypeError(f"record {cls.__qualname__}: field {field.name!r} asks for "
                        f"{', '.join(asked)}; use @dataclass")


def _check_defaults_last(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> None:
    seen_default = False
    for field in fields:
        if (field.default is not dataclasses.MISSING
                or field.default_factory is not dataclasses.MISSING):
            seen_default = True
        elif seen_default:
            raise TypeError(f"record {cls.__qualname__}: non-default argument "
                            f"{field.name!r} follows default argument")


class _LazyInit:
    """A record's ``__init__`` until anything asks for it: then it is compiled, put in the
    class in its place and handed out.

    Compiling is most of a record's cost at import (60 µs of 80 here), and most records a
    module defines are not made before the first frame, many never in an evening.
    Making an instance, ``inspect.signature`` or reading ``cls.__init__`` all see the
    compiled function, from the first time on.
    """

    __slots__ = ("_cls", "_fields")

    def __init__(self, cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> None:
        self._cls = cls
        self._fields = fields

    def __get__(self, instance: object, owner: type | None = None) -> Callable[..., None]:
        init = self._cls.__dict__["__init__"]
        if init is self:  # the first time (or two threads at once: the same function twice)
            init = _init(self._cls, self._fields)
            type.__setattr__(self._cls, "__init__", init)
        if instance is None:
            return init
        bound: Callable[..., None] = init.__get__(instance, owner)
        return bound


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """Compile ``__init__`` with the fields as parameters, as dataclasses does."""
    namespace: dict[str, Any] = {"__record_set__": object.__setattr__,
                                 "__record_factory__": _FACTORY}
    parameters = ["self"]
    body = []
    for field in fields:
        if field.default is not dataclasses.MISSING:
            namespace[f"__record_default_{field.name}__"] = field.default
            parameters.append(f"{field.name}=__record_default_{field.name}__")
        elif field.default_factory is not dataclasses.MISSING:
            namespace[f"__record_make_{field.name}__"] = field.default_factory
            parameters.append(f"{field.name}=__record_factory__")
        else:
            parameters.append(field.name)
        value = (f"__record_make_{field.name}__() if {field.name} is __record_factory__ "
                 f"else {field.name}" if field.default_factory is not dataclasses.MISSING
                 else field.name)
        body.append(f"    __record_set__(self, {field.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__({', '.join(parameters)}):\n" + ("\n".join(body) or "    pass")
    exec(source, namespace)  # noqa: S102 -- the source is built from the field names above
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


def _key(fields: tuple[dataclasses.Field[Any], ...]) -> Callable[[object], object]:
    names = [field.name for field in fields]
    if not names:
        return lambda _instance: ()
    return operator.attrgetter(*names)


def _eq(key: Callable[[object], object]) -> Callable[[object, object], bool]:
    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(key(self) == key(other))
        return NotImplemented

    return __eq__


def _hash(key: Callable[[object], object]) -> Callable[[object], int]:
    def __hash__(self: object) -> int:
        return hash(key(self))

    return __hash__


def _repr(names: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _refuse_assignment(self: object, name: str, value: object) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deletion(self: object, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
