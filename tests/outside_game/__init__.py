"""A game from outside the core, registered and played without editing any file of the project."""
