"""Projector: one big puzzle for the class; reveal the answer, then the next. Nothing is recorded."""

from trainer.screens.projector import show

show()
