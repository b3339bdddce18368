# Page scripts run Streamlit when imported: they are tested through AppTest, not collected here.
collect_ignore_glob = ["trainer/views/*", "trainer/app.py"]
