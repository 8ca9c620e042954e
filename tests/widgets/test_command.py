"""The ``toptrumps-classroom`` command: its version, its help, and the lessons and options ``serve`` starts with."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from widgets.server import SERVICE_PREFIX_VARIABLE, SERVICE_URL_VARIABLE, voila_arguments
from widgets.server.command import command_parser, main
from widgets.server.lessons import LANDING_PAGE, app_version, check_lessons, installed_lessons, landing_page

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


def _option(arguments: list[str], name: str) -> str:
    found = [argument.split("=", 1)[1] for argument in arguments if argument.startswith(name + "=")]
    assert len(found) == 1, f"{name} given {len(found)} times in {arguments}"
    return found[0]


def test_version_prints_the_version_of_pyproject(capsys: pytest.CaptureFixture[str]) -> None:
    with open(ROOT / "pyproject.toml", "rb") as file:
        declared = tomllib.load(file)["project"]["version"]
    assert app_version() == declared
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.split() == ["toptrumps-classroom", declared]


def test_help_names_both_commands_and_serve_has_every_launcher_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    top = capsys.readouterr().out
    assert "serve" in top and "warm-up" in top and "--version" in top
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    serve = capsys.readouterr().out
    for option in (
        "--port",
        "--no-browser",
        "--ip",
        "--lessons",
        "--decks",
        "--base-url",
        "--max-kernels",
        "--pool-size",
        "--wait-for-place",
        "--reconnect-seconds",
    ):
        assert option in serve, f"serve --help does not mention {option}"


def test_no_command_is_refused_with_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([])
    assert stopped.value.code == 2
    assert "COMMAND" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda folder: folder / "missing", "does not exist"),
        (lambda folder: folder, "no lessons in"),
    ],
)
def test_serve_refuses_a_lessons_folder_it_cannot_serve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, expected: str
) -> None:
    folder = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--no-browser", "--lessons", str(folder)])
    assert stopped.value.code == 2
    assert expected in capsys.readouterr().err


def test_serve_refuses_a_base_url_that_is_not_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--no-browser", "--base-url", "user/ann"])
    assert stopped.value.code == 2
    assert "starting with '/'" in capsys.readouterr().err


def test_a_checkout_serves_its_own_notebooks_folder() -> None:
    assert installed_lessons() == ROOT / "notebooks"
    assert (installed_lessons() / LANDING_PAGE).is_file()


def test_a_teacher_s_folder_lands_on_its_start_page_or_its_first_lesson(tmp_path: Path) -> None:
    (tmp_path / "b_fractions.ipynb").write_text("{}")
    (tmp_path / "a_dice.ipynb").write_text("{}")
    assert check_lessons(tmp_path) == tmp_path.resolve()
    assert landing_page(frozenset({"b_fractions.ipynb", "a_dice.ipynb"})) == "a_dice.ipynb"
    assert landing_page(frozenset({"zz.ipynb", LANDING_PAGE})) == LANDING_PAGE
    with pytest.raises(ValueError, match=r"no \.ipynb notebook"):
        landing_page(frozenset())
    with pytest.raises(ValueError, match="is a file"):
        check_lessons(tmp_path / "a_dice.ipynb")


def test_voila_serves_the_lessons_under_the_base_url_and_shows_the_version(tmp_path: Path) -> None:
    arguments = voila_arguments(port=8866, open_browser=False, lessons=tmp_path, base_url="/user/ann/", version="9.8.7")
    assert arguments[0] == str(tmp_path)
    assert _option(arguments, "--Voila.base_url") == "/user/ann/"
    assert _option(arguments, "--VoilaConfiguration.resources") == "{'app_version': '9.8.7'}"
    default = voila_arguments(port=8866, open_browser=False)
    assert default[0] == str(ROOT / "notebooks")
    assert _option(default, "--Voila.base_url") == "/"
    assert app_version() in _option(default, "--VoilaConfiguration.resources")
    with pytest.raises(ValueError, match="must start and end with '/'"):
        voila_arguments(port=8866, open_browser=False, base_url="/user/ann")


def test_a_hub_s_prefix_is_the_default_base_url(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(SERVICE_PREFIX_VARIABLE, "/user/ann/")
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert "/user/ann/" not in capsys.readouterr().out  # the help names the variable, not one hub's value
    args = command_parser().parse_args(["serve"])
    assert args.base_url == "/user/ann/"


def test_a_hub_s_address_and_port_are_where_the_app_listens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SERVICE_PREFIX_VARIABLE, raising=False)
    monkeypatch.setenv(SERVICE_URL_VARIABLE, "http://127.0.0.1:54321/user/bo/")
    args = command_parser().parse_args(["serve"])
    assert (args.ip, args.port, args.base_url) == ("127.0.0.1", 54321, "/user/bo/")
    assert command_parser().parse_args(["serve", "--port", "9000"]).port == 9000


def test_a_hub_address_without_a_port_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(SERVICE_URL_VARIABLE, "http://0.0.0.0/user/bo/")
    with pytest.raises(SystemExit) as stopped:
        command_parser().parse_args(["serve"])
    assert stopped.value.code == 2
    assert "JUPYTERHUB_SERVICE_URL must be an address such as" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["0", "70000", "-1", "http"])
def test_serve_refuses_a_port_nobody_could_open(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        command_parser().parse_args(["serve", "--port", port])
    assert stopped.value.code == 2
    assert "expected a port number from 1 to 65535" in capsys.readouterr().err


@pytest.mark.parametrize("mode", ["1", ""])
def test_serve_says_on_its_console_when_it_runs_in_test_mode(
    mode: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    launched: list[list[str]] = []

    class Launched:
        @staticmethod
        def launch_instance(arguments: list[str]) -> None:
            launched.append(arguments)

    monkeypatch.setattr("widgets.server.app.guarded_voila", lambda **_: Launched)
    monkeypatch.setenv("TOPTRUMPS_TEST_MODE", mode)
    monkeypatch.delenv("TOPTRUMPS_DECKS", raising=False)  # serve sets both for its kernels; put back after
    monkeypatch.setenv("JUPYTER_PATH", "")
    main(["serve", "--no-browser", "--port", "8899"])
    assert len(launched) == 1
    said = capsys.readouterr().err
    assert ("TEST MODE" in said and "Never serve a class" in said) is (mode == "1")
