"""Values that serialise themselves: an answer, a Sprint answer and a decision to their plain rows and
back, checked field by field (the store and the browser's copy of the outbox use the same)."""

import json
from types import SimpleNamespace

import pytest

from trainer.learning import Attempt, ReviewMode
from trainer.learning.sprint import SprintAnswer
from trainer.learning.transfer import Decision
from trainer.web.device import kept_outboxes

ANSWER = Attempt("open-total", "muggins", 2, False, 4.5, "CQT6-QX36", "missed-end", hinted=True,
                 review=ReviewMode.RETRY, origin="CQT6-QX36", at=1e9)


def test_an_answer_round_trips_and_keeps_its_stored_text():
    row = ANSWER.to_row()
    assert row["review"] == "retry" and type(row["review"]) is str
    assert json.loads(json.dumps(row)) == row
    back = Attempt.from_row(row)
    assert back == ANSWER and back.at == ANSWER.at and back.review is ReviewMode.RETRY
    bare = Attempt("open-total", "muggins", 1, True, 3.0)
    assert Attempt.from_row(bare.to_row()) == bare and Attempt.from_row(bare.to_row()).at is None
    assert Attempt.from_row(SimpleNamespace(**row, id=7, uid="u1", learner_code="X")) == ANSWER  # a database row


def test_a_review_given_as_its_text_is_the_enum():
    assert Attempt("open-total", "muggins", 1, True, 3.0, review="similar").review is ReviewMode.SIMILAR
    with pytest.raises(ValueError):
        Attempt("open-total", "muggins", 1, True, 3.0, review="again")


def answers_kept(kept: object) -> list:
    """The answers an answer outbox reads back from the browser's copy."""
    from trainer.learning.outbox import AnswerSaver

    return AnswerSaver("X", lambda: None).read_from_device(kept)


@pytest.mark.parametrize("change, words", [
    ({"kind": "riddle"}, "does not know"),
    ({"stage": "chess"}, "does not know"),
    ({"level": 4}, "does not know"),
    ({"level": True}, "level should be of type int"),
    ({"correct": 1}, "correct should be of type bool"),
    ({"seconds": "3"}, "seconds"),
    ({"review": "again"}, "review"),
    ({"code": "X" * 41}, "longer than 40"),
    ({"colour": "red"}, "no field 'colour'"),
])
def test_a_malformed_answer_says_what_is_wrong(change, words):
    with pytest.raises(ValueError, match=words):
        Attempt.from_row({**ANSWER.to_row(), **change})
    assert answers_kept([["u" * 12, {**ANSWER.to_row(), **change}]]) == []  # the browser's copy leaves it out


def test_a_missing_field_or_no_mapping_is_not_an_answer():
    row = ANSWER.to_row()
    del row["kind"]
    with pytest.raises(ValueError, match="needs its kind"):
        Attempt.from_row(row)
    for junk in (["open-total"], None):
        with pytest.raises(ValueError):
            Attempt.from_row(junk)
    assert answers_kept([["u" * 12, ["open-total"]], ["v" * 12, None]]) == []


def test_the_browsers_copy_of_the_outbox_is_read_back():
    text = json.dumps({"code": "X", "items": [["u" * 12, ANSWER.to_row()], ["v" * 12, {"kind": "nope"}]]})
    assert answers_kept(kept_outboxes(text)["items"]) == [("u" * 12, ANSWER)]


def test_a_sprint_answer_and_a_decision_round_trip():
    answer = SprintAnswer("make10:3", True, 2.5, 100.0, 4.0)
    assert SprintAnswer.from_row(answer.to_row()) == answer
    with pytest.raises(ValueError, match="correct"):
        SprintAnswer.from_row({**answer.to_row(), "correct": "yes"})
    d = Decision("g1", 5.0, "muggins", "muggins", "3-4 4-4>3-4", ("1-4", "2-3"), (("1-4>4-4", 0), ("2-3>3-4", 2)),
                 "2-3>3-4", 2, 2)
    assert Decision.from_row(d.to_row()) == d
    with pytest.raises(ValueError, match="offered"):
        Decision.from_row({**d.to_row(), "offered": "[[1]]"})


def test_every_outbox_is_kept_in_the_browser_and_read_back_field_by_field():
    """Answers, Sprint answers and moves in real games: each outbox writes its waiting items as the browser
    keeps them and reads them back, leaving out anything malformed (a reload during an outage loses none)."""
    from trainer.learning.outbox import AnswerSaver, DecisionSaver, FactSaver

    fact = SprintAnswer("make10:3", True, 2.5, 100.0, 4.0)
    move = Decision("game-7-3", 5.0, "muggins", "muggins", "3-4 4-4>3-4", ("1-4", "2-3"),
                    (("1-4>4-4", 0), ("2-3>3-4", 2)), "2-3>3-4", 2, 2)
    boxes = [(AnswerSaver("X", lambda: None, pending=[("a" * 12, ANSWER)]), ("a" * 12, ANSWER)),
             (FactSaver("X", lambda: None, pending=[("f" * 12, fact)]), ("f" * 12, fact)),
             (DecisionSaver("X", lambda: None, pending=[move]), move)]
    for box, item in boxes:
        kept = json.loads(json.dumps(box.kept_on_device()))  # through the browser's storage, as text
        assert box.read_from_device(kept + [["b" * 12, {"kind": "nope"}], "junk", ["short", {}]]) == [item]
        assert box.adopt(box.read_from_device(kept)) == []  # the same item twice is kept once
        assert len(box.pending) == 1


def test_a_move_kept_under_another_uid_is_not_read():
    from trainer.learning.outbox import DecisionSaver

    move = Decision("game-7-3", 5.0, "muggins", "muggins", "", ("1-4",), (("1-4", 0),), "1-4", 0, 0)
    box = DecisionSaver("X", lambda: None)
    assert box.read_from_device([["game-7-4", move.to_row()]]) == []
