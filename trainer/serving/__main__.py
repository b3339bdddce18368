"""``python -m trainer.serving``: start a class (see :mod:`trainer.serving.serve`)."""

from trainer.serving.serve import main

main()
