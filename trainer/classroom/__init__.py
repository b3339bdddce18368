"""Classes: a teacher's report on their learners (:mod:`.report`) and the printable cards (:mod:`.cards`)."""
