"""What the pages do, below the pages: plain pytest, no Streamlit. A live lesson's answer judged beside
`Practice.answer`, a game saved only when it changed, a stale button that does nothing, a table filled
with computer players, a teacher's typed class code, the address on a learner's card."""

import pytest

from puzzles import generate
from trainer.classroom.cards import learner_link
from trainer.classroom.report import class_login
from trainer.games.guided import GameSaver, GuidedGame, Setup
from trainer.learning.practice import Practice
from trainer.learning.progress import Attempt
from trainer.rules import Play
from trainer.store.codes import new_class_code


def fake_clock(*times: float):
    ticks = iter(times)
    return lambda: next(ticks)


# ----- live answers -----

def test_a_live_answer_is_judged_and_timed_without_being_recorded():
    p = generate("open-total", stage="muggins", level=1, seed=11)
    pr = Practice(clock=fake_clock(12.34))
    sent = []
    pr.on_attempt = sent.append
    verdict, attempt = pr.judge_live(p, p.answer, started=10.0)
    assert verdict.correct and verdict.is_answer
    assert attempt == Attempt(p.kind, p.stage, p.level, True, 2.3, p.code, None)
    assert pr.progress.answered == 0 and not sent  # the store keeps it first
    pr.record_live(attempt)
    assert pr.progress.answered == 1 and pr.progress.right == 1 and not sent  # never sent twice


def test_a_wrong_live_answer_names_its_mistake_and_junk_is_no_answer():
    p = generate("open-total", stage="all-fives", level=3, seed=1)
    value, mistake, _ = next(m for m in p.mistakes if m[1] != "adding")
    pr = Practice(clock=fake_clock(5.0))
    verdict, attempt = pr.judge_live(p, int(value), started=9.0)  # a clock that went back counts 0 s
    assert not verdict.correct and attempt.mistake == verdict.mistake == mistake and attempt.seconds == 0.0
    verdict, attempt = pr.judge_live(p, "banana", started=0.0)
    assert not verdict.is_answer and attempt is None and verdict.message
    assert pr.puzzle is None and pr.verdict is None  # the practice puzzle on screen is not touched


# ----- saving a game -----

class FakeStore:
    def __init__(self):
        self.saved, self.writes, self.clears = None, 0, 0

    def save(self, record):
        self.saved, self.writes = record, self.writes + 1

    def clear(self):
        self.saved, self.clears = None, self.clears + 1


def a_move(g: GuidedGame) -> None:
    for action in g.view().legal_actions:
        if g.act(action) is None:
            return
    pytest.fail("no move")


def test_a_game_is_written_once_per_move_and_cleared_once():
    store, saver = FakeStore(), GameSaver()
    saver.sync(None, save=store.save, clear=store.clear)
    assert store.clears == 0  # nothing was ever saved: nothing to clear
    g = GuidedGame(Setup(game="muggins", seed=7))
    for _ in range(3):
        saver.sync(g, save=store.save, clear=store.clear)
    assert store.writes == 1 and store.saved == g.state()
    a_move(g)
    saver.sync(g, save=store.save, clear=store.clear)
    saver.sync(g, save=store.save, clear=store.clear)
    assert store.writes == 2 and store.saved == g.state() and g.moves
    saver.sync(None, save=store.save, clear=store.clear)
    saver.sync(None, save=store.save, clear=store.clear)
    assert store.clears == 1 and store.saved is None


def test_a_new_game_with_as_many_moves_is_still_written():
    store, saver = FakeStore(), GameSaver()
    first, second = GuidedGame(Setup(seed=1)), GuidedGame(Setup(seed=2))
    saver.sync(first, save=store.save, clear=store.clear)
    saver.sync(second, save=store.save, clear=store.clear)  # no move yet in either: told apart by id
    assert store.writes == 2 and store.saved == second.state()
    assert first.game_id != second.game_id


def test_a_game_read_from_the_store_is_not_written_back_and_a_failed_write_is_tried_again():
    g = GuidedGame(Setup(game="all-fives", seed=3))
    a_move(g)
    back = GuidedGame.replay(g.state())
    store, saver = FakeStore(), GameSaver()
    saver.mark(back)
    saver.sync(back, save=store.save, clear=store.clear)
    assert store.writes == 0

    def down(record):
        raise OSError("the store is away")

    a_move(back)
    with pytest.raises(OSError):
        saver.sync(back, save=down, clear=store.clear)
    assert saver.changed(back)
    saver.sync(back, save=store.save, clear=store.clear)
    assert store.writes == 1 and not saver.changed(back)


def test_a_button_drawn_before_a_move_does_nothing_after_it():
    g = GuidedGame(Setup(game="muggins", seed=5))
    drawn_at = g.move_number
    play = next(a for a in g.view().legal_actions if isinstance(a, Play))
    assert g.act_once(play, drawn_at) is None
    moved = (len(g.game.hands), len(g.game.hand.history))
    assert g.move_number == moved != drawn_at
    again = next((a for a in g.view().legal_actions if isinstance(a, Play)), None) if g.waiting_for_learner else None
    if again is not None:
        assert g.act_once(again, drawn_at) is None
    assert g.move_number == moved and len(g.moves) == 1


def test_a_game_for_four_fills_the_table_and_says_so():
    setup, note = Setup(game="preset:seven-toed-pete", players=2).seated()
    assert setup.players == 4 and note == "Seven-Toed Pete is for 4 players, so 3 computer players join you."
    same, none = Setup(game="muggins", players=3).seated()
    assert same == Setup(game="muggins", players=3) and none is None


# ----- the teacher's class code, the learner's card -----

def test_a_typed_class_code_is_read_in_any_case_and_spacing():
    code = new_class_code()
    for typed in (code, code.lower(), code.replace("-", " "), f"  {code.replace('-', '')} "):
        assert class_login(typed, " key ") == (code, "key")
    for junk in ("", "banana", None, 42, "ABC-DEF"):
        assert class_login(junk, "key") is None
    assert class_login(code, "   ") is None and class_login(code, None) is None


def test_the_card_link_opens_the_app_at_its_root():
    assert learner_link("http://10.0.0.5:8501/me", "KQ7M-XR4P") == "http://10.0.0.5:8501/?me=KQ7M-XR4P"
    assert learner_link("https://class.example/fives/me/?me=OLD", "KQ7M-XR4P") == \
        "https://class.example/fives/?me=KQ7M-XR4P"
    assert learner_link("http://x:8501/", "KQ7M-XR4P") == "http://x:8501/?me=KQ7M-XR4P"
    assert learner_link("", "KQ7M-XR4P") == "http://localhost:8501/?me=KQ7M-XR4P"


def test_a_saved_game_keeps_the_level_as_its_word():
    """The setup holds a BotLevel; the saved record (JSON) keeps the word, as games saved before did, and
    reads back to the same setup."""
    import json

    from trainer.bots import BotLevel

    g = GuidedGame(Setup(game="muggins", seed=4, bot_level=BotLevel.BEGINNER))
    record = json.loads(json.dumps(g.state()))
    assert record["setup"]["bot_level"] == "beginner" and type(record["setup"]["bot_level"]) is str
    back = GuidedGame.replay(record)
    assert back.setup == g.setup and back.setup.bot_level is BotLevel.BEGINNER
    old = {"setup": {"game": "muggins", "players": 2, "partners": True, "bot_level": "expert", "guidance": "where",
                     "muggins_call": False, "seed": 4}, "moves": []}
    assert GuidedGame.replay(old).setup.bot_level is BotLevel.EXPERT
    with pytest.raises(ValueError):
        GuidedGame.replay({**old, "setup": {**old["setup"], "bot_level": "grandmaster"}})
