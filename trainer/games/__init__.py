"""Real games: a learner's guided hands against computer players (:mod:`.guided`)."""
