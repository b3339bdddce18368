"""The benchmarks' load client keeps a websocket as a browser keeps one: it answers the server's pings and
sends none of its own (each ping of the client's would cost the server a pong that no tablet asks of it, and
the school's figures count the server's CPU)."""

from __future__ import annotations

import asyncio

from websockets.asyncio.server import serve

from benchmarks.wsclient import Session


def test_the_load_client_answers_the_server_s_pings_and_sends_none_of_its_own():
    async def main() -> tuple[int, float | None]:
        answered = 0
        done = asyncio.Event()

        async def handler(conn) -> None:
            nonlocal answered
            for _ in range(3):  # the server pings as Streamlit's does; the client answers each
                await asyncio.wait_for(await conn.ping(), 2.0)
                answered += 1
            await done.wait()

        async with serve(handler, "127.0.0.1", 0, subprotocols=["streamlit"]) as server:
            s = Session(f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}")
            await s._open(5.0)
            assert s.ws is not None
            for _ in range(100):
                if answered == 3:
                    break
                await asyncio.sleep(0.02)
            own = s.ws.ping_interval  # the client's own keepalive: a ping every so many seconds, or none
            done.set()
            await s.ws.close()
            return answered, own

    answered, own = asyncio.run(main())
    assert answered == 3
    assert own is None
