"""A number line from one multiple of five to the next, for the number-skill puzzles."""

from __future__ import annotations

from trainer.render.svg import Style, _f, _style, _svg_open
from trainer.words import pictures


def render_number_line(number: int, *, reveal: bool = False, style: str | Style = "classroom",
                       width: int | None = None) -> str:
    """Draw the multiples of five around ``number`` (one below to one above), with a tick for
    every whole number. ``reveal=True`` marks ``number`` and how far it is from the two
    multiples of five beside it; otherwise only the line and its fives are drawn."""
    st = _style(style)
    down = number - number % 5
    start, stop = max(0, down - 5), down + 10
    step = 24.0
    left, base = 20.0, 50.0
    view = (0.0, 0.0, left * 2 + (stop - start) * step, 90.0)
    title, desc = pictures.number_line(number, start, stop, reveal=reveal)
    out = [_svg_open(view, width, title, desc, st, "fives-number-line")]
    x = lambda n: left + (n - start) * step  # noqa: E731
    out.append(f'<line x1="{_f(x(start))}" y1="{base}" x2="{_f(x(stop))}" y2="{base}" stroke="{st.edge}" '
               f'stroke-width="{_f(st.line * 1.5)}"/>')
    for n in range(start, stop + 1):
        five = n % 5 == 0
        h = 14 if five else 7
        out.append(f'<line x1="{_f(x(n))}" y1="{_f(base - h)}" x2="{_f(x(n))}" y2="{_f(base + h)}" '
                   f'stroke="{st.edge}" stroke-width="{_f(st.line * (1.6 if five else 0.8))}"/>')
        if five:
            out.append(f'<text x="{_f(x(n))}" y="{_f(base + 32)}" text-anchor="middle" font-size="18" '
                       f'font-weight="700" fill="{st.pip}">{n}</text>')
    if reveal:
        up = down + 5
        out.append(f'<path d="M{_f(x(down))},{base - 18} Q{_f((x(down) + x(number)) / 2)},{base - 40} '
                   f'{_f(x(number))},{base - 18}" fill="none" stroke="{st.zero}" stroke-width="{_f(st.line)}"/>')
        out.append(f'<path d="M{_f(x(number))},{base - 18} Q{_f((x(up) + x(number)) / 2)},{base - 40} '
                   f'{_f(x(up))},{base - 18}" fill="none" stroke="{st.count_fill}" stroke-width="{_f(st.line)}"/>')
    out.append(f'<circle class="number" cx="{_f(x(number))}" cy="{base}" r="9" fill="{st.letter_fill}" '
               f'stroke="{st.letter_edge}" stroke-width="{_f(st.line)}"/>')
    out.append(f'<text x="{_f(x(number))}" y="{base - 22}" text-anchor="middle" font-size="16" '
               f'font-weight="700" fill="{st.pip}">{number}</text>')
    out.append("</svg>")
    return "".join(out)
