"""Sign in: who is practising."""

from trainer import ui
from trainer.screens.me import show

ui.run_page(show)
