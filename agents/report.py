"""Arena outputs: terminal tables, CSV, JSON and a win-rate heatmap (PNG).

Every rate is printed with its 95% interval and game count: a bare percentage invites
reading noise as signal.
"""

from __future__ import annotations

import csv
import json
import math
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .metagame import Metagame
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
        row = [
            m.row,
            "(mirror)" if m.mirror else m.col,
            m.games,
            f"{m.wins}-{m.draws}-{m.losses}",
            _pct(m.rate),
            f"[{_pct(lo)}, {_pct(hi)}]",
            _pct(m.seat_rate(0)),
            _pct(m.seat_rate(1)),
        ]
        if with_order:
            row += [_pct(m.order_rate(0)), _pct(m.order_rate(1))]
        rows.append(row)
    headers = ["entrant", "vs", "games", "W-D-L", "win", "95% CI", "as seat 0", "as seat 1"]
    return text_table(headers + (["went 1st", "went 2nd"] if with_order else []), rows)


def seats_text(table: MatchupTable) -> str:
    s = table.seat_rates()
    text = (
        f"seat 0 (player_0) won {_pct(s['seat0_win_rate'])} [{_pct(s['seat0_ci_low'])}, "
        f"{_pct(s['seat0_ci_high'])}], seat 1 {_pct(s['seat1_win_rate'])}, draws {s['draws']} "
        f"of {s['games']} games (draws count half)"
    )
    if s["first_known_games"]:
        text += (
            f"\nthe player going first won {_pct(s['went_first_win_rate'])} [{_pct(s['went_first_ci_low'])}, "
            f"{_pct(s['went_first_ci_high'])}] of {s['first_known_games']} games"
        )
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


#: what a mirror cell means, wherever mirrors are shown
MIRROR_NOTE = (
    "mirror cells (a deck against itself) show the first seat's (seat 0's) win rate: "
    "they measure the seat advantage, not the deck"
)


def metagame_text(meta: Metagame) -> str:
    """Each deck against the field (mean over the other decks, interval) and its weight
    in the equilibrium mix, strongest field rate first."""
    order = sorted(range(len(meta.names)), key=lambda k: (-_nan_low(meta.field[k].rate), k))
    rows = []
    for k in order:
        f = meta.field[k]
        rows.append([f.name, _pct(f.rate), f"[{_pct(f.low)}, {_pct(f.high)}]", f.opponents, f.games, _pct(meta.mix[k])])
    table = text_table(["deck", "vs field", "95% CI", "opponents", "games", "equilibrium mix"], rows)
    return (
        table + "\nvs field: the mean of a deck's win rates against the other decks, each counted once "
        "(mirrors left out)\nequilibrium mix: the Nash mix of decks for these win rates; no single deck "
        "wins more than 50% against a field playing it"
    )


def _nan_low(x: float) -> float:
    return -math.inf if math.isnan(x) else x


def study_text(study, table: MatchupTable) -> str:
    """How a win-rate study ended (``arena.StudyStatus``): the widest interval, and when
    the cap stopped it, which matchups miss the target and by how much."""
    widest = max((m.half_width(study.confidence) for m in table.rows()), default=0.0)
    level = f"{100 * study.confidence:g}%"
    lines = [f"widest {level} interval: ±{100 * widest:.1f}% (target ±{100 * study.target:.1f}%)"]
    if study.capped:
        lines.append(
            f"stopped by the cap (--max-games {study.max_games}) before every interval reached "
            f"±{100 * study.target:.1f}%: {len(study.wide)} matchup{'s' if len(study.wide) != 1 else ''} "
            f"miss the target; about {study.more_games:,} more games would reach it (predicted)"
        )
        rows = [
            [a, "(mirror)" if a == b else b, n, f"±{100 * w:.1f}%"]
            for a, b, n, w in sorted(study.wide, key=lambda x: -x[3])
        ]
        lines.append(text_table(["matchup", "vs", "games", "half-width"], rows))
    else:
        lines.append(f"every interval is within the target ±{100 * study.target:.1f}%")
    if study.unplayed_beyond_cap:
        lines.append(
            f"note: {study.unplayed_beyond_cap} games of this run were planned under a larger "
            f"--max-games; they stay unplayed (raise --max-games to play them)"
        )
    return "\n".join(lines)


def ratings_text(ratings: Sequence[Rating]) -> str:
    rows = [
        [
            r.name,
            r.games,
            _pct(r.score),
            f"{r.elo.elo:.0f}",
            f"±{1.96 * r.elo.sd:.0f}",
            f"{r.skill.mu:.2f}",
            f"{r.skill.sigma:.2f}",
            f"{r.skill.ordinal:.2f}",
        ]
        for r in ratings
    ]
    return text_table(["entrant", "games", "score", "Elo", "95%", "OpenSkill mu", "sigma", "ordinal"], rows)


def write_csv(path: str | Path, matchups: Sequence[Matchup], meta: Metagame | None = None) -> None:
    """One row per matchup; with ``meta``, each row also carries its row deck's rate
    against the field (and interval) and its weight in the equilibrium mix."""
    rows = [m.as_dict() for m in matchups]
    if meta is not None:
        for r in rows:
            f = meta.rate(r["row"])
            r.update(
                {
                    "row_field_win_rate": f.rate,
                    "row_field_ci_low": f.low,
                    "row_field_ci_high": f.high,
                    "row_equilibrium_weight": meta.weight(r["row"]),
                }
            )
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


def heatmap(table: MatchupTable, path: str | Path, title: str = "", meta: Metagame | None = None) -> None:
    """Row-vs-column win rates as a PNG, each cell annotated with rate, interval and games;
    with ``meta``, a side panel per deck (aligned with the rows): its win rate against the
    field with the interval, and its weight in the equilibrium mix."""
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
    # constrained layout keeps the title, colour bar, labels and side panel apart
    if meta is None:
        fig, ax = plt.subplots(figsize=(size, size * 0.85 + 0.4), layout="constrained")
    else:
        fig, (ax, side) = plt.subplots(
            1, 2, figsize=(size + 3.2, size * 0.85 + 0.4), layout="constrained", gridspec_kw={"width_ratios": [n, 2.4]}
        )
    im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    ax.set_xticks(range(n), labels=names, rotation=45, ha="right")
    ax.set_yticks(range(n), labels=names)
    ax.set_xlabel("opponent")
    ax.set_ylabel("win rate of")
    mirrors = False
    for i, r in enumerate(names):
        for j, c in enumerate(names):
            m = table.cell(r, c)
            if m is not None and m.games:
                note = f"{100 * m.rate:.0f}%\n±{100 * m.half_width():.0f}\nn={m.games}"
                if m.mirror:
                    note = f"seat 0\n{note}"
                    mirrors = True
                ax.text(
                    j,
                    i,
                    note,
                    ha="center",
                    va="center",
                    fontsize=8,
                    color="white" if abs(m.rate - 0.5) > 0.3 else "black",
                )
    fig.colorbar(im, ax=ax, label="win rate (draws half)", shrink=0.8)
    if meta is not None:
        _metagame_panel(side, meta, names)
    if mirrors:
        fig.supxlabel("mirror cells: seat 0's win rate (the seat advantage)", fontsize=8)
    if title:  # above everything (not the heatmap's own title, which ran into the colour bar), wrapped to fit
        width = int(fig.get_figwidth() * 72 / (0.6 * 12))  # characters of a 12 pt font across the figure
        fig.suptitle(textwrap.fill(title, max(20, width), break_on_hyphens=False), fontsize=12)
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _metagame_panel(ax, meta: Metagame, names: Sequence[str]) -> None:
    """Per deck (one row each, as in the heatmap): the equilibrium weight as a bar and the
    rate against the field as a point with its interval, on one 0-100% axis."""
    rows = range(len(names))
    field = [meta.rate(name) for name in names]
    weights = [meta.weight(name) for name in names]
    ax.barh(rows, weights, height=0.5, color="0.8", label="equilibrium mix")
    rate = [f.rate for f in field]
    err = [[max(0.0, f.rate - f.low) for f in field], [max(0.0, f.high - f.rate) for f in field]]
    ax.errorbar(rate, rows, xerr=err, fmt="o", color="black", capsize=3, label="vs field (95% CI)")
    for k, (w, f) in enumerate(zip(weights, field)):
        ax.annotate(
            f"mix {100 * w:.0f}%  field {_pct(f.rate)}",
            (0.02, k - 0.32),
            fontsize=7,
            xycoords=("axes fraction", "data"),
        )
    ax.axvline(0.5, color="0.5", linewidth=0.8, linestyle=":")
    ax.set_xlim(0, 1)
    ax.set_ylim(len(names) - 0.5, -0.5)  # the heatmap's row order, top to bottom
    ax.set_yticks(list(rows), labels=[""] * len(names))
    ax.set_xticks([0, 0.5, 1], labels=["0", "50%", "100%"])
    ax.set_xlabel("mix weight; win rate vs field")
    ax.set_title("decks vs the field", fontsize=9)
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.04), fontsize=7, frameon=False)
