"""The whole app under Streamlit's AppTest, as every page test opens it: the entry script, a session
started on one page with its address's query parameters, the words a page shows, and the few steps a
child or a teacher takes on many pages (signing up, answering an open-end total, making a class,
starting a game and moving in it). One module, so that a change to how the app starts is made once."""

from __future__ import annotations

import html
import os
import re
from collections.abc import Sequence

from streamlit.testing.v1 import AppTest

from puzzles.judge import judge
from trainer.bots.players import last_score
from trainer.games.table import TableGame
from trainer.rules import Claim, Play
from trainer.store import StoreUnavailable
from trainer.web.pagestate import PAGES, PlayState

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, "trainer", "web", "app.py")
PAGE_NAMES = tuple(p.name for p in PAGES)
"""Every page, by its script's name, as the app's one table (:data:`trainer.web.pagestate.PAGES`) lists them."""
"""The app's entry script (``st.navigation`` over the page scripts in trainer/web/views/)."""
TIMEOUT = 30.0
"""Seconds a run may take: generous, as the machine running the suite is busy with other workers."""

NOTICES = ("success", "error", "warning", "info", "markdown")
"""What a page says in its notices and its markdown."""
TEXT = NOTICES + ("caption", "title")
"""What a page says, its captions and its title included."""


def new_app(timeout: float = TIMEOUT) -> AppTest:
    """The app, not run yet: for a test that sets the session's state or the address before the first run."""
    return AppTest.from_file(APP, default_timeout=timeout)


def app(page: str | None = None, **params: str) -> AppTest:
    """The app run once with ``params`` as the address's query parameters, then on ``page`` (a page's
    name, as in trainer/web/views/) if one is given; a run that raised fails the test here."""
    at = new_app()
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    if page:
        at.switch_page(f"views/{page}.py").run()
    assert not at.exception, at.exception
    return at


def open_choosers(at: AppTest) -> AppTest:
    """Open Practice's folded choosers, as a child taps them open (their widgets are drawn only then);
    a choice that changes the puzzle folds them again, as its label changes."""
    at.session_state["p_choosers"] = True
    return at.run()


def texts(at: AppTest, kinds: Sequence[str] = TEXT) -> str:
    """Everything of ``kinds`` the page shows, as one string to look for words in."""
    # (a tile's name is shown with a non-breaking hyphen, "5\u20116": read here as it is typed)
    return " ".join(e.value for kind in kinds for e in getattr(at, kind)).replace("\u2011", "-")


def notices(at: AppTest) -> str:
    """The notices and markdown only (no captions, no title)."""
    return texts(at, NOTICES)


def story_box(at: AppTest) -> str:
    """A table's story box ("What happened"), as the page sends it ("" if there is none)."""
    return next((m.value for m in at.markdown if 'class="fives-story' in m.value), "")


def table_story(at: AppTest) -> list[str]:
    """The lines of a table's story, newest first, as the child reads them."""
    return [html.unescape(line) for line in re.findall(r"<li>(.*?)</li>", story_box(at))]


def answer(at: AppTest, value: object = None) -> None:
    """Answer the open-end total on Practice: right, or ``value``."""
    p = at.session_state["practice"].puzzle
    if p.kind != "open-total":
        raise AssertionError("these tests open open-total puzzles by code")
    at.text_input(key=f"n-{p.code}").set_value(str(p.answer if value is None else value))
    at.form_submit_button[0].click().run()
    assert not at.exception, at.exception


def sign_up(at: AppTest, nickname: str = "Sunny Otter") -> None:
    """A new learner signs up with a typed nickname on the Me page."""
    at.switch_page("views/me.py").run()
    at.text_input(key="me_typed").set_value(nickname).run()
    at.button(key="me_start").click().run()
    assert not at.exception, at.exception


def make_class(name: str = "Room 4") -> tuple[AppTest, str, str]:
    """A teacher makes a class on My class: the page, the class code and the teacher's key."""
    at = app(page="teacher")
    at.text_input(key="t_name").set_value(name).run()
    at.button(key="t_create").click().run()
    assert not at.exception, at.exception
    code, key = at.session_state["session"].teacher
    return at, code, key


def fix_deal(at: AppTest, seed: int) -> None:
    """A fixed deal: nothing is left to chance."""
    if "play" not in at.session_state:
        at.session_state["play"] = PlayState()
    at.session_state["play"].deal_seed = seed


def start_game(at: AppTest, **setup):
    """A game started on the Play page through its own form (``setup``: game, players, bots, guidance,
    calls, seed); returns the page's game."""
    fix_deal(at, setup.get("seed", 12345))
    at.switch_page("views/play.py").run()
    at.selectbox(key="g_game").set_value(setup.get("game", "five-up"))
    at.segmented_control(key="g_players").set_value(setup.get("players", 2))
    at.segmented_control(key="g_bots").set_value(setup.get("bots", "beginner"))
    at.radio(key="g_guidance").set_value(setup.get("guidance", "where"))
    at.checkbox(key="g_calls").set_value(setup.get("calls", False))
    at.form_submit_button[0].click().run()
    assert not at.exception, at.exception
    return at.session_state["play"].game


def end_letters(lay):
    """The letters the picture puts on ``lay``'s open ends (imported late: the page's helpers)."""
    from trainer.web.ui import end_letters

    return end_letters(lay)


def learner_move(at: AppTest, g) -> None:
    """Make the learner's move through the page's own controls."""
    view = g.view()
    if view.phase == "claim":
        claim = [b for b in at.button if b.key and b.key.startswith("g_claim_")]
        assert len(claim) == len(g.claim_choices()) >= 2, "every score the layout's ends can make"
        at.button(key=f"g_claim_{last_score(view)}").click().run()
    elif view.phase == "muggins":
        at.button(key="g_muggins").click().run()
    elif any(b.key == "g_draw" for b in at.button):
        at.button(key="g_draw").click().run()
    elif any(b.key == "g_pass" for b in at.button):
        at.button(key="g_pass").click().run()
    else:
        play = next(a for a in view.legal_actions if isinstance(a, Play))
        at.selectbox(key="g_tile").set_value(str(play.tile))
        if play.target is not None:
            n = view.layout.play(play).placements[-1].number
            letter = end_letters(view.layout)[f"{play.target}{'^' if play.beside else ':'}{n}"]
            at.selectbox(key="g_end").set_value(letter)
        at.form_submit_button[-1].click().run()
    assert not at.exception, at.exception


def finish_game(at: AppTest, g) -> None:
    """Play the game's other hands to its end (any move, a claim of the right score), then show the page the
    end and press its button for the next hand or the game's end."""
    while not g.game.is_over:
        g.next_hand()
        while g.finished is None and not g.game.is_over:
            view = g.view()
            g.act(next(a for a in view.legal_actions if not isinstance(a, Claim) or a.points == last_score(view)))
    at.run()
    if g.finished is not None:
        at.button(key="g_over" if g.game.is_over else "g_next").click().run()


def skip_check(at: AppTest) -> None:
    """A new child skips the placement check Practice offers them (tests of the coach start where every child
    started before the check), if it is offered."""
    if any(b.key == "pc_skip" for b in at.button):
        at.button(key="pc_skip").click().run()
        assert not at.exception, at.exception


def answer_check(at: AppTest, right: bool | None = True) -> None:
    """Answer the placement check's puzzle through the page: right, or "I don't know" (``None``)."""
    p = at.session_state["practice"].check.puzzle
    if right is None:
        at.button(key=f"pc-dont-{p.code}").click().run()
    elif isinstance(p.answer, dict):  # a hand's rounding: three boxes
        for name in ("pips", "rounded", "points"):
            at.text_input(key=f"pc-{name}-{p.code}").set_value(str(p.answer[name]))
        at.button(key=f"FormSubmitter:pc-f-{p.code}-Check").click().run()
    elif isinstance(p.answer, (list, tuple)):  # the play that scores most: its choice's button
        choice = next(c for c in p.choices if judge(p, c.value).correct)
        at.button(key=f"pc-play-{p.code}-{choice.label}").click().run()
    else:
        at.text_input(key=f"pc-n-{p.code}").set_value(str(p.answer))
        at.button(key=f"FormSubmitter:pc-f-{p.code}-Check").click().run()
    assert not at.exception, at.exception


# ----- a table of children (Play at a table) -----

def game_of(at) -> TableGame:
    """The game this page's table shows, from the store."""
    ts = at.session_state["tables"]
    return ts.seating.game(ts.code)


def press(at, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def opening(at) -> None:
    """Open a table, rather than join one."""
    at.segmented_control(key="tb_mode").set_value("open").run()
    assert not at.exception, at.exception


def any_move(at, game: TableGame, seat: int) -> None:
    """Make a legal move from the page's own buttons (a draw, a pass, a claim, a hinted play)."""
    n = game.number
    for key in (f"tb_draw_{n}", f"tb_pass_{n}", f"tb_letgo_{n}"):
        if any(b.key == key for b in at.button):
            press(at, key)
            return
    claims = [b for b in at.button if b.key and b.key.startswith("tb_claim_")]
    if claims:
        press(at, claims[0].key)
        return
    options = [b for b in at.button if b.key and b.key.startswith("tb_opt_")]
    assert options, [b.key for b in at.button]
    press(at, options[0].key)


# ----- a store that goes away -----

class DownStore:
    """A progress store whose database cannot be reached: every call says so."""

    def health(self) -> str:
        return "down"

    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise StoreUnavailable("Saving is not working right now.")
        return fail


def projector(teacher: AppTest, code: str) -> AppTest:
    """Table ``code`` on the projector of the teacher whose My class is open in ``teacher``."""
    watch = app()
    watch.session_state["session"].teacher = teacher.session_state["session"].teacher
    watch.query_params["watch"] = code
    watch.switch_page("views/tables.py").run()
    assert not watch.exception, watch.exception
    return watch
