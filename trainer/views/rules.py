"""The rules for children, with pictures drawn from real layouts."""

from trainer import ui
from trainer.screens.rules import show

ui.run_page(show)
