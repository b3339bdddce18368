"""One machine's part in a district (:mod:`trainer.serving.district`), each in the foreground, so a
container, a service manager or a test runs it and stops it like any other program.

- ``python -m trainer.serving app [--port P] [--host H]``: one app process (Streamlit serving
  ``trainer/web/asgi.py``), with the flags and environment :func:`trainer.serving.serve.launch_app`
  gives the processes of ``make serve``: ``FIVES_DATABASE_URL``, ``STREAMLIT_SERVER_COOKIE_SECRET`` (the
  same on every app machine) and ``FIVES_BALANCER_ADDRESSES`` (the balancer's addresses, whose
  ``X-Forwarded-For`` alone is believed) come from the environment.
- ``python -m trainer.serving balancer [--port P] [--host H] --backend HOST:PORT [--backend …]
  [--run-dir D]``: HAProxy alone, with the configuration ``make serve`` writes, its backends the app
  machines. Its runtime socket is ``D/haproxy.sock``.
- ``python -m trainer.serving state K drain|ready|maint [--run-dir D]``: on that balancer, stop sending
  new browsers to app machine K (``drain``: its browsers stay), take it out altogether (``maint``), or
  put it back (``ready``): a rolling update drains, updates and readies each machine in turn.

``PORT`` and ``HOST`` in the environment are the defaults of ``--port`` and ``--host``.
"""

from __future__ import annotations

import argparse
import enum
import os
import sys

from trainer.serving.serve import ROOT, admin, app_command, app_environment, haproxy_config, haproxy_path

RUN_DIR = "/run/fives-balancer"
"""Where the balancer keeps its configuration, error pages and runtime socket unless told otherwise."""


class ServerState(enum.Enum):
    """What the balancer may be told about one app machine (HAProxy's ``set server … state``)."""

    READY = "ready"
    DRAIN = "drain"
    MAINT = "maint"


def run_app(port: int, host: str) -> None:
    """Become the app process (``exec``: signals reach Streamlit itself); never returns."""
    os.chdir(ROOT)  # Streamlit reads .streamlit/config.toml from the folder it runs in
    command = app_command(port, host)
    os.execve(command[0], command, app_environment())


def balancer_config(port: int, host: str, backends: list[str], run_dir: str) -> str:
    """Write HAProxy's configuration (and its error pages) to ``run_dir``; returns its path."""
    os.makedirs(run_dir, mode=0o700, exist_ok=True)
    conf = os.path.join(run_dir, "haproxy.cfg")
    with open(conf, "w") as f:
        f.write(haproxy_config(host=host, port=port, backends=list(backends), run_dir=run_dir))
    return conf


def run_balancer(port: int, host: str, backends: list[str], run_dir: str) -> None:
    """Become HAProxy in front of ``backends`` (``exec``); never returns."""
    haproxy = haproxy_path()
    if haproxy is None:
        raise SystemExit("the balancer needs HAProxy: apt-get install haproxy")
    conf = balancer_config(port, host, backends, run_dir)
    os.execv(haproxy, [haproxy, "-W", "-db", "-f", conf])


def set_state(run_dir: str, index: int, state: ServerState) -> str:
    """Tell the balancer in ``run_dir`` what to do with app machine ``index``; returns HAProxy's answer
    (empty when it agreed)."""
    return admin(run_dir, f"set server app/app{index} state {state.value}").strip()


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m trainer.serving", description=__doc__.split("\n\n")[0])
    sub = top.add_subparsers(dest="role", required=True)
    for name, help_ in (("app", "one app process, in the foreground"),
                        ("balancer", "HAProxy in front of app machines, in the foreground")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8501")))
        p.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    sub.choices["balancer"].add_argument("--backend", action="append", required=True, metavar="HOST:PORT",
                                         help="an app machine (once per machine, in order: app1, app2…)")
    state = sub.add_parser("state", help="drain, ready or take out one app machine on a running balancer")
    state.add_argument("index", type=int)
    state.add_argument("state", choices=[s.value for s in ServerState])
    for p in (sub.choices["balancer"], state):
        p.add_argument("--run-dir", default=RUN_DIR)
    return top


def main(argv: list[str]) -> None:
    args = parser().parse_args(argv)
    if args.role == "app":
        run_app(args.port, args.host)
    elif args.role == "balancer":
        run_balancer(args.port, args.host, args.backend, args.run_dir)
    else:
        answer = set_state(args.run_dir, args.index, ServerState(args.state))
        if answer:
            raise SystemExit(answer)


ROLES = ("app", "balancer", "state")
"""The first words of the command line this module answers (:mod:`trainer.serving.__main__`)."""


if __name__ == "__main__":
    main(sys.argv[1:] or ["--help"])
