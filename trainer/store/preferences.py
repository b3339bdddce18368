"""What a learner and a class prefer: the language they read (``"en"``, ``"es"``; ``None`` when
they have not chosen, so the page falls back to the browser's choice or the class's)."""

from __future__ import annotations

from sqlalchemy import select, update

from trainer.store import codes
from trainer.store.base import StoreBase, _calm
from trainer.store.errors import LearnerGone
from trainer.store.schema import classes, learners
from trainer.words import LANGUAGES


def _checked(language: str | None) -> str | None:
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"not a language the trainer speaks: {language!r}")
    return language


class Preferences(StoreBase):
    """The store's preferences part (see :class:`trainer.store.Store`)."""

    @_calm
    def language(self, learner_code: object) -> str | None:
        """The learner's chosen language, else their class's default, else ``None``."""
        code = codes.normalise(learner_code) if isinstance(learner_code, str) else None
        if code is None:
            return None
        with self._read() as conn:
            row = conn.execute(select(learners.c.language, classes.c.language.label("class_language"))
                               .select_from(learners.outerjoin(classes, classes.c.code == learners.c.class_code))
                               .where(learners.c.code == code)).first()
        if row is None:
            return None
        found = row.language or row.class_language
        return found if found in LANGUAGES else None

    @_calm
    def set_language(self, learner_code: str, language: str | None) -> None:
        """Remember the learner's language (``None``: follow the class's default)."""
        language = _checked(language)
        with self._tx() as conn:
            done = conn.execute(update(learners).where(learners.c.code == learner_code)
                                .values(language=language)).rowcount
        if not done:
            raise LearnerGone()

    @_calm
    def class_language(self, class_code: object) -> str | None:
        """The class's default language (``None``: none chosen)."""
        code = codes.normalise_class(class_code)
        if code is None:
            return None
        with self._read() as conn:
            found = conn.execute(select(classes.c.language).where(classes.c.code == code)).scalar()
        return found if found in LANGUAGES else None

    def _set_class_language(self, code: str, language: str | None) -> None:
        language = _checked(language)
        with self._tx() as conn:
            conn.execute(update(classes).where(classes.c.code == code).values(language=language))
