"""A child's first page load: the page asks at once for what the home page draws, an app process imports what
its pages need before it is healthy, and the balancer compresses text and keeps Streamlit's hashed bundle,
never a process's cookie or name (docs/benchmarks.md, "A child's first page load")."""

from __future__ import annotations

import gzip
import os
import re
import tempfile
import urllib.request

import pytest

from trainer.serving.index import (
    CLASS_COOKIE,
    CLASS_SCRIPT,
    HOME_FONTS,
    index_html,
    inline_script_hashes,
    preload_links,
)
from trainer.serving.serve import COOKIE, Cluster, free_port, haproxy_path
from trainer.web.runtime import warmup


def test_the_page_preloads_the_home_page_s_parts_once_each_and_its_scripts_stay_those_the_policy_allows():
    page = index_html()
    links = re.findall(r'<link rel="modulepreload" crossorigin href="\./([^"]+)">', page)
    assert len(links) == len(set(links))  # none twice, none already in Streamlit's own list
    names = {os.path.basename(f).split(".")[0] for f in links}
    # the home page's elements, named in Streamlit's build manifest: a Streamlit upgrade that renames
    # them fails here rather than quietly fetching them late again
    assert {"ButtonGroup", "Button", "TextInput", "PageLink", "Html", "BidiComponent", "rehype-raw"} <= names
    fonts = re.findall(r'<link rel="preload" href="\./static/media/([^".]+)[^"]*" as="font"', page)
    assert set(HOME_FONTS) <= set(fonts)
    assert preload_links(page) == ""  # what the page lists is never listed again
    assert len(inline_script_hashes()) == len(re.findall(r"<script>", page)) + 1  # our link page's too


def test_the_page_carries_the_kept_class_to_its_first_run_in_a_strict_session_cookie_before_it_connects():
    page = index_html()
    assert page.index(f"<script>{CLASS_SCRIPT}</script>") < page.index('<script type="module"')
    assert f"'{CLASS_COOKIE}='" in CLASS_SCRIPT and "SameSite=Strict" in CLASS_SCRIPT
    assert "path=/_stcore/stream;" in CLASS_SCRIPT  # sent with the page's connection only
    # cleared where no class is kept, else a session cookie (gone with the browser)
    assert "max-age=0" in CLASS_SCRIPT and "expires" not in CLASS_SCRIPT.lower()


def test_an_app_process_imports_what_every_page_imports():
    found = warmup.imported_by(os.path.join(warmup.HERE, "views", "practice.py"))
    assert "trainer.web.answers" in found and "streamlit" in found
    done = warmup.warm_up()
    assert {"numpy", "PIL.Image", "trainer.web.ui", "trainer.web.answers"} <= set(done)
    assert "puzzles.generate" not in done  # a name, not a module


def get(url: str, cookie: str = "", encoding: str = "gzip") -> tuple[dict[str, str], bytes]:
    headers = {"Accept-Encoding": encoding, **({"Cookie": cookie} if cookie else {})}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=20) as r:
        return {k.lower(): v for k, v in r.headers.items()}, r.read()


@pytest.mark.skipif(haproxy_path() is None, reason="HAProxy is not installed (apt-get install haproxy)")
def test_the_balancer_gzips_text_and_keeps_the_bundle_without_any_process_s_cookie_or_name(monkeypatch):
    monkeypatch.setenv("FIVES_DATABASE_URL", f"sqlite:///{tempfile.mkdtemp()}/fives.db")
    cluster = Cluster(count=1, port=free_port(), host="127.0.0.1", quiet=True)
    cluster.start()
    try:
        url = f"http://127.0.0.1:{cluster.port}"
        head, body = get(url + "/")
        assert head.get("content-encoding") == "gzip" and b"modulepreload" in gzip.decompress(body)
        cookie = head["set-cookie"].split(";", 1)[0]
        assert cookie.startswith(f"{COOKIE}=")
        script = "/" + re.search(r'src="\./(static/js/index\.[^"]+\.js)"', gzip.decompress(body).decode()).group(1)
        first, _ = get(url + script, cookie)  # from the process, kept by the balancer
        again, zipped = get(url + script, cookie)  # from the balancer's memory
        plain, raw = get(url + script, cookie, encoding="identity")
        assert "x-fives-server" in first and "x-fives-server" not in again and "set-cookie" not in again
        assert again.get("content-encoding") == "gzip" and gzip.decompress(zipped) == raw
        assert "content-encoding" not in plain and "immutable" in plain["cache-control"]
        for h in (first, again, plain):
            assert "default-src 'self'" in h["content-security-policy"] and h["x-frame-options"] == "SAMEORIGIN"
        # a browser without its cookie still reaches a process, which names itself
        fresh, _ = get(url + script)
        assert fresh["set-cookie"].startswith(f"{COOKIE}=") and "x-fives-server" in fresh
    finally:
        cluster.stop()


def test_a_settled_process_keeps_its_start_out_of_the_collector_s_sight_and_collects_less_often():
    """``warmup.settle`` (called as an app process starts): what exists then is frozen, and the thresholds are
    the rarer ones a school's load needs (in a process of its own: freezing is for the whole process)."""
    import subprocess
    import sys

    code = ("import gc; from trainer.web.runtime.warmup import COLLECT_EVERY, settle; before = gc.get_freeze_count(); "
            "settle(); print(before, gc.get_freeze_count(), gc.get_threshold() == COLLECT_EVERY)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    before, after, thresholds = out.stdout.split()
    assert int(before) == 0 and int(after) > 1000 and thresholds == "True", out.stderr
