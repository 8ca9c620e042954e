"""Bundled deck files (rule D4), read with importlib.resources by toptrumps_core.deckfiles."""
