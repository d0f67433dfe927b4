#!/usr/bin/env python3
"""acp-probe.py CHECKOUT PROJECT NOW PROBE [ARG...] -- runs Agent Cell Phone's
own functions (a checkout of Dadudekc/Agent_Cellphone) on PROJECT and prints
their verdict as JSON. The functions are taken from the checkout's source by
name (ast) and run with their module-level names bound to PROJECT, so none of
the project's imports (PyQt, its config, D:/ paths) is needed. NOW (ISO, UTC)
is the clock. Used by acp.sh; never by `make check`.

  stall              runner.py is_stalled(agent, 1200) and read_agent_state for
                     every agent folder (state.json or inbox)
  message AGENT TYPE listener.py main().on_message({"type": TYPE}) on AGENT's
                     state.json: the state it leaves
  updates            fsm_bridge.py process_fsm_update / handle_fsm_update on
                     every fsm_update message in the inboxes: accepted or not
  request AGENT...   fsm_bridge.py handle_fsm_request({"agents": [...]}) on a
                     copy of fsm_data/tasks: who gets which task
  tasks              fsm_orchestrator.py FSMOrchestrator.load_task for every
                     task file: state, owner, last update as it reads them
"""
import ast, contextlib, datetime as real_dt, io, json, os, shutil, sys, tempfile, time as real_time
from pathlib import Path

checkout, project, now_iso, probe, *args = sys.argv[1:]
project = Path(project).resolve()
NOW = real_dt.datetime.strptime(now_iso.rstrip("Z"), "%Y-%m-%dT%H:%M:%S")
ws = project / "agent_workspaces"


def defs(rel, names, within=None):
    """Source of the named functions (or classes) of a checkout file; within:
    the enclosing function whose nested defs are wanted."""
    tree = ast.parse(Path(checkout, rel).read_text(encoding="utf-8"))
    body = tree.body
    if within:
        body = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == within).body
    found = [n for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name in names]
    return "\n\n".join(ast.unparse(n) for n in found)


class FakeDatetime(real_dt.datetime):
    @classmethod
    def utcnow(cls):
        return cls(NOW.year, NOW.month, NOW.day, NOW.hour, NOW.minute, NOW.second)

    @classmethod
    def now(cls, tz=None):
        return cls.utcnow()


class FakeDtModule:
    datetime = FakeDatetime
    timedelta = real_dt.timedelta


class FakeTime:
    def strftime(self, fmt, *_):
        return NOW.strftime(fmt)

    def time(self):
        return NOW.replace(tzinfo=real_dt.timezone.utc).timestamp()


def agents():
    if not ws.is_dir():
        return []
    return sorted(p.name for p in ws.iterdir() if (p / "state.json").exists() or (p / "inbox").is_dir())


def run(src, env):
    g = {"json": json, "Path": Path, "os": os, "__name__": "probe"}
    g.update(env)
    exec(compile(src, "<upstream>", "exec"), g)
    return g


out = {"probe": probe}
if probe == "stall":
    g = run(defs("overnight_runner/runner.py", {"read_agent_state", "is_stalled"}),
            {"_dt": FakeDtModule, "Dict": dict, "get_owner_path": lambda: ws})
    out["agents"] = {a: {"stalled": g["is_stalled"](a, 1200, str(ws)),
                         "state": g["read_agent_state"](a, str(ws)).get("state")} for a in agents()}
elif probe == "message":
    agent, mtype = args
    scratch = Path(tempfile.mkdtemp())        # the project is read, never written
    state_path = scratch / "state.json"
    if (ws / agent / "state.json").exists():
        shutil.copy(ws / agent / "state.json", state_path)
    g = run(defs("overnight_runner/listener.py", {"load_state", "save_state", "_now", "on_message"}, within="main"),
            {"state_path": state_path, "agent": agent, "time": FakeTime(), "devlog_webhook": None,
             "router": type("R", (), {"route": lambda self, d: None})(), "_post_discord": lambda *a: None})
    with tempfile.TemporaryDirectory() as cwd, contextlib.redirect_stdout(io.StringIO()):
        old = os.getcwd(); os.chdir(cwd)       # its D:/ signal paths land in a scratch folder
        try:
            g["on_message"]({"type": mtype})
        finally:
            os.chdir(old)
    st = json.loads(state_path.read_text(encoding="utf-8"))
    shutil.rmtree(scratch)
    out["after"] = {"state": st.get("state"), "updated": st.get("updated")}
elif probe == "updates":
    g = run(defs("overnight_runner/fsm_bridge.py", {"process_fsm_update", "handle_fsm_update"}),
            {"datetime": FakeDatetime, "Dict": dict, "Any": object, "List": list,
             "_write_inbox_message": lambda agent, msg: True})
    out["messages"] = {}
    with tempfile.TemporaryDirectory() as tmp:
        g["TASKS_DIR"] = Path(tmp) / "tasks"
        g["INBOX_ROOT"] = Path(tmp) / "inbox"
        for a in agents():
            for f in sorted((ws / a / "inbox").glob("*.json")) if (ws / a / "inbox").is_dir() else []:
                m = json.loads(f.read_text(encoding="utf-8"))
                if m.get("type") != "fsm_update":
                    continue
                buf = io.StringIO()
                with contextlib.redirect_stdout(buf):
                    accepted = g["process_fsm_update"](a, m)
                    handled = g["handle_fsm_update"](m)
                out["messages"][f"{a}/{f.name}"] = {"process_fsm_update": accepted, "handle_fsm_update": handled,
                                                    "printed": buf.getvalue().strip()}
elif probe == "request":
    with tempfile.TemporaryDirectory() as tmp:
        tasks = Path(tmp) / "tasks"
        shutil.copytree(project / "fsm_data" / "tasks", tasks)
        g = run(defs("overnight_runner/fsm_bridge.py", {"handle_fsm_request"}),
                {"datetime": FakeDatetime, "Dict": dict, "Any": object, "TASKS_DIR": tasks,
                 "INBOX_ROOT": Path(tmp) / "inbox"})
        out["result"] = g["handle_fsm_request"]({"agents": args, "from": "probe"})
        out["tasks"] = {f.stem: {k: json.loads(f.read_text())[k] for k in ("state", "owner") if k in json.loads(f.read_text())}
                        for f in sorted(tasks.glob("*.json"))}
elif probe == "tasks":
    import importlib.util, logging
    logging.disable(logging.CRITICAL)
    spec = importlib.util.spec_from_file_location("fsm_orchestrator", Path(checkout, "src/core/fsm_orchestrator.py"))
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    with tempfile.TemporaryDirectory() as tmp:
        fsm_root = Path(tmp) / "fsm"
        shutil.copytree(project / "fsm_data", fsm_root)
        o = mod.FSMOrchestrator(fsm_root, Path(tmp) / "in", Path(tmp) / "out")
        out["tasks"] = {}
        for f in sorted((fsm_root / "tasks").glob("*.json")):
            t = o.load_task(f.stem)
            out["tasks"][f.stem] = None if t is None else {"state": t.state, "owner": t.owner, "last_update": t.last_update}
else:
    sys.exit(f"unknown probe {probe}")
print(json.dumps(out, indent=1, sort_keys=True))
