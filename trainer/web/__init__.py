"""Everything a browser sees: the entry (``app.py``, served by ``asgi.py``), the page scripts (``pages/``),
the widgets, typed page state, the language glue and the static files. The only package that imports
Streamlit; thin, with no rule logic of its own."""
