#!/usr/bin/env bash
# Test: set up .venv (and Debian's chromium for the browser tests) if needed,
# then run the linters, the type checker and every test: rules, properties,
# widgets, notebooks and the Voila app in headless Chromium.
# Extra arguments go to pytest, e.g. -k c5 or -m "not browser".
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/_setup.sh" test
cd "$root"
if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests ..."
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
fi
echo "== ruff"
.venv/bin/ruff check toptrumps_core widgets tests benchmarks scripts
echo "== mypy --strict (toptrumps_core and the widgets on the one view design: widgets/gameview, widgets/hilo.py)"
.venv/bin/mypy
echo "== lint-imports (the layers in pyproject.toml)"
.venv/bin/lint-imports
echo "== pytest"
.venv/bin/python -m pytest "$@"
