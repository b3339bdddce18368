"""AppTest: one way to answer a puzzle about ends (the picture's taps and the letter buttons are one
selection, checked by one button), every choice named as the picture marks it, and feedback that
names the mistake on Practice and in a live lesson."""

import re

from apptest import app

from puzzles import from_code, generate, pictures


def test_counted_ends_has_one_check_and_letters_as_the_picture_marks_them():
    p = from_code("GCKK-EWHK")  # once "End A: … · End B: … · the 3 on 0-3" (a covered place unlettered)
    at = app(code=p.code)
    pills = at.button_group(key=f"ends-{p.code}")
    letters = pictures.choice_letters(p)
    shown = " · ".join(str(o) for o in pills.options)  # as the buttons read
    for c in p.choices:
        assert f"{letters[c.value]}: {c.text}" in shown
    assert "End " not in shown
    checks = [b for b in at.button if b.label in ("Check", "Check my ends")]
    assert [b.label for b in checks] == ["Check"]
    checks[0].click().run()  # nothing chosen yet
    assert "Tap at least one letter first." in at.warning[0].value
    at.button_group(key=f"ends-{p.code}").set_value(list(p.answer)).run()
    [b for b in at.button if b.label == "Check"][0].click().run()
    assert at.success and at.success[0].value.startswith("Yes!")


def test_a_wrong_total_on_practice_names_the_mistake():
    p = generate("open-total", stage="muggins", level=1, seed=3, generator=2)  # 2-3, then 3-5 on its 3
    at = app(code=p.code)
    at.text_input(key=f"n-{p.code}").set_value("10")
    at.form_submit_button[0].click().run()
    message = at.error[0].value
    assert message.startswith("You said 10.") and "The 3 of 2-3 is covered now" in message


def test_make_five_rings_the_end_its_question_names():
    p = from_code("FN4J-D96G")  # "A tile goes on the 3 on 2-3" among 12 tiles
    named = pictures.named_ends(p)
    assert named and named[0].startswith("2-3:")
    svg, _ = pictures.puzzle_pictures(p, working=False, ringed=named)
    assert f'data-end="{named[0]}"' in svg and 'data-named="1"' in svg
    mark = re.search(rf'<g [^>]*data-end="{re.escape(named[0])}"[^>]*>(.*?)</g>', svg).group(1)
    assert 'class="named"' in mark and "<text" not in mark  # a ring with no number: nothing reads as pips
