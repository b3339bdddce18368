"""My progress: how practice is going, in numbers and charts."""

from trainer import ui
from trainer.screens.my_progress import show

ui.run_page(show)
