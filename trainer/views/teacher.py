"""My class: the teacher's report."""

from trainer import ui
from trainer.screens.teacher import show

ui.run_page(show, for_learner=False)
