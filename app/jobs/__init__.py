"""The job queue (SQLite) and the worker processes that run scenes from it."""
