"""Battle Spirits card text: a card's entry rendered back as printed (Japanese, with an
English gloss), so a card file can be checked against the real card
(``tcgzoo cards show TZ01-R02 --game battle_spirits``).

The verbs, filters, conditions and values are words of the vocabulary (``words.py``,
``verbs.py``): their phrases are the ``ja`` / ``en`` templates of their registrations, and
the walker of ``envs/core/cardtext.py`` fills them from the parameters as written. This
module adds what is not on the vocabulary: the effect frames (triggers 『このスピリットの
召喚時』, constants, 【起動：メイン】, replacements, [ターン1回]), links (その後 / 〇〇したなら /
この効果発揮後 / さらに), targets 「相手のBP3000以下のスピリット1体」, the choices of the
verbs' parameters and the card's own fields. A word missing from both is a
:class:`~tcgzoo.envs.core.cardtext.MissingPhrase` naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cardtext import (
    EMPTY,
    CardText,
    MissingPhrase,
    Modifiers,
    Phrase,
    Phrasebook,
    VocabText,
    check_keys,
    effect_lines,
    en_if,
    en_sentences,
    entry_of,
    ja_if_done,
    ja_mod,
    ja_sentences,
    ja_when,
    joint,
    number,
    plain,
    pool_files,
    slots,
)
from ..core.cardtext import (
    render as render_template,
)
from ..core.vocab import Word
from .cards import CARDS_DIR, CardPool, load_pool
from .verbs import VOCAB, _hook, _options, _remove_n, _when
from .words import _count_param, _name_param, _symbols_param

__all__ = ["BOOK", "TEXT", "coverage_problems", "pool", "render", "render_entry"]

COLOR = {
    "red": ("赤", "red"),
    "purple": ("紫", "purple"),
    "green": ("緑", "green"),
    "white": ("白", "white"),
    "yellow": ("黄", "yellow"),
    "blue": ("青", "blue"),
}
TYPE = {"spirit": ("スピリット", "spirit"), "nexus": ("ネクサス", "nexus"), "magic": ("マジック", "magic")}

# 『このスピリットの召喚時』: the effect frames and other words of the card language that are
# not registered on the vocabulary (a word registered there, an event for one, uses its own
# templates). ``{of}`` / ``{self}`` is the card itself (「このスピリット」 / 「このネクサス」) or the
# cards or player an effect watches; ``{n}`` / ``{side}`` are the trigger's own parameters.
BOOK = Phrasebook(
    "battle_spirits",
    {
        "color": COLOR,  # the names of the filters color and type (their Param.named)
        "type": TYPE,
        "event": {  # triggers (BS 9-1-5, 12-2-1), worded as the event words of events.py word them
            "summon": ("{of}の召喚時", "when {of} is summoned"),
            "deploy": ("{of}の配置時", "when {of} is deployed"),
            "attack": ("{of}のアタック時", "when {of} attacks"),
            "block": ("{of}のブロック時", "when {of} blocks"),
            "destroyed": ("{of}の破壊時", "when {of} is destroyed"),
            "destroyed_by_opponent": ("{of}の相手による破壊時", "when {of} is destroyed by the opponent"),
            "battle_destroy": ("{of}がBPを比べ相手のスピリットだけを破壊したとき", "when {of} wins a battle by BP"),
            "battle_end": ("{of}のバトル終了時", "when {of}'s battle ends"),
            "own_start_step": ("『自分のスタートステップ』", "(your start step)"),
            "own_core_step": ("『自分のコアステップ』", "(your core step)"),
            "own_draw_step": ("『自分のドローステップ』", "(your draw step)"),
            "own_refresh_step": ("『自分のリフレッシュステップ』", "(your refresh step)"),
            "own_main_start": ("『自分のメインステップ開始時』", "(the start of your main step)"),
            "own_attack_step_start": ("『自分のアタックステップ開始時』", "(the start of your attack step)"),
            "own_end_step": ("『自分のエンドステップ』", "(your end step)"),
            "opp_end_step": ("『相手のエンドステップ』", "(your opponent's end step)"),
            "exhausted": ("{of}が疲労したとき", "when {of} becomes exhausted"),
            "recovered": ("{of}が回復したとき", "when {of} is recovered"),
            "leaves_field": ("{of}がフィールドを離れるとき", "when {of} leaves the field"),
            "spirit_summoned": ("{side}スピリットが召喚されたとき", "when {side} spirit is summoned"),
            "own_life_decreased": ("自分のライフが減ったとき", "when your life decreases"),
            "cores_reach": ("{of}のコアが{n}個以上になったとき", "when {of} has {n} or more cores"),
            "life_drops_to": ("自分のライフが{n}以下になったとき", "when your life becomes {n} or less"),
        },
        "event_short": {  # an event named inside a text: 「『召喚時』効果を持つ」 (has_trigger, loses_effects)
            "summon": ("召喚時", "When Summoned"),
            "deploy": ("配置時", "When Deployed"),
            "attack": ("アタック時", "When Attacks"),
            "block": ("ブロック時", "When Blocks"),
            "destroyed": ("破壊時", "When Destroyed"),
            "destroyed_by_opponent": ("相手による破壊時", "When Destroyed by the Opponent"),
            "battle_destroy": ("BPを比べ相手のスピリットだけを破壊したとき", "When Winning a Battle by BP"),
            "battle_end": ("バトル終了時", "When the Battle Ends"),
            "own_start_step": ("自分のスタートステップ", "Your Start Step"),
            "own_core_step": ("自分のコアステップ", "Your Core Step"),
            "own_draw_step": ("自分のドローステップ", "Your Draw Step"),
            "own_refresh_step": ("自分のリフレッシュステップ", "Your Refresh Step"),
            "own_main_start": ("自分のメインステップ開始時", "Start of Your Main Step"),
            "own_attack_step_start": ("自分のアタックステップ開始時", "Start of Your Attack Step"),
            "own_end_step": ("自分のエンドステップ", "Your End Step"),
            "opp_end_step": ("相手のエンドステップ", "Your Opponent's End Step"),
            "exhausted": ("疲労時", "When Exhausted"),
            "recovered": ("回復時", "When Recovered"),
            "leaves_field": ("フィールドを離れるとき", "When Leaving the Field"),
            "spirit_summoned": ("スピリットの召喚時", "When a Spirit Is Summoned"),
            "own_life_decreased": ("自分のライフが減ったとき", "When Your Life Decreases"),
            "cores_reach": ("コアが増えたとき", "When Cores Reach a Number"),
            "life_drops_to": ("ライフが減ったとき", "When Life Drops to a Number"),
            "returned": ("手札/デッキに戻ったとき", "When Returned"),
            "life_decreased": ("ライフが減ったとき", "When Life Decreases"),
            "card_to_hand": ("手札にカードが加えられたとき", "When Cards Are Added to a Hand"),
            "drawn": ("ドローしたとき", "When Drawing"),
            "milled": ("デッキが破棄されたとき", "When a Deck Is Milled"),
            "magic_used": ("マジック使用時", "When a Magic Is Used"),
            "hand_discarded": ("手札が破棄されたとき", "When a Hand Is Discarded"),
            "cores_placed": ("コアが置かれたとき", "When Cores Are Put on It"),
            "own_attack_step_end": ("自分のアタックステップ終了時", "End of Your Attack Step"),
            "opp_attack_step_end": ("相手のアタックステップ終了時", "End of Your Opponent's Attack Step"),
        },
        "trigger_key": {  # how a trigger narrows its event (events.py), printed after the event
            "by=any": ("", ""),
            "by=battle": ("BPを比べて", "by BP comparison"),
            "by=attack": ("アタックによって", "by an attack"),
            "by=effect": ("効果によって", "by an effect"),
            "by=own": ("自分によって", "by you"),
            "by=opp": ("相手によって", "by your opponent"),
            "by=own_effect": ("自分の効果によって", "by your effect"),
            "by=opp_effect": ("相手の効果によって", "by an opposing effect"),
            "by=not_effect": ("効果以外で", "other than by an effect"),
            "each=true": ("1枚ごとに", "once for each card"),
            "each=false": ("", ""),
            "zone=field": ("", ""),
            "zone=hand": ("このカードが手札にある間", "while this card is in your hand"),
            "outside_draw_step=true": ("ドローステップ以外で", "outside the draw step"),
            "outside_draw_step=false": ("", ""),
            "against": ("{}スピリットに対して", "against a {.pre}spirit{.post}"),
            "by_types": ("{}の効果で", "by {} effects"),
        },
        "constant": {  # BS 9-1-4; {scope} is every matching card, {source} whose effects an immunity stops
            "bp": ("{scope}をBP{amount.signed}する", "{scope} get{scope.s} {amount.signed} BP"),
            "symbols": ("{scope}のシンボルを{amount.signed}する", "{scope} get{scope.s} {amount.signed} symbol(s)"),
            "cannot_attack": ("{scope}はアタックできない", "{scope} cannot attack"),
            "cannot_block": ("{scope}はブロックできない", "{scope} cannot block"),
            "cost": ("{scope}のコストを{amount.signed}する", "the cost of {scope} changes by {amount.signed}"),
            "unblockable": ("{scope}はブロックされない", "{scope} cannot be blocked"),
            "level_cost": (
                "{scope}のLvコストを{amount.signed}する",
                "the level costs of {scope} change by {amount.signed}",
            ),
            "unaffected": ("{scope}は{source}効果を受けない", "{scope} {scope.is} unaffected by {source} effects"),
            "untargetable": ("{scope}は{source}効果の対象にならない", "{scope} cannot be targeted by {source} effects"),
            "bp_cannot_be_lowered": (
                "{scope}は{source}効果でBPを下げられない",
                "{scope} cannot have BP lowered by {source} effects",
            ),
            "cannot_be_returned": (
                "{scope}は{source}効果で手札/デッキに戻らない",
                "{scope} cannot be returned to the hand or deck by {source} effects",
            ),
            "cannot_be_exhausted": (
                "{scope}は{source}効果で疲労しない",
                "{scope} cannot be exhausted by {source} effects",
            ),
            "loses_effects": ("{scope}は{effects}効果を失う", "{scope} lose{scope.s} {effects} effects"),
            "also_named": ("{scope}はカード名「{name}」としても扱う", "{scope} {scope.is} also named {name}"),
            "also_family": (
                "{scope}は系統：「{family}」としても扱う",
                "{scope} {scope.is} also of the family {family}",
            ),
            "also_color": ("{scope}は{colors}としても扱う", "{scope} {scope.is} also {colors}"),
            "colorless": ("{scope}は色を持たない", "{scope} {scope.is} colorless"),
            "no_deck_discard": ("{player}デッキは破棄されない", "{player}"),
            "treat_level": ("{scope}を{level}として扱う", "{scope} {scope.is} treated as {level}"),
            "no_reduction": ("{hand}の軽減シンボルすべてを無いものとして扱う", "{hand} have no reduction symbols"),
            "give_reduction": ("{hand}に軽減シンボル{symbols}を与える", "{hand} gain the reduction symbols {symbols}"),
            "trash_cost": (
                "トラッシュにある{self}をコスト{amount}にする",
                "while in the trash, {self} has cost {amount}",
            ),
        },
        "deck_of": {  # the constant no_deck_discard's player (BS 5-13)
            "both": ("お互いの", "no player's deck can be discarded"),
            "own": ("自分の", "your deck cannot be discarded"),
            "opp": ("相手の", "your opponent's deck cannot be discarded"),
        },
        "source": {  # whose effects an immunity stops: by (opp default / any), by_types, by_colors
            "by=opp": ("相手の", "opposing"),
            "by=any": ("", "any"),
            "effects=all": ("すべての", "all"),
        },
        "while": {  # when a constant works; 'always' prints nothing
            "attacking": ("『{self}のアタック中』", "(While Attacking)"),
            "blocking": ("『{self}のブロック中』", "(While Blocking)"),
            "battle": ("『{self}のバトル中』", "(During Battle)"),
            "own_turn": ("『自分のターン』", "(During Your Turn)"),
            "opp_turn": ("『相手のターン』", "(During Your Opponent's Turn)"),
        },
        "limit": {  # BS 12-3; 'none' prints nothing
            "once_per_turn": ("[ターン1回]", "[Once Per Turn]"),
            "no_dup": ("[重複不可]", "[No Duplicates]"),
            "no_dup_once_per_turn": ("[重複不可・ターン1回]", "[No Duplicates / Once Per Turn]"),
        },
        "replace": {  # BS 9-1-8: when the event would happen to {of} (this card, or the cards of 'of:')
            "destroyed": ("{of}が破壊されるとき", "when {of} would be destroyed"),
            "destroyed_by_effect": ("{of}が効果で破壊されるとき", "when {of} would be destroyed by an effect"),
            "destroyed_by_opponent_effect": (
                "{of}が相手の効果で破壊されるとき",
                "when {of} would be destroyed by an opposing effect",
            ),
            "returned_to_hand": ("{of}が手札に戻るとき", "when {of} would be returned to the hand"),
            "returned_to_deck": ("{of}がデッキに戻るとき", "when {of} would be returned to the deck"),
            "milled": ("{of}がデッキから破棄されるとき", "when {of} would be discarded from the deck"),
            "milled_by_opponent": (
                "{of}が相手の効果でデッキから破棄されるとき",
                "when {of} would be discarded from the deck by an opposing effect",
            ),
            "destroyed_cores": (
                "{of}が破壊されたとき、その上のコア{n}を{to}に置く",
                "when {of} is destroyed, {n} of its cores go to {to}",
            ),
            "draw_step_draw": ("自分のドローステップでドローするとき", "when you would draw in your draw step"),
        },
        "activated": {  # BS 9-1-6, 12-2-1-4/5
            "main": ("【起動：メイン】", "[Activate: Main]"),
            "flash": ("【起動：フラッシュ】", "[Activate: Flash]"),
        },
        "magic": {  # BS 9-1-7
            "main": ("【メイン】", "[Main]"),
            "flash": ("【フラッシュ】", "[Flash]"),
        },
        "cost": {  # an activated effect's cost, everything before ▶ (BS 9-1-6-2)
            "exhaust_self": ("{self}を疲労させる", "exhaust {self}"),
            "pay": ("コア{}個を支払う", "pay {} core(s)"),
            "remove_self_cores": ("{self}のコア{}個をリザーブに置く", "put {} core(s) from {self} into your reserve"),
            "discard": ("自分の手札{}枚を破棄する", "discard {} card(s) from your hand"),
            "soul_core": ("ソウルコアをトラッシュに置く", "put your soul core into the trash"),
            "exhaust": ("{target}を疲労させる", "exhaust {target}"),
        },
        "link": {  # BS 5-19; 'if_done' repeats the verb before it: 「破壊したなら」
            "then": ("その後、", "then, "),
            "if_done": ("{done}", "if you do, "),
            "if_all": ("それをすべて行ったなら、", "if you did all of it, "),
            "after": ("この効果発揮後、", "after this effect, "),
            "also": ("さらに、", "further, "),
        },
        "target": {  # target words (BS 9-3-2); 'self' is the card, 'previous' names the noun before
            "self": ("{self}", "{self}"),
            "attacker": ("アタックしているスピリット", "the attacking spirit"),
            "blocker": ("ブロックしているスピリット", "the blocking spirit"),
            "event": ("そのスピリット", "that spirit"),
            "previous": ("その{noun}", "that {noun}"),
            "moved": ("破棄したカード", "the discarded card(s)"),
        },
        "pick": {  # pick: lowest_<stat> / highest_<stat> (BS 9-3-2)
            "lowest": ("{}が最も低い", "with the lowest {}"),
            "highest": ("{}が最も高い", "with the highest {}"),
        },
        "what": {  # the noun of a target: on the field, elsewhere (a card), its counter word
            "spirit": Phrase(
                "スピリット",
                "spirit",
                {"card": ("スピリットカード", "spirit card"), "unit": ("体", ""), "plural": ("スピリット", "spirits")},
            ),
            "nexus": Phrase(
                "ネクサス",
                "nexus",
                {"card": ("ネクサスカード", "nexus card"), "unit": ("つ", ""), "plural": ("ネクサス", "nexuses")},
            ),
            "spirit_or_nexus": Phrase(
                "スピリット/ネクサス",
                "spirit or nexus",
                {
                    "card": ("スピリット/ネクサスカード", "spirit or nexus card"),
                    "unit": ("つ", ""),
                    "plural": ("スピリット/ネクサス", "spirits or nexuses"),
                },
            ),
            "card": Phrase(
                "カード", "card", {"card": ("カード", "card"), "unit": ("枚", ""), "plural": ("カード", "cards")}
            ),
        },
        "side": {
            "own": ("自分の", "your"),
            "opp": ("相手の", "opposing"),
            "any": Phrase("", ""),
        },
        "zone": {  # off the field; {side} is the owner
            "trash": ("トラッシュにある", "in {side} trash"),
            "hand": ("手札にある", "in {side} hand"),
        },
        "player": {  # a player named by a trigger's or value's 'of: own / opp / any'
            "own": Phrase("自分", "you", {"pos": ("自分の", "your")}),
            "opp": Phrase("相手", "your opponent", {"pos": ("相手の", "your opponent's")}),
            "any": Phrase("いずれかのプレイヤー", "a player", {"pos": ("いずれかのプレイヤーの", "a player's")}),
        },
        "keyword": {  # BS 12-1, BS-R5; docs/card-language.md §17
            "gekitotsu": ("【激突】", "[Clash]"),
            "heavy_armor": ("【重装甲：{}】", "[Heavy Armor: {}]"),
        },
        "common": {  # common effects printed as abilities (BS 12-2-1)
            "shinkaiho": ("《真界放》", "[Shinkaiho]"),
            "soul_magic": ("《ソウルマジック》（{}）", "[Soul Magic] ({})"),
        },
        "choice": {  # the choices of the words' parameters: <param>=<value>, or <word>.<param>=<value>
            "player=self": Phrase("自分", "you", {"pos": ("自分の", "your"), "s": ("", "")}),
            "player=opp": Phrase("相手", "your opponent", {"pos": ("相手の", "your opponent's"), "s": ("", "s")}),
            "duration=turn": ("このターンの間", "this turn"),
            "treat_level.level=1": ("Lv1", "Lv1"),
            "treat_level.level=2": ("Lv2", "Lv2"),
            "treat_level.level=3": ("Lv3", "Lv3"),
            "treat_level.level=4": ("Lv4", "Lv4"),
            "treat_level.level=5": ("Lv5", "Lv5"),
            "treat_level.level=max": ("そのスピリットが持つ最高Lv", "their highest level"),
            "symbols_of=red": ("赤", "red"),
            "symbols_of=purple": ("紫", "purple"),
            "symbols_of=green": ("緑", "green"),
            "symbols_of=white": ("白", "white"),
            "symbols_of=yellow": ("黄", "yellow"),
            "symbols_of=blue": ("青", "blue"),
            "duration=battle": ("このバトルの間", "this battle"),
            "grant.what=cannot_attack": ("アタックできない", "cannot attack"),
            "grant.what=cannot_block": ("ブロックできない", "cannot block"),
            "grant.what=cannot_be_destroyed_by_effects": ("効果では破壊されない", "cannot be destroyed by effects"),
            "grant.what=unblockable": ("ブロックされない", "cannot be blocked"),
            "grant.what=must_block": ("可能ならブロックしなければならない", "must block if able"),
            # immunities (BS 9-1-2-1, 9-2-3): whose effects -- by (opposing unless 'any'), colours, card types
            "grant.what=unaffected": (
                "{by}{by_colors}{by_types}効果を受けない",
                "{target.is} unaffected by {by} {by_colors} {by_types} effects",
            ),
            "grant.what=untargetable": (
                "{by}{by_colors}{by_types}効果の対象にならない",
                "cannot be targeted by {by} {by_colors} {by_types} effects",
            ),
            "grant.what=bp_cannot_be_lowered": (
                "{by}{by_colors}{by_types}効果でBPを下げられない",
                "cannot have BP lowered by {by} {by_colors} {by_types} effects",
            ),
            "grant.what=cannot_be_returned": (
                "{by}{by_colors}{by_types}効果で手札/デッキに戻らない",
                "cannot be returned to the hand or deck by {by} {by_colors} {by_types} effects",
            ),
            "grant.what=cannot_be_exhausted": (
                "{by}{by_colors}{by_types}効果で疲労しない",
                "cannot be exhausted by {by} {by_colors} {by_types} effects",
            ),
            "grant.what=loses_effects": ("{effects}効果を失う", "lose{target.s} {effects} effects"),
            "grant.by=none": ("相手の", "opposing"),
            "grant.by=opp": ("相手の", "opposing"),
            "grant.by=any": ("", "any"),
            "cores_to.to=reserve": ("自分のリザーブ", "your reserve"),
            "cores_to.to=life": ("自分のライフ", "your life"),
            "cores_to.to=trash": ("自分のトラッシュ", "your trash"),
            "remove_cores.to=reserve": ("リザーブ", "the reserve"),
            "remove_cores.to=trash": ("トラッシュ", "the trash"),
            "remove_cores.to=void": ("ボイド", "the void"),
            "bounce.to=hand": ("持ち主の手札", "its owner's hand"),
            "bounce.to=deck_top": ("持ち主のデッキの上", "the top of its owner's deck"),
            "bounce.to=deck_bottom": ("持ち主のデッキの下", "the bottom of its owner's deck"),
            "from_trash.to=hand": ("手札", "your hand"),
            "from_trash.to=deck_top": ("デッキの上", "the top of your deck"),
            "from_trash.to=deck_bottom": ("デッキの下", "the bottom of your deck"),
            "search.to=hand": ("手札", "your hand"),
            "search.must=false": ("まで", "up to "),
            "search.must=true": Phrase("", ""),
            "search.to=deck_bottom": ("デッキの下", "the bottom of your deck"),
            "search.rest=trash": ("トラッシュに置く", "into your trash"),
            "search.rest=deck_bottom": ("デッキの下に戻す", "on the bottom of your deck"),
            "search.rest=deck_top": ("デッキの上に戻す", "on the top of your deck"),
            "summon.free=true": ("コストを支払わずに", "without paying its cost"),
            "spirit_summoned.side=own": ("自分の", "your"),
            "spirit_summoned.side=opp": ("相手の", "an opposing"),
            "spirit_summoned.side=any": ("", "a"),
            # the verbs family (verbs.py, issue 10)
            "draw.from=top": Phrase("", ""),
            "draw.from=bottom": ("の下", " from the bottom of the deck"),
            "summon.no_summon_effects=false": Phrase("", ""),
            "summon.no_summon_effects=true": (
                "。ただし、この効果で召喚したスピリットの『このスピリットの召喚時』効果は発揮されない",
                ". Their (When Summoned) effects do not take effect",
            ),
            "leave_cores.to=reserve": ("リザーブ", "reserve"),
            "leave_cores.to=trash": ("トラッシュ", "trash"),
            "leave_cores.to=void": ("ボイド", "void"),
            "remove_chosen_cores.to=reserve": ("リザーブ", "reserve"),
            "remove_chosen_cores.to=trash": ("トラッシュ", "trash"),
            "remove_chosen_cores.to=void": ("ボイド", "void"),
            "open.to=hand": ("手札に加える", "into {player.pos} hand"),
            "open.to=deck_top": ("デッキの上に戻す", "back on top of {player.pos} deck"),
            "open_reorder.bottom=0": Phrase("", ""),
            "open_reorder.bottom=1": (
                "その中のカード1枚を{player.pos}デッキの下に戻し、残ったカードを",
                " and put 1 of them on the bottom of {player.pos} deck",
            ),
            "open_reorder.bottom=2": (
                "その中のカード2枚を{player.pos}デッキの下に戻し、残ったカードを",
                " and put 2 of them on the bottom of {player.pos} deck",
            ),
            "open_reorder.bottom=3": (
                "その中のカード3枚を{player.pos}デッキの下に戻し、残ったカードを",
                " and put 3 of them on the bottom of {player.pos} deck",
            ),
            "move_cores.from=reserve": ("自分のリザーブ", "your reserve"),
            "move_cores.from=trash": ("自分のトラッシュ", "your trash"),
            "move_cores.from=life": ("自分のライフ", "your life"),
            "move_cores.from=self": ("{self}", "{self}"),
            "move_cores.from=target": ("{target}", "{target}"),
            "move_cores.to=reserve": ("自分のリザーブ", "your reserve"),
            "move_cores.to=trash": ("自分のトラッシュ", "your trash"),
            "move_cores.to=life": ("自分のライフ", "your life"),
            "move_cores.to=self": ("{self}", "{self}"),
            "move_cores.to=target": ("{target}", "{target}"),
            "destroyed_cores.to=trash": ("トラッシュ", "the trash"),
            "destroyed_cores.to=void": ("ボイド", "the void"),
            "soul_core_in=trash": ("トラッシュ", "trash"),
            "soul_core_in=reserve": ("リザーブ", "reserve"),
            "soul_core_in=life": ("ライフ", "life"),
            "soul_core_in=void": ("ボイド", "void"),
            "soul_core_in=field": ("フィールドのカードの上", "field"),
            "other_than=self": ("{self}", "{self}"),
            "other_than=attacker": ("アタックしているスピリット", "the attacking spirit"),
            "other_than=blocker": ("ブロックするスピリット", "the blocking spirit"),
            "other_than=event": ("そのスピリット", "that spirit"),
            "step=start": ("スタート", "start"),
            "step=core": ("コア", "core"),
            "step=draw": ("ドロー", "draw"),
            "step=refresh": ("リフレッシュ", "refresh"),
            "step=main": ("メイン", "main"),
            "step=attack": ("アタック", "attack"),
            "step=end": ("エンド", "end"),
        },
    },
)

_CIRCLED = "①②③④⑤⑥⑦⑧"
#: the keys each part of a card may have that this module renders; anything else is a word it
#: does not know yet, reported by name (MissingPhrase) instead of being dropped from the text
TARGET_KEYS = {"what", "side", "zone", "count", "up_to", "filter", "pick", "chooser"}
WATCH_KEYS = {"what", "side", "filter", "other"}
ACTION_KEYS = {"do", "link", "if", "optional"}
EFFECT_KEYS = {
    "trigger": {
        "trigger",
        "levels",
        "if",
        "limit",
        "optional",
        "actions",
        "of",
        "side",
        "n",
        "by",
        "by_types",
        "each",
        "zone",
        "outside_draw_step",
        "against",
    },
    "constant": {
        "constant",
        "levels",
        "if",
        "amount",
        "scope",
        "while",
        "by",
        "by_types",
        "by_colors",
        "effects",
        "name",
        "family",
        "colors",
        "player",
        "hand_of",
        "types",
        "level",
        "symbols",
    },
    "activated": {"activated", "levels", "if", "limit", "cost", "actions"},
    "replace": {"replace", "levels", "if", "instead", "of", "cost", "to", "n", "optional"},
}
CARD_KEYS = {
    "id",
    "name",
    "type",
    "colors",
    "cost",
    "reduction",
    "families",
    "levels",
    "shinkaiho",
    "symbols",
    "ex_symbol",
    "keywords",
    "soul_magic",
    "text",
    "effects",
    "magic",
    "block",
    "also_names",
}
TRIGGER_QUALIFIERS = ("by", "by_types", "each", "zone", "outside_draw_step", "against")
#: the placeholders an event's template may use: the watched card or player, a count, a side
EVENT_SLOTS = ("of", "self", "n", "side")


def _unknown(kind: str, data: dict, known: set) -> None:
    check_keys(BOOK.game, kind, data, known)


@dataclass
class _Card:
    """What a phrase needs to know about the card it is on: itself as a noun (「この
    スピリット」), and the noun of the last target named (for 'previous', 「そのスピリット」)."""

    this: Phrase
    prev: tuple[str, str] = ("スピリット", "spirit")


def ja_can(clause: str) -> str:
    """「～できる」 (BS 9-1-2, optional): 「破壊する」→「破壊できる」, else 「…ことができる」."""
    return clause[:-2] + "できる" if clause.endswith("する") else clause + "ことができる"


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


class BattleSpiritsText(VocabText):
    """The vocabulary walker with Battle Spirits' targets, custom parameters and frames."""

    def __init__(self) -> None:
        super().__init__(VOCAB, BOOK)
        # parameters read by the game's own functions: by reader, or by (word, parameter)
        self._custom: dict[Any, Callable[[Word, Any, _Card], Phrase]] = {
            _symbols_param: lambda w, v, c: self._symbols(v),
            _count_param: lambda w, v, c: self.target(v, c, counting=True),
            _name_param: lambda w, v, c: plain(v),
            _remove_n: lambda w, v, c: self._cores(v, c),
            _options: lambda w, v, c: self._modes(v, c),
            _hook: lambda w, v, c: plain(v),
            _when: lambda w, v, c: self._when(v, c),
            ("has_trigger", ""): lambda w, v, c: Phrase(*self.book.get("event_short", v)),
            ("grant", "by_types"): lambda w, v, c: Phrase(
                "/".join(TYPE[t][0] for t in v) + "の", "/".join(TYPE[t][1] for t in v)
            ),
            ("grant", "by_colors"): lambda w, v, c: Phrase(ja_mod(self._colors(v).ja), self._colors(v).en),
            ("grant", "effects"): lambda w, v, c: self._effects(v, c),
        }

    # ---- hooks of the walker ---------------------------------------------------------------------
    def custom(self, reader, word, pname, raw, ctx) -> Phrase:
        fn = self._custom.get((word.name, pname)) or self._custom.get(reader)
        if fn is None:
            return super().custom(reader, word, pname, raw, ctx)
        return fn(word, raw, ctx)

    def context_values(self, ctx: _Card) -> dict[str, Phrase]:
        return {"self": ctx.this} if ctx is not None else {}

    def subject(self, name: str, ctx: _Card) -> Phrase:
        return self.target(name, ctx)

    def actions(self, raw: Any, ctx: _Card) -> Phrase:
        return self.action_list(raw, ctx)

    def target(
        self, raw: Any, ctx: _Card, counting: bool = False, scope: bool = False, watched: bool = False
    ) -> Phrase:
        """「相手のBP3000以下のスピリット1体」 / "1 opposing spirit with BP 3000 or less".

        ``counting``: the cards a count or a condition looks at, without a number;
        ``scope``: a constant's scope, every matching card (「すべて」); ``watched``: the
        cards whose event a trigger or replacement watches (「相手のスピリット」 / "an
        opposing spirit"). The forms ``s`` / ``is`` agree an English verb with it."""
        if isinstance(raw, str):
            p = self.book.phrase("target", raw, self=ctx.this, noun=Phrase(*ctx.prev))
            return Phrase(p.ja, p.en, {"s": ("", "s"), "is": ("", "is")})
        _unknown("target field", raw, WATCH_KEYS if watched else TARGET_KEYS)
        what, side = raw.get("what", "spirit"), raw.get("side", "any" if watched else "opp")
        zone, count = raw.get("zone", "field"), raw.get("count", 1)
        up_to, filt = raw.get("up_to", False), dict(raw.get("filter") or {})
        if scope or watched:
            count = "all"
        noun = self.book.get("what", what)
        ja_noun, en_noun, en_plural = noun.ja, noun.en, noun.forms["plural"][1]
        if zone != "field":
            ja_noun, en_noun = noun.forms["card"]
            en_plural = en_noun + "s"
        if what == "card" and isinstance(
            filt.get("type"), str
        ):  # 「マジックカード」, not 「マジックカードであるカード」
            ja_t, en_t = TYPE[filt.pop("type")]
            ja_noun, en_noun, en_plural = ja_t + "カード", f"{en_t} card", f"{en_t} cards"
        tests = self.tests("filter", filt, ctx)
        if raw.get("other"):
            tests.insert(0, Phrase(f"{ctx.this.ja}以外", f"other than {ctx.this.en}"))
        if raw.get("pick"):
            how, stat = raw["pick"].split("_", 1)
            st = self.templates("value", f"stat:{stat}")
            tests.append(self.book.phrase("pick", how, **{"": Phrase(*st)}))
        mods = Modifiers.of(tests)
        side_p = Phrase(*self.book.get("side", side))
        ctx.prev = (ja_noun, en_noun)
        # Japanese: side, zone, modifiers, noun, number
        where = self.book.phrase("zone", zone, side=EMPTY).ja if zone != "field" else ""
        if counting or watched:
            num = ""
        elif count == "all":
            num = "すべて"
        else:
            num = f"{count}{noun.forms['unit'][0] if zone == 'field' else '枚'}" + ("まで" if up_to else "")
        # on the field the modifiers come first (「BP3000以下の相手のスピリット1体」), in a trash or
        # hand after the place (「自分のトラッシュにある紫のスピリットカード1枚」)
        ja = f"{side_p.ja}{where}{mods.ja}{ja_noun}{num}" if where else f"{mods.ja}{side_p.ja}{ja_noun}{num}"
        # English: "1 opposing spirit with ...", "1 of your spirits", "all your spirits"
        if watched:
            one = f"{mods.en_pre}{en_noun}{mods.en_post}"
            en = {"own": f"one of your {mods.en_pre}{en_plural}{mods.en_post}", "opp": f"an opposing {one}"}.get(
                side, ("an " if one[:1] in "aeiou" else "a ") + one
            )
            return Phrase(ja, en, {"s": ("", "s"), "is": ("", "is")})
        many = counting or count == "all" or count != 1 or (side == "own" and zone == "field")
        body = f"{mods.en_pre}{en_plural if many else en_noun}{mods.en_post}"
        n_en = "" if counting else "all" if count == "all" else (f"up to {count}" if up_to else str(count))
        if zone != "field":
            owner = "your" if side == "own" else "your opponent's"
            en = f"{n_en} {body} {self.book.phrase('zone', zone, side=plain(owner)).en}"
        elif side == "own":
            en = f"{n_en} your {body}" if counting or count == "all" else f"{n_en} of your {body}"
        elif side == "opp":
            en = f"{n_en} opposing {body}"
        else:
            en = f"{n_en} {body}"
        one = not counting and count == 1
        if raw.get("chooser") == "opp":  # 「相手は、相手のスピリット1体を破壊する」: the opponent chooses (BS 9-3-2)
            ja, en = f"相手が選ぶ{ja}", f"{en} of your opponent's choice"
        return Phrase(ja, " ".join(en.split()), {"s": ("", "s" if one else ""), "is": ("", "is" if one else "are")})

    # ---- custom parameters ------------------------------------------------------------------------
    def _symbols(self, v: dict) -> Phrase:
        parts = [
            (f"{COLOR[c][0]}シンボル{n}つ", f"{n} {COLOR[c][1]} symbol{'s' if n != 1 else ''}") for c, n in v.items()
        ]
        return Phrase("と".join(p[0] for p in parts), " and ".join(p[1] for p in parts))

    def _cores(self, v: Any, ctx: _Card) -> Phrase:
        if v == "all":
            return Phrase("すべて", "all")
        n = self.value(v, ctx)
        return Phrase(f"{n.ja}個", n.en)

    def _modes(self, options: list, ctx: _Card) -> Phrase:
        parts = [self.action_list(o, ctx) for o in options]
        return Phrase(
            "".join(f"{_CIRCLED[k]}{p.ja}" for k, p in enumerate(parts)),
            " ".join(f"({k + 1}) {p.en}" for k, p in enumerate(parts)),
        )

    def _colors(self, cols: Sequence[str]) -> Phrase:
        return Phrase("/".join(COLOR[c][0] for c in cols), "/".join(COLOR[c][1] for c in cols))

    def _source(self, e: dict) -> Phrase:
        """Whose effects an immunity stops: 「相手の赤のマジックの」 / "opposing red magic"."""
        by = Phrase(*self.book.get("source", f"by={e.get('by', 'opp')}"))
        cols = self._colors(e["by_colors"]) if e.get("by_colors") else EMPTY
        types = (
            Phrase("/".join(TYPE[t][0] for t in e["by_types"]), "/".join(TYPE[t][1] for t in e["by_types"]))
            if e.get("by_types")
            else EMPTY
        )
        return Phrase(
            by.ja + "".join(ja_mod(p.ja) for p in (cols, types)), " ".join(x for x in (by.en, cols.en, types.en) if x)
        )

    def _effects(self, v: Any, ctx: _Card) -> Phrase:
        """'loses_effects' 'effects: all' or trigger names: 「すべての」 / 「『…』の」."""
        if v == "all":
            return Phrase(*self.book.get("source", "effects=all"))
        names = v if isinstance(v, list) else [v]
        evs = [Phrase(*self.book.get("event_short", n)) for n in names]
        return Phrase("".join(f"『{p.ja}』" for p in evs), " and ".join(f"({p.en})" for p in evs))

    # ---- actions and effects -----------------------------------------------------------------------
    def action_list(self, items: Sequence[dict], ctx: _Card, optional: bool = False) -> Phrase:
        """Actions in printed order with their links (BS 5-19) and conditions; ``optional``
        makes the first one 「～できる」 / "you may" (BS 9-1-2), as an action's own
        ``optional: true`` makes that one."""
        ja_out, en_out, prev = [], [], ""
        for k, item in enumerate(items):
            word = self.vocab.words["verb"][item["do"]]
            _unknown(f"field of the verb {word.name!r},", item, ACTION_KEYS | set(word.params))
            p = self.word_phrase(word, self.word_values(word, item, ctx))
            ja, en = p.ja, p.en
            if (optional and k == 0) or item.get("optional"):
                ja, en = ja_can(ja), "you may " + (en[4:] if en.startswith("you ") else en)
            if item.get("if"):
                c = joint(self.tests("condition", item["if"], ctx))
                ja, en = ja_when(c.ja) + ja, en_if(c.en) + en
            link = item.get("link", "then")
            if k > 0 or link == "also":
                lk = self.book.phrase("link", link, done=Phrase(ja_if_done(prev), ""))
                ja, en = lk.ja + ja, lk.en + en
            prev = p.ja
            ja_out.append(ja)
            en_out.append(en)
        return Phrase(ja_sentences(ja_out), en_sentences(en_out))

    def _levels(self, e: dict, nlv: int) -> Phrase:
        lv = e.get("levels") or list(range(1, nlv + 1))
        return Phrase("・".join(f"Lv{x}" for x in lv), "".join(f"[LV{x}]" for x in lv))

    def _when(self, v: dict, ctx: _Card) -> Phrase:
        """this_turn's trigger: its condition, its event, 「できる」 and its limit are the effect's."""
        cond = self._condition(v.get("if"), ctx)
        ev = self._event(v["trigger"], v, ctx)
        parts = [p for p in (cond, ev) if p.ja or p.en]
        return Phrase("".join(p.ja for p in parts), ", ".join(p.en for p in parts))

    def _condition(self, cond: dict | None, ctx: _Card) -> Phrase:
        if not cond:
            return EMPTY
        c = joint(self.tests("condition", cond, ctx))
        return Phrase(ja_when(c.ja), en_if(c.en))

    def _of(self, raw: Any, kind: str, ctx: _Card) -> Phrase:
        """Whose event: this card (default), a player (``own`` / ``opp`` / ``any``, a player
        event's default ``own``) or the watched cards (a mapping)."""
        if raw is None:
            raw = "own" if kind == "player" else "self"
        if isinstance(raw, dict):
            return self.target(raw, ctx, watched=True)
        if raw == "self":
            return ctx.this
        return self.book.get("player", raw)

    def _event(self, name: str, e: dict, ctx: _Card) -> Phrase:
        """A trigger's event (a registered event word's templates, or the book's) with what
        narrows it: 「『このスピリットの破壊時』（相手の効果によって）」."""
        word = self.vocab.words.get("event", {}).get(name)
        kind = getattr(getattr(word, "data", None), "kind", "card")
        side_key = f"{name}.side={e.get('side', 'any')}"
        values = {
            "self": ctx.this,
            "of": self._of(e.get("of"), kind, ctx),
            "n": number(e["n"]) if "n" in e else EMPTY,
            "side": Phrase(*self.book.get("choice", side_key)) if self.book.has("choice", side_key) else EMPTY,
        }
        ev = render_template(self.game, "event", name, self.templates("event", name), values)
        if e.get("of", "self") == "self" and ev.ja.endswith("時") and not ev.ja.startswith("『"):
            # this card's own timing is printed in 『』 (BS 12-2-1: 『このスピリットの召喚時』)
            ev = Phrase(f"『{ev.ja}』", ev.en)
        quals = []
        for key in TRIGGER_QUALIFIERS:
            if key not in e:
                continue
            if key == "against":
                mods = Modifiers.of(self.tests("filter", e[key], ctx)).phrase()
                quals.append(self.book.phrase("trigger_key", key, **{"": mods}))
            elif key == "by_types":
                types = Phrase("/".join(TYPE[x][0] for x in e[key]), "/".join(TYPE[x][1] for x in e[key]))
                quals.append(self.book.phrase("trigger_key", key, **{"": types}))
            else:
                quals.append(self.book.phrase("trigger_key", f"{key}={_key(e[key])}"))
        quals = [q for q in quals if q.ja or q.en]
        if quals:
            ev = Phrase(
                ev.ja + "（" + "、".join(q.ja for q in quals) + "）",
                ev.en + " (" + ", ".join(q.en for q in quals) + ")",
            )
        return ev

    def _costs(self, costs: list, ctx: _Card) -> list[Phrase]:
        out = []
        for c in costs:
            ((k, v),) = c.items()
            if k == "exhaust":  # a target mapping: the own spirit the payer exhausts
                out.append(self.book.phrase("cost", k, target=self.target(v, ctx)))
                continue
            out.append(self.book.phrase("cost", k, self=ctx.this, **({"": number(v)} if v is not True else {})))
        return out

    def effect(self, e: dict, ctx: _Card, nlv: int) -> list[tuple[str, str]]:
        """One entry of ``effects``: its header line and its text."""
        kind = next((k for k in EFFECT_KEYS if k in e), None)
        if kind is None:
            raise MissingPhrase(
                BOOK.game, "effect", next(iter(e), "?"), "not a trigger, constant, activated or replacement effect"
            )
        _unknown(f"field of a {kind} effect,", e, EFFECT_KEYS[kind])
        lv = self._levels(e, nlv)
        cond = self._condition(e.get("if"), ctx)
        limit = self.book.phrase("limit", e["limit"]) if e.get("limit", "none") != "none" else EMPTY
        if kind == "trigger":
            ev = self._event(e["trigger"], e, ctx)
            head = _join_head(lv, limit, Phrase(ev.ja, ev.en[:1].upper() + ev.en[1:]))
            body = self.action_list(e["actions"], ctx, optional=e.get("optional", False))
        elif kind == "constant":
            wh = e.get("while", "always")
            head = _join_head(lv, self.book.phrase("while", wh, self=ctx.this) if wh != "always" else EMPTY)
            name = e["constant"]
            values = {
                "scope": self.target(e.get("scope", "self"), ctx, scope=True),
                "amount": number(e.get("amount", 0)),
                "source": self._source(e),
                "effects": self._effects(e.get("effects", "all"), ctx),
                "name": plain(e.get("name", "")),
                "family": plain(e.get("family", "")),
                "colors": self._colors(e.get("colors") or []),
            }
            if name == "no_deck_discard":
                values["player"] = self.book.phrase("deck_of", e.get("player", "both"))
            if name == "treat_level":  # 「そのスピリットが持つ最高Lv」 / 「Lv1」
                values["level"] = self.book.phrase("choice", f"treat_level.level={e.get('level', 'max')}")
            if name in ("no_reduction", "give_reduction"):  # 「相手の手札にあるマジックカードすべて」
                kinds = "/".join(
                    {"spirit": "スピリット", "nexus": "ネクサス", "magic": "マジック"}[x] for x in e.get("types", [])
                )
                kinds_en = "/".join(e.get("types", [])) or ""
                default = "opp" if name == "no_reduction" else "own"
                who = {
                    "own": ("自分", "your"),
                    "opp": ("相手", "your opponent's"),
                    "both": ("お互い", "both players'"),
                }[e.get("hand_of", default)]
                if name == "give_reduction":
                    sym = e["symbols"]  # 「軽減シンボル[黄]」
                    values["symbols"] = Phrase(
                        "".join(f"[{COLOR[c][0]}]" * n for c, n in sym.items()),
                        " ".join(f"[{COLOR[c][1]}]" * n for c, n in sym.items()),
                    )
                values["hand"] = Phrase(
                    f"{who[0]}の手札にある{kinds}カードすべて",
                    f"the {kinds_en + ' ' if kinds_en else ''}cards in {who[1]} hand",
                )
            ja_t, en_t = self.book.get("constant", name)
            said = {n for n, _ in slots(ja_t)} & {n for n, _ in slots(en_t)}
            for k in ("amount", "by", "by_types", "by_colors", "effects", "name", "family", "colors"):
                field = "source" if k.startswith("by") else k
                if k in e and field not in said:
                    raise MissingPhrase(BOOK.game, "constant", name, f"its template does not say its {k!r}")
            body = render_template(self.game, "constant", name, (ja_t, en_t), values)
            body = Phrase(ja_sentences([body.ja]), en_sentences([body.en]))
        elif kind == "activated":
            head = _join_head(lv, self.book.phrase("activated", e["activated"]), limit)
            costs = self._costs(e.get("cost", []), ctx)
            body = self.action_list(e["actions"], ctx)
            if costs:
                body = Phrase(
                    "・".join(c.ja for c in costs) + "▶" + body.ja,
                    en_sentences([", ".join(c.en for c in costs)])[:-1] + " ▶ " + body.en,
                )
        else:
            name = e["replace"]
            of = self.target(e["of"], ctx, watched=True) if "of" in e else ctx.this
            n = e.get("n", "all")
            values = {
                "of": of,
                "self": ctx.this,
                "n": self._cores(n, ctx),
                "to": Phrase(*self.book.get("choice", f"{name}.to={e['to']}")) if "to" in e else EMPTY,
            }
            frame = render_template(self.game, "replace", name, self.templates("replace", name), values)
            head = _join_head(lv, frame)
            if "instead" in e:
                body = self.action_list(e["instead"], ctx)
                costs = self._costs(e.get("cost", []), ctx)
                if costs:
                    body = Phrase(
                        "・".join(c.ja for c in costs) + "ことで、かわりに、" + body.ja,
                        en_sentences(
                            [f"you may {', '.join(c.en for c in costs)}; if you do, instead, " + _lower(body.en)]
                        ),
                    )
                elif e.get("optional"):  # 「かわりに、…できる」
                    body = Phrase(
                        "かわりに、以下を行うことができる：" + body.ja, "Instead, you may: " + _lower(body.en)
                    )
                else:
                    body = Phrase("かわりに、" + body.ja, "Instead, " + _lower(body.en))
            else:  # the replacement is the whole sentence (destroyed_cores): the levels head it
                head, body = lv, Phrase(ja_sentences([frame.ja]), en_sentences([frame.en]))
        if cond.ja:
            body = Phrase(cond.ja + body.ja, en_sentences([cond.en + _lower(body.en)]))
        return effect_lines(Phrase(head.ja, head.en[:1].upper() + head.en[1:]), body)

    def magic(self, mg: dict, ctx: _Card) -> list[list[tuple[str, str]]]:
        """A magic card's 【メイン】 / 【フラッシュ】 effects (BS 9-1-7), with its condition."""
        _unknown("field of a magic effect,", mg, {"main", "flash", "if"})
        use = None
        if mg.get("if"):  # BS 9-2-1: the magic can be used only while it holds
            c = joint(self.tests("condition", mg["if"], ctx))
            use = Phrase(
                ja_when(c.ja)[:-1] + "のみ、このマジックを使用できる。",
                "You can use this magic only " + en_if(c.en)[:-2] + ".",
            )
        out = []
        for timing in ("main", "flash"):
            if timing in mg:
                lines = effect_lines(self.book.phrase("magic", timing), use)
                out.append(lines + effect_lines(None, self.action_list(mg[timing], ctx)))
        return out


def _key(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def _join_head(*parts: Phrase) -> Phrase:
    """Levels, limit, timing: 「Lv1・Lv2[ターン1回]『…』」; a timing without brackets is set off
    by a space (「Lv1 相手のスピリットの破壊時」)."""
    ja = ""
    for p in parts:
        if ja and p.ja and not ja.endswith(("』", "】", "]")) and not p.ja.startswith(("『", "【", "[", "（")):
            ja += " "
        ja += p.ja
    return Phrase(ja, " ".join(p.en for p in parts if p.en))


TEXT = BattleSpiritsText()


def _counts(cs: dict) -> str:
    return (
        "・".join(f"{COLOR[c][0]}×{n}" for c, n in cs.items())
        + " ("
        + ", ".join(f"{COLOR[c][1]} ×{n}" for c, n in cs.items())
        + ")"
    )


def render_entry(entry: dict) -> CardText:
    """A card's text from its entry in a card file, as written: its fields (type, colours,
    cost and reduction, families, levels and BP, symbols), its keywords and common effects,
    then each effect."""
    _unknown("card field", entry, CARD_KEYS)
    ty = entry["type"]
    this = {
        "spirit": ("このスピリット", "this spirit"),
        "nexus": ("このネクサス", "this nexus"),
        "magic": ("このカード", "this card"),
    }[ty]
    ctx = _Card(Phrase(*this))
    colors = entry["colors"]
    fields = [
        ("type", f"{TYPE[ty][0]} ({TYPE[ty][1]})"),
        ("colour", "・".join(COLOR[c][0] for c in colors) + " (" + ", ".join(COLOR[c][1] for c in colors) + ")"),
    ]
    cost = str(entry["cost"])
    if entry.get("reduction"):
        cost += "  軽減 " + _counts(entry["reduction"]).replace(" (", " (reduction ")
    fields.append(("cost", cost))
    if entry.get("families"):
        fields.append(("families", "系統：" + "・".join(entry["families"])))
    if entry.get("also_names"):
        fields.append(("also named", "・".join(f"「{n}」" for n in entry["also_names"])))
    levels = entry.get("levels") or []
    if levels:
        fields.append(
            (
                "levels",
                " / ".join(
                    f"Lv{k + 1} {L['cores']}コア" + (f" BP{L['bp']}" if "bp" in L else "") for k, L in enumerate(levels)
                ),
            )
        )
    if ty != "magic":
        sym = entry.get("symbols", {colors[0]: 1})
        fields.append(("symbols", _counts(sym) if sym else "なし (none)"))
    if entry.get("ex_symbol"):
        fields.append(("EX symbol", "EXシンボル (EX symbol)"))
    fields.append(("block", str(entry.get("block", "TZ"))))
    if entry.get("text"):
        fields.append(("text", entry["text"]))
    effects: list[list[tuple[str, str]]] = []
    for kw in entry.get("keywords", []):
        if isinstance(kw, dict):
            ((name, cols),) = kw.items()
            effects.append(effect_lines(BOOK.phrase("keyword", name, **{"": TEXT._colors(cols)}), None))
        else:
            effects.append(effect_lines(BOOK.phrase("keyword", kw), None))
    if entry.get("shinkaiho"):
        effects.append(effect_lines(BOOK.phrase("common", "shinkaiho"), None))
    if entry.get("soul_magic"):
        sm = entry["soul_magic"]
        val = Phrase(
            "".join(f"{COLOR[c][0]}{n}" for c, n in sm.items()), ", ".join(f"{COLOR[c][1]} {n}" for c, n in sm.items())
        )
        effects.append(effect_lines(BOOK.phrase("common", "soul_magic", **{"": val}), None))
    nlv = len(levels)
    for e in entry.get("effects", []):
        effects.append(TEXT.effect(e, ctx, nlv))
    if entry.get("magic"):
        effects.extend(TEXT.magic(entry["magic"], ctx))
    return CardText(entry["id"], entry["name"], fields, effects)


def pool(options: dict[str, Any] | None = None) -> CardPool:
    """The pool a game with these rule options plays with (``cards``, ``builtin_cards``)."""
    from . import Game

    files = pool_files(Game, options or {}, CARDS_DIR)
    return load_pool(files)


def render(pool: CardPool, card_id: str) -> CardText:
    """The card's text, from its entry in the card file it was loaded from; an unknown id is
    an error suggesting the nearest one."""
    card = pool.get(card_id)
    return render_entry(entry_of(card.file, card_id))


def coverage_problems() -> list[str]:
    """Every word of the card language without a phrase, one line each naming it: the
    vocabulary's templates (:meth:`VocabText.template_problems`), then the words of
    ``cards.py`` that are not on the vocabulary (triggers, constants, limits, replacements,
    costs, links, target words) and the choices the verbs' templates print."""
    from . import cards as C

    out = TEXT.template_problems({"event": EVENT_SLOTS})
    groups = [
        ("event", [t for t in C.TRIGGERS if t not in VOCAB.words["event"]]),
        ("constant", [c for c in C.CONSTANTS if c != "immune"] + list(getattr(C, "IMMUNITIES", ()))),
        ("while", [w for w in C.WHILES if w != "always"]),
        ("limit", [x for x in C.LIMITS if x != "none"]),
        ("replace", list(C.REPLACES)),
        ("cost", list(C.COSTS)),
        ("link", list(C.LINKS)),
        ("event_short", list(C.TRIGGERS)),
        ("target", list(C.TARGET_WORDS)),
        ("what", list(C.WHATS)),
        ("side", list(C.SIDES)),
    ]
    for kind, names in groups:
        out += [f"{kind} {n!r}: no phrase" for n in names if not BOOK.has(kind, n)]
    for kind in ("verb", "condition", "filter", "value"):
        for w in VOCAB.words[kind].values():
            ja_t, en_t = w.ja, w.en
            said = {n for n, _ in slots(ja_t)} & {n for n, _ in slots(en_t)}
            for pname, param in w.params.items():
                key = pname or ""
                if param.kind in ("choice", "bool") and key in said:
                    choices = param.choices if param.kind == "choice" else (True, False)
                    for c in choices:
                        k = f"{pname or w.name}={_key(c)}"
                        if not (BOOK.has("choice", f"{w.name}.{k}") or BOOK.has("choice", k)):
                            out.append(f"{kind} {w.name!r}: no phrase for its choice {k}")
                elif param.kind == "custom" and key in said:
                    if (w.name, pname) not in TEXT._custom and param.choices[0] not in TEXT._custom:
                        out.append(f"{kind} {w.name!r}: no renderer for its parameter {pname or '(value)'!r}")
    return out
