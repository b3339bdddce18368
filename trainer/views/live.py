"""Live lesson: the teacher's puzzle on a child's device."""

from trainer import ui
from trainer.screens.live import show

ui.run_page(show)
