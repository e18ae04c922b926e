"""The `bones` command: thin adapters from the terminal to the engine, players and web table."""
