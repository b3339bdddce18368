"""Serving a class: several app processes behind HAProxy (``make serve``, ``python -m trainer.serving``)."""
