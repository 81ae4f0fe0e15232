"""Battle Spirits card language v2 (issue 10): the missing words of the real-card pool, part B
(costs, constants, levels). A constant 'decks are not discarded' (cards 11, 63), ... Test cards:
data/v2_verbs.yaml (T2-H*), most of them real cards of tests/battle_spirits/real_cards/SOURCES.md."""

from __future__ import annotations

from bs_scenario import (
    CARD_FILES,
    CONCEDE,
    D_FLASH,
    D_MAIN,
    D_TARGET,
    Z_FIELD,
    Z_TRASH,
    act,
    attack,
    field_slot,
    find,
    game,
    hand_slot,
    pass_flash,
    pay,
    play,
    scene,
)
from bs_scenario import _player as scene_player
from tcgzoo.envs.battle_spirits import Game, position
from tcgzoo.envs.battle_spirits.cards import B_NOMILL, CK, SIDE_ANY, SIDE_OPP, SIDE_OWN
from tcgzoo.envs.battle_spirits.state import DUR_TURN, TE_SYM


def use_flash(s, card_id: str) -> None:
    """The deciding player uses a flash magic from the hand in a flash timing and pays for it."""
    assert s.dkind == D_FLASH, s.decision_name()
    act(s, hand_slot(s, find(s, s.dplayer, card_id, "hand")))
    pay(s)


# ============================================================================ decks not discarded
def test_constant_no_deck_discard_protects_both_decks():
    """BS 5-13-1, BS 9-1-4 (card 11 鉄砲機兵タネガシマ 「お互いのデッキは破棄されない」): while it is on the
    field no effect discards either deck; when it has left, the same discard mills."""
    for owner in (0, 1):
        spec = dict(field=["T2-H1"])
        s = scene(
            p0=dict(hand=["T2-H3", "T-M8"], deck=5, **(spec if owner == 0 else {})),
            p1=dict(deck=5, **(spec if owner == 1 else {})),
        )
        play(s, "T2-H3")
        assert len(s.deck[1]) == 5 and not s.trash[1] and s.dkind == D_MAIN
        play(s, "T-M8")  # its own player's discard of 3 (and its 'if all' life): nothing
        assert len(s.deck[0]) == 5 and s.life[0] == 5
    s = scene(p0=dict(hand=["T2-H3"], deck=5), p1=dict(deck=5))
    play(s, "T2-H3")
    assert len(s.deck[1]) == 3 and len(s.trash[1]) == 2


def test_constant_no_deck_discard_of_one_player():
    """BS 5-13-1 (「自分のデッキは破棄されない」, player: own): only its controller's deck is kept."""
    s = scene(p0=dict(hand=["T2-H3", "T-M8"], deck=5), p1=dict(field=["T2-H4"], deck=5))
    play(s, "T2-H3")
    assert len(s.deck[1]) == 5
    s = scene(p0=dict(hand=["T-M8"], field=["T2-H4"], deck=5))
    play(s, "T-M8")
    assert len(s.deck[0]) == 5
    s = scene(p0=dict(hand=["T2-H3"], field=["T2-H4"], deck=5), p1=dict(deck=5))
    play(s, "T2-H3")
    assert len(s.deck[1]) == 3


def test_constant_no_deck_discard_in_main_steps_only():
    """BS 5-13-1, BS 7-1-1 (card 63 賛美するパイプオルガン 「お互い、メインステップでデッキは破棄されない」):
    in a main step the discard does nothing; in the attack step it mills."""
    s = scene(p0=dict(hand=["T2-H3"], field=["T2-H2"], deck=5), p1=dict(deck=5))
    play(s, "T2-H3")
    assert len(s.deck[1]) == 5 and not s.trash[1]
    s = scene(step="attack", p0=dict(field=["T-S4", "T2-H2"], deck=5), p1=dict(hand=["T2-H3"], reserve=5, deck=5))
    attack(s, find(s, 0, "T-S4"))
    use_flash(s, "T2-H3")  # the attacked player has the first right (BS-R2): it mills the attacker's deck
    assert len(s.deck[0]) == 3 and len(s.trash[0]) == 2


OPP_GUARD = """cards:
  - id: T2-X1
    name: Guard of the Opposing Deck
    type: nexus
    colors: [blue]
    cost: 0
    levels: [{cores: 0}]
    text: "相手のデッキは破棄されない。"
    effects:
      - constant: no_deck_discard
        player: opp
"""


def test_constant_no_deck_discard_of_the_opponent(tmp_path):
    """BS 5-13-1 (「相手のデッキは破棄されない」, player: opp): only the deck of the card's controller's
    opponent is kept. The player is compiled as the constant's named side (cards.PLAYER_SIDE: own, opp,
    both), not as bits of its amount."""
    cards = tmp_path / "opp_guard.yaml"
    cards.write_text(OPP_GUARD)
    fillers = "".join(f"  T-F{k:02d}: 3\n" for k in range(1, 14))
    deck = tmp_path / "opp_guard_deck.yaml"
    deck.write_text(f"name: opp_guard\ncards:\n{fillers}  T2-X1: 1\n  T2-H3: 1\n  T-M8: 1\n")
    g = Game(decks=[str(deck)] * 2, builtin_cards=False, cards=[*CARD_FILES, str(cards)], first_player=0)
    sides = {
        c: next(e.side for e in g.pool.get(c).constants if e.const == CK["no_deck_discard"])
        for c in ("T2-X1", "T2-H4", "T2-H1")
    }
    assert sides == {"T2-X1": SIDE_OPP, "T2-H4": SIDE_OWN, "T2-H1": SIDE_ANY}

    def board(p0, p1):
        return position.build(
            g,
            {
                "game": "battle_spirits",
                "turn": 3,
                "active": 0,
                "first": 0,
                "step": "main",
                "players": [scene_player(g, 0, p0), scene_player(g, 1, p1)],
            },
        )

    s = board(dict(hand=["T2-H3"], field=["T2-X1"], deck=5), dict(deck=5))
    play(s, "T2-H3")  # its controller's opponent's deck: kept
    assert len(s.deck[1]) == 5 and not s.trash[1]
    s = board(dict(hand=["T2-H3", "T-M8"], deck=5), dict(field=["T2-X1"], deck=5))
    play(s, "T2-H3")  # the deck of its controller: milled
    assert len(s.deck[1]) == 3 and len(s.trash[1]) == 2
    play(s, "T-M8")  # the own discard of player 0, the opponent of its controller: kept
    assert len(s.deck[0]) == 5 and s.life[0] == 5


def test_no_deck_discard_machinery_follows_the_decks():
    """Speed by design: the built-in decks do not switch the deck-protection check on; the test deck does."""
    assert not Game().bflags & B_NOMILL and game().bflags & B_NOMILL


# ============================================================================ symbols of one colour
def test_value_symbols_of_one_colour_counts_the_own_field():
    """BS 2-10, 2-10-2 (card 12 機動要塞キャッスル・ゴレム Lv2『このスピリットのアタック時』「自分の青シンボル1つ
    につき、相手のデッキを上から1枚破棄する」): the own spirits' and nexuses' blue symbols, with a symbol given
    by an effect, and not the red ones nor the opponent's: Golem 1 + Blue Golem 1 (+1) + blue nexus 1 = 4."""
    s = scene(
        step="attack", p0=dict(field=[("T2-H5", 6), "T-S3", "T-S4", "T2-H4"], deck=5), p1=dict(field=["T-S6"], deck=10)
    )
    s.teff.append((TE_SYM, find(s, 0, "T-S3"), 1, DUR_TURN))
    attack(s, find(s, 0, "T2-H5"))
    assert len(s.deck[1]) == 6 and len(s.trash[1]) == 4
    s = scene(step="attack", p0=dict(field=[("T2-H5", 1), "T-S3"]), p1=dict(deck=10))
    attack(s, find(s, 0, "T2-H5"))  # Lv1: no attack effect
    assert len(s.deck[1]) == 10


def test_castle_golem_mills_five_per_own_nexus_up_to_fifteen():
    """BS 1-4-7 (card 12 『このスピリットの召喚時』「自分のネクサス1つにつき、相手のデッキを上から5枚破棄する
    (上限15枚)」): 1 nexus mills 5; 4 nexuses mill 15, not 20."""
    for nexuses, milled in ((1, 5), (4, 15)):
        s = scene(
            p0=dict(hand=["T2-H5"], field=["T2-H4"] * min(nexuses, 3) + ["T2-H6"] * (nexuses > 3), reserve=8),
            p1=dict(deck=20),
        )
        play(s, "T2-H5")
        assert len(s.trash[1]) == milled, nexuses


# ============================================================================ levels treated as, exhaust costs
def test_treated_as_lv1_for_the_turn_after_exhausting_an_own_shidou_spirit():
    """BS 2-8-2, 9-1-6-2, 5-15 (card 57 アルカナビーストクィーン Lv2・Lv3：フラッシュ『お互いのアタックステップ』
    「系統：「四道」を持つ自分のスピリット1体を疲労させることで、このターンの間、相手のスピリット1体をLv1として
    扱う」): its player chooses which recovered 四道 spirit pays (itself or the cub); the Lv3 attacker then has
    its Lv1 BP (1000), loses the battle against the cub-free Queen, and its cores stay."""
    s = scene(step="attack", p0=dict(field=[("T-S1", 5)]), p1=dict(field=[("T2-H7", 2), "T2-H8", "T-S3"]))
    pup, queen, cub = find(s, 0, "T-S1"), find(s, 1, "T2-H7"), find(s, 1, "T2-H8")
    assert s.level(pup) == 3 and s.bp(pup) == 6000
    attack(s, pup)
    assert s.dkind == D_FLASH and s.dplayer == 1
    act(s, field_slot(s, queen))
    assert s.dkind == D_TARGET and sorted(a for a in s.legal if a != CONCEDE) == sorted(
        [field_slot(s, queen), field_slot(s, cub)]
    )
    act(s, field_slot(s, cub))
    assert s.exh[cub] and not s.exh[queen]
    assert s.level(pup) == 1 and s.bp(pup) == 1000 and s.cores[pup] == 5
    pass_flash(s)
    act(s, field_slot(s, queen))  # the Queen (BP 5000) blocks and wins
    pass_flash(s)
    assert s.zone[pup] == Z_TRASH and s.zone[queen] == Z_FIELD


def test_exhaust_cost_needs_a_recovered_matching_spirit():
    """BS 9-1-6-2: with no recovered 四道 spirit (the Queen exhausted, no cub) the effect cannot be used; and
    only in an attack step (『お互いのアタックステップ』) and at Lv2 or more."""
    s = scene(step="attack", p0=dict(field=[("T-S1", 5)]), p1=dict(field=[dict(id="T2-H7", cores=2, exh=1), "T-S3"]))
    attack(s, find(s, 0, "T-S1"))
    assert s.dkind == D_FLASH and field_slot(s, find(s, 1, "T2-H7")) not in s.legal
    s = scene(step="attack", p0=dict(field=[("T-S1", 5)]), p1=dict(field=[("T2-H7", 1), "T2-H8"]))
    attack(s, find(s, 0, "T-S1"))
    assert s.dkind == D_FLASH and field_slot(s, find(s, 1, "T2-H7")) not in s.legal


def test_treated_as_the_highest_level_ends_with_the_turn():
    """BS 2-8-2, 9-1-5-6 (「そのスピリットが持つ最高Lvとして扱う」, level: max): a 1-core Red Pup is Lv3 with
    its Lv3 BP for the turn, then Lv1 again; a level treatment never keeps a card below its Lv1 cost."""
    s = scene(p0=dict(field=[("T-S1", 1)], hand=["T2-H9"]))
    pup = find(s, 0, "T-S1")
    play(s, "T2-H9")
    assert s.level(pup) == 3 and s.bp(pup) == 6000
    s.teff = [t for t in s.teff if t[3] != DUR_TURN]  # the turn's end (9-1-5-6)
    assert s.level(pup) == 1 and s.bp(pup) == 1000


# ============================================================================ reduction symbols as none
def test_no_reduction_of_the_opponents_hand_magics_in_their_turn():
    """BS 2-3-3, 11-1-1-4 (card 72 爆発する海底火山 Lv2『相手のターン』「相手の手札にあるマジックカードすべての軽減
    シンボルすべてを無いものとして扱う」): with two blue symbols the opponent's Blue Spark costs 3, not 1; their
    blue spirit card keeps its reduction; not at Lv1, not in the nexus owner's turn, and not for a hand card
    immune to the opponent's effects (Spell Vault, the form of card 54's immunity)."""

    def cost(tp, cores, vault=False):
        field = ["T-S3", "T-S6"] + (["T2-B38"] if vault else [])
        s = scene(tp=tp, p0=dict(field=[("T2-H10", cores)]), p1=dict(field=field, hand=["T2-H11", "T2-H12"]))
        return s.play_cost(1, find(s, 1, "T2-H11", "hand"), 0), s.play_cost(1, find(s, 1, "T2-H12", "hand"), 0)

    assert cost(1, 1) == (3, 1)
    assert cost(1, 0) == (1, 1) and cost(0, 1) == (1, 1) and cost(1, 1, vault=True) == (1, 1)


REDUCTION_HANDS = """cards:
  - id: T2-X2
    name: Symbols Sealed Everywhere
    type: nexus
    colors: [blue]
    cost: 0
    levels: [{cores: 0}]
    text: "お互いの手札にあるマジックカードすべての軽減シンボルすべてを無いものとして扱う。"
    effects:
      - {constant: no_reduction, hand_of: both, types: [magic]}
  - id: T2-X3
    name: Own Symbols Sealed
    type: nexus
    colors: [blue]
    cost: 0
    levels: [{cores: 0}]
    text: "自分の手札にあるマジックカードすべての軽減シンボルすべてを無いものとして扱う。"
    effects:
      - {constant: no_reduction, hand_of: own, types: [magic]}
  - id: T2-X4
    name: Blue Symbols for All
    type: nexus
    colors: [blue]
    cost: 0
    levels: [{cores: 0}]
    text: "お互いの手札にあるマジックカードすべてに軽減シンボル[青]を与える。"
    effects:
      - {constant: give_reduction, hand_of: both, types: [magic], symbols: {blue: 1}}
  - id: T2-X5
    name: Blue Symbols for the Opponent
    type: nexus
    colors: [blue]
    cost: 0
    levels: [{cores: 0}]
    text: "相手の手札にあるマジックカードすべてに軽減シンボル[青]を与える。"
    effects:
      - {constant: give_reduction, hand_of: opp, types: [magic], symbols: {blue: 1}}
"""


def test_reduction_constants_name_the_hands_by_side(tmp_path):
    """BS 2-3-3, 11-1-1-4 (「お互いの / 自分の / 相手の手札にある…」, hand_of: both / own / opp): no_reduction
    and give_reduction reach the hands their hand_of names, from their card's controller's view. hand_of
    is compiled as the constant's named side (cards.PLAYER_SIDE), not as bits of its amount; 'both',
    no_reduction's 'own' and give_reduction's 'opp' were in no card. Both players hold Blue Spark (cost 3, two blue symbols) and
    Double Draw (cost 2, a red symbol) beside two blue symbols on their field."""
    cards = tmp_path / "reduction_hands.yaml"
    cards.write_text(REDUCTION_HANDS)
    fillers = "".join(f"  T-F{k:02d}: 3\n" for k in range(1, 14))
    deck = tmp_path / "reduction_hands_deck.yaml"
    extra = "".join(f"  {c}: 1\n" for c in ("T2-X2", "T2-X3", "T2-X4", "T2-X5", "T2-H11", "T-M1", "T-S3", "T-S6"))
    deck.write_text(f"name: reduction_hands\ncards:\n{fillers}{extra}")
    g = Game(decks=[str(deck)] * 2, builtin_cards=False, cards=[*CARD_FILES, str(cards)], first_player=0)
    sides = {
        c: next(e.side for e in g.pool.get(c).constants if e.const in (CK["no_reduction"], CK["give_reduction"]))
        for c in ("T2-X2", "T2-X3", "T2-X4", "T2-X5", "T2-H10")
    }
    assert sides == {"T2-X2": SIDE_ANY, "T2-X3": SIDE_OWN, "T2-X4": SIDE_ANY, "T2-X5": SIDE_OPP, "T2-H10": SIDE_OPP}

    def costs(nexus, tp=0):
        """Each player's costs of Blue Spark and Double Draw, player 0 controlling ``nexus``."""
        field = ["T-S3", "T-S6"]
        players = [
            dict(field=field + ([nexus] if nexus else []), hand=["T2-H11", "T-M1"]),
            dict(field=field, hand=["T2-H11", "T-M1"]),
        ]
        s = position.build(
            g,
            {
                "game": "battle_spirits",
                "turn": 3,
                "active": tp,
                "first": 0,
                "step": "main",
                "players": [scene_player(g, p, players[p]) for p in (0, 1)],
            },
        )
        return [tuple(s.play_cost(p, find(s, p, c, "hand"), 0) for c in ("T2-H11", "T-M1")) for p in (0, 1)]

    assert costs(None) == [(1, 2), (1, 2)]
    assert costs("T2-X2") == [(3, 2), (3, 2)] == costs("T2-X2", tp=1)  # both hands
    assert costs("T2-X3") == [(3, 2), (1, 2)] == costs("T2-X3", tp=1)  # its controller's hand only
    # a blue symbol more in both hands; player 0's field has the nexus's blue symbol too: Blue Spark is free
    assert costs("T2-X4") == [(0, 1), (1, 1)]
    assert costs("T2-X5") == [(1, 2), (1, 1)] == costs("T2-X5", tp=1)  # its controller's opponent's hand only


def test_no_reduction_machinery_follows_the_decks():
    """Speed by design: the built-in decks do not switch the reduction check on; the test deck does."""
    from tcgzoo.envs.battle_spirits.cards import B_LVTREAT, B_REDUCE

    assert not Game().bflags & (B_REDUCE | B_LVTREAT) and game().bflags & B_REDUCE and game().bflags & B_LVTREAT


def test_constant_treat_level_highest_in_attack_steps_with_the_soul_core():
    """BS 2-8-2, 9-1-4 (card 18 No.36 バーチャスアイランド Lv2『お互いのアタックステップ』「このネクサスに[ソウルコア]
    が置かれている間、自分のスピリット…すべてをそのスピリット…が持つ最高Lvとして扱う」): a 1-core Red Pup is Lv3
    (BP 6000) in the attack step with the soul core on the Lv2 nexus; Lv1 in the main step, without the soul
    core, or with the nexus at Lv1; the opponent's spirit is not in scope."""

    def pup_level(step, soul, cores=3):
        s = scene(
            step=step,
            p0=dict(field=[dict(id="T2-H13", cores=cores, soul=soul), ("T-S1", 1)]),
            p1=dict(field=[("T-S2", 1)]),
        )
        pup = find(s, 0, "T-S1")
        return s.level(pup), s.bp(pup), s.level(find(s, 1, "T-S2"))

    assert pup_level("attack", True) == (3, 6000, 1)
    assert pup_level("main", True)[0] == 1 and pup_level("attack", False)[0] == 1
    assert pup_level("attack", True, cores=1)[0] == 1
