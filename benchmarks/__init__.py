"""Speed benchmarks: ``make bench`` (``python -m benchmarks``) prints one table."""
