"""The table in the browser: a thin Starlette app over the engine, games kept in SQLite."""

from .app import create_app, default_data_dir

__all__ = ["create_app", "default_data_dir"]
