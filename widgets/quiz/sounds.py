"""Short sounds for right, wrong and time up, made here from sine waves (no files, nothing fetched).

Each sound is a tiny 8 kHz mono WAV built with the standard library; the
page plays it through an ``<audio>`` element with a data URL (no script,
nothing fetched), and a mute control silences it.
"""

from __future__ import annotations

import io
import math
import wave
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

__all__ = ["SoundName", "sound"]

SoundName = Literal["right", "wrong", "time_up", "silence"]
"""The three sounds of the quiz, and a moment of silence to start the player with."""

_RATE = 8000
_NOTES: dict[str, tuple[tuple[float, float], ...]] = {
    "right": ((660.0, 0.12), (880.0, 0.18)),  # two rising notes
    "wrong": ((180.0, 0.35),),  # one low buzz
    "time_up": ((520.0, 0.15), (0.0, 0.08), (520.0, 0.15), (0.0, 0.08), (390.0, 0.35)),  # beeps, the last lower
    "silence": ((0.0, 0.05),),
}


def _samples(notes: Sequence[tuple[float, float]]) -> bytes:
    out = bytearray()
    for frequency, seconds in notes:
        count = int(_RATE * seconds)
        for n in range(count):
            fade = min(1.0, n / 80, (count - n) / 80)  # no clicks at the edges
            value = math.sin(2 * math.pi * frequency * n / _RATE) if frequency else 0.0
            out.append(int(128 + 60 * fade * value))
    return bytes(out)


@lru_cache(maxsize=8)
def sound(name: SoundName, variant: int = 0) -> bytes:
    """Returns the WAV bytes of sound `name`; `variant` 0 or 1 adds a few silent samples, so a repeat replays.

    Raises:
        KeyError: For a name other than "right", "wrong" and "time_up".

    Example:
        >>> sound("right")[:4]
        b'RIFF'
    """
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(1)
        out.setframerate(_RATE)
        out.writeframes(_samples(_NOTES[name]) + bytes([128]) * (8 * (variant % 2)))
    return buffer.getvalue()
