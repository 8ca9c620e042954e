"""The app's page template: what a cell's output sends to the page, so a widget it cannot draw is never Python's text.

The page draws a widget through its widget manager, which it has only while
its kernel runs; without one it draws the next kind of output the widget's
output carries.  These render the template's cell-output macro with plain
Jinja on real widgets' outputs (the page itself is covered by
``tests/browser/test_connection.py``).
"""

from __future__ import annotations

import json
from typing import Any

import ipywidgets
import jinja2
import pytest

from tests.widgets.widget_helpers import PYTHON_REPR
from toptrumps_core.cards import Deck
from toptrumps_core.play import Match
from toptrumps_core.strategies import HUMAN
from toptrumps_core.tournament.hilo import HiLoRules
from widgets import DeckShelf
from widgets.hilo import HiLoTable
from widgets.server import TEMPLATE, TEMPLATE_ROOT

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TEMPLATES = TEMPLATE_ROOT / "voila" / "templates" / TEMPLATE


def _sent(output: dict[str, Any]) -> dict[str, Any]:
    """Returns the output as the page receives it: the JSON the template's macro writes, parsed."""
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES))
    macro = environment.get_template("cell_output.macro.html.j2").module.cell_output_json  # type: ignore[attr-defined]
    sent: dict[str, Any] = json.loads(str(macro(output)))
    return sent


def _hilo_table(deck: Deck) -> HiLoTable:
    rules = HiLoRules(deck)
    return HiLoTable(Match(rules, [HUMAN], seed=5), lens=True)


@pytest.fixture(params=["DeckShelf", "HiLoTable", "stock VBox"])
def widget(request: pytest.FixtureRequest, tiny_deck: Deck) -> ipywidgets.DOMWidget:
    """A page-level widget of ours, or a stock one a notebook could show by itself."""
    if request.param == "DeckShelf":
        return DeckShelf()
    if request.param == "HiLoTable":
        return _hilo_table(tiny_deck)
    return ipywidgets.VBox([ipywidgets.HTML("<b>Pins</b>"), ipywidgets.Button(description="Play")])


@pytest.mark.parametrize("output_type", ["execute_result", "display_data"])
def test_a_widget_output_falls_back_to_a_reload_sentence_never_to_python_text(
    widget: ipywidgets.DOMWidget, output_type: str
) -> None:
    bundle = widget._repr_mimebundle_()
    assert PYTHON_REPR.search(bundle["text/plain"])  # what the page showed in the widget's place
    output = {"output_type": output_type, "data": bundle, "metadata": {}, "trusted": True}
    sent = _sent(output)
    assert sent["data"][WIDGET_VIEW] == bundle[WIDGET_VIEW]  # a running page still draws the widget
    fallbacks = {mime: text for mime, text in sent["data"].items() if mime != WIDGET_VIEW}
    assert set(fallbacks) == {"text/plain", "text/html"}  # HTML is drawn before plain text
    for text in fallbacks.values():
        assert "Reload the page" in text
        assert not PYTHON_REPR.search(text) and "children=" not in text
        assert type(widget).__name__ not in text
    assert {k: v for k, v in sent.items() if k != "data"} == {k: v for k, v in output.items() if k != "data"}
    assert output["data"] is bundle and bundle["text/plain"] != fallbacks["text/plain"]  # the notebook is untouched


@pytest.mark.parametrize(
    "output",
    [
        {"output_type": "execute_result", "data": {"text/plain": "Fraction(1, 6)"}, "metadata": {}},
        {"output_type": "display_data", "data": {"text/html": "<table></table>", "text/plain": "<Deck>"}},
        {"output_type": "stream", "name": "stdout", "text": "Dealt 30 cards\n"},
    ],
    ids=["value", "html", "stream"],
)
def test_an_output_without_a_widget_is_sent_as_it_is(output: dict[str, Any]) -> None:
    assert _sent(output) == output
