"""Play a hand: the learner against computer players, with hints, narration and the muggins call."""

import functools
import json
import logging
import os
import random
from dataclasses import replace

import streamlit as st

from puzzles import pictures, responses
from trainer.bots import BotLevel
from trainer.bots.hints import letter_of, name_of
from trainer.games.guided import (
    BOT_LEVELS,
    BOT_TITLES,
    DRAW,
    GAME_SOURCES,
    GAME_TITLES,
    GUIDANCE,
    GUIDANCE_TITLES,
    LET_GO,
    MUGGINS,
    PASS,
    Claim,
    GuidedGame,
    News,
    Setup,
)
from trainer.render import render_hand, render_layout
from trainer.render.motion import Came, Motion, Pop, Slide
from trainer.render.taps import BoardMode
from trainer.rules import EventKind, HandState, MugginsCall, Phase, Play
from trainer.store import StoreError
from trainer.web import device, markup, pagestate, session, ui
from trainer.web.pagestate import PlayState
from trainer.web.score_sound import Whose, score_sound
from trainer.words import language as words_language
from trainer.words import motion as motion_words
from trainer.words import play_page as words
from trainer.words import transfer as transfer_words

GAMES = list(GAME_TITLES)
"""One entry per game: the learning rules of each stage, then the classic rule sets."""


def game_title(g: str) -> str:
    return GAME_TITLES[g]


def state() -> PlayState:
    return pagestate.play()


def current() -> GuidedGame | None:
    """The game on the table: this session's, or the signed-in learner's saved game (a reload or
    another device picks it up where it was), or a guest's game kept in this browser."""
    ps = state()
    me = session.me()
    if ps.game is not None and ps.game.told_in != words_language():
        try:
            ps.game = ps.game.retold()  # the language was switched: every line of the story in the new one
        except ValueError:  # (a game replays as it was played; were it not to, its story stays as told)
            ps.game.told_in = words_language()
    if ps.game is None and me is None and not ps.checked:
        return guest_game(ps)
    if ps.game is None and me is not None and not ps.checked:
        s = session.store()
        try:
            saved = s.game(me.code) if s is not None else None
        except StoreError:
            saved = None
            s = None
        if s is None:  # the store is away: asked again on the next run, so the game comes back with it
            ps.message = words.game_back_later()
            return None
        ps.checked = True
        if saved:
            try:
                ps.game = GuidedGame.replay(saved)
            except ValueError:
                ps.message = words.saved_game_broken()
                if s is not None:
                    s.clear_game(me.code)
                return None
            ps.saver.mark(ps.game)
    return ps.game


def guest_game(ps: PlayState) -> GuidedGame | None:
    """A guest's game kept in this browser's own storage (:func:`save_game`): a reload picks it up
    where it was, once the browser has said what it keeps."""
    known = session.state().device  # what the browser said when the page asked it (device.remembered)
    if known is None:
        return None  # not yet: the page asks it on every run until it answers
    ps.checked = True
    raw = known.get("game")
    if not isinstance(raw, str) or not raw:
        return None
    try:
        ps.game = GuidedGame.replay(json.loads(raw))
    except (ValueError, TypeError, AttributeError):
        device.keep_game(None, mark="broken")
        ps.message = words.saved_game_broken()
        return None
    ps.saver.mark(ps.game)
    ps.message = words.guest_game_back()
    return ps.game


def save_game() -> None:
    """Keep the learner's game after every move (a new game or a quit clears it): a signed-in learner's
    in the store, a guest's in this browser."""
    me, s = session.me(), session.store()
    if me is None:
        game, saver = state().game, state().saver
        gone = saver.saved[0] if saver.saved else "none"  # each write has its own key: it is sent once
        saver.sync(game, save=lambda record: device.keep_game(record, mark=f"{game.game_id}-{len(game.moves)}"
                                                              if game is not None else "none"),
                   clear=lambda: device.keep_game(None, mark=f"{gone}-gone"))
        return
    if s is None:
        return
    try:
        state().saver.sync(state().game, save=lambda record: s.save_game(me.code, record),
                           clear=lambda: s.clear_game(me.code))
    except Exception:
        if os.environ.get("FIVES_STRICT"):
            raise
        logging.getLogger("fives_trainer").exception("a game could not be saved")


def chosen() -> Setup:
    """The settings on the form; a chooser that was clicked off reads as None: its default then."""
    return Setup(
        game=st.session_state.get("g_game") or "muggins",
        players=st.session_state.get("g_players") or 2,
        partners=bool(st.session_state.get("g_partners", True)),
        bot_level=BotLevel.parse(st.session_state.get("g_bots") or BotLevel.GREEDY),
        guidance=st.session_state.get("g_guidance") or "where",
        muggins_call=bool(st.session_state.get("g_calls", False)),
    )


def kept() -> Setup:
    """The settings last played with (the defaults before the first game)."""
    return state().kept or Setup()


def start(setup: Setup | None = None) -> None:
    """A new game: with the form's settings, or ``setup``'s (a rematch), on a new deal."""
    ps = state()
    setup = chosen() if setup is None else setup
    ps.kept = setup
    seated, note = replace(setup, seed=ps.deal_seed or random.randrange(2**31)).seated()
    ps.game = GuidedGame(seated)  # a game for four: the computer players fill the table
    ps.message = note


def act(action, move: tuple[int, int] | None = None) -> None:
    """Make a move; a second tap on a button whose move has already been made does nothing."""
    g = current()
    if g is None:
        return
    state().message = g.act(action) if move is None else g.act_once(action, move)
    keep_decisions(g)  # written before the page is drawn, so a learner the store no longer knows is told at once


def tapped(pick: dict, *, move: tuple[int, int]) -> None:
    """A tap on the board drawn at ``move``, before the run it starts (which then draws the move made): a tile
    then an end, or a lead; a second tap on a board whose move has already been made does nothing."""
    g = current()
    if g is None or g.move_number != move:
        return
    if pick.get("end"):
        state().message = g.act_at(str(pick.get("tile")), str(pick["end"]))
        keep_decisions(g)
        return
    token = responses.play_from_pick(pick)
    if token:
        act(token, move)


def keep_decisions(g: GuidedGame | None) -> None:
    """The learner's decisions go to their practice (and, signed in, to the store)."""
    if g is not None:
        practice = session.practice()
        for d in g.take_decisions():
            practice.record_decision(d)


def end_game() -> None:
    """A new game or a quit: the table is cleared (and the saved game with it)."""
    keep_decisions(state().game)
    state().game = None
    state().asking_quit = False


def ask_to_quit(asking: bool) -> None:
    state().asking_quit = asking


def quit_buttons() -> None:
    """Quit this game, with a second step: one tap asks, and only "Yes, quit" ends the game."""
    if not state().asking_quit:
        st.button(words.quit_game(), on_click=ask_to_quit, args=(True,), key="g_quit")
        return
    with st.container(border=True):
        st.markdown(words.quit_sure())
        with st.container(horizontal=True):
            st.button(words.quit_yes(), type="primary", on_click=end_game, key="g_quit_yes")
            st.button(words.keep_playing(), on_click=ask_to_quit, args=(False,), key="g_quit_no")


def play_chosen() -> None:
    """The keyboard path: a tile and an end chosen from lists."""
    g = current()
    tile, end = st.session_state.get("g_tile"), st.session_state.get("g_end")
    if g is None or not tile:
        state().message = words.choose_a_tile()
        return
    lay = g.view().layout
    if lay.is_empty:
        act(tile)
        return
    letters = {v: k for k, v in ui.end_letters(lay).items()}
    if end not in letters:
        state().message = words.choose_an_end()
        return
    state().message = g.act_at(tile, letters[end])


def setup_form() -> None:
    """The game's settings, as last chosen (a new game after one keeps them)."""
    st.markdown(words.intro())
    last = kept()
    with st.form("setup", border=True):
        st.selectbox(words.game(), GAMES, key="g_game", format_func=game_title,
                     index=GAMES.index(last.game) if last.game in GAMES else 0,
                     help=" · ".join(words.game_source(GAME_TITLES[g], GAME_SOURCES[g]) for g in GAMES))
        c1, c2 = st.columns(2)
        c1.segmented_control(words.players(), [2, 3, 4], key="g_players", default=last.players, required=True)
        c2.checkbox(words.partners(), key="g_partners", value=last.partners)
        st.segmented_control(words.computer_players(), list(BOT_LEVELS), key="g_bots", default=last.bot_level,
                             required=True, format_func=lambda b: BOT_TITLES[b])
        st.radio(words.help_while_playing(), list(GUIDANCE), key="g_guidance", index=GUIDANCE.index(last.guidance),
                 format_func=lambda x: GUIDANCE_TITLES[x])
        st.checkbox(words.muggins_call(), key="g_calls", value=last.muggins_call)
        st.form_submit_button(words.start(), type="primary", on_click=start)


def scoreboard(g: GuidedGame) -> None:
    """The scores and the table; during the walkthrough and at the end, the hand that was played."""
    done = g.finished is not None or g.game.is_over
    number = g.finished_hand + 1 if g.finished is not None else len(g.game.hands)
    hand = g.game.hands[number - 1]
    with st.container(key="fives-play-scores"):  # side by side on a phone too (page.css)
        scores_and_table(g, done, number, hand)


def scores_and_table(g: GuidedGame, done: bool, number: int, hand: HandState) -> None:
    cols = st.columns(hand.n_sides + 1)
    scores = g.game.scores if done else hand.scores  # the scores so far, this hand's plays included
    for side in range(hand.n_sides):
        cols[side].metric(g.side_name(side), scores[side])
    if done:
        cols[-1].markdown(f":gray[{words.hand_over(number, g.game.target, g.rules.unit)}]", unsafe_allow_html=True)
        with cols[-1]:
            sound_switch()
        return
    others = " · ".join(words.holds(g.name(p), len(hand.hands[p])) for p in range(1, hand.n))
    cols[-1].markdown(f":gray[{words.hand_on(number, g.game.target, hand.boneyard_size, g.rules.unit)}<br>{others}]",
                      unsafe_allow_html=True)
    with cols[-1]:
        sound_switch()


def say_your_score(g: GuidedGame, message: str | None) -> None:
    """The muggins call: the learner says what their play scored, with a button for every score the
    layout's ends can make (so the buttons give nothing away)."""
    view = g.view()
    st.markdown(f"### {words.say_your_score()}")
    svg = render_layout(view.layout, motion=motion_of(g.news(), scores=False), counted=False)
    ui.picture(svg, max_width=ui.natural_width(svg, scale=LAYOUT_SCALE), min_tile=PLAY_TILE)
    if message:
        st.warning(message)
    legal = {c.points: c for c in view.legal_actions if isinstance(c, Claim)}
    every = [v for v in g.claim_choices() if v in legal]  # 0 and every score this layout's ends can make
    st.markdown(words.what_did_it_score(bool(g.points)))
    with st.container(horizontal=True):
        for v in every:
            st.button(words.no_score() if v == 0 else str(v), key=f"g_claim_{v}", on_click=act,
                      args=(legal[v], g.move_number))


def muggins_chance(g: GuidedGame, message: str | None) -> None:
    """An opponent missed a score: the learner may call Muggins!. The score stays hidden, so the child
    counts the ends; the story says it once Muggins! is called."""
    view = g.view()
    who = g.name(g.game.hand.cur)
    said = next((e.score for e in reversed(g.game.hand.history) if e.kind is EventKind.CLAIM), 0)
    st.markdown(f"### {words.call_muggins_hidden(who)}")
    missed_svg = render_layout(view.layout, motion=motion_of(g.news(), scores=False), counted=False)
    ui.picture(missed_svg, max_width=ui.natural_width(missed_svg, scale=LAYOUT_SCALE), min_tile=PLAY_TILE)
    if message:
        st.warning(message)
    st.markdown(words.muggins_count_yourself(who, said, g.rules.unit))
    with st.container(horizontal=True):  # side by side, not half a screen apart
        st.button(words.muggins(), type="primary", on_click=act, args=(MUGGINS,), key="g_muggins")
        st.button(words.let_it_go(), on_click=act, args=(LET_GO,), key="g_letgo")


def learner_turn(g: GuidedGame, message: str | None = None) -> None:
    """The learner's move; ``message`` (a tap that was not allowed) shows next to the hand."""
    view = g.view()
    calls = g.rules.muggins_call is not MugginsCall.OFF  # the learner says the score: nothing gives it away
    guidance = g.setup.guidance
    if view.phase is Phase.CLAIM:
        say_your_score(g, message)
        return
    if view.phase is Phase.MUGGINS:
        muggins_chance(g, message)
        return
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    layout_letters = ui.end_letters(view.layout)
    playable = g.playable() if guidance != "off" else None
    hand_svg = render_hand(view.hand, playable=playable, width=pictures.hand_width(len(view.hand)))
    news = g.news()
    # the ends lettered only when a tile can go on one (a draw or a pass names none)
    layout_svg = (render_layout(view.layout, letters=bool(plays), motion=motion_of(news))
                  if not view.layout.is_empty else "")
    if plays:
        mode = BoardMode.LEAD if view.layout.is_empty else BoardMode.PLAY
        ui.board(layout_svg, hand_svg, mode=mode, key=f"g_board_{len(g.game.hands)}_{len(g.game.hand.history)}",
                 layout_width=ui.natural_width(layout_svg, scale=LAYOUT_SCALE) if layout_svg else "",
                 layout_height=LAYOUT_HEIGHT if layout_svg else "", min_tile=PLAY_TILE,
                 on_pick=functools.partial(tapped, move=g.move_number))
    else:
        if layout_svg:
            ui.picture(layout_svg, max_width=ui.natural_width(layout_svg, scale=LAYOUT_SCALE), min_tile=PLAY_TILE)
        ui.picture(hand_svg, max_width=f"{pictures.hand_width(len(view.hand))}px", caption=words.your_hand())
    fresh_scores(g, news)
    if message:
        st.warning(message)  # beside the hand that was tapped, not above the screen
    if DRAW in view.legal_actions and not plays:
        st.info(words.nothing_fits_draw())
        st.button(words.draw(), type="primary", on_click=act, args=(DRAW,), key="g_draw")
        return
    if PASS in view.legal_actions and view.layout.is_empty:
        st.info(words.cannot_lead())
        st.button(words.pass_the_lead(), type="primary", on_click=act, args=(PASS,), key="g_pass")
        return
    if PASS in view.legal_actions:
        st.info(words.nothing_fits_pass())
        st.button(words.pass_(), type="primary", on_click=act, args=(PASS,), key="g_pass")
        return
    if guidance == "suggest":
        tip = g.hint()
        if tip is not None:
            reason = tip.reason
            if calls and isinstance(tip.action, Play):  # the play alone: its score is the child's to say
                reason = words.try_play(name_of(view.layout, tip.action))
            st.success(f":material/lightbulb: {reason}")
    if guidance in ("where", "suggest") and plays:
        st.markdown(words.where_tiles_go())
        with st.container(horizontal=True):
            for play, after, score in g.options():
                name = words.lead(str(play.tile)) if play.target is None else name_of(view.layout, play)
                label = name if calls else words.option(name, after.total, score, g.rules.unit)
                st.button(label, on_click=act, args=(play, g.move_number), key=f"g_opt_{play}_{g.move_number}")
    tiles, ends = [str(t) for t in view.hand], sorted(set(layout_letters.values())) or ["—"]
    ps = state()
    if ps.chosen_for != (g.key, g.move_number):  # a new move: the lists start on a move that fits
        ps.chosen_for = (g.key, g.move_number)
        first = plays[0] if plays else None
        letter = letter_of(view.layout, first) if first is not None else None
        st.session_state["g_tile"] = str(first.tile) if first is not None else tiles[0]
        st.session_state["g_end"] = letter if letter in ends else ends[0]
    with st.form("g_choose", border=False):
        c1, c2, c3 = st.columns([2, 2, 1], vertical_alignment="bottom")
        c1.selectbox(words.tile(), tiles, key="g_tile")
        c2.selectbox(words.end(), ends, key="g_end", disabled=view.layout.is_empty)
        c3.form_submit_button(words.play(), on_click=play_chosen)
    if DRAW in view.legal_actions:
        st.button(words.draw_instead(), on_click=act, args=(DRAW,), key="g_draw_free")


PLAY_TILE = 64
"""Pixels: a layout's tile on Play a hand is at least this long where the page has the room (a laptop's
tiles are then over 60 px long); a layout wider than that shrinks to the page, down to ``ui.MIN_TILE``."""
LAYOUT_SCALE = 2.4
"""A small layout's width on Play a hand: this many px per unit of its picture (a tile 115 px long)."""
LAYOUT_HEIGHT = "72vh"
"""A tall layout's height on Play a hand: most of the screen, with the hand beside it where there is room."""


def motion_of(news: News, *, scores: bool = True) -> Motion:
    """The picture's motion for the news: each tile played since the learner's last move slides in from
    the learner's hand (below) or across the table (above), in order; each score (unless ``scores`` is
    off: the learner is still to say it) pops up as its tile lands, the ends that counted lit."""
    slides = tuple(Slide(p.index, Came.BELOW if p.player == 0 else Came.ABOVE) for p in news.placed)
    pops = tuple(Pop(s.index, motion_words.pop(s.points), s.ends) for s in news.scored) if scores else ()
    return Motion(slides, pops)


def fresh_scores(g: GuidedGame, news: News) -> None:
    """Each score since the learner's last move, in words (the picture's popping number shows it for a
    moment; with motion reduced, these words alone), and its short sound when the sound is on."""
    if not news.scored:
        return
    lines = [motion_words.scored(g.name(s.player), s.points, g.rules.unit, you=s.player == 0)
             for s in news.scored]
    with st.container(key="g_scored"):
        st.markdown(f":material/stars: **{' '.join(lines)}**")
    if state().sound:
        mine = any(s.side == g.learner_side for s in news.scored)
        score_sound(news.mark, Whose.MINE if mine else Whose.THEIRS)


def sound_switch() -> None:
    """The child's one switch for the score sound (kept for the session)."""
    # the label as it is read aloud: an icon's code in it would be read out too ("material volume up")
    st.toggle(motion_words.sound(), value=state().sound, key="g_sound",
              help=motion_words.sound_help(), on_change=lambda: setattr(state(), "sound",
                                                                         bool(st.session_state.get("g_sound"))))


def walkthrough(g: GuidedGame) -> None:
    res = g.finished
    assert res is not None
    st.subheader(words.end_of_hand())
    ended = g.game.hands[g.finished_hand]
    ended_svg = render_layout(ended.layout, working=True)
    ui.picture(ended_svg, max_width=ui.natural_width(ended_svg, scale=2.0))
    for line in g.settlement_lines(res):
        st.markdown(f"- {line}")
    hand_tally(g)
    for p, tiles in enumerate(res.hands):
        if tiles:
            width = pictures.hand_width(len(tiles))
            ui.picture(render_hand(tiles, width=width), max_width=f"{width}px",
                       caption=words.tiles_left(g.name(p), mine=p == 0))
    if g.game.is_over:
        st.button(words.see_who_won(), type="primary", on_click=g.next_hand, key="g_over")
    else:
        st.button(words.next_hand(), type="primary", on_click=g.next_hand, key="g_next", shortcut="N")


def hand_tally(g: GuidedGame) -> None:
    """The scores the learner spotted this hand, and what happens to the ones missed."""
    chances = [d for d in g.this_hand if d.chance]
    if not chances:
        return
    spotted = sum(d.spotted for d in chances)
    text = transfer_words.hand_tally(spotted, len(chances))
    missed = sum(1 for d in chances if d.missed and d.puzzle() is not None)
    if missed:
        text += " " + transfer_words.missed_comes_back(missed)
    st.info(text, icon=":material/target:")


def game_over(g: GuidedGame) -> None:
    scores = g.game.scores
    winner = g.game.winner
    if winner is None:
        st.success(words.shared_win())
    elif winner == g.learner_side:
        st.balloons()
        partners = [g.name(p) for p in g.game.hand.sides[winner] if p != 0]
        st.success(f":material/emoji_events: {words.won(partners[0] if partners else None)}")
    else:
        st.info(words.won_this_time(g.side_name(winner)))
    st.markdown("\n".join(f"- {g.side_name(i)}: **{s}**" for i, s in enumerate(scores)))
    st.markdown(words.hands_played(len(g.game.results), g.game.target, g.rules.unit))
    with st.container(horizontal=True):
        st.button(words.rematch(), type="primary", on_click=start, args=(replace(g.setup, players=kept().players),),
                  key="g_rematch")
        st.button(words.new_game(), on_click=end_game, key="g_new")


def show() -> None:
    """Draw the page (on every rerun)."""
    st.title(words.title())
    g = current()
    keep_decisions(g)
    save_game()
    if g is None:
        waiting, state().message = state().message, None
        if waiting:
            st.info(waiting)  # the store is away: the saved game comes back when it answers
        setup_form()
        return
    if state().widened != g.key:
        state().widened = g.key
        ui.whole_width(g.key)
    message, state().message = state().message, None
    turn = g.finished is None and not g.game.is_over and g.waiting_for_learner
    if message and not turn:
        st.warning(message)
    scoreboard(g)
    if g.finished is not None:
        walkthrough(g)
    elif g.game.is_over:
        game_over(g)
    elif turn:
        learner_turn(g, message)
    what_happened(g)
    if not g.game.is_over:
        quit_buttons()


STORY_HEIGHT = 320
"""The height of the story's box, in px: a whole hand scrolls in it, the newest line at the top."""


def what_happened(g: GuidedGame) -> None:
    """The whole story of this hand (scrolling, newest first: the latest move is always in sight), the
    score of every hand so far, and the game log: every earlier hand's story, in the order it was played."""
    story = g.story()
    if not story and g.game.is_over:
        return
    with st.container(border=True):
        st.markdown(f"**{words.what_happened()}** :gray[{words.newest_first()}]")
        lines = "\n".join(f"- {markup.whole_tiles(line)}" for line in reversed(story)) or words.just_dealt()
        # (the latest in sight; a tile's name is never broken at its hyphen on a phone)
        with st.container(height=STORY_HEIGHT if len(story) > 8 else "content", key="g_story"):
            st.markdown(lines)
        if g.game.results:
            score_table(g)
        if g.past:
            with st.expander(words.game_log(len(g.past))):
                for number, lines_of in enumerate(g.past, start=1):
                    st.markdown(f"**{words.hand_heading(number)}**")
                    st.markdown("\n".join(f"- {markup.whole_tiles(line)}" for line in lines_of))


def score_table(g: GuidedGame) -> None:
    """Each finished hand's score for every side, and the totals."""
    sides = [g.side_name(side) for side in range(len(g.game.scores))]
    head = f"| {words.hand_column()} | " + " | ".join(sides) + " |"
    rule = "|---" * (len(sides) + 1) + "|"
    rows = [f"| {number} | " + " | ".join(str(v) for v in res.totals) + " |"
            for number, res in enumerate(g.game.results, start=1)]
    total = [sum(res.totals[i] for res in g.game.results) for i in range(len(sides))]
    rows.append(f"| **{words.total_row()}** | " + " | ".join(f"**{v}**" for v in total) + " |")
    st.markdown("\n".join([head, rule, *rows]))


ui.run_page("play", show)
