"""Projector: one big puzzle for the class; reveal the answer, then the next. Nothing is recorded."""

from trainer import ui
from trainer.screens.projector import show

ui.run_page(show, for_learner=False)
