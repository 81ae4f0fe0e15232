"""Arena outputs: terminal tables, CSV, JSON and a win-rate heatmap (PNG).

Every rate is printed with its 95% interval and game count: a bare percentage invites
reading noise as signal.
"""
from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any, Sequence

from .ratings import Rating
from .stats import Matchup, MatchupTable


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def text_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Columns aligned (numbers right, text left), one header rule."""
    cells = [[str(c) for c in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[k]) for r in cells) for k in range(len(headers))]

    def line(r: Sequence[str], raw: Sequence[Any]) -> str:
        out = []
        for k, c in enumerate(r):
            numeric = isinstance(raw[k], (int, float)) or c.endswith("%") or c.startswith("[")
            out.append(c.rjust(widths[k]) if numeric else c.ljust(widths[k]))
        return "  ".join(out).rstrip()

    text = [line(cells[0], headers), "  ".join("-" * w for w in widths)]
    text += [line(c, r) for c, r in zip(cells[1:], rows)]
    return "\n".join(text)


def matchups_text(table: MatchupTable, one_way: bool = True) -> str:
    """One line per matchup: games, W-D-L, win rate [95% CI], and the rate in each seat.

    ``one_way`` prints each pair once (row before column in ``table.names``).
    """
    order = {n: i for i, n in enumerate(table.names)}
    with_order = table.first_known > 0  # turn-order columns only for games that report it
    rows = []
    for m in table.rows():
        if one_way and order[m.row] > order[m.col]:
            continue
        lo, hi = m.ci()
        row = [m.row, "(mirror)" if m.mirror else m.col, m.games, f"{m.wins}-{m.draws}-{m.losses}",
               _pct(m.rate), f"[{_pct(lo)}, {_pct(hi)}]", _pct(m.seat_rate(0)), _pct(m.seat_rate(1))]
        if with_order:
            row += [_pct(m.order_rate(0)), _pct(m.order_rate(1))]
        rows.append(row)
    headers = ["entrant", "vs", "games", "W-D-L", "win", "95% CI", "as seat 0", "as seat 1"]
    return text_table(headers + (["went 1st", "went 2nd"] if with_order else []), rows)


def seats_text(table: MatchupTable) -> str:
    s = table.seat_rates()
    text = (f"seat 0 (player_0) won {_pct(s['seat0_win_rate'])} [{_pct(s['seat0_ci_low'])}, "
            f"{_pct(s['seat0_ci_high'])}], seat 1 {_pct(s['seat1_win_rate'])}, draws {s['draws']} "
            f"of {s['games']} games (draws count half)")
    if s["first_known_games"]:
        text += (f"\nthe player going first won {_pct(s['went_first_win_rate'])} [{_pct(s['went_first_ci_low'])}, "
                 f"{_pct(s['went_first_ci_high'])}] of {s['first_known_games']} games")
    return text


def matrix_text(table: MatchupTable) -> str:
    """The row's win rate against each column, ``rate±half-width (games)``."""
    names = table.names
    rows = []
    for r in names:
        line: list[Any] = [r]
        for c in names:
            m = table.cell(r, c)
            line.append("" if m is None else f"{100 * m.rate:.0f}±{100 * m.half_width():.0f} ({m.games})")
        rows.append(line)
    return text_table(["row vs column", *names], rows)


def ratings_text(ratings: Sequence[Rating]) -> str:
    rows = [[r.name, r.games, _pct(r.score), f"{r.elo.elo:.0f}", f"±{1.96 * r.elo.sd:.0f}",
             f"{r.skill.mu:.2f}", f"{r.skill.sigma:.2f}", f"{r.skill.ordinal:.2f}"] for r in ratings]
    return text_table(["entrant", "games", "score", "Elo", "95%", "OpenSkill mu", "sigma", "ordinal"], rows)


def write_csv(path: str | Path, matchups: Sequence[Matchup]) -> None:
    rows = [m.as_dict() for m in matchups]
    with open(path, "w", newline="") as f:
        if not rows:
            return
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def _clean(x: Any) -> Any:
    """NaN is not JSON: write null."""
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    return x


def write_json(path: str | Path, payload: dict) -> None:
    Path(path).write_text(json.dumps(_clean(payload), indent=2, sort_keys=False) + "\n")


def heatmap(table: MatchupTable, path: str | Path, title: str = "") -> None:
    """Row-vs-column win rates as a PNG, each cell annotated with rate, interval and games."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    names = table.names
    n = len(names)
    grid = np.full((n, n), np.nan)
    for i, r in enumerate(names):
        for j, c in enumerate(names):
            m = table.cell(r, c)
            if m is not None and m.games:
                grid[i, j] = m.rate
    size = max(4.0, 1.1 * n + 2)
    fig, ax = plt.subplots(figsize=(size, size * 0.85))
    im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    ax.set_xticks(range(n), labels=names, rotation=45, ha="right")
    ax.set_yticks(range(n), labels=names)
    ax.set_xlabel("opponent")
    ax.set_ylabel("win rate of")
    for i, r in enumerate(names):
        for j, c in enumerate(names):
            m = table.cell(r, c)
            if m is not None and m.games:
                note = f"{100 * m.rate:.0f}%\n±{100 * m.half_width():.0f}\nn={m.games}"
                if m.mirror:
                    note = f"seat 0\n{note}"
                ax.text(j, i, note, ha="center", va="center", fontsize=8,
                        color="white" if abs(m.rate - 0.5) > 0.3 else "black")
    fig.colorbar(im, ax=ax, label="win rate (draws half)")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
