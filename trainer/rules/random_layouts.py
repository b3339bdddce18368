"""Random legal layouts of any length, for tests, pictures and benchmarks."""

from __future__ import annotations

import random

from trainer.rules.board import Board
from trainer.rules.errors import IllegalPlay
from trainer.rules.layout import Layout
from trainer.rules.reasons import Reason
from trainer.rules.variants import Variant


def random_layout(variant: Variant | str, tiles: int, rng: random.Random) -> Layout:
    """A layout of ``tiles`` tiles made by random legal plays from the whole set.

    Any such sequence is a real hand (deal each player the tiles they play, in turn). If the
    plays run out before ``tiles`` (every open number used up), it starts again.
    """
    v = Variant.parse(variant)
    if not 1 <= tiles <= 28:
        raise IllegalPlay.because(Reason.LAYOUT_SIZE)
    while True:
        board = Board(v.spin_rule)
        pool = list(range(28))
        rng.shuffle(pool)
        board.lead(pool.pop())
        while len(board.tiles) < tiles:
            moves = board.moves(pool)
            if not moves:
                break
            t, p, n = moves[int(rng.random() * len(moves))]
            pool.remove(t)
            board.push(t, p, n)
        if len(board.tiles) == tiles:
            return Layout._wrap(board, v)
