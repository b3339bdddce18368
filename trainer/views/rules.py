"""The rules for children, with pictures drawn from real layouts."""

from trainer.screens.rules import show

show()
