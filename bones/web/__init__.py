"""The table in the browser: a thin Starlette app over the engine, games kept in SQLite.

The app is loaded when first asked for (`create_app`), so the terminal's commands, which share the table's words,
start without loading Starlette and the computer players' search."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app, default_data_dir

__all__ = ["create_app", "default_data_dir"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
