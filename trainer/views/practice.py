"""Practice: one puzzle at a time, answered by typing or by tapping the picture."""

from trainer import ui
from trainer.screens.practice import show

ui.run_page(show)
