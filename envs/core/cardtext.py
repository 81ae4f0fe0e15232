"""Printed text back from card data: a card's effects rendered as Japanese, as on the card,
with an English gloss under each line (``tcgzoo cards show ID --game G``).

A card file says what a card does in a small language of words (``draw``, ``bp_le``,
``once_per_turn``...). To check a file against the real card a player needs the text the
other way round: the words read back as the card prints them. Each word has a phrase
template per language, and rendering walks the card's data *as written* (its YAML entry,
not the compiled records, so nothing the loader normalises away is hidden) and fills each
word's template from its parameters.

What the three games share lives here once:

* **templates** (:func:`fill`): ``{}`` (a word's one unnamed parameter), ``{name}`` and
  ``{name.form}`` -- a rendered value may carry grammatical forms besides its plain text
  (a number's ``signed`` form ``+3000``; a player's possessive ``pos``, "your"; the English
  verb ending ``s``), because one string per language cannot agree in number or person;
* **phrase tables** (:class:`Phrasebook`): ``kind -> name -> (ja, en)`` for the words a game
  has not registered on a vocabulary;
* **the vocabulary walker** (:class:`VocabText`): filters and conditions (``not``, ``any_of``,
  ``compare``), values (leaves and modifiers), and each word's parameters by their declared
  kind, over any :class:`~tcgzoo.envs.core.vocab.Vocabulary`: a game plugs in what only it
  knows (its targets, its custom parameter readers), so a newly registered word renders
  without touching a renderer;
* **Japanese and English joining** (``ja_*`` / ``en_*``): the few grammar rules card text
  needs (a noun takes の before a noun, a predicate does not; a verb's past and te-forms for
  「破壊したなら」「捨てて」; sentence capitals);
* **the layout** (:class:`CardText`): id and name, the card's fields, then each effect's
  lines, the Japanese line with its English gloss indented under it.

A word without a phrase is an error naming the word (:class:`MissingPhrase`), never the raw
YAML: a rendering that silently printed ``bp_le`` would defeat its purpose, and the tests
render every card of every pool so a new word without a template fails there by name.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple, cast

from .cardfile import load_yaml
from .errors import TcgError, UnknownNameError, short
from .vocab import COMPARATOR_TEXT, COMPARATORS, VALUE_MODIFIERS, Param, Vocabulary, Word


class MissingPhrase(TcgError, LookupError):
    """A word of a card language has no phrase to render it (or its template asks for a
    parameter or form the word does not have): names the game, the kind and the word."""

    def __init__(self, game: str, kind: str, name: object, detail: str = "") -> None:
        self.game, self.kind, self.name = game, kind, name
        msg = f"{game}: the {kind} {short(name)} has no printed phrase"
        super().__init__(msg + (f" ({detail})" if detail else ""))

    def __str__(self) -> str:  # LookupError would repr() the message
        return self.args[0]


# ---- phrases and templates ---------------------------------------------------------------------
class Phrase(NamedTuple):
    """A rendered piece of text in both languages, with optional named forms:
    ``forms[name] = (ja, en)`` (``Phrase("相手", "your opponent", {"pos": ("相手の", "your
    opponent's"), "s": ("", "s")})``)."""

    ja: str
    en: str
    forms: Mapping[str, tuple[str, str]] = {}

    def get(self, form: str, lang: int) -> str | None:
        if not form:
            return cast(str, self[lang])  # ja or en
        f = self.forms.get(form)
        return None if f is None else f[lang]


EMPTY = Phrase("", "")
_SLOT = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)?(?:\.([A-Za-z_]+))?\}")


def slots(template: str) -> list[tuple[str, str]]:
    """The ``(name, form)`` placeholders of a template, in order (``{}`` is name ``""``)."""
    return [(m.group(1) or "", m.group(2) or "") for m in _SLOT.finditer(template)]


def fill(template: str, values: Mapping[str, Phrase], lang: int, *, game: str, kind: str, word: str) -> str:
    """``template`` with each placeholder replaced by the value's text in language ``lang``
    (0 Japanese, 1 English). A placeholder with no value or an unknown form is a
    :class:`MissingPhrase` naming ``word``: a template that cannot be filled is a bug in
    the template, reported where it is."""

    def one(m: re.Match) -> str:
        name, form = m.group(1) or "", m.group(2) or ""
        v = values.get(name)
        if v is None:
            raise MissingPhrase(game, kind, word, f"its template uses {{{name}}}, which it has no value for")
        text = v.get(form, lang)
        if text is None:
            raise MissingPhrase(game, kind, word, f"{{{name}.{form}}}: the value has no form {form!r}")
        return text

    return _SLOT.sub(one, template)


def render(
    game: str,
    kind: str,
    word: str,
    templates: tuple[str, str],
    values: Mapping[str, Phrase],
    forms: Mapping[str, tuple[str, str]] | None = None,
) -> Phrase:
    """Both templates filled; an empty template is a :class:`MissingPhrase`."""
    ja, en = templates
    if not ja or not en:
        raise MissingPhrase(game, kind, word, "no Japanese template" if not ja else "no English template")
    return Phrase(
        fill(ja, values, 0, game=game, kind=kind, word=word),
        fill(en, values, 1, game=game, kind=kind, word=word),
        forms or {},
    )


def number(n: int) -> Phrase:
    """An integer with its ``signed`` form (``+1000`` / ``-3000``)."""
    sign = f"+{n}" if n >= 0 else str(n)
    return Phrase(str(n), str(n), {"signed": (sign, sign)})


def plain(text: str) -> Phrase:
    """A string from the card file (a family, an attribute, a name): the same in both
    languages, because the file holds one spelling of it."""
    return Phrase(text, text)


class Phrasebook:
    """A game's phrase table: ``table[kind][name] = (ja, en)``, each a template or a
    :class:`Phrase` (for a choice with grammatical forms)."""

    def __init__(self, game: str, table: Mapping[str, Mapping[str, tuple[str, str] | Phrase]]) -> None:
        self.game = game
        self.table = {k: dict(v) for k, v in table.items()}

    def has(self, kind: str, name: str) -> bool:
        return name in self.table.get(kind, {})

    def get(self, kind: str, name: object) -> tuple[str, str] | Phrase:
        entry = self.table.get(kind, {}).get(name) if isinstance(name, str) else None
        if entry is None:
            raise MissingPhrase(self.game, kind, name)
        return entry

    def phrase(self, kind: str, name: object, /, **values: Phrase) -> Phrase:
        """The word's phrase with its template filled from ``values``."""
        entry = self.get(kind, name)
        if isinstance(entry, Phrase):
            return entry
        return render(self.game, kind, str(name), entry, values)

    def names(self, kind: str) -> list[str]:
        return sorted(self.table.get(kind, {}))


# ---- Japanese ----------------------------------------------------------------------------------
# the endings that make a phrase a predicate (a verb or an adjective): it modifies a noun as
# it is (「系統：「地竜」を持つスピリット」「BP3000以下でないスピリット」); anything else is a
# noun and takes の (「赤のスピリット」「BP3000以下のスピリット」)
_PREDICATE_END = tuple("うくぐすつぬぶむるいた") + ("ない",)
_ICHIDAN = (
    "える",
    "せる",
    "べる",
    "ける",
    "げる",
    "てる",
    "でる",
    "ねる",
    "へる",
    "める",
    "れる",
    "いる",
    "きる",
    "じる",
    "ちる",
    "にる",
    "びる",
    "みる",
    "りる",
    "得る",
    "見る",
    "寝る",
    "出る",
)
_GODAN = {
    "す": ("し", "し"),
    "く": ("い", "い"),
    "ぐ": ("い", "い"),
    "む": ("ん", "ん"),
    "ぶ": ("ん", "ん"),
    "ぬ": ("ん", "ん"),
    "う": ("っ", "っ"),
    "つ": ("っ", "っ"),
    "る": ("っ", "っ"),
}
_VOICED = ("ぐ", "む", "ぶ", "ぬ")
_VERB_CUT = re.compile(r".*(?:を|に|は|が|、|から)")


def ja_is_predicate(text: str) -> bool:
    return text.endswith(_PREDICATE_END)


def ja_mod(text: str) -> str:
    """A phrase placed before a noun: a noun phrase takes の, a predicate does not."""
    if not text:
        return ""
    return text if ja_is_predicate(text) else text + "の"


def ja_when(cond: str) -> str:
    """「…とき、」 after a condition: 「ライフが3以下のとき」「カードがあるとき」 (a template
    that already ends in 「とき」 keeps it)."""
    if cond.endswith(("とき", "時")):
        return cond + "、"
    return cond + ("とき、" if ja_is_predicate(cond) else "のとき、")


def en_if(cond: str) -> str:
    """ "if …, " before an effect (a template that already starts with "if" keeps it)."""
    return (cond if cond.startswith("if ") else f"if {cond}") + ", "


def _conjugate(verb: str, ichidan_end: str, suru: str, godan_voiced: str, godan_plain: str) -> str | None:
    if verb.endswith("する"):
        return verb[:-2] + suru
    if verb.endswith(_ICHIDAN):
        return verb[:-1] + ichidan_end
    last = verb[-1:]
    if last in _GODAN:
        stem = _GODAN[last][0]
        return verb[:-1] + stem + (godan_voiced if last in _VOICED else godan_plain)
    return None


_GODAN_NEG = {
    "す": "さ",
    "く": "か",
    "ぐ": "が",
    "む": "ま",
    "ぶ": "ば",
    "ぬ": "な",
    "う": "わ",
    "つ": "た",
    "る": "ら",
}


def ja_negative(text: str) -> str:
    """The phrase negated: a noun takes 「でない」 (「BP3000以下でない」), a predicate its
    negative form (「持つ」→「持たない」, 「ある」→「ない」, 「である」→「でない」,
    「している」→「していない」); one this cannot conjugate is wrapped (「…ということはない」)."""
    if not ja_is_predicate(text):
        return text + "でない"
    if text.endswith("である"):
        return text[:-2] + "ない"
    if text.endswith("ある"):
        return text[:-2] + "ない"
    if text.endswith("する"):
        return text[:-2] + "しない"
    if text.endswith(("ない", "い", "た")):
        return text + "ということはない"
    if text.endswith(_ICHIDAN):
        return text[:-1] + "ない"
    last = text[-1:]
    return text[:-1] + _GODAN_NEG[last] + "ない" if last in _GODAN_NEG else text + "ということはない"


def ja_past(clause: str) -> str | None:
    """The clause's final verb in the past (「破壊する」→「破壊した」, 「戻す」→「戻した」,
    「加える」→「加えた」), or None if it does not end in a verb."""
    return _conjugate(clause, "た", "した", "だ", "た")


def ja_te(clause: str) -> str | None:
    """The clause's final verb in the te-form (「捨てる」→「捨てて」, 「戻す」→「戻して」)."""
    return _conjugate(clause, "て", "して", "で", "て")


def ja_final_verb(clause: str) -> str:
    """The last verb phrase of a clause, after its last particle (「相手のスピリットを破壊する」
    → 「破壊する」), as 「〇〇したなら」 repeats it."""
    return _VERB_CUT.sub("", clause) or clause


def ja_if_done(prev_clause: str) -> str:
    """「〇〇したなら、」 for the clause before (BS 5-19-2), or 「そうしたなら、」 when its last
    word is no verb this conjugates."""
    past = ja_past(ja_final_verb(prev_clause))
    return (past if past else "そうした") + "なら、"


def ja_sentences(clauses: Iterable[str]) -> str:
    """Clauses as sentences: each ends with 「。」 (not doubled)."""
    out = []
    for c in clauses:
        if c:
            out.append(c if c.endswith(("。", "」", "!", "！")) else c + "。")
    return "".join(out)


def ja_and(items: Sequence[str], sep: str = "、") -> str:
    return sep.join(i for i in items if i)


# ---- English -----------------------------------------------------------------------------------
def en_cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def en_sentences(clauses: Iterable[str]) -> str:
    """Clauses as sentences: capitalised, each ending with a full stop."""
    out = []
    for c in clauses:
        c = c.strip()
        if c:
            c = en_cap(c)
            out.append(c if c.endswith((".", "!", "?")) else c + ".")
    return " ".join(out)


def en_and(items: Sequence[str], word: str = "and") -> str:
    items = [i for i in items if i]
    if len(items) <= 2:
        return f" {word} ".join(items)
    return ", ".join(items[:-1]) + f", {word} " + items[-1]


def en_negative(clause: str) -> str:
    """A condition negated: "… is …" → "… is not …", "you have" → "you do not have"."""
    for verb, neg in ((" is ", " is not "), (" are ", " are not ")):
        if verb in clause:
            return clause.replace(verb, neg, 1)
    if clause.startswith("you have "):
        return "you do not have " + clause[9:]
    return "it is not so that " + clause


def en_is_prefix(text: str) -> bool:
    """An English modifier of one word ("red", "exhausted") goes before the noun; a phrase
    ("with BP 3000 or less", "other than this card") after it."""
    return bool(text) and " " not in text.strip()


def joint(phrases: Sequence[Phrase], ja_sep: str = "、", en_word: str = "and") -> Phrase:
    """Several phrases as one (a list of conditions: 「…、…」 / "… and …")."""
    return Phrase(ja_and([p.ja for p in phrases], ja_sep), en_and([p.en for p in phrases], en_word))


# ---- the vocabulary walker ---------------------------------------------------------------------
class Modifiers(NamedTuple):
    """Filter phrases placed around a noun: Japanese all before it (each with its の);
    English one-word modifiers before, phrases after."""

    ja: str
    en_pre: str
    en_post: str

    @classmethod
    def of(cls, phrases: Sequence[Phrase]) -> Modifiers:
        pre = [p.en for p in phrases if en_is_prefix(p.en)]
        post = [p.en for p in phrases if p.en and not en_is_prefix(p.en)]
        return cls(
            "".join(ja_mod(p.ja) for p in phrases), "".join(x + " " for x in pre), "".join(" " + x for x in post)
        )

    def phrase(self) -> Phrase:
        """As a parameter: ``{filter}`` (Japanese) and ``{filter.pre}`` / ``{filter.post}``."""
        return Phrase(
            self.ja, (self.en_pre + self.en_post).strip(), {"pre": (self.ja, self.en_pre), "post": ("", self.en_post)}
        )


class VocabText:
    """Renders what a :class:`Vocabulary` compiles -- filters, conditions, values and the
    parameters of its words -- from the card data as written.

    Templates come from each word's registration (``Word.ja`` / ``Word.en``); the phrase
    book is for the game's words that are not on the vocabulary (its triggers, limits...)
    and for the choices of parameters (``player=opp`` -> 「相手」), looked up as
    ``<word>.<param>=<value>`` and then ``<param>=<value>``. A game subclasses this for
    what only it knows: :meth:`target`, :meth:`subject`, :meth:`custom`, :meth:`actions`.
    """

    def __init__(self, vocab: Vocabulary, book: Phrasebook) -> None:
        self.vocab, self.book, self.game = vocab, book, vocab.game

    # ---- hooks a game provides -----------------------------------------------------------
    def target(self, raw: Any, ctx: Any, counting: bool = False) -> Phrase:
        """A target (a word or a mapping), or with ``counting`` the cards a count counts."""
        raise NotImplementedError(f"{self.game}: no target renderer")

    def subject(self, name: str, ctx: Any) -> Phrase:
        """The card a value's ``of:`` names (``self``, ``attacker``...), as a noun."""
        raise NotImplementedError(f"{self.game}: no subject renderer")

    def actions(self, raw: Any, ctx: Any) -> Phrase:
        """A nested list of actions (a parameter of kind ``actions``)."""
        raise NotImplementedError(f"{self.game}: no action-list renderer")

    def custom(self, reader: Callable, word: Word, pname: str, raw: Any, ctx: Any) -> Phrase:
        """A parameter read by a game's own reader function; the game maps its readers."""
        raise MissingPhrase(
            self.game,
            word.kind,
            word.name,
            f"no renderer for its parameter {pname or '(value)'!r} read by {reader.__name__}",
        )

    # ---- templates ------------------------------------------------------------------------
    def templates(self, kind: str, name: str) -> tuple[str, str]:
        """A registered word's templates, or the phrase book's for an unregistered one."""
        w = self.vocab.words.get(kind, {}).get(name)
        if w is not None:
            if not w.ja or not w.en:
                raise MissingPhrase(
                    self.game,
                    kind,
                    name,
                    "no Japanese template at its registration"
                    if not w.ja
                    else "no English template at its registration",
                )
            return w.ja, w.en
        entry = self.book.get(kind, name)
        return (entry.ja, entry.en) if isinstance(entry, Phrase) else entry

    def word_phrase(self, word: Word, values: Mapping[str, Phrase]) -> Phrase:
        p = render(self.game, word.kind, word.name, self.templates(word.kind, word.name), values)
        return Phrase(p.ja, " ".join(p.en.split()), p.forms)  # an empty value leaves no double space

    def context_values(self, ctx: Any) -> dict[str, Phrase]:
        """Values any template may use besides a word's parameters (the card itself...)."""
        return {}

    def choice_entry(self, word: Word, pname: str, raw: Any) -> tuple[str, str] | Phrase | None:
        """The phrase book's entry for a choice: ``<word>.<param>=<value>``, else
        ``<param>=<value>`` (``None``, a parameter left at an empty default, is ``none``)."""
        key = f"{pname or word.name}={_choice_key(raw)}"
        for k in (f"{word.name}.{key}", key):
            if self.book.has("choice", k):
                return self.book.get("choice", k)
        return None

    def choice(
        self, word: Word, pname: str, raw: Any, values: Mapping[str, Phrase] | None = None, ctx: Any = None
    ) -> Phrase:
        """A choice's phrase; it may be a template over the word's other values and the
        context (``move_cores.from=target`` is ``{target}``; an immunity's ``{by_types}``)."""
        entry = self.choice_entry(word, pname, raw)
        if entry is None:
            if raw is None:
                return EMPTY
            raise MissingPhrase(self.game, "choice", f"{word.name}.{pname or word.name}={_choice_key(raw)}")
        if isinstance(entry, Phrase):
            return entry
        return render(
            self.game, "choice", f"{word.name}.{pname}", entry, {**self.context_values(ctx), **(values or {})}
        )

    # ---- parameters ---------------------------------------------------------------------------
    def param(self, word: Word, pname: str, param: Param, raw: Any, ctx: Any) -> Phrase:
        """One parameter's value as text, by the parameter's declared kind."""
        k = param.kind
        if raw is None:
            return EMPTY
        if k == "int":
            return number(raw)
        if k == "value":
            return self.value(raw, ctx)
        if k in ("choice", "bool"):
            return self.choice(word, pname, raw, ctx=ctx)
        if k == "named":
            return Phrase(*self.book.get(param.book, raw))
        if k == "str":
            return plain(raw)
        if k == "target":
            return self.target(raw, ctx)
        if k == "filter":
            return Modifiers.of(self.tests("filter", raw, ctx)).phrase()
        if k == "condition":
            return joint(self.tests("condition", raw, ctx))
        if k == "actions":
            return self.actions(raw, ctx)
        if k == "custom":
            return self.custom(param.choices[0], word, pname, raw, ctx)
        if isinstance(raw, bool):
            return EMPTY
        return plain(str(raw))

    def word_values(self, word: Word, data: Mapping, ctx: Any, skip: Iterable[str] = ()) -> dict[str, Phrase]:
        """The values of every declared parameter of ``word`` found in ``data`` or defaulted.
        A parameter written with a value other than its default must be in both templates:
        the rendering may not drop what the file says."""
        ja_t, en_t = self.templates(word.kind, word.name)
        used = {n for n, _ in slots(ja_t)} & {n for n, _ in slots(en_t)}
        for pname, param in word.params.items():  # a choice's phrase may print other parameters
            if pname in used and param.kind in ("choice", "bool"):
                entry = self.choice_entry(word, pname, data.get(pname, None if param.required else param.default))
                if entry is not None and not isinstance(entry, Phrase):
                    used |= {n for n, _ in slots(entry[0])} & {n for n, _ in slots(entry[1])}
        out: dict[str, Phrase] = {}
        choices = []
        for pname, param in word.params.items():
            if not pname or pname in skip:
                continue
            if pname in data:
                raw = data[pname]
                if pname not in used and (param.required or raw != param.default):
                    raise MissingPhrase(
                        self.game, word.kind, word.name, f"its templates do not say its parameter {pname!r}"
                    )
            elif param.required:
                continue
            else:
                raw = param.default
            if pname not in used:
                continue  # not printed (its default, checked above)
            if param.kind in ("choice", "bool"):
                choices.append((pname, raw))  # after the others: a choice may name them
            else:
                out[pname] = self.param(word, pname, param, raw, ctx)

        # a choice whose phrase names other values comes after them (grant's 'what' prints 'by')
        def names_others(c: tuple[str, Any]) -> bool:
            entry = self.choice_entry(word, *c)
            return not isinstance(entry, (Phrase, type(None))) and bool(slots(entry[0]))

        choices.sort(key=names_others)
        for pname, raw in choices:
            out[pname] = self.choice(word, pname, raw, out, ctx)
        return out

    # ---- filters and conditions ----------------------------------------------------------------
    def tests(self, kind: str, data: Mapping, ctx: Any) -> list[Phrase]:
        """Each entry of a filter or condition mapping as a phrase (all must hold)."""
        out = []
        for key, v in (data or {}).items():
            if key == "not":
                inner = self.tests(kind, v, ctx)
                out.append(self._negate(kind, joint(inner, "かつ") if len(inner) > 1 else inner[0]))
            elif key == "any_of":
                alts = [joint(self.tests(kind, x, ctx), "かつ") for x in v]
                ja = "、または".join(a.ja for a in alts)
                out.append(
                    Phrase(
                        f"（{ja}）" if kind == "filter" else ja,
                        ("(" + en_and([a.en for a in alts], "or") + ")")
                        if kind == "filter"
                        else en_and([a.en for a in alts], "or"),
                    )
                )
            elif key == "compare":
                out.append(self.compare(v, ctx))
            else:
                w = self.vocab.words[kind].get(key)
                if w is None:
                    raise MissingPhrase(self.game, kind, key, "not a registered word")
                p = w.params.get("", Param.any())
                ja_t, en_t = self.templates(kind, key)
                if not any(n == "" for n, _ in slots(ja_t) + slots(en_t)):
                    # a template without {} prints the word's 'true' case: false is its negation
                    if v is True or v is False:
                        phrase = self.word_phrase(w, {})
                        out.append(phrase if v else self._negate(kind, phrase))
                        continue
                    raise MissingPhrase(self.game, kind, key, f"its template does not print its value {short(v)}")
                out.append(self.word_phrase(w, {"": self.param(w, "", p, v, ctx)}))
        return out

    def _negate(self, kind: str, p: Phrase) -> Phrase:
        """「…でない」「…を持たない」 / "not …" (a condition: "it is not so that …")."""
        return Phrase(ja_negative(p.ja), f"not {p.en}" if kind == "filter" else en_negative(p.en))

    def compare(self, data: Mapping, ctx: Any) -> Phrase:
        """``compare: {<value>, <op>: <value>}``: 「…が3以上」 / "… is 3 or more"."""
        op = next(k for k in data if k in COMPARATORS)
        left = self.value({k: x for k, x in data.items() if k != op}, ctx)
        right = self.value(data[op], ctx)
        jt, et = COMPARATOR_TEXT[op]
        return Phrase(f"{left.ja}が{jt.replace('{}', right.ja)}", f"{left.en} is {et.replace('{}', right.en)}")

    # ---- values -------------------------------------------------------------------------------------
    def value(self, data: Any, ctx: Any) -> Phrase:
        """A value (an integer, or a leaf word with modifiers) with its ``signed`` form."""
        if isinstance(data, int) and not isinstance(data, bool):
            return number(data)
        leaves = [k for k in data if k not in VALUE_MODIFIERS and k != "of"]
        key = leaves[0]
        if key == "stat":
            w = self.vocab.words["value"][f"stat:{data['stat']}"]
            subj = self.subject(data.get("of", "self"), ctx)
            ja_t, en_t = self.templates("value", w.name)
            v = Phrase(f"{subj.ja}の{ja_t}", f"{subj.en}'s {en_t}")
        elif key == "quantity":
            w = self.vocab.words["value"][f"quantity:{data['quantity']}"]
            ja, en = self.templates("value", w.name)
            if data.get("of", "own") == "opp":
                ja = "相手" + ja[2:] if ja.startswith("自分") else "相手にとっての" + ja
                en = en.replace("your ", "your opponent's ", 1) if "your " in en else f"{en} (for your opponent)"
            v = Phrase(ja, en)
        elif key in ("diff", "sum"):
            parts = [self.value(x, ctx) for x in data[key]]
            js, es = ("－", " − ") if key == "diff" else ("＋", " + ")
            v = Phrase("（" + js.join(p.ja for p in parts) + "）", "(" + es.join(p.en for p in parts) + ")")
        else:
            w = self.vocab.words["value"][key]
            p = w.params.get("", Param.any())
            v = self.word_phrase(w, {"": self.param(w, "", p, data[key], ctx)})
        ja, en = v.ja, v.en
        if "times" in data:
            ja, en = f"{ja}×{data['times']}", f"{en} × {data['times']}"
        if "per" in data:
            ja, en = f"{ja}÷{data['per']}（端数切り捨て）", f"{en} ÷ {data['per']} (rounded down)"
        if "plus" in data:
            n = data["plus"]
            ja, en = (f"{ja}＋{n}", f"{en} + {n}") if n >= 0 else (f"{ja}－{-n}", f"{en} − {-n}")
        if "min" in data:
            ja, en = f"{ja}（最低{data['min']}）", f"{en} (at least {data['min']})"
        if "max" in data:
            ja, en = f"{ja}（最大{data['max']}）", f"{en} (at most {data['max']})"
        return Phrase(ja, en, {"signed": ("+" + ja, "+" + en)})

    # ---- checking the vocabulary's templates -----------------------------------------------------------
    def template_problems(self, context: Mapping[str, Iterable[str]] | None = None) -> list[str]:
        """Every registered word whose templates are missing or ask for a parameter the word
        does not declare: one line each, naming the word (the tests assert there are none,
        so a word registered without its phrase fails by name). ``context[kind]`` names the
        placeholders a kind's words may use besides their parameters: what the renderer
        supplies itself (an event's ``{of}``, the card it watches)."""
        out = []
        context = {k: set(v) for k, v in (context or {}).items()}
        for kind, words in self.vocab.words.items():
            for name, w in words.items():
                if not w.ja or not w.en:
                    out.append(f"{kind} {name!r}: no {'Japanese' if not w.ja else 'English'} template")
                    continue
                for lang, t in (("Japanese", w.ja), ("English", w.en)):
                    for slot, _ in slots(t):
                        if (
                            slot not in w.params
                            and slot not in context.get(kind, ())
                            and not (slot == "" and kind in ("filter", "condition", "value"))
                        ):
                            out.append(f"{kind} {name!r}: its {lang} template uses {{{slot}}}, not a parameter")
        return out


def _choice_key(raw: Any) -> str:
    if raw is None:
        return "none"
    if isinstance(raw, bool):
        return "true" if raw else "false"
    return str(raw)


# ---- finding a card's entry -------------------------------------------------------------------------
def entry_of(file: str | Path, card_id: str) -> dict:
    """The card's mapping in its card file, as written (the loader has validated the file).

    A file is parsed once while it is unchanged (by path, size and modification time):
    rendering a pool's cards one by one parsed its file once per card. Each call gets its
    own copy of the entry."""
    path = Path(file).resolve()
    st = path.stat()
    entries = _file_entries(str(path), st.st_mtime_ns, st.st_size)
    if card_id not in entries:
        raise UnknownNameError("card", card_id, list(entries))
    return copy.deepcopy(entries[card_id])


@lru_cache(maxsize=32)
def _file_entries(path: str, mtime_ns: int, size: int) -> dict[str, dict]:
    data = load_yaml(path)
    cards = data.get("cards", []) if isinstance(data, dict) else []
    entries: dict[str, dict] = {}
    for e in cards:
        if isinstance(e, dict) and isinstance(e.get("id"), str):
            entries.setdefault(e["id"], e)  # the first, as the loader reads it
    return entries


def require_card(card_id: str, known: Iterable[str]) -> None:
    """An unknown id is an :class:`UnknownNameError` with the nearest id as a suggestion."""
    known = list(known)
    if card_id not in known:
        raise UnknownNameError("card", card_id, known)


def pool_files(game_cls: Any, options: Mapping[str, Any], cards_dir: Path) -> list[Path] | None:
    """The card files a ``Game(**options)`` would load (the built-in ones and the player's
    ``cards``, or only those with ``builtin_cards=False``; None: the built-in pool), with the
    options checked as the game checks them -- without building a game, which would also
    load its decks, so a card file of one's own renders before any deck uses it."""
    game = game_cls.__new__(game_cls)
    game._set_options(dict(options))
    return game.pool_files(cards_dir)


def check_keys(game: str, what: str, data: Mapping, known: Iterable[str]) -> None:
    """Every key of ``data`` is one the renderer says in print; another is a word of the
    language it does not know yet, reported by name rather than dropped from the text."""
    known = set(known)
    for k in data:
        if k not in known:
            raise MissingPhrase(game, what, k, "a field this renderer does not know")


# ---- the layout ------------------------------------------------------------------------------------
@dataclass
class CardText:
    """A card's printed text: its id and name, fields (``(label, value)``), then effects,
    each a list of ``(Japanese line, English gloss)`` pairs."""

    id: str
    name: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    effects: list[list[tuple[str, str]]] = field(default_factory=list)

    def format(self) -> str:
        out = [f"{self.id}  {self.name}"]
        width = max((len(label) for label, _ in self.fields), default=0)
        for label, value in self.fields:
            lines = value.splitlines() or [""]
            out.append(f"  {label + ':':<{width + 1}} {lines[0]}")
            out.extend(f"  {'':<{width + 1}} {x}" for x in lines[1:])
        for eff in self.effects:
            out.append("")
            for ja, en in eff:
                out.append(f"  {ja}")
                out.append(f"      {en}")
        return "\n".join(out)


def effect_lines(header: Phrase | None, body: Phrase | None) -> list[tuple[str, str]]:
    """An effect's lines: its header (levels, timing, trigger) and its text, each in both
    languages; a missing or empty part is left out."""
    return [(p.ja, p.en) for p in (header, body) if p is not None and (p.ja or p.en)]
