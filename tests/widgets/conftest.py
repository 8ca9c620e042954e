"""Fixtures for headless widget tests.

An autouse fixture fails any test in which a widget callback raised (ipywidgets'
`CallbackDispatcher` swallows the exception and only logs it, on the traitlets
logger, when no IPython is running) or in which the error boundary logged an
unexpected error on the ``"widgets"`` logger.
A test that provokes such an error on purpose asks for `expected_widget_errors`
and inspects the records itself.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from traitlets.log import get_logger

from toptrumps_core.cards import Category, Deck
from toptrumps_core.deckfiles import bundled_decks, load_deck


class _Records(logging.Handler):
    """Keeps every record at WARNING or above."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _is_widget_failure(record: logging.LogRecord) -> bool:
    if record.name.split(".")[0] == "widgets" and record.levelno >= logging.ERROR:
        return True
    message = record.getMessage()
    return "Exception in callback" in message or (record.exc_info is not None and record.levelno >= logging.WARNING)


@pytest.fixture(autouse=True)
def _fail_on_widget_errors(request: pytest.FixtureRequest) -> Iterator[_Records]:
    """Fails the test if a widget callback raised or the boundary logged an error."""
    records = _Records()
    loggers = {logging.getLogger("widgets"), get_logger(), logging.getLogger("traitlets")}
    for logger in loggers:
        logger.addHandler(records)
    try:
        yield records
    finally:
        for logger in loggers:
            logger.removeHandler(records)
    if "expected_widget_errors" in request.fixturenames:
        return
    failures = [r for r in records.records if _is_widget_failure(r)]
    if failures:
        details = "\n".join(f"{r.name} {r.levelname}: {r.getMessage()}" for r in failures)
        pytest.fail(f"a widget callback raised or the error boundary logged an error:\n{details}", pytrace=False)


@pytest.fixture
def expected_widget_errors(_fail_on_widget_errors: _Records) -> list[logging.LogRecord]:
    """The log records of this test; asking for it turns off the autouse failure."""
    return _fail_on_widget_errors.records


# -- decks -----------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def deck_names() -> tuple[str, ...]:
    """The bundled decks, found at run time (never hard-coded); a missing deck fails the tests that need one."""
    names = bundled_decks()
    if not names:
        pytest.fail("toptrumps_core.bundled_decks() found no bundled decks", pytrace=False)
    return names


@pytest.fixture(scope="session")
def big_deck(deck_names: tuple[str, ...]) -> str:
    """The name of the bundled deck with the most cards."""
    return max(deck_names, key=lambda name: len(load_deck(name).cards))


@pytest.fixture(scope="session")
def tiny_deck() -> Deck:
    """Eight cards, one lower-is-better category, equal values, no data, units before and after."""
    return Deck.from_rows(
        "Tiny vehicles",
        [Category("Speed", "km/h"), Category("Price", "£", higher_is_better=False), Category("Seats")],
        {
            "Rocket": [900, 50, 3],
            "Snail": [1, 2, 0],
            "Car": [200, 30, 5],
            "Bike": [40, 5, 1],
            "Boat": [60, "n/a", 12],
            "Bus": [60, 40, 70],
            "Tram": [70, 45, 150],
            "Kayak": [8, 3, 1],
        },
    )
