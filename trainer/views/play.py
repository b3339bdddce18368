"""Play a hand against the computer, with hints, narration and the muggins call."""

from trainer import ui
from trainer.screens.play import show

ui.run_page(show)
