"""A Streamlit client without a browser: it speaks the app's own websocket protocol
(``/_stcore/stream``, ``BackMsg`` up and ``ForwardMsg`` down, as protobuf), keeps the page's
elements, honours the client-side message cache, and sets widgets the way the browser does.

Loopback only: it refuses any host but 127.0.0.1 / localhost, unless a session is given private
addresses it may talk to (``allow``: the test's own network namespaces, 10.x, never a public address);
every wait is bounded. A session reconnects as a browser does (:meth:`Session.reconnect`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import websockets
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

LOOPBACK = ("127.0.0.1", "localhost")
WIDGET_TYPES = ("text_input", "button", "button_group", "selectbox", "checkbox", "radio", "number_input",
                "segmented_control", "expander")


START_WITHIN = 5.0
"""Seconds a timed fragment rerun may take to begin before it counts as dropped (:attr:`Session.dropped`)."""


def allowed(host: str, allow: tuple[str, ...] = ()) -> bool:
    """This machine, or one of ``allow`` that is a private address (a test's own network, never the
    internet)."""
    if host in LOOPBACK:
        return True
    try:
        return host in allow and ipaddress.ip_address(host).is_private
    except ValueError:
        return False


class ProtocolError(RuntimeError):
    """The server said something the client did not expect (an exception on the page, a timeout)."""


@dataclass
class Element:
    """One element of the page, as the client knows it."""

    type: str
    proto: Any
    path: tuple[int, ...]
    fragment: str = ""
    """The fragment that drew it (``st.fragment``): a change to a widget of one reruns that fragment alone."""

    @property
    def widget_id(self) -> str:
        return getattr(self.proto, "id", "")

    @property
    def label(self) -> str:
        return getattr(self.proto, "label", "")

    @property
    def text(self) -> str:
        for name in ("body", "label", "value"):
            v = getattr(self.proto, name, None)
            if isinstance(v, str) and v:
                return v
        return ""


@dataclass
class Session:
    """One browser tab's worth of state: the socket, the page's elements and the message cache."""

    url: str
    query: str = ""
    page: str = ""
    cookies: str = ""
    ws: Any = None
    elements: dict[tuple[int, ...], Element] = field(default_factory=dict)
    cache: dict[str, ForwardMsg] = field(default_factory=dict)
    query_string: str = ""
    messages: int = 0
    exceptions: list[str] = field(default_factory=list)
    widgets: dict[str, Any] = field(default_factory=dict)
    """Values this client has set, by widget id (sent with every rerun, as the browser does)."""
    page_hash: str = ""
    auto: dict[str, float] = field(default_factory=dict)
    """Fragments the page asked to rerun on a timer (``st.fragment(run_every=…)``): id → seconds."""
    headers: dict[str, str] | None = None
    """Extra request headers of the websocket's opening request."""
    runs: int = 0
    """Whole-page runs seen so far (a click's, or one a fragment asked for with ``st.rerun(scope="app")``)."""
    run_started: float = 0.0
    """When the last whole-page run began (wall clock, ``time.time()``: the server had started it by then)."""
    drawn: int = 0
    """Runs that drew the page or a part of it (a whole-page run, or a fragment's that is not only a timed one's:
    a click in the page's part, or the server waking that part), so far."""
    drawn_started: float = 0.0
    """When the last of those began (``time.time()``)."""
    part_runs: int = 0
    """Runs of a part of the page alone (a fragment's, timed ones included), so far."""
    deltas: int = 0
    """Elements and blocks received so far (deltas)."""
    repaints: int = 0
    """Elements the server sent again outside a run (a waiting child's table drawn again after a move), so far:
    each is counted in :attr:`drawn` too."""
    dropped: int = 0
    """Timed fragment reruns the server never started (:meth:`tick`): a browser's timer just fires again."""
    allow: tuple[str, ...] = ()
    """Private addresses besides this machine's that this session may talk to (:func:`allowed`)."""
    storage: dict[str, str] | None = None
    """What this browser keeps for the app's device component (``trainer/web/static/device.js``): the class
    a teacher opened, handed back when a page asks, as on a reload. ``None``: a client that keeps nothing
    and never answers (the page then stops asking)."""
    asked: str = ""
    """The device component that asked, in the last run, what this browser keeps (answered after the run)."""
    asked_in: str = ""
    """The fragment that drew it, if any (its answer reruns that fragment alone)."""

    async def connect(self, timeout: float = 30.0) -> None:
        await self._open(timeout)
        self.query_string = self.query
        await self.rerun(timeout=timeout)

    async def reconnect(self, timeout: float = 30.0) -> None:
        """What a browser does when its websocket closes: open it again with the same cookies and address
        (the balancer may now send it to another server) and run the page again with the query string it
        shows and the widget values it holds."""
        if self.ws is not None:
            try:
                await asyncio.wait_for(self.ws.close(), 2.0)
            except (OSError, TimeoutError, websockets.WebSocketException):
                pass  # already gone: that is why we are here
        self.elements.clear()
        await self._open(timeout)
        await self.rerun(timeout=timeout)

    async def _open(self, timeout: float) -> None:
        parts = urlsplit(self.url)
        if not allowed(parts.hostname or "", self.allow):
            raise ValueError("the load client only talks to this machine (127.0.0.1) or the private addresses "
                             "it is given")
        ws_url = f"ws://{parts.hostname}:{parts.port}/_stcore/stream"
        headers = {**(self.headers or {}), **({"Cookie": self.cookies} if self.cookies else {})} or None
        self.ws = await asyncio.wait_for(
            websockets.connect(ws_url, subprotocols=["streamlit"], additional_headers=headers,
                               origin=f"http://{parts.hostname}:{parts.port}",  # as a browser's page would
                               max_size=2**25, open_timeout=timeout, compression=None,
                               # a browser answers the server's pings and never sends its own: nor does this
                               # client, whose pings would cost the server a pong each (more than half of what
                               # an idle page costs it) that no tablet asks of it
                               ping_interval=None),
            timeout)
        self._keep_cookies(self.ws.response.headers.get_all("Set-Cookie"))

    def _keep_cookies(self, set_cookies: list[str]) -> None:
        """Cookies the server set (the balancer names the server it chose), kept as a browser keeps them."""
        jar = dict(c.split("=", 1) for c in self.cookies.split("; ") if "=" in c)
        for header in set_cookies:
            name, _, value = header.split(";", 1)[0].strip().partition("=")
            if name:
                jar[name] = value
        self.cookies = "; ".join(f"{k}={v}" for k, v in jar.items())

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    def _back(self, widget_states: list[tuple[str, str, Any]] | None = None, fragment_id: str = "",
              auto: bool = False) -> bytes:
        msg = BackMsg()
        cs = msg.rerun_script
        if fragment_id:
            cs.fragment_id = fragment_id
            cs.is_auto_rerun = auto
        cs.query_string = self.query_string
        cs.page_script_hash = self.page_hash
        cs.page_name = self.page
        cs.cached_message_hashes.extend(self.cache.keys())
        cs.context_info.timezone = "UTC"
        cs.context_info.locale = "en-GB"
        cs.context_info.url = self.url + (("?" + self.query_string) if self.query_string else "")
        states = dict(self.widgets)
        for wid, kind, value in widget_states or []:
            states[wid] = (kind, value)
        for wid, (kind, value) in states.items():
            w = cs.widget_states.widgets.add()
            w.id = wid
            if kind == "string_array_value":
                w.string_array_value.data.extend(value)
            else:
                setattr(w, kind, value)
        return msg.SerializeToString()

    async def rerun(self, widget_states: list[tuple[str, str, Any]] | None = None, timeout: float = 30.0,
                    fragment_id: str = "", start_within: float | None = None, auto: bool = False) -> float:
        """Send a rerun (with widget changes) and read until the script has finished; returns the
        seconds from sending to the end of the run. ``start_within``: a run not begun by then was
        dropped by the server (it may drop a timed fragment rerun that races a run ending): stop
        waiting, as a browser's timer does not wait either."""
        start = time.perf_counter()
        await self.ws.send(self._back(widget_states, fragment_id, auto))
        # triggers fire once; values stay
        for wid, kind, value in widget_states or []:
            if not kind.endswith("trigger_value"):
                self.widgets[wid] = (kind, value)
        if not await self._read_until_finished(timeout, start_within):
            self.dropped += 1
        if self.asked and self.storage is not None:  # the browser answers at once, in a run of its own
            trigger = f"$$STREAMLIT_INTERNAL_KEY_{self.asked}__events"
            payload = json.dumps([{"event": "remembered", "value": dict(self.storage)}])
            self.asked = ""
            await self.rerun([(trigger, "json_trigger_value", payload)], timeout, fragment_id=self.asked_in)
        return time.perf_counter() - start

    async def _read_until_finished(self, timeout: float, start_within: float | None = None,
                                   listening: bool = False) -> bool:
        """Read until the run finishes (``True``), or until ``start_within`` seconds pass with no run
        begun (``False``); ``listening``: an element the server draws again with no run (a repaint) is enough
        (``True``)."""
        deadline = time.monotonic() + timeout
        begin_by = None if start_within is None else time.monotonic() + start_within
        fresh_run = True
        in_run = False
        parts: set[str] = set()
        """The fragments the run in progress draws again (none: the whole page)."""
        touched: set[tuple[int, ...]] = set()
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProtocolError("the page did not finish in time")
            if begin_by is not None:
                left = min(left, begin_by - time.monotonic())
                if left <= 0:
                    return False
            try:
                raw = await asyncio.wait_for(self.ws.recv(), left)
            except TimeoutError:
                if begin_by is not None and time.monotonic() >= begin_by:
                    return False
                raise ProtocolError("the page did not finish in time") from None
            msg = ForwardMsg()
            msg.ParseFromString(raw)
            self.messages += 1
            if msg.HasField("ref_hash"):
                cached = self.cache.get(msg.ref_hash)
                if cached is None:
                    raise ProtocolError("the server referred to a message this client never had")
                meta = msg.metadata
                msg = ForwardMsg()
                msg.CopyFrom(cached)
                msg.metadata.CopyFrom(meta)
            elif msg.hash and msg.metadata.cacheable:
                self.cache[msg.hash] = msg
            kind = msg.WhichOneof("type")
            if kind == "navigation":
                self.page_hash = msg.navigation.page_script_hash  # the page on screen, sent back as the browser does
            elif kind == "new_session":
                begin_by, in_run = None, True
                parts, touched = set(msg.metadata.run.fragment_ids), set()
                if parts:
                    self.part_runs += 1
                if not parts or not parts <= set(self.auto):
                    self.drawn += 1
                    self.drawn_started = time.time()
                if not msg.metadata.run.fragment_ids:
                    self.runs += 1
                    self.run_started = time.time()
                    # every whole-page run registers its timed fragments afresh (their ids follow where the
                    # page calls them) and the server forgets the others: a stale id's reruns are ignored
                    self.auto.clear()
                if fresh_run and not msg.metadata.run.fragment_ids:
                    self.elements.clear()
                    fresh_run = False
            elif kind == "auto_rerun":
                self.auto[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
            elif kind == "page_info_changed":
                self.query_string = msg.page_info_changed.query_string
            elif kind == "delta" and not in_run:  # an element drawn again by the server, with no run (a repaint)
                self.deltas += 1
                self.repaints += 1
                self.drawn += 1
                self.drawn_started = time.time()
                self._apply(msg)
                if listening:  # this is what the server sent
                    return True
            elif kind == "delta":
                self.deltas += 1
                touched.add(tuple(msg.metadata.delta_path))
                self._apply(msg)
            elif kind == "script_finished":
                status = msg.script_finished
                if status in (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
                              ForwardMsg.FINISHED_WITH_COMPILE_ERROR):
                    if status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                        raise ProtocolError("the page did not compile")
                    if parts:  # as a browser does: what the parts drew before and did not draw again is gone
                        for path in [p for p, el in self.elements.items() if el.fragment in parts and p not in touched]:
                            del self.elements[path]
                    self._forget_gone_widgets()
                    return True

    def _forget_gone_widgets(self) -> None:
        """As a browser does once a run has ended: the values of widgets no longer on the page are not sent
        again (a puzzle's answer box goes with its puzzle)."""
        here = {el.widget_id for el in self.elements.values() if el.widget_id}
        for wid in [w for w in self.widgets if w not in here]:
            del self.widgets[wid]

    def _apply(self, msg: ForwardMsg) -> None:
        path = tuple(msg.metadata.delta_path)
        d = msg.delta
        which = d.WhichOneof("type")
        if which == "new_element":
            el = d.new_element
            t = el.WhichOneof("type")
            proto = getattr(el, t) if t else None
            self.elements[path] = Element(t or "", proto, path, d.fragment_id)
            if t == "exception":
                self.exceptions.append(proto.message)
            elif t == "bidi_component" and self.storage is not None:
                self._device(proto, d.fragment_id)
        elif which == "add_block":
            # a block's old children go when it is redrawn
            for p in [p for p in self.elements if p[: len(path)] == path and len(p) > len(path)]:
                del self.elements[p]
            block = d.add_block
            if block.WhichOneof("type") == "expandable" and block.expandable.id:  # a folded part the page tracks
                self.elements[path] = Element("expander", block.expandable, path, d.fragment_id)
            else:
                self.elements.pop(path, None)

    def _device(self, proto: Any, fragment: str = "") -> None:
        """What the app's device component asks of this browser: keep or forget the teacher's class, or say
        what it keeps (:attr:`storage`)."""
        try:
            data = json.loads(proto.json) if proto.json else {}
        except ValueError:
            return
        if not isinstance(data, dict) or self.storage is None:
            return
        if isinstance(data.get("save_teacher"), str):
            self.storage["teacher"] = data["save_teacher"]
        if data.get("forget_teacher"):
            self.storage.pop("teacher", None)
        if data.get("read"):
            self.asked, self.asked_in = proto.id, fragment

    # ----- reading the page -----

    def find(self, type_: str, *, label: str | None = None, key_part: str | None = None) -> Element | None:
        for el in sorted(self.elements.values(), key=lambda e: e.path):
            if el.type != type_:
                continue
            if label is not None and el.label != label:
                continue
            if key_part is not None and key_part not in el.widget_id:
                continue
            return el
        return None

    def texts(self) -> str:
        out = []
        for el in self.elements.values():
            if el.type in ("markdown", "alert", "heading"):
                out.append(getattr(el.proto, "body", ""))
        return "\n".join(out)

    def alerts(self) -> list[tuple[int, str]]:
        return [(el.proto.format, el.proto.body) for el in self.elements.values() if el.type == "alert"]

    def said_right(self) -> bool:
        """The page's verdict: a success message and no error message."""
        formats = {fmt for fmt, _ in self.alerts()}
        return Alert.SUCCESS in formats and Alert.ERROR not in formats

    def param(self, name: str) -> str | None:
        for part in self.query_string.split("&"):
            k, _, v = part.partition("=")
            if k == name:
                return v
        return None

    # ----- acting like a browser -----

    async def type_and_submit(self, box: Element, text: str, submit: Element, timeout: float = 30.0) -> float:
        return await self.rerun([(box.widget_id, "string_value", text), (submit.widget_id, "trigger_value", True)],
                                timeout, fragment_id=submit.fragment)

    async def tick(self, timeout: float = 30.0) -> float:
        """What the browser does when a fragment's timer fires: rerun that fragment (the page may
        then rerun as a whole)."""
        if not self.auto:
            raise ProtocolError("this page has no timed fragment")
        return await self.rerun(fragment_id=next(iter(self.auto)), timeout=timeout, start_within=START_WITHIN,
                                auto=True)

    async def listen(self, within: float, timeout: float = 60.0) -> bool:
        """Wait up to ``within`` seconds for a run the server begins by itself (a page woken because what it
        shows changed), and read it to its end, or for an element it draws again without a run; ``False`` when
        neither came. Nothing is sent."""
        if within <= 0:
            return False
        return await self._read_until_finished(within + timeout, start_within=within, listening=True)

    async def choose(self, group: Element, option: str, timeout: float = 30.0) -> float:
        """Pick an option of pills or a segmented control by its text."""
        return await self.rerun([(group.widget_id, "string_array_value", [option])], timeout,
                                fragment_id=group.fragment)

    async def unfold(self, expander: Element, timeout: float = 30.0) -> float:
        """Open a folded part of the page that is drawn only while open (``st.expander(on_change="rerun")``)."""
        return await self.rerun([(expander.widget_id, "bool_value", True)], timeout, fragment_id=expander.fragment)

    async def choose_puzzle(self, kind: str, timeout: float = 30.0) -> float:
        """On Practice, as a child does: open the folded choosers, then pick the puzzle ``kind`` by its name;
        returns the seconds of both runs."""
        took = await self.unfold(self.find("expander", key_part="p_choosers"), timeout)
        group = self.find("button_group", label="Puzzle")
        if group is None:
            raise ProtocolError("the choosers did not open")
        return took + await self.choose(group, kind, timeout)

    async def tap(self, component: Element, event: str, value: Any, timeout: float = 30.0) -> float:
        """What a browser sends when a component of the page (a board) tells ``event`` with ``value``: one run."""
        trigger = f"$$STREAMLIT_INTERNAL_KEY_{component.widget_id}__events"
        payload = json.dumps([{"event": event, "value": value}])
        return await self.rerun([(trigger, "json_trigger_value", payload)], timeout, fragment_id=component.fragment)

    async def click(self, button: Element, timeout: float = 30.0) -> float:
        return await self.rerun([(button.widget_id, "trigger_value", True)], timeout, fragment_id=button.fragment)
