"""``python -m widgets.server``: starts the app (see `widgets.server`)."""

import sys

from widgets.server import main

main(sys.argv[1:])
