"""Matching a given answer against a chart (rule Q13).

Two spellings match when they are equal after `normal_form`: case, accents
and punctuation are ignored, and so is a leading article of the chart's
language ("the", "a", "an" in English; "le", "la", "les", "l'" in French;
"der", "die", "das" in German; ...), and spaces too ("Spider-Man" is
"Spiderman").  Each answer's listed alternative spellings match like its
printed text.

An answer that matches nothing may still be a *near miss*: its similarity
to the closest spelling on the chart, in percent (0..100), is at least the
rules' threshold, so it goes to the person judging, who accepts or rejects
it (the chart's answer is right by definition).  Numbers are never near:
a spelling whose numbers differ from the answer's ("£100 note" against
"£10 note", "50euros" against "5euros", "Lion King 1994" against "The Lion
King (2019)") is not a candidate, however alike the letters are.  Similarity comes from
rapidfuzz (``fuzz.ratio``), imported only when an answer needs scoring;
without it, the standard library's ``difflib`` gives the same kind of
score.

`check_answer` returns a `Verdict`: ``"right"`` (a new rank), ``"repeated"``
(a rank already turned: neither right nor wrong, Q5), ``"near"`` (for the
judge) or ``"wrong"``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, TypeAlias

from toptrumps_core.quiz.charts import Chart

__all__ = [
    "ARTICLES",
    "NEAR_MISS",
    "Verdict",
    "VerdictKind",
    "check_answer",
    "normal_form",
    "numbers_in",
    "similarity",
]

ARTICLES = MappingProxyType(
    {
        "en": ("the", "a", "an"),
        "fr": ("le", "la", "les", "l", "un", "une", "des"),
        "de": ("der", "die", "das", "den", "dem", "des", "ein", "eine"),
        "nl": ("de", "het", "een"),
        "es": ("el", "la", "los", "las", "un", "una"),
    }
)
"""The leading articles ignored in each chart language (rule Q13); English's for any other language."""

NEAR_MISS = 80
"""The least similarity, in percent, that makes a non-matching answer a near miss for the judge (Q13)."""

_NUMBER = re.compile(r"\d+")

VerdictKind: TypeAlias = Literal["right", "repeated", "near", "wrong"]
"""What an answer is worth (rules Q5, Q13)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The check of one answer against a chart (rules Q5, Q13).

    Attributes:
        kind: ``"right"``, ``"repeated"``, ``"near"`` or ``"wrong"``.
        rank: The rank matched (right or repeated), or the closest rank (a
            near miss); None for a wrong answer.
        similarity: The similarity to the closest spelling, in percent
            (0..100); 100 for an exact match.
    """

    kind: VerdictKind
    rank: int | None
    similarity: int


def normal_form(text: str, language: str = "en") -> str:
    """Returns `text` folded for matching: no case, accents, punctuation, spaces or leading article (Q13).

    Example:
        >>> normal_form("The  Río-Grande!")
        'riogrande'
        >>> normal_form("L'Everest", "fr")
        'everest'
        >>> normal_form("The The")  # an article on its own is kept
        'the'
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    words = "".join(c if c.isalnum() else " " for c in plain).split()
    articles = ARTICLES.get(language, ARTICLES["en"])
    if len(words) > 1 and words[0] in articles:
        words = words[1:]
    return "".join(words)


def similarity(a: str, b: str) -> int:
    """Returns how alike two normal forms are, in percent (0..100), by rapidfuzz's ``fuzz.ratio``.

    Example:
        >>> similarity("brasil", "brazil")
        83
    """
    try:
        from rapidfuzz import fuzz  # optional dependency, loaded only when a near miss is scored
    except ImportError:  # pragma: no cover - the app and test environments install rapidfuzz
        import difflib

        return round(100 * difflib.SequenceMatcher(None, a, b).ratio())
    return round(fuzz.ratio(a, b))


def numbers_in(form: str) -> tuple[str, ...]:
    """Returns the runs of digits in a normal form, in order: what must agree for a near miss (Q13).

    Example:
        >>> numbers_in(normal_form("£100 note")), numbers_in("lionking")
        (('100',), ())
    """
    return tuple(_NUMBER.findall(form))


def check_answer(text: str, chart: Chart, turned: Collection[int] = (), *, near_miss: int = NEAR_MISS) -> Verdict:
    """Returns the verdict on the answer `text` for `chart`, given the ranks already turned (Q5, Q13).

    Args:
        text: The answer as given.
        chart: The chart of the round.
        turned: The ranks already turned this round.
        near_miss: The least similarity, in percent (1..100), that makes a
            non-matching answer a near miss for the judge; only spellings
            with the same numbers as the answer are candidates.

    Returns:
        The `Verdict`.  A blank answer (nothing left after folding) is
        wrong.

    Example:
        >>> from toptrumps_core.quiz.charts import Chart
        >>> chart = Chart.from_rows("rivers", "nature", "Name the ten longest rivers", [
        ...     "Nile", "Amazon", ["Yangtze", "Chang Jiang"], "Mississippi-Missouri", "Yenisei",
        ...     "Yellow River", "Ob-Irtysh", "Paraná", "Congo", "Amur"], source="Britannica", checked=2024)
        >>> check_answer("the nile", chart)
        Verdict(kind='right', rank=1, similarity=100)
        >>> check_answer("chang-jiang", chart, turned={3})
        Verdict(kind='repeated', rank=3, similarity=100)
        >>> check_answer("Parana", chart).kind, check_answer("Amazonas", chart).kind
        ('right', 'near')
        >>> check_answer("Thames", chart).kind
        'wrong'
        >>> check_answer("Nile 2", chart).kind  # numbers differ: not a near miss
        'wrong'
    """
    given = normal_form(text, chart.language)
    if not given:
        return Verdict("wrong", None, 0)
    forms = [
        (answer.rank, normal_form(spelling, chart.language))
        for answer in chart.answers
        for spelling in answer.spellings
    ]
    for rank, form in forms:
        if form == given:
            return Verdict("repeated" if rank in turned else "right", rank, 100)
    best_rank, best_score = None, 0
    numbers = numbers_in(given)
    for rank, form in forms:
        if numbers_in(form) != numbers:
            continue  # "£100 note" is not a near miss of "£10 note" (Q13)
        score = similarity(given, form)
        if score > best_score:
            best_rank, best_score = rank, score
    if best_score >= near_miss:
        return Verdict("near", best_rank, best_score)
    return Verdict("wrong", None, best_score)
