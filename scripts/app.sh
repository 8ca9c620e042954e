#!/usr/bin/env bash
# Play: set up .venv if needed, then start the app (`toptrumps-classroom serve`).
# The landing page is notebooks/00_start_here.ipynb; the URL is printed below.
# Extra arguments go to the server, e.g. --port 9000 or --no-browser.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/_setup.sh" app
cd "$root"
exec .venv/bin/toptrumps-classroom serve "$@"
