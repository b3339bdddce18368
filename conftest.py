# Page scripts run Streamlit when imported: they are tested through AppTest, not collected here.
collect_ignore_glob = ["trainer/web/views/*", "trainer/web/app.py",
                       "trainer/store/migrations/*"]  # Alembic runs the migrations itself
