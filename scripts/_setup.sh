#!/usr/bin/env bash
# Shared set-up for scripts/app.sh and scripts/test.sh: a virtual environment in
# .venv with the pinned app environment (binder/requirements.txt, the same file
# Binder installs) and this project, plus the extras named in $1.
# Re-running is cheap: the install is skipped while its inputs are unchanged.
set -euo pipefail
extras="${1:-app}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
  echo "Top Trumps Classroom needs Python 3.10 or newer; '$python' is $("$python" --version 2>&1)." >&2
  echo "Set PYTHON=/path/to/python3.11 and run this again." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  echo "Creating the virtual environment in .venv ..."
  "$python" -m venv .venv
fi
stamp=".venv/.installed-$extras"
inputs=(pyproject.toml binder/requirements.txt)
if [ ! -f "$stamp" ] || [ -n "$(find "${inputs[@]}" -newer "$stamp" 2>/dev/null)" ]; then
  echo "Installing Top Trumps Classroom [$extras] into .venv ..."
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -r binder/requirements.txt
  .venv/bin/python -m pip install --quiet -c binder/requirements.txt -e ".[$extras]"
  touch "$stamp"
fi
# The simulation engine's compile goes to numba's disk cache now, not into the first lesson a pupil opens.
.venv/bin/toptrumps-classroom warm-up
