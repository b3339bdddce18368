"""Practice: one puzzle at a time, answered by typing or by tapping the picture."""

from trainer.screens.practice import show

show()
