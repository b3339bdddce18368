"""My progress: how practice is going, in numbers and charts."""

from trainer.screens.my_progress import show

show()
