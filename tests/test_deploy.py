"""The deployment files (``deploy/compose.yaml``, ``deploy/Dockerfile``) say what the district's layout
(:mod:`trainer.serving.district`) says: the same hosts, each service's command the layout's command for
its role, the same environment variables, the balancer's backends the app services at the app port, the
database URL pointing at the database service; the image installs HAProxy and the app and runs
``python -m trainer.serving``. Docker itself is not needed: the files are read, not run."""

from __future__ import annotations

import copy
import json
import os
import re
from urllib.parse import urlsplit

import pytest
import yaml

from trainer.serving.district import COOKIE_SECRET, District, Role

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEPLOY = os.path.join(ROOT, "deploy")


def compose() -> dict:
    with open(os.path.join(DEPLOY, "compose.yaml")) as f:
        return yaml.safe_load(f)


def dockerfile() -> str:
    with open(os.path.join(DEPLOY, "Dockerfile")) as f:
        return f.read()


def compose_problems(spec: dict, layout: District) -> list[str]:
    """Where the compose file and the layout disagree (nothing: they agree)."""
    services = spec.get("services", {})
    problems = []
    wanted = {h.name for h in layout.hosts}
    if set(services) != wanted:
        problems.append(f"services {sorted(services)} are not the layout's hosts {sorted(wanted)}")
    for host in layout.hosts:
        service = services.get(host.name)
        if service is None:
            continue
        command = layout.command(host)
        if service.get("command", []) != command:
            problems.append(f"{host.name} runs {service.get('command')}, the layout says {command}")
        env = {k: str(v) for k, v in (service.get("environment") or {}).items()}
        expected = layout.environment(host, secret="")
        if set(env) != set(expected):
            problems.append(f"{host.name}'s variables {sorted(env)} are not the layout's {sorted(expected)}")
        for name, value in expected.items():
            if name == COOKIE_SECRET:  # given when the district starts, the same to every app machine
                if not re.fullmatch(r"\$\{" + COOKIE_SECRET + r"(:\?[^}]*)?\}", env.get(name, "")):
                    problems.append(f"{host.name}'s {name} does not come from ${{{COOKIE_SECRET}}}")
            elif name in env and env[name] != value:
                problems.append(f"{host.name}'s {name} is {env[name]!r}, the layout says {value!r}")
    problems += balancer_problems(services, layout)
    return problems


def balancer_problems(services: dict, layout: District) -> list[str]:
    """The balancer's backends are the app services at the app port; it publishes the balancer's port; the
    database URL names the database service, which runs PostgreSQL 15."""
    problems = []
    balancer = services.get("balancer", {})
    command = balancer.get("command", [])
    backends = [command[i + 1] for i, arg in enumerate(command[:-1]) if arg == "--backend"]
    apps = [f"{h.name}:{layout.app_port}" for h in layout.of(Role.APP)]
    if backends != apps:
        problems.append(f"the balancer's backends {backends} are not the app services {apps}")
    published = [str(p) for p in balancer.get("ports", [])]
    if published != [f"{layout.balancer_port}:{layout.balancer_port}"]:
        problems.append(f"the balancer publishes {published}, not port {layout.balancer_port}")
    db = layout.of(Role.DATABASE)[0].name
    for app in layout.of(Role.APP):
        url = (services.get(app.name, {}).get("environment") or {}).get("FIVES_DATABASE_URL", "")
        parts = urlsplit(url)
        if (parts.hostname, parts.port) != (db, layout.db_port):
            problems.append(f"{app.name}'s database is {parts.hostname}:{parts.port}, not {db}:{layout.db_port}")
    if not str(services.get(db, {}).get("image", "")).startswith("postgres:15"):
        problems.append(f"the {db} service does not run postgres:15")
    return problems


def dockerfile_problems(text: str) -> list[str]:
    """The image: python:3.11-slim, HAProxy and the app installed, ``python -m trainer.serving`` its command."""
    lines = re.sub(r"\\\n", " ", text).splitlines()
    instructions = [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]
    problems = []
    if not any(re.fullmatch(r"FROM python:3\.11-slim", i) for i in instructions):
        problems.append("it is not built FROM python:3.11-slim")
    runs = [i for i in instructions if i.startswith("RUN ")]
    if not any(re.search(r"apt-get install\b.*\bhaproxy\b", r) for r in runs):
        problems.append("it does not install haproxy")
    if not any(re.search(r"pip install\b.*(/app|\s\.)(\s|$)", r) for r in runs):
        problems.append("it does not install the app")
    commands = [json.loads(i.split(None, 1)[1]) for i in instructions if i.split()[0] in ("CMD", "ENTRYPOINT")]
    if ["python", "-m", "trainer.serving"] not in commands:
        problems.append(f"its CMD/ENTRYPOINT is {commands}, not python -m trainer.serving")
    return problems


def test_the_compose_file_is_the_district_s_layout():
    assert compose_problems(compose(), District()) == []


def test_the_dockerfile_installs_haproxy_and_the_app_and_runs_trainer_serving():
    assert dockerfile_problems(dockerfile()) == []


def test_the_balancer_command_in_the_compose_file_runs_what_the_layout_says():
    command = compose()["services"]["balancer"]["command"]
    assert command[:4] == ["python", "-m", "trainer.serving", "balancer"]


@pytest.mark.parametrize("change", ["command", "variable", "backend", "database", "host", "secret"])
def test_a_compose_file_that_strays_from_the_layout_is_caught(change):
    spec = copy.deepcopy(compose())
    services = spec["services"]
    if change == "command":
        services["app2"]["command"] = ["python", "-m", "trainer.serving", "run"]
    elif change == "variable":
        del services["app3"]["environment"]["FIVES_BALANCER_ADDRESSES"]
    elif change == "backend":
        services["balancer"]["command"][-1] = "app3:8502"
    elif change == "database":
        services["app1"]["environment"]["FIVES_DATABASE_URL"] = "postgresql+psycopg://fives@elsewhere:5432/fives"
    elif change == "host":
        del services["app3"]
    else:
        services["app1"]["environment"][COOKIE_SECRET] = "written-in-the-file"
    assert compose_problems(spec, District()) != []


@pytest.mark.parametrize("change", [("haproxy", "curl"), ("-e /app", "-e /elsewhere"),
                                    ('CMD ["python", "-m", "trainer.serving"]', 'CMD ["python", "-m", "http.server"]'),
                                    ("python:3.11-slim", "python:3.12")])
def test_a_dockerfile_that_strays_is_caught(change):
    old, new = change
    text = dockerfile()
    assert old in text
    assert dockerfile_problems(text.replace(old, new)) != []


def test_a_layout_with_another_number_of_app_hosts_does_not_match_the_file():
    assert compose_problems(compose(), District(apps=2)) != []
