"""Printed text back from card data (issue 10): ``tcgzoo cards show ID --game G``.

Every card of every pool -- the three built-in pools and the test pools under
``tests/<game>/data/`` -- renders with a phrase for every word: each effect has a Japanese
line and an English line, and no word of the card language leaks into them as raw YAML.
A handful of renderings are checked exactly, the card-language words are checked for
templates (so a word registered without one fails here by name), and the command line
works on a real id and fails clearly on a misspelt one.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path

import pytest
from tcgzoo.agents.cli import main
from tcgzoo.envs import game_module, game_names
from tcgzoo.envs.core.cardfile import load_yaml
from tcgzoo.envs.core.cardtext import MissingPhrase, Phrase, Phrasebook, VocabText, fill
from tcgzoo.envs.core.errors import UnknownNameError
from tcgzoo.envs.core.vocab import Param, Vocabulary

TESTS = Path(__file__).parent
GAMES = tuple(game_names())


def text_module(game: str):
    return importlib.import_module(f"{game_module(game).__name__}.text")


def test_card_files(game: str) -> list[str]:
    """The card files of a game's test pool (deck files hold a mapping, not a card list)."""
    out = []
    for f in sorted((TESTS / game / "data").glob("*.yaml")):
        data = load_yaml(f)
        if isinstance(data, dict) and isinstance(data.get("cards"), list):
            out.append(str(f))
    return out


test_card_files.__test__ = False  # a helper, not a test


@cache
def pool(game: str, which: str):
    options = {} if which == "builtin" else {"cards": test_card_files(game), "builtin_cards": False}
    return text_module(game).pool(options)


POOLS = [(g, w) for g in GAMES for w in ("builtin", "tests")]
SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")


def language_words(entry) -> set[str]:
    """The card-language words of an entry as written: its snake_case keys and values
    (``bp_le``, ``once_per_turn``, ``if_done``...), which must never show in print."""
    out: set[str] = set()
    if isinstance(entry, dict):
        for k, v in entry.items():
            if isinstance(k, str) and SNAKE.match(k):
                out.add(k)
            out |= language_words(v)
    elif isinstance(entry, list):
        for v in entry:
            out |= language_words(v)
    elif isinstance(entry, str) and SNAKE.match(entry):
        out.add(entry)
    return out


@pytest.mark.parametrize("game,which", POOLS)
def test_every_card_renders(game, which):
    """Each card of the pool renders; each effect has a Japanese and an English line, and
    no placeholder, Python value or card-language word is left in them."""
    mod = text_module(game)
    p = pool(game, which)
    ids = list(p.by_id)
    assert ids, f"{game} {which}: an empty pool"
    rendered_effects = 0
    for card_id in ids:
        ct = mod.render(p, card_id)
        assert ct.id == card_id and ct.name
        entry_words = language_words(_entry(game, p, card_id))
        for eff in ct.effects:
            assert any(ja.strip() for ja, _ in eff), f"{card_id}: an effect without a Japanese line: {eff}"
            assert any(en.strip() for _, en in eff), f"{card_id}: an effect without an English line: {eff}"
            for ja, en in eff:
                for line in (ja, en):
                    assert not re.search(r"[{}]|\bNone\b|\bTrue\b|\bFalse\b", line), f"{card_id}: {line!r}"
                    leaked = [w for w in entry_words if re.search(rf"(?<![A-Za-z_]){w}(?![A-Za-z_])", line)]
                    assert not leaked, f"{card_id}: {leaked} printed raw in {line!r}"
            rendered_effects += 1
        assert ct.format().startswith(f"{card_id}  ")
    assert rendered_effects > 0


def _entry(game, p, card_id):
    from tcgzoo.envs.core.cardtext import entry_of

    file = {
        "battle_spirits": lambda: p.get(card_id).file,
        "ninja_slayer": lambda: p.cards[p.by_id[card_id]].file,
        "leader_melee": lambda: p.by_id[card_id].file,
    }[game]()
    return entry_of(file, card_id)


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_the_language_has_a_phrase(game):
    """Every word the card language has (the vocabulary's registrations and the words of
    ``cards.py``) has a phrase in both languages: a word added without one is named here."""
    assert text_module(game).coverage_problems() == []


# ---- golden renderings -------------------------------------------------------------------------------
GOLDEN_BS_TZ01_R02 = """\
TZ01-R02  Flame Drake Ryu
  type:     スピリット (spirit)
  colour:   赤 (red)
  cost:     3  軽減 赤×2 (reduction red ×2)
  families: 系統：Earth Dragon
  levels:   Lv1 1コア BP3000 / Lv2 3コア BP5000 / Lv3 5コア BP7000
  symbols:  赤×1 (red ×1)
  block:    TZ
  text:     [LV1][LV2][LV3] (When Summoned) Destroy 1 opposing spirit with 3000 BP or less. [LV2][LV3] (When Attacks) Your other spirits with "Ryu" in their name get +1000 BP this turn. [LV2][LV3] [Once Per Turn] When this spirit destroys an opposing spirit by BP comparison, draw 1 card.

  Lv1・Lv2・Lv3『このスピリットの召喚時』
      [LV1][LV2][LV3] When this spirit is summoned
  BP3000以下の相手のスピリット1体を破壊する。
      Destroy 1 opposing spirit with BP 3000 or less.

  Lv2・Lv3『このスピリットのアタック時』
      [LV2][LV3] When this spirit attacks
  このターンの間、カード名に「Ryu」を含むこのカード以外の自分のスピリットすべてをBP+1000する。
      All your spirits with "Ryu" in the name other than this card get +1000 BP this turn.

  Lv2・Lv3[ターン1回]このスピリットがBPを比べ相手のスピリットだけを破壊したとき
      [LV2][LV3] [Once Per Turn] When this spirit wins a battle by BP
  自分はデッキから1枚ドローする。
      You draw 1 card(s)."""

GOLDEN_EFFECTS = {
    # links (その後 / 〇〇したなら), a filter of two words, a duration
    ("battle_spirits", "TZ01-R03"): [
        [("【激突】", "[Clash]")],
        [
            ("Lv2・Lv3『このスピリットのアタック時』", "[LV2][LV3] When this spirit attacks"),
            (
                "疲労状態のBP4000以下の相手のスピリット1体を破壊する。破壊したなら、このターンの間、このスピリットをBP+1000する。",
                "Destroy 1 opposing exhausted spirit with BP 4000 or less. If you do, this spirit gets +1000 BP this turn.",
            ),
        ],
    ],
    # a magic's condition and 'if_all' (しなければならない ... そうしたなら)
    ("battle_spirits", "TZ01-P14"): [
        [
            ("【メイン】", "[Main]"),
            (
                "自分のライフが2以上のときのみ、このマジックを使用できる。",
                "You can use this magic only if your life is 2 or more.",
            ),
            (
                "自分のライフのコア1個をリザーブに置く。それをすべて行ったなら、自分はデッキから2枚ドローする。",
                "You lose 1 life. If you did all of it, you draw 2 card(s).",
            ),
        ]
    ],
    # the errata text of NS 1602.1, word for word but for the ability's name and the attribute's spelling
    ("ninja_slayer", "NST1-22"): [
        [("■インターラプト", "■Interrupt")],
        [
            (
                "■これがイクサで殺された時、あなたの場に他の〈Freelance〉が1人以上いれば、あなたは1回復して、1枚ドロー。",
                "■When this is killed in ikusa, if you have another 〈Freelance〉 on your field, you recover 1; draw 1.",
            )
        ],
    ],
    # NS 1604.1: a granted ability quoted whole, with its limit
    ("ninja_slayer", "NST1-46"): [
        [
            (
                "■これがオヒガンからアンブッシュした時、これはこのターン「■これがアイサツした時、あなたの場に他の〈Survivor〉が"
                "1人以上いれば、これをアンタイ・オジギする。この能力は1ターンに2度しか誘発しない。」を得る。",
                '■When this is ambushed from Ohigan, this gains "■When this aisatsu-s, if you have another 〈Survivor〉 on '
                'your field, untap this. This ability triggers only twice per turn." this turn.',
            )
        ]
    ],
    # NS 1204.2e: 「…を1人選び、それを…」
    ("ninja_slayer", "TZNS-18"): [
        [
            (
                "■これが登場した時、相手の場のキャラクターを1人選び、それをオジギする。",
                "■When this appears, choose 1 character on your opponent's field; bow it.",
            )
        ]
    ],
    # a leader's two faces, 【覚醒】[コスト](効果) (10-7-2) and an attack skill (10-2)
    ("leader_melee", "LM-L01"): [
        [("【表面】Crimson General", "[Front] Crimson General")],
        [
            (
                "【覚醒】[エネルギー2]自分のライフが4枚以下の時、このカードを裏向きにする。",
                "[Awaken] [2 energy] If your life is 4 or less, turn this card to its back face.",
            )
        ],
        [("【裏面】Crimson General, Awakened", "[Back] Crimson General, Awakened")],
        [
            (
                "【自動発動】このカードがアタックした時、そのバトル中、このカードのパワーを+2000。",
                "[Auto] When this card attacks, this card gets +2000 power this battle.",
            )
        ],
    ],
    # 【永続発動】 on every matching card (8-9) and a play skill (10-1) with a filter
    ("leader_melee", "LM-R07"): [
        [
            (
                "【自動発動】このカードがバトルエリアに出た時、相手のパワー3000以下のバトルカード1枚をブレイクする。",
                "[Auto] When this card enters the battle area, break 1 opposing battle card with 3000 power or less.",
            )
        ]
    ],
}


def test_golden_flame_drake_ryu():
    """The whole layout of one card: name, fields, then each effect, Japanese over English."""
    assert (
        text_module("battle_spirits").render(pool("battle_spirits", "builtin"), "TZ01-R02").format()
        == GOLDEN_BS_TZ01_R02
    )


@pytest.mark.parametrize("game,card_id", sorted(GOLDEN_EFFECTS))
def test_golden_effects(game, card_id):
    ct = text_module(game).render(pool(game, "builtin"), card_id)
    assert ct.effects == GOLDEN_EFFECTS[(game, card_id)]


# ---- the renderer over a vocabulary -----------------------------------------------------------------
def toy() -> tuple[Vocabulary, VocabText]:
    v = Vocabulary("toy")
    v.stat("power", lambda s, i, base: 0, rule="T 1", doc="power", ja="パワー", en="power")
    v.quantity("life", lambda s, src, p: 0, rule="T 1", doc="life", ja="自分のライフ", en="your life")

    @v.filter("mine", params={"": Param.bool()}, rule="T 2", doc="yours", ja="自分の", en="your")
    def mine(s, i, src, p, want, base):
        return True

    @v.verb("zap", params={"n": Param.value(1)}, rule="T 3", doc="zap n", ja="{n}回ザップする", en="zap {n} times")
    def zap(s, f, a, src, p, tg):
        return True, True

    return v, VocabText(v, Phrasebook("toy", {}))


def test_a_word_without_a_template_fails_by_name():
    v, t = toy()

    @v.verb("blink", params={"n": Param.value(1)}, rule="T 4", doc="blink")
    def blink(s, f, a, src, p, tg):
        return True, True

    assert any("'blink'" in line and "no Japanese template" in line for line in t.template_problems())
    with pytest.raises(MissingPhrase, match="blink"):
        t.word_phrase(v.words["verb"]["blink"], t.word_values(v.words["verb"]["blink"], {"n": 2}, None))


def test_vocabulary_structures_render_from_their_registrations():
    """Filters and conditions read from the words' own templates, with the shared
    combinators (not, any_of, compare) and values with modifiers."""
    v, t = toy()
    [p] = t.tests("filter", {"power_le": 3000}, None)
    assert (p.ja, p.en) == ("パワー3000以下", "with power 3000 or less")
    [n] = t.tests("filter", {"not": {"power_ge": 5000}}, None)
    assert (n.ja, n.en) == ("パワー5000以上でない", "not with power 5000 or more")
    [c] = t.tests("condition", {"compare": {"quantity": "life", "times": 2, "ge": 6}}, None)
    assert (c.ja, c.en) == ("自分のライフ×2が6以上", "your life × 2 is 6 or more")
    [a] = t.tests("condition", {"any_of": [{"life_le": 1}, {"life_eq": 5}]}, None)
    assert (a.ja, a.en) == (
        "自分のライフが1以下、または自分のライフがちょうど5",
        "your life is 1 or less or your life is exactly 5",
    )
    zap = v.words["verb"]["zap"]
    assert t.word_phrase(zap, t.word_values(zap, {"n": 3}, None)) == Phrase("3回ザップする", "zap 3 times")
    assert t.word_phrase(zap, t.word_values(zap, {}, None)) == Phrase("1回ザップする", "zap 1 times")


def test_a_template_that_asks_for_a_missing_value_fails_by_name():
    with pytest.raises(MissingPhrase, match="'glow'.*colour"):
        fill("{colour}に光る", {}, 0, game="toy", kind="verb", word="glow")
    with pytest.raises(MissingPhrase, match="form 'pos'"):
        fill("{player.pos}手札", {"player": Phrase("自分", "you")}, 0, game="toy", kind="verb", word="discard")


def test_unknown_fields_are_named_not_dropped(tmp_path):
    """A field the renderer does not know (a word added to the language without its
    phrase) is an error naming it, never a rendering that silently leaves it out."""
    bs = text_module("battle_spirits")
    entry = {
        "id": "X-1",
        "name": "X",
        "type": "magic",
        "colors": ["red"],
        "cost": 1,
        "magic": {"main": [{"do": "draw", "n": 1, "sparkle": True}]},
    }
    with pytest.raises(MissingPhrase, match="sparkle"):
        bs.render_entry(entry)


# ---- the command line -----------------------------------------------------------------------------
def test_cli_shows_a_card(capsys):
    assert main(["cards", "show", "TZ01-R02", "TZ01-R03", "--game", "battle_spirits"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("TZ01-R02  Flame Drake Ryu")
    assert "BP3000以下の相手のスピリット1体を破壊する。" in out and "\nTZ01-R03  Flame Drake Ryu [2]" in out


@pytest.mark.parametrize("game,card_id", [("ninja_slayer", "NST1-22"), ("leader_melee", "LM-L01")])
def test_cli_shows_cards_of_every_game(capsys, game, card_id):
    assert main(["cards", "show", card_id, "--game", game]) == 0
    assert capsys.readouterr().out.startswith(f"{card_id}  ")


def test_cli_misspelt_id_suggests_the_nearest(capsys):
    assert main(["cards", "show", "TZ01-R2", "--game", "battle_spirits"]) == 2
    err = capsys.readouterr().err
    assert "unknown card 'TZ01-R2'" in err and "did you mean 'TZ01-R02'" in err


def test_cli_other_cards_words_are_usage_errors(capsys):
    assert main(["cards", "shw", "TZ01-R02", "--game", "battle_spirits"]) == 2
    assert "expected 'tcgzoo cards show ID" in capsys.readouterr().err
    assert main(["cards", "show", "--game", "battle_spirits"]) == 2
    assert "at least one card id" in capsys.readouterr().err


def test_cli_renders_a_users_card_file(tmp_path, capsys):
    """``--option cards=...`` adds the player's files: their cards render like the built-in ones."""
    f = tmp_path / "mine.yaml"
    f.write_text(
        "cards:\n"
        "  - id: MY-01\n    name: Ember Pup\n    type: spirit\n    colors: [red]\n    cost: 1\n"
        "    levels: [{cores: 1, bp: 1000}]\n"
        "    effects:\n      - trigger: summon\n        optional: true\n"
        "        actions: [{do: destroy, target: {what: spirit, side: opp, filter: {bp_le: 1000}}}]\n",
        encoding="utf-8",
    )
    assert main(["cards", "show", "MY-01", "--game", "battle_spirits", "--option", f"cards={f}"]) == 0
    out = capsys.readouterr().out
    assert "BP1000以下の相手のスピリット1体を破壊できる。" in out
    assert "You may destroy 1 opposing spirit with BP 1000 or less." in out
    with pytest.raises(UnknownNameError):
        text_module("battle_spirits").render(text_module("battle_spirits").pool(), "MY-01")
