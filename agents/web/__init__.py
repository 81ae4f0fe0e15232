"""``tcgzoo serve``: the browser app (Starlette + uvicorn, the ``web`` extra).

``create_app(db)`` builds the app over a results file, ``serve(db, host, port)`` runs it;
the pages and their scripts are package data under ``static/``. See ``app.py``. The
server is imported on first use, so ``tcgzoo.agents.web.play`` (what a seat may be told,
which the terminal ``tcgzoo play`` uses too) needs no web packages.
"""

from __future__ import annotations


def create_app(db: str):
    from .app import create_app as make

    return make(db)


def serve(db: str, host: str = "127.0.0.1", port: int = 8765, log_level: str = "warning") -> None:
    from .app import serve as run

    run(db, host=host, port=port, log_level=log_level)


__all__ = ["create_app", "serve"]
