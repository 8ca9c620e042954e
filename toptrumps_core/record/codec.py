"""The record codec: actions, events and states as tagged JSON values.

Values are tagged: `Recorded` dataclasses (every action, event and stored
state, known by its wire name, see `toptrumps_core.protocol.Recorded`) as
``{"type": wire name, field: value...}``, enums as ``{"enum": wire name,
"value": ...}``,
frozensets as ``{"set": [...]}`` (sorted, so equal sets encode alike),
Fractions as ``{"fraction": "37/10"}``; lists decode as tuples.

The codec writes and reads wire names only, never a Python class name;
records of earlier formats, tagged by class name, are brought to wire names
by `toptrumps_core.record.legacy` before they reach it.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from fractions import Fraction
from typing import Any

from toptrumps_core.errors import RecordError
from toptrumps_core.protocol import EndReason, Termination, recorded_type

__all__ = ["decode", "encode"]


def encode(value: Any) -> Any:
    """Returns `value` as JSON-ready data (see the module docstring for tags).

    Raises:
        TypeError: For a type the codec does not know (a dataclass that is
            not a `Recorded` class, say).

    Example:
        >>> from toptrumps_core.protocol import Lot
        >>> encode((Lot(2), Fraction(1, 3)))
        [{'type': 'lot', 'seat': 2}, {'fraction': '1/3'}]
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, enum.Enum):
        return {"enum": _wire(type(value)), "value": value.value}
    if isinstance(value, Fraction):
        return {"fraction": str(value)}
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"set": sorted((encode(v) for v in value), key=json.dumps)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"type": _wire(type(value))}
        for f in dataclasses.fields(value):
            out[f.name] = encode(getattr(value, f.name))
        return out
    raise TypeError(f"cannot encode {value!r} in a game record")


def _wire(cls: type) -> str:
    """Returns the wire name of the `Recorded` class `cls`.

    Raises:
        TypeError: If `cls` is not a registered `Recorded` class.
    """
    wire = cls.__dict__.get("wire")
    if not isinstance(wire, str) or recorded_type(wire) is not cls:
        raise TypeError(f"{cls.__qualname__} is not a Recorded class the record codec knows (it has no wire name)")
    return wire


def _known(wire: str) -> type:
    """Returns the `Recorded` class whose wire name is `wire` (decode has checked that there is one)."""
    cls = recorded_type(wire)
    assert cls is not None
    return cls


def decode(data: Any) -> Any:
    """Returns the value that `encode` turned into `data`.

    Raises:
        RecordError: If `data` names an unknown type or has the wrong fields.

    Example:
        >>> decode([{"type": "lot", "seat": 2}, {"set": [1, 0]}])
        (Lot(seat=2), frozenset({0, 1}))
    """
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    if isinstance(data, dict):
        for tag in ("type", "enum"):
            if tag in data and not (isinstance(data[tag], str) and recorded_type(data[tag]) is not None):
                raise RecordError(f"unknown record {tag} {data[tag]!r} in {json.dumps(data)[:120]!r}")
        try:
            if "type" in data:
                cls = _known(data["type"])
                fields = {k: decode(v) for k, v in data.items() if k != "type"}
                return cls(**fields)
            if "enum" in data:
                return _enum(_known(data["enum"]), data["value"])
            if "set" in data:
                return frozenset(decode(v) for v in data["set"])
            if "fraction" in data:
                return Fraction(data["fraction"])
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as err:
            raise RecordError(f"cannot decode {json.dumps(data)[:120]!r}: {err}") from None
    raise RecordError(f"cannot decode {json.dumps(data)[:120]!r}: expected a tagged value")


def _enum(cls: type, value: object) -> object:
    """Returns the member `value` of the recorded enum `cls`.

    A family's end reason that a record written before stored as a
    `Termination` (Squads' and the quiz's) is read as its family's own.

    Raises:
        ValueError: If `cls` has no such member (nor has any family).
    """
    if cls is Termination and value not in {member.value for member in Termination}:
        moved = [
            member
            for family_enum in EndReason.__subclasses__()  # each loaded family's own (a record loads its family first)
            if family_enum is not Termination
            for member in family_enum
            if member.value == value
        ]
        if len(moved) == 1:
            return moved[0]
    return cls(value)
