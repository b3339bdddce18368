"""Shared Streamlit pieces for the pages: running a page, showing pictures, the clickable board (a
puzzle's pictures themselves are drawn by :mod:`puzzles.pictures`).

Each page is one script in ``trainer/web/views/`` (its widgets and callbacks), its state one record of
:mod:`trainer.web.pagestate`; what a page computes lives in the pure-Python layers below.
"""

from __future__ import annotations

import base64
import functools
import html
import logging
import os
import re
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from puzzles import KIND_TITLES, STAGE_TITLES, STAGES, Stage
from puzzles import stages as stage_tables
from puzzles.pictures import hand_width
from trainer import words as words_lang
from trainer.render import CELL, end_letters
from trainer.render.taps import BoardMode
from trainer.rules import play_points
from trainer.store import LearnerGone, StoreError
from trainer.web import device, language, session, signin
from trainer.words import errors as error_words
from trainer.words import pages as words
from trainer.words.feedback import for_speech

STAGE_LABELS = stage_tables.STAGE_LABELS
"""Each stage's short name (:attr:`puzzles.StageRecord.label`)."""
STAGE_HINTS = stage_tables.STAGE_HINTS
"""What each stage adds, in a few words (:attr:`puzzles.StageRecord.hint`)."""

CAPTION_CSS = "color:rgba(49,51,63,0.75);font-size:0.875rem"
"""How our own HTML lines look when they stand where a caption would."""
STEP_MARKS = ("·", "◔", "◑", "◕", "●")
"""A mark per mastery step, so a grid reads without colour too."""
STEP_COLOURS = ("#EEF3F7", "#CFE3F1", "#8EC1E3", "#3D95CE", "#0072B2")
CHART = {"displayModeBar": False}
"""No chart toolbar: it only clutters a small screen."""

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")


def _static(name: str) -> str:
    with open(os.path.join(STATIC, name), encoding="utf-8") as f:
        return f.read()


with open(os.path.join(STATIC, "icon.png"), "rb") as _icon:
    PAGE_ICON = "data:image/png;base64," + base64.b64encode(_icon.read()).decode()
    """The page icon as a data URL, read once: Streamlit would reopen an image file on every rerun."""


PAGE_CSS = f"<style>{_static('page.css')}</style>"
"""Our rules over Streamlit's own look (captions readable, no link icons by headings), on every page."""

board_component = st.components.v2.component("fives_board", js=_static("board.js"), css=_static("board.css"))
release_component = st.components.v2.component("fives_release_keys", js=_static("release.js"))
phone_menu_component = st.components.v2.component("fives_phone_menu", js=_static("phone_menu.js"))
navigation_component = st.components.v2.component("fives_navigation", js=_static("navigation.js"))
tooltips_component = st.components.v2.component("fives_tooltips", js=_static("tooltips.js"))


NAVIGATION_RUNS = 4
"""A session's first runs draw the side panel's mending script again (:func:`run_page`)."""


def run_page(name: str, show: Callable[[], None], *, for_learner: bool = True, part: bool = False,
             css: str = "", head: Callable[[], None] | None = None) -> None:
    """Draw the page ``name`` (its file's name in ``trainer/web/views/``) with ``show``; if something goes
    wrong, say so kindly instead of showing a traceback.

    The learner's progress lives in the session and the store, so nothing is lost. Tests set
    FIVES_STRICT=1 to see the real error. Pages ``for_learner`` ask "Continue as …?" on a device
    that remembers someone. A page drawn as a ``part`` (:func:`page_part`) reruns alone when a widget of
    its own changes: the menu, the sign-in and the language chooser around it are not run again. ``css``:
    the page's own style rules (``<style>…</style>``), sent with the app's; ``head``: what the page draws
    above its part and never redraws with it (its heading).
    """
    with calm(f"the page {name}"):
        st.html(PAGE_CSS + css)  # a style alone takes no room on the page
        session.state().runs += 1
        signin.reconcile()
        device.adopt_guest(session.practice())  # a guest's practice, as this tab kept it before a reload
        if not part:
            notices(for_learner)
        if for_learner:
            signin.continue_prompt()
        language.chooser()
        if signin.limited() and name not in signin.PASS_PAGES:
            printed_only()
            device.remember_on_device()
            return
        if head is not None:
            head()
        if part:
            page_part(name, show, for_learner)
        else:
            show()
            outbox()
        device.remember_on_device()
        language.remember_on_device()
        # a phone's side menu covers the page: it closes once another page has opened (the
        # little scripts are sent only when the page changes, so reruns stay cheap); the side
        # panel's list of pages gets the roles a screen reader needs, and tooltips keep off controls
        here, lang = session.state(), words_lang.language()
        if here.page != name:
            here.page, here.page_language = name, lang
            phone_menu_component(data={"page": name}, key=f"phone-menu-{name}")
            navigation(name, lang)
            tooltips_component(data={"page": name}, key=f"tooltips-{name}")
        elif here.runs <= NAVIGATION_RUNS or here.page_language != lang:
            # a session's first runs follow each other fast (the browser's storage, the language): a run
            # stopped by the next before the side panel's script reached the page must not leave it unmended;
            # a language chosen on the page is the document's language from then on
            here.page_language = lang
            phone_menu_component(data={"page": name}, key=f"phone-menu-{name}")  # its watch for a game's mark
            navigation(name, lang)


def navigation(name: str, lang: str) -> None:
    """The script that mends the side panel, says Streamlit's own words in the page's language, and cues a wide
    picture to slide (``static/navigation.js``)."""
    navigation_component(data={"page": name, "lang": lang, "labels": words.streamlit_labels(),
                               "cue": words.board_words()["scroll_cue"]}, key=f"navigation-{name}-{lang}")


def printed_only() -> None:
    """A page a child signed in from a printed report may not use (a table's seat, the live lesson, My class
    or the projector): say why, and how to go on."""
    st.info(words.printed_only(), icon=":material/lock:")
    st.page_link(page_path("my_progress"), label=words.menu_titles()["my_progress"], icon=":material/monitoring:")
    st.button(words.sign_out_printed(), on_click=signin.sign_out, key="printed-out")


@contextmanager
def calm(where: str) -> Iterator[None]:
    """What goes wrong inside is said kindly where it happened, never as a traceback: the store gone away in
    the middle (calm words, nothing lost), or anything else (a line with an id for the log)."""
    try:
        yield
    except LearnerGone:  # the teacher removed this learner: they go on as a guest and are told why, at once
        me = session.me()
        if me is not None:
            signin.removed(me)
        st.rerun()
    except StoreError as err:
        st.info(error_words.store_away(str(err)), icon=":material/cloud_off:")
    except Exception:
        st.error(failure(where))


def notices(for_learner: bool) -> None:
    """What the page says first: a callback's notice, and the store's while it is away."""
    notice, saved_again = session.take_notices()  # app.py matched the session to ?me= already
    if notice:
        st.warning(notice)
    store_notice(for_learner=for_learner, saved_again=saved_again)


def outbox() -> None:
    """This browser's copy of what waits in the learner's outboxes (:func:`~trainer.web.device.outbox_on_device`)."""
    learner = session.me()
    if learner is not None and session.state().home_pass is None:  # (never a printed token's learner code)
        device.outbox_on_device(session.practice(), learner.code)
    device.keep_guest(session.practice() if learner is None else None)  # a guest's answers: kept in this tab


@st.fragment
def page_part(name: str, show: Callable[[], None], for_learner: bool) -> None:
    """The page's own part: its notices, what ``show`` draws and the outbox's copy. A click in it (an answer,
    Next) reruns this alone, never the menu, the sign-in or the language chooser around it, so a click costs
    the server little more than the page's own work."""
    words_lang.set_language(language.current())  # the run's language asked once, not for every sentence
    with calm(f"the page {name}"):
        notices(for_learner)
        show()
        outbox()


def rerun() -> None:
    """Run again what is running: a page's part alone on the part's own run (:func:`page_part`), else the
    whole page."""
    ctx = get_script_run_ctx(suppress_warning=True)
    st.rerun(scope="fragment" if ctx is not None and ctx.fragment_ids_this_run else "app")


TABLET_WIDTH = 1100
"""Up to this width (CSS pixels) a tablet's side menu is closed while a game is under way."""


def whole_width(game: str, *, projector: bool = False) -> None:
    """A game under way takes a tablet's whole width: the side menu closes once for each game (a child can
    open it again). ``projector``: at any width, for a table shown to the room (the teacher can open it again)."""
    phone_menu_component(data={"page": "play", "close_below": PROJECTOR_MENU if projector else TABLET_WIDTH},
                         key=f"whole-width-{game}")


def wide_mark(game: str) -> str:
    """A game under way on a page every move draws again: a hidden mark in its own content, which the side
    menu's watch (drawn with every page) sees, closing the menu once for the game on a tablet however soon the
    next run follows (a request drawn in one run alone may be gone before the browser acts on it)."""
    return f'<span hidden data-fives-wide="{html.escape(game)}" data-fives-below="{TABLET_WIDTH}"></span>'


PROJECTOR_MENU = 100_000
"""A screen width no projector reaches: the side menu closes on it whatever its width."""


def failure(where: str) -> str:
    """Log the error being handled with a short id, and return a friendly line that quotes the id (so a
    teacher can report it and the log entry can be found). Tests set FIVES_STRICT=1 to see it raised."""
    if os.environ.get("FIVES_STRICT"):
        raise
    ref = secrets.token_hex(3).upper()
    logging.getLogger("fives_trainer").exception("%s failed (error %s)", where, ref)
    return error_words.failure(ref)


def guarded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A widget callback (or a fragment) that never shows a traceback: a store that is away, a wrong
    key or anything unexpected becomes one friendly line at the top of the page."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (StoreError, PermissionError) as err:
            session.say(str(err))
        except Exception:
            session.say(failure(fn.__qualname__))
        return None

    return run


def store_notice(*, for_learner: bool, saved_again: bool = False) -> None:
    """One calm notice while the progress store is away (down, deleted or read-only), on every page;
    answers wait in the outbox meanwhile, and the child is told once when they are saved."""
    out = session.saver()
    if saved_again:
        st.success(error_words.saved_again(), icon=":material/cloud_done:")
    s = session.store()
    trouble = "down" if s is None else s.health()
    waiting = len(out.pending) if out is not None else 0
    if waiting:
        st.info(error_words.saving_paused(waiting), icon=":material/cloud_off:")
    elif trouble is not None:
        if for_learner:
            st.info(error_words.saving_paused_none(), icon=":material/cloud_off:")
        else:
            st.warning(error_words.class_list_away(), icon=":material/cloud_off:")


def page_path(name: str) -> Any:
    """A page, for st.page_link: the session's menu page of that name (``st.Page``), else its file."""
    found = session.state().menu_pages.get(name)
    return found if found is not None else os.path.join(os.path.dirname(os.path.abspath(__file__)), "views",
                                                        f"{name}.py")


def natural_width(svg: str, scale: float = 2.4) -> str:
    """A layout picture's comfortable width: small layouts stay small, big ones fit the page."""
    try:
        view = svg.split('viewBox="', 1)[1].split('"', 1)[0].split()
        return f"{float(view[2]) * scale:.0f}px"
    except (IndexError, ValueError):
        return "100%"


MIN_TILE = 56
"""Pixels: a layout's tile is never shorter than this, however narrow the screen (a phone's picture
scrolls sideways instead)."""
HAND_TILE = 44
"""Pixels: a hand tile is at least this wide (and twice as tall), easy to tap; a hand too long for
the screen wraps into rows (``static/board.js`` does it, with :func:`hand_rows`' arithmetic)."""
PAGE_PADDING = 32
"""Pixels of a narrow screen's width the page keeps around its content (Streamlit's 1rem each side)."""


def view_size(svg: str) -> tuple[float, float]:
    """A picture's viewBox width and height (0, 0 when it has none)."""
    return _view(svg)


def _view(svg: str) -> tuple[float, float]:
    try:
        view = svg.split('viewBox="', 1)[1].split('"', 1)[0].split()
        return float(view[2]), float(view[3])
    except (IndexError, ValueError):
        return 0.0, 0.0


def layout_min_size(svg: str, min_tile: int = MIN_TILE) -> tuple[int, int]:
    """The smallest size (px) a layout picture is drawn at: its tiles at least ``min_tile`` long."""
    w, h = _view(svg)
    k = min_tile / (4 * CELL)
    return round(w * k + 0.5), round(h * k + 0.5)


def layout_tile_px(svg: str, max_width: str, screen: int) -> float:
    """How long a layout's tile is on a screen ``screen`` px wide: the picture takes the page's width,
    up to ``max_width`` (``"480px"``), but never less than :func:`layout_min_size`."""
    w, _ = _view(svg)
    room = screen - PAGE_PADDING
    cap = float(max_width.removesuffix("px")) if max_width.endswith("px") else room
    shown = max(min(room, cap), layout_min_size(svg)[0])
    return 4 * CELL * shown / w


def hand_rows(count: int, screen: int) -> tuple[int, int, float]:
    """A hand of ``count`` tiles on a screen ``screen`` px wide: (tiles per row, rows, a tile's width
    in px). One row while each tile can be at least ``HAND_TILE`` wide, else as few rows as that
    needs; a tile is 2 of the 3 cells of its place in the row (the third is the gap)."""
    count = max(count, 1)
    room = min(screen - PAGE_PADDING, hand_width(count))
    slot = room / count
    if slot * 2 / 3 >= HAND_TILE:
        return count, 1, slot * 2 / 3
    per = max(1, int(room // (HAND_TILE * 1.5)))
    rows = -(-count // per)
    per = -(-count // rows)  # rows as even as they can be
    slot = min(72, room / per)
    return per, rows, slot * 2 / 3


def picture_html(svg: str, *, max_width: str = "", caption: str = "", min_tile: int = MIN_TILE) -> str:
    """A picture (with an optional caption) as HTML for st.markdown. A layout keeps its tiles at least
    ``min_tile`` px long and scrolls sideways on a narrow screen."""
    max_width = max_width or natural_width(svg)
    label = f'<div class="fives-caption" style="opacity:0.7;font-size:0.9em">{caption}</div>' if caption else ""
    if 'class="fives-layout' in svg:
        mw, mh = layout_min_size(svg, min_tile)
        fw, fh = layout_min_size(svg)
        if min_tile > MIN_TILE:  # as long as asked where there is room, else the room's width (down to MIN_TILE)
            svg = f'<div style="min-width:min({mw}px,max(100%,{fw}px));min-height:{fh}px">{svg}</div>'
        else:
            svg = f'<div style="min-width:{mw}px;min-height:{mh}px">{svg}</div>'
        scroll = f"max-width:{max_width};overflow-x:auto"  # a scrolling picture takes the keyboard's focus too
        return f'{label}<div class="fives-picture" tabindex="0" style="{scroll}">{svg}</div>'
    return f'{label}<div class="fives-picture" style="max-width:{max_width}">{svg}</div>'


def picture(svg: str, *, max_width: str = "", caption: str = "", min_tile: int = MIN_TILE) -> None:
    """Show SVG text (st.markdown keeps a bare <svg>; st.html would drop it)."""
    st.markdown(picture_html(svg, max_width=max_width, caption=caption, min_tile=min_tile), unsafe_allow_html=True)


GAP = '<div style="height:1rem"></div>'
"""Between two pictures in one element (a table's, :class:`trainer.web.markup.Sheet`): the room Streamlit leaves
between two elements."""


def pictures(*parts: str) -> None:
    """Several pictures (from :func:`picture_html`) as one element."""
    st.markdown("".join(parts), unsafe_allow_html=True)


def board(layout_svg: str, hand_svg: str | None, *, mode: BoardMode, key: str, chosen: list[str] | None = None,
          layout_width: str = "", extra: str = "", hand_width: str = "", hand_caption: str = "",
          speak: dict[str, str] | None = None, hint: str = "", layout_height: str = "",
          min_tile: int = MIN_TILE, tap: str = "", tap_session: str = "",
          on_pick: Callable[[dict[str, Any]], None] | None = None) -> None:
    """The picture in one element: clickable (``mode``) or just shown (:attr:`BoardMode.VIEW`). A click
    (``{"tile", "end"}`` or ``{"ends"}``) goes to ``on_pick`` before the run it starts (as a button's ``on_click``),
    so that run draws what the click made. ``layout_width``
    caps the layout's width (small layouts stay small); ``extra`` is another picture under the layout
    (a number line); ``speak`` adds a "Read it to me" button (:func:`spoken`); ``hint`` is the line under
    a clickable picture (each tap on a letter in ``"ends"`` mode sends the whole selection);
    ``layout_height`` caps the layout's height (a CSS length; 55vh when empty); ``min_tile`` (px) is the
    shortest a layout's tile is ever drawn. ``tap`` names the move the board is for (a table's) and
    ``tap_session`` this session: a tap sent to a session that was lost before it was kept comes back,
    in the next session showing the same move, as ``{"lost": "1"}``."""
    # only strings go to the component: Streamlit inspects any list or dict in the data for a
    # dataframe, which cost a third of a practice rerun
    speak = speak or {}
    layout_min = "{}px {}px".format(*layout_min_size(layout_svg, min_tile)) if layout_svg else ""
    first_paint(layout_svg, hand_svg, extra=extra, layout_width=layout_width, hand_width=hand_width)
    # a layout too wide for the room at ``min_tile`` shrinks to the room, down to ``MIN_TILE``
    layout_floor = "{}px {}px".format(*layout_min_size(layout_svg)) if layout_svg and min_tile > MIN_TILE else ""
    result = board_component(
        data={"layout": layout_svg, "hand": hand_svg or "", "mode": mode, "chosen": " ".join(chosen or []),
              "layout_width": layout_width, "layout_min": layout_min, "layout_floor": layout_floor,
              "hand_tile": str(HAND_TILE),
              "extra": extra, "hand_width": hand_width, **words.board_words(),
              "hand_caption": hand_caption, "hint": hint, "layout_height": layout_height,
              "speak_text": speak.get("text", ""),
              "speak_label": speak.get("label", ""), "speak_lang": speak.get("lang", "en"),
              "tap": tap, "tap_session": tap_session},
        key=key, on_pick_change=_nothing if on_pick is None else functools.partial(_picked, key, on_pick),
    )
    pick = getattr(result, "pick", None) if result is not None else None
    if pick is not None and not isinstance(pick, dict):
        # the board sends an object; anything else came from somewhere else: refused calmly, nothing is played
        st.info(words.tap_not_taken(), icon=":material/touch_app:")


def four_only_box(label: str, key: str, four: bool, place: Any = st) -> None:
    """A choice that only four players have (partners), ticked at first: at two or three players a greyed-out,
    unticked box stands in its place (``key`` + ``"_none"``), since there are no partners then."""
    if four:
        place.checkbox(label, key=key, value=True)
    else:
        place.checkbox(label, key=f"{key}_none", value=False, disabled=True)


def _nothing() -> None:
    """The callback of a board nobody taps (:attr:`BoardMode.VIEW`)."""


def _picked(key: str, on_pick: Callable[[dict[str, Any]], None]) -> None:
    """Before the run a tap on the board ``key`` starts: the tap to ``on_pick`` (a click that is not the board's
    own is left to the run, which says so)."""
    shown = st.session_state.get(key)
    pick = shown.get("pick") if isinstance(shown, dict) else None
    if isinstance(pick, dict):
        guarded(on_pick)(pick)  # as a button's click: a friendly line, never a traceback


FIRST_BOARDS = 6
"""A session's first pictures are drawn twice: as plain pictures in the page (:func:`first_paint`) and by the board."""
FIRST_PICTURE = "data:image/svg+xml;name=fives-first-{};base64,"
"""How :func:`first_paint`'s pictures are addressed: the page's CSS sizes them and hides them later."""
_VIEW = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"')


def _plain_picture(svg: str, part: str, width: str) -> str:
    """``svg`` as a Markdown image of its own size (``width``: CSS pixels, else its view's), with no text for
    a screen reader (the board says it all)."""
    view = _VIEW.search(svg)
    if not view:
        return ""
    w, h = float(view.group(1)), float(view.group(2))
    wide = float(width[:-2]) if width.endswith("px") else w * 2.4
    sized = svg.replace('width="100%"', f'width="{wide:.0f}" height="{wide * h / w:.0f}"', 1)
    return f"![]({FIRST_PICTURE.format(part)}{base64.b64encode(sized.encode()).decode()})"


def first_paint(layout_svg: str, hand_svg: str | None, *, extra: str, layout_width: str, hand_width: str) -> None:
    """The board's pictures as plain Markdown images, just above the board, so they are in the page's first
    paint with the question: the board's own script runs only once the browser has put the page together
    (a second or more on a slow phone), and Markdown with HTML in it waits for a part of Streamlit's that
    loads late too. The board hides this copy as soon as it has drawn (the page's CSS, on the board's
    ``data-fives-drawn``); the copy is only a picture (no taps, nothing for a screen reader). Only a
    session's first :data:`FIRST_BOARDS` pictures are copied: after those the board's script is in the
    browser and draws at once, and an empty element keeps the page's elements where they were."""
    here = session.state()
    here.boards += 1
    images = [_plain_picture(svg, part, width) for svg, part, width in
              ((layout_svg, "layout", layout_width), (hand_svg or "", "hand", hand_width), (extra, "extra", ""))
              if svg] if here.boards <= FIRST_BOARDS else []
    if any(images):
        st.markdown(" ".join(i for i in images if i))
    else:
        st.empty()


def both_ways(total: int) -> str:
    """A score as a child meets it: ``"15 → 3 points"``."""
    return words.both_ways(total, play_points(total))


def stage_label(stage: Stage) -> str:
    return words.stage_with_hint(STAGE_LABELS[stage], STAGE_HINTS[stage])


def spoken(text: str, label: str = "") -> dict[str, str]:
    """What the board's "Read it to me" button says (the browser's own speech, no server)."""
    return {"text": for_speech(text), "label": label or words.read_it_to_me(), "lang": words_lang.language()}


def release_keys() -> None:
    """Give the keyboard back to the page's shortcut keys (after typing in a box)."""
    here = session.state()
    here.release += 1
    release_component(data={"n": here.release}, key=f"release-{here.release}")


def fit_picture(svg: str, *, height: str) -> str:
    """A picture as HTML no taller than ``height`` (a CSS length such as ``"42vh"``) and no wider than
    the page: it keeps its shape and is centred, so a projected puzzle always fits one screen."""
    sized = svg.replace('width="100%"', 'width="100%" style="max-height:100%;height:100%"', 1)
    return (f'<div class="fives-picture" style="height:{height};display:flex;justify-content:center;'
            f'margin:0.3rem 0">{sized}</div>')


__all__ = [
    "KIND_TITLES", "STAGES", "STAGE_LABELS", "STAGE_TITLES", "board", "both_ways", "end_letters",
    "fit_picture", "picture", "release_keys", "spoken", "stage_label",
]
