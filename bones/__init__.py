"""bones: dominoes — an exact rules engine, honest computer players and a table in the browser."""
