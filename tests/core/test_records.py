"""Game records: JSON round trips, and tampering always gives RecordError.

A record is rules + seed + start + actions + outcome (format 4; formats 1-3
also stored every event).  Loading one replays its actions to rebuild the
events; anything edited, missing or malformed must end in a
`RecordError` (a `TopTrumpsError` and a `ValueError`) and never in any other
exception.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toptrumps_core import events as shared_events
from toptrumps_core.cards import Deck
from toptrumps_core.classic import ChooseCategory, ClassicRules, PickCard
from toptrumps_core.errors import RecordError, TopTrumpsError
from toptrumps_core.events import Tied, Won
from toptrumps_core.play import Match, play
from toptrumps_core.protocol import Action, Event, Lot, Outcome, Shuffle, Termination, recorded_type
from toptrumps_core.record import FORMAT, GameRecord, decode, encode, replay
from toptrumps_core.strategies import RandomStrategy

OPTIONS: list[dict[str, Any]] = [
    {},
    {"collect_order": "shuffled", "look_at_last": 3},
    {"leftover": "set_aside", "no_data": "loses", "round_limit": 6},
]


@pytest.fixture(params=range(len(OPTIONS)), ids=["defaults", "shuffled+look", "aside+loses+limit"])
def rules(request: pytest.FixtureRequest, zoo: Deck) -> ClassicRules:
    return ClassicRules(zoo, seats=3, **OPTIONS[request.param])


@pytest.fixture
def finished(rules: ClassicRules) -> GameRecord:
    return play(rules, [RandomStrategy()] * 3, seed=4)


def test_record_round_trip_of_a_whole_game(finished: GameRecord) -> None:
    loaded = GameRecord.from_json(finished.to_json())
    assert loaded.rules == finished.rules
    assert (loaded.seed, loaded.start) == (finished.seed, None)
    assert loaded.actions == finished.actions and isinstance(loaded.actions[0], Shuffle)
    assert loaded.events == finished.events
    assert loaded.outcome == finished.outcome is not None
    assert loaded.to_json() == finished.to_json()


def test_record_round_trip_of_a_scenario_start(rules: ClassicRules) -> None:
    start = rules.start_from(stacks=[["Ant", "Bee"], ["Cat", "Dog"], ["Eel"]], chooser=1, pot=["Fox"])
    record = play(rules, [RandomStrategy()] * 3, seed="scenario", start=start)
    loaded = GameRecord.from_json(record.to_json(indent=2))
    assert loaded.start == start
    assert loaded.events == record.events and loaded.outcome == record.outcome


def test_record_round_trip_of_an_unfinished_game(rules: ClassicRules) -> None:
    record = play(rules, [RandomStrategy()] * 3, seed=4, max_actions=2)
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.outcome == Outcome(Termination.UNFINISHED, frozenset())


def test_record_round_trip_of_a_game_in_progress(zoo: Deck) -> None:
    match = Match(ClassicRules(zoo, seats=2), [RandomStrategy()] * 2, seed=8)
    match.step()  # the deal only
    loaded = GameRecord.from_json(match.record.to_json())
    assert loaded.outcome is None and loaded.actions == (match.actions[0],)


def test_replay_reproduces_the_final_state(finished: GameRecord) -> None:
    state, events = replay(finished.rules, finished.actions)
    assert events == finished.events
    assert finished.rules.outcome(state) == finished.outcome


def test_replay_reports_the_position_of_an_illegal_action(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    with pytest.raises(RecordError, match="action 1"):
        replay(rules, [Shuffle(tuple(range(6))), ChooseCategory(7)])


def test_codec_round_trips_values() -> None:
    values = [None, 3, "x", (1, (2, 3)), frozenset({2, 1}), Lot(2), Tied(0, (1, 2), 4), Termination.LAST_STACK]
    for value in values:
        assert decode(json.loads(json.dumps(encode(value)))) == value


# -- tampering ---------------------------------------------------------------------------


def edited(record: GameRecord, change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(record.to_json())
    change(data)
    return json.dumps(data)


def as_format_3(record: GameRecord) -> dict[str, Any]:
    """Returns the record's data as format 3 wrote it: format 4's, with every event stored too."""
    data: dict[str, Any] = json.loads(record.to_json())
    data["format"] = 3
    data["events"] = encode(record.events)
    return data


def edited_format_3(record: GameRecord, change: Callable[[dict[str, Any]], object]) -> str:
    data = as_format_3(record)
    change(data)
    return json.dumps(data)


def assert_refused(text: str, match: str | None = None) -> None:
    with pytest.raises(RecordError, match=match):
        GameRecord.from_json(text)


def first_index(data: dict[str, Any], kind: str, key: str = "events") -> int:
    return next(i for i, item in enumerate(data[key]) if item["type"] == kind)


def test_tampered_event_is_refused(finished: GameRecord) -> None:
    def change(data: dict[str, Any]) -> None:
        i = first_index(data, "revealed")
        data["events"][i]["chooser"] = (data["events"][i]["chooser"] + 1) % 3

    text = edited_format_3(finished, change)
    first = first_index(json.loads(text), "revealed")
    assert_refused(text, rf"stored events: event {first} \(from action \d+, (ChooseCategory|PickCard)\(")


def test_dropped_event_is_refused(finished: GameRecord) -> None:
    last = len(finished.events) - 1
    assert_refused(edited_format_3(finished, lambda d: d["events"].pop()), f"event {last} .* stored as nothing")
    extra = edited_format_3(finished, lambda d: d["events"].append(d["events"][0]))
    assert_refused(extra, r"stored events: it stores 1 event\(s\) after the replay's last")


def test_an_honest_format_3_record_loads_with_the_replayed_events(finished: GameRecord) -> None:
    loaded = GameRecord.from_json(json.dumps(as_format_3(finished)))
    assert loaded == finished and loaded.events == finished.events


def test_a_format_4_record_stores_no_events_and_rebuilds_them(finished: GameRecord) -> None:
    data = json.loads(finished.to_json())
    assert data["format"] == FORMAT == 4 and "events" not in data
    assert GameRecord.from_json(finished.to_json()).events == finished.events
    assert_refused(json.dumps({**data, "events": []}), "stores no events .* this one has 'events'")
    without = as_format_3(finished)
    del without["events"]
    assert_refused(json.dumps(without), "format-3 record has no 'events'")


def test_tampered_action_is_refused(finished: GameRecord) -> None:
    def change(data: dict[str, Any]) -> None:
        i = first_index(data, "classic/choose", "actions")
        data["actions"][i]["category"] = 7  # the zoo deck has 3 categories

    assert_refused(edited(finished, change), "does not replay")


def test_a_different_but_legal_action_no_longer_matches_the_events(zoo: Deck) -> None:
    # Seat 0 Cat vs seat 1 Dog: Speed ties (30-30), Price is won by Dog (2 < 8);
    # swapping the action changes the narration, so the stored events no longer match.
    rules = ClassicRules(zoo, seats=2)
    start = rules.start_from(stacks=[["Cat", "Bee"], ["Dog", "Eel"]])
    record = GameRecord(rules, None, start, (ChooseCategory(0),), rules.apply(start, ChooseCategory(0)).events, None)
    assert isinstance(record.events[1], Tied)
    GameRecord.from_json(record.to_json())  # the honest record loads

    def change(data: dict[str, Any]) -> None:
        data["actions"][0]["category"] = 1

    assert_refused(
        edited_format_3(record, change), r"stored events: event 0 \(from action 0, ChooseCategory\(category=1\)\)"
    )
    assert isinstance(rules.apply(start, ChooseCategory(1)).events[1], Won)
    # Format 4 stores the actions only, so the other action loads as the other game it is.
    other = GameRecord.from_json(edited(record, change))
    assert other.actions == (ChooseCategory(1),) and isinstance(other.events[1], Won)


def test_tampered_shuffle_is_refused(finished: GameRecord) -> None:
    for order in ([0, 0, 1, 2, 3, 4], [0, 1, 2], 5, [0.0, 1, 2, 3, 4, 5], "012345", None):

        def change(data: dict[str, Any], order: object = order) -> None:
            data["actions"][0]["order"] = order

        assert_refused(edited(finished, change))


def test_tampered_outcome_is_refused(finished: GameRecord) -> None:
    other = {"type": "outcome", "termination": {"enum": "termination", "value": "round_limit"}, "winners": {"set": [0]}}
    assert_refused(edited(finished, lambda d: d.__setitem__("outcome", other)), "outcome")
    assert_refused(edited(finished, lambda d: d.__setitem__("outcome", None)), "outcome")


def test_an_unfinished_record_cannot_claim_a_winner(zoo: Deck) -> None:
    record = play(ClassicRules(zoo, seats=3), [RandomStrategy()] * 3, seed=4, max_actions=2)
    won = {"type": "outcome", "termination": {"enum": "termination", "value": "last_stack"}, "winners": {"set": [0]}}
    assert_refused(edited(record, lambda d: d.__setitem__("outcome", won)), "outcome")
    unfinished_but_won = {
        "type": "outcome",
        "termination": {"enum": "termination", "value": "unfinished"},
        "winners": {"set": [1]},
    }
    assert_refused(edited(record, lambda d: d.__setitem__("outcome", unfinished_but_won)), "outcome")


def test_wrong_format_is_refused(finished: GameRecord) -> None:
    assert_refused(edited(finished, lambda d: d.__setitem__("format", FORMAT + 1)), "format")
    assert_refused(edited(finished, lambda d: d.pop("format")), "format")
    assert_refused(edited(finished, lambda d: d.__setitem__("format", float(FORMAT))), "format")


@pytest.mark.parametrize("key", ["start", "actions", "outcome"])
def test_a_record_nested_deeper_than_decoding_follows_is_refused_as_a_record(finished: GameRecord, key: str) -> None:
    deep: object = 1
    for _ in range(700):  # json reads and writes this depth; decoding it takes two frames a level
        deep = [deep]
    assert_refused(edited(finished, lambda d: d.__setitem__(key, deep)), "nested")


def test_wrong_rules_version_is_refused(finished: GameRecord) -> None:
    assert_refused(edited(finished, lambda d: d.__setitem__("rules_version", 99)), "rules version")


def test_unknown_game_is_refused(finished: GameRecord) -> None:
    assert_refused(edited(finished, lambda d: d.__setitem__("game", "snap")), "known games")


@pytest.mark.parametrize("text", ["", "not json", "{", "[1, 2]", "null", '"classic"', "42"])
def test_not_a_record_is_refused(text: str) -> None:
    assert_refused(text)


@pytest.mark.parametrize("key", ["game", "rules", "rules_version", "seed", "start", "actions", "outcome"])
def test_missing_key_is_refused(finished: GameRecord, key: str) -> None:
    assert_refused(edited(finished, lambda d: d.pop(key)))


@pytest.mark.parametrize("key", ["seats", "options", "deck"])
def test_missing_rules_key_is_refused(finished: GameRecord, key: str) -> None:
    assert_refused(edited(finished, lambda d: d["rules"].pop(key)))


def refusal(text: str) -> str:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    return str(info.value)


@pytest.mark.parametrize(
    ("key", "meaning"),
    [
        ("game", "game family"),
        ("rules_version", "version"),
        ("rules", "seats"),
        ("seed", "seed"),
        ("start", "start state"),
        ("actions", "every action"),
        ("outcome", "how the game ended"),
    ],
)
def test_a_missing_key_is_named_with_what_it_holds(finished: GameRecord, key: str, meaning: str) -> None:
    message = refusal(edited(finished, lambda d: d.pop(key)))
    assert f"the record has no {key!r} (" in message and meaning in message
    assert "known games" not in message  # the game is known; only the key is missing


@pytest.mark.parametrize("key", ["seats", "options", "deck"])
def test_a_missing_rules_key_is_named(finished: GameRecord, key: str) -> None:
    message = refusal(edited(finished, lambda d: d["rules"].pop(key)))
    assert f'"rules" has no {key!r}' in message and "known games" not in message


def test_an_unknown_game_is_named_as_a_game(finished: GameRecord) -> None:
    message = refusal(edited(finished, lambda d: d.__setitem__("game", "snap")))
    assert message.startswith("unknown game 'snap'; known games: [") and "'classic'" in message


@pytest.mark.parametrize(
    ("text", "kind"), [("[]", "a list []"), ("[1, 2]", "a list [1, 2]"), ("42", "the number 42"), ("null", "null")]
)
def test_a_record_must_be_a_json_object(text: str, kind: str) -> None:
    message = refusal(text)
    assert message == f"a game record must be a JSON object {{...}}; got {kind}"
    assert "format" not in message


def test_rules_that_are_not_an_object_are_named(finished: GameRecord) -> None:
    assert '"rules" must be an object {...}; got a list []' in refusal(
        edited(finished, lambda d: d.__setitem__("rules", []))
    )
    assert "rule options must be an object" in refusal(edited(finished, lambda d: d["rules"].__setitem__("options", 3)))
    assert "deck must be an object" in refusal(edited(finished, lambda d: d["rules"].__setitem__("deck", "zoo")))


def test_a_seed_that_no_match_could_have_is_refused(finished: GameRecord) -> None:
    for bad, kind in (([4], "a list [4]"), (True, "true/false true"), (4.5, "the number 4.5")):
        message = refusal(edited(finished, lambda d, bad=bad: d.__setitem__("seed", bad)))
        assert message == f"the record's seed must be a whole number, a text or null; got {kind}"


@pytest.mark.parametrize("tag", ["type", "enum"])
def test_an_unknown_record_type_is_named_as_one(finished: GameRecord, tag: str) -> None:
    message = refusal(edited(finished, lambda d: d.__setitem__("actions", [{tag: "os.system", "value": "rm"}])))
    assert message.startswith(f"unknown record {tag} 'os.system' in ")


def test_a_number_too_long_to_read_is_refused_in_plain_words(finished: GameRecord) -> None:
    text = finished.to_json().replace('"seed": 4', '"seed": ' + "9" * 5000)
    message = refusal(text)
    assert message == "a game record must be JSON; it holds a number too long to be part of a game"


def test_bad_rule_options_are_refused(finished: GameRecord) -> None:
    for options in ({"seats": 1}, {"no_data": "sometimes"}, {"shuffle_twice": True}, {"simulation": "yes"}):

        def change(data: dict[str, Any], options: dict[str, Any] = options) -> None:
            if "seats" in options:
                data["rules"]["seats"] = options["seats"]
            else:
                data["rules"]["options"].update(options)

        assert_refused(edited(finished, change))


def test_bad_deck_is_refused(finished: GameRecord) -> None:
    changes: list[Callable[[dict[str, Any]], object]] = [
        lambda d: d["rules"]["deck"]["cards"][0].__setitem__("values", ["1/0", 1, 1]),
        lambda d: d["rules"]["deck"]["cards"][0].__setitem__("name", ["Ant"]),
        lambda d: d["rules"]["deck"]["categories"][0].__setitem__("name", {"x": 1}),
        lambda d: d["rules"]["deck"]["categories"][0].__setitem__("higher_is_better", "no"),
        lambda d: d["rules"]["deck"]["cards"].pop(),
    ]
    for change in changes:
        assert_refused(edited(finished, change))


def test_bad_start_is_refused(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    start = rules.start_from(stacks=[["Cat", "Bee"], ["Dog", "Eel"]])
    record = play(rules, [RandomStrategy()] * 2, seed=1, start=start)
    changes: list[Callable[[dict[str, Any]], object]] = [
        lambda d: d.__setitem__("start", 5),
        lambda d: d.__setitem__("start", {"type": "lot", "seat": 0}),
        lambda d: d["start"]["stacks"][0].__setitem__(0, 3),  # Dog twice, Cat nowhere
        lambda d: d["start"]["stacks"][0].__setitem__(0, 99),
        lambda d: d["start"]["stacks"].append([]),
        lambda d: d["start"].__setitem__("chooser", 5),
        lambda d: d["start"].__setitem__("pot", None),
        lambda d: d["start"].__setitem__("step", {"enum": "classic/step", "value": "pick"}),
        lambda d: d["start"].__setitem__("step", {"enum": "classic/step", "value": "collect"}),
        lambda d: d["start"].__setitem__("revealed", "all"),
    ]
    for change in changes:
        assert_refused(edited(record, change))


def test_actions_must_be_a_list(finished: GameRecord) -> None:
    for bad in (5, None, {"set": [1]}, [{"fraction": "1/0"}], [{"type": "classic/pick_card", "index": 0.5}]):
        assert_refused(edited(finished, lambda d, bad=bad: d.__setitem__("actions", bad)))


JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["", "x", "1/0", "n/a", "classic", "_Step", "Shuffle", "Lot", "pick", "over"]),
)
TAG_KEYS = st.sampled_from(["type", "enum", "value", "set", "fraction", "order", "seat"])
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(TAG_KEYS, inner, max_size=3),
    ),
    max_leaves=6,
)


def paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += paths(value, (*path, i))
    return found


@pytest.fixture(scope="module")
def samples() -> list[str]:
    from toptrumps_core.cards import Category

    deck = Deck.from_rows(
        "Mixed",
        [Category("A"), Category("B", higher_is_better=False)],
        {c: [i % 3, (i * 7) % 5 if i % 4 else None] for i, c in enumerate("abcdefg")},
    )
    texts = []
    for options in OPTIONS:
        rules = ClassicRules(deck, seats=3, **options)
        texts.append(play(rules, [RandomStrategy()] * 3, seed=2, max_actions=40).to_json())
        start = rules.start_from(stacks=[["a", "b"], ["c"], ["d", "e"]], pot=["f"])
        texts.append(play(rules, [RandomStrategy()] * 3, seed=2, start=start, max_actions=40).to_json())
    return texts


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_edit_loads_consistently_or_raises_record_error(samples: list[str], data: st.DataObject) -> None:
    document = json.loads(data.draw(st.sampled_from(samples)))
    path = data.draw(st.sampled_from(paths(document)[1:]))
    *parents, last = path
    node = document
    for key in parents:
        node = node[key]
    if isinstance(node, dict) and data.draw(st.booleans()):
        del node[last]
    else:
        node[last] = data.draw(JSON_VALUES)
    try:
        loaded = GameRecord.from_json(json.dumps(document))
    except RecordError as err:
        assert isinstance(err, TopTrumpsError) and isinstance(err, ValueError)
        return
    # An edit that loads is a consistent game: replaying it conserves the cards.
    rules = loaded.rules
    state = rules.initial_state() if loaded.start is None else loaded.start
    for action in loaded.actions:
        state = rules.apply(state, action).state
        rules.check_start(state)
    assert replay(rules, loaded.actions, loaded.start)[1] == loaded.events


def test_pick_card_positions_must_be_whole_numbers() -> None:
    with pytest.raises(TypeError):
        PickCard(0.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ChooseCategory("1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a whole number; got True"):
        ChooseCategory(True)
    assert type(ChooseCategory(1).category) is int


# -- the record codec knows every Recorded class by its wire name --------------------------------------


def test_every_action_and_event_class_is_known_to_the_codec_by_its_wire_name() -> None:
    for name in shared_events.__all__:
        cls = getattr(shared_events, name)
        assert issubclass(cls, Event) and recorded_type(cls.wire) is cls and recorded_type(name) is None
    for cls in (ChooseCategory, PickCard, Shuffle, Lot):
        assert issubclass(cls, Action) and recorded_type(cls.wire) is cls
    assert recorded_type("outcome") is Outcome and recorded_type("termination") is Termination
    assert recorded_type("Action") is None and recorded_type("Event") is None
    assert encode(ChooseCategory(1)) == {"type": "classic/choose", "category": 1}
    assert encode(Termination.LAST_STACK) == {"enum": "termination", "value": "last_stack"}


def test_a_class_name_tag_is_refused_by_the_decoder() -> None:
    with pytest.raises(RecordError, match="unknown record type 'ChooseCategory'"):
        decode({"type": "ChooseCategory", "category": 1})
    with pytest.raises(RecordError, match="unknown record enum 'Termination'"):
        decode({"enum": "Termination", "value": "last_stack"})


def test_an_action_that_is_not_a_recorded_class_is_refused_by_the_encoder() -> None:
    @dataclass(frozen=True)
    class Unknown:
        seat: int

    with pytest.raises(TypeError, match="Unknown is not a Recorded class the record codec knows"):
        encode(Unknown(1))
