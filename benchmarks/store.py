"""Guessing codes against the store: how many guesses get a real check, without the rate limits
(no clients given) and with them (a session and an address, as the pages give)."""

from __future__ import annotations

import secrets
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence

from trainer.store import Store, StoreError, TooManyTries, open_store
from trainer.store.codes import new_class_code, new_learner_code

Row = tuple[str, str, str]
Guess = Callable[[Sequence[str]], object]
TARGET = 100
"""The limits should cut the guesses checked by at least this factor."""


def _guesses(store: Store) -> dict[str, Guess]:
    keys = store.create_class("Bench class")

    def join(clients: Sequence[str]) -> None:
        try:
            store.join(new_class_code(), "Blue Fox", clients=clients)
        except TooManyTries:
            raise
        except StoreError:
            pass  # no such class: the guess was checked

    return {
        "learner code": lambda clients: store.learner(new_learner_code(), clients=clients),
        "class code": join,
        "teacher key": lambda clients: store.check_teacher(keys.code, secrets.token_urlsafe(16), clients=clients),
    }


def _try(guess: Guess, seconds: float, clients: Callable[[int], Sequence[str]]) -> tuple[int, int]:
    """Guess as fast as possible for ``seconds``: (guesses checked, guesses refused)."""
    checked = refused = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        try:
            guess(clients(checked + refused))
            checked += 1
        except TooManyTries:
            refused += 1
    return checked, refused


def run(seconds: float = 10.0, free_seconds: float = 1.0) -> list[Row]:
    folder = tempfile.mkdtemp(prefix="fives-bench-")
    store = open_store(f"sqlite:///{folder}/bench.db")
    rows: list[Row] = []
    try:
        for n, (kind, guess) in enumerate(_guesses(store).items()):
            free, _ = _try(guess, free_seconds, lambda _i: ())
            rate = free / free_seconds
            checked, refused = _try(guess, seconds, lambda _i, n=n: (f"session:bench-{n}", f"address:192.0.2.{n}"))
            cut = rate / (checked / seconds)
            rows.append((f"store: {kind} guesses/s, no limit", f"{rate:,.0f}", "SQLite; every guess checked"))
            rows.append((f"store: {kind} guesses checked in {seconds:.0f} s, limited", f"{checked}",
                         f"one session and address: {checked / seconds:.2f}/s checked, {refused:,} refused; "
                         f"{cut:,.0f}× fewer, target ≥ {TARGET}×: {'met' if cut >= TARGET else 'MISSED'}"))
        learner = _guesses(store)["learner code"]
        checked, refused = _try(learner, seconds, lambda i: (f"session:fresh-{i}", "address:198.51.100.1"))
        rows.append((f"store: learner code guesses checked in {seconds:.0f} s, new session each", f"{checked}",
                     f"one address: {checked / seconds:.2f}/s checked, {refused:,} refused"))
    finally:
        store.engine.dispose()
        shutil.rmtree(folder, ignore_errors=True)
    return rows
