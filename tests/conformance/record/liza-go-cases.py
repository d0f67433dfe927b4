#!/usr/bin/env python3
# liza-go-cases.py — writes tests/conformance/liza-go/: the Go Liza rules as transcribed
# (each case cites its Go file and function), fixtures built per rule; the after/ files of
# verdict cases are written by build/san/liza-watch and were checked by hand against
# ops/submit_verdict.go. Run from the repository root after `make build/san/liza-watch`.
import os, shutil, json, copy
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'liza-go')
NOW = '2026-11-25T10:00:00Z'
LATER = '2026-11-25T10:30:00Z'
PAST = '2026-11-25T09:00:00Z'

# our transcription of the embedded pipeline (same data as lizago_pipeline.c)
PAIRS = [
 ("epic-planning-main-pair","epic-planner","epic-plan-reviewer","epm",2,["DRAFT_EPIC_PLAN_MAIN","EPIC_PLANNING_MAIN","EPIC_PLAN_MAIN_TO_REVIEW","REVIEWING_EPIC_PLAN_MAIN","REVIEWING_EPIC_PLAN_MAIN_2","EPIC_PLAN_MAIN_PARTIALLY_APPROVED","EPIC_PLAN_MAIN_APPROVED","EPIC_PLAN_MAIN_REJECTED",None]),
 ("epic-planning-pair","epic-planner","epic-plan-reviewer","ep",1,["DRAFT_EPIC_PLAN","EPIC_PLANNING","EPIC_PLAN_TO_REVIEW","REVIEWING_EPIC_PLAN",None,None,"EPIC_PLAN_APPROVED","EPIC_PLAN_REJECTED",None]),
 ("us-writing-pair","us-writer","us-reviewer","uw",1,["DRAFT_US","WRITING_US","US_TO_REVIEW","REVIEWING_US",None,None,"US_APPROVED","US_REJECTED",None]),
 ("code-planning-main-pair","code-planner","code-plan-reviewer","cpm",2,["DRAFT_CODING_PLAN_MAIN","CODE_PLANNING_MAIN","CODING_PLAN_MAIN_TO_REVIEW","REVIEWING_CODING_PLAN_MAIN","REVIEWING_CODING_PLAN_MAIN_2","CODING_PLAN_MAIN_PARTIALLY_APPROVED","CODING_PLAN_MAIN_APPROVED","CODING_PLAN_MAIN_REJECTED",None]),
 ("code-planning-pair","code-planner","code-plan-reviewer","cp",1,["DRAFT_CODING_PLAN","CODE_PLANNING","CODING_PLAN_TO_REVIEW","REVIEWING_CODING_PLAN",None,None,"CODING_PLAN_APPROVED","CODING_PLAN_REJECTED",None]),
 ("coding-pair","coder","code-reviewer","code",1,["DRAFT_CODE","IMPLEMENTING_CODE","CODE_TO_REVIEW","REVIEWING_CODE","REVIEWING_CODE_2","CODE_PARTIALLY_APPROVED","CODE_APPROVED","CODE_REJECTED",None]),
 ("architecture-main-pair","architect","architecture-reviewer","arm",2,["DRAFT_ARCHITECTURE_MAIN","ARCHITECTING_MAIN","ARCHITECTURE_MAIN_TO_REVIEW","REVIEWING_ARCHITECTURE_MAIN","REVIEWING_ARCHITECTURE_MAIN_2","ARCHITECTURE_MAIN_PARTIALLY_APPROVED","ARCHITECTURE_MAIN_APPROVED","ARCHITECTURE_MAIN_REJECTED",None]),
 ("architecture-pair","architect","architecture-reviewer","ar",1,["DRAFT_ARCHITECTURE","ARCHITECTING","ARCHITECTURE_TO_REVIEW","REVIEWING_ARCHITECTURE",None,None,"ARCHITECTURE_APPROVED","ARCHITECTURE_REJECTED",None]),
 ("slice-integration-pair","integration-analyst","integration-reviewer","sia",1,["DRAFT_SLICE_INTEGRATION_ANALYSIS","ANALYZING_SLICE_INTEGRATION","SLICE_INTEGRATION_ANALYSIS_TO_REVIEW","REVIEWING_SLICE_INTEGRATION_ANALYSIS",None,None,"SLICE_INTEGRATION_ANALYSIS_APPROVED","SLICE_INTEGRATION_ANALYSIS_REJECTED","SLICE_INTEGRATION_ANALYSIS_CLEAN"]),
 ("integration-pair","integration-analyst","integration-reviewer","ia",1,["DRAFT_INTEGRATION_ANALYSIS","ANALYZING_INTEGRATION","INTEGRATION_ANALYSIS_TO_REVIEW","REVIEWING_INTEGRATION_ANALYSIS",None,None,"INTEGRATION_ANALYSIS_APPROVED","INTEGRATION_ANALYSIS_REJECTED","INTEGRATION_ANALYSIS_CLEAN"]),
]
CATS = ["initial","executing","submitted","reviewing","reviewing-2","partially-approved","approved","rejected","clean"]
TYPES = {"epic-planning-main-pair":"epic-planning","epic-planning-pair":"epic-planning","us-writing-pair":"us-writing",
         "code-planning-main-pair":"planning","code-planning-pair":"planning","coding-pair":"coding",
         "architecture-main-pair":"architecture","architecture-pair":"architecture",
         "slice-integration-pair":"integration","integration-pair":"integration"}
LANE = {"initial":"ready","executing":"active","submitted":"review","reviewing":"review","reviewing-2":"review",
        "partially-approved":"review","approved":"review","rejected":"active","clean":"done"}

def scalar(v):
    if v is None: return 'null'
    if v is True: return 'true'
    if v is False: return 'false'
    if isinstance(v, int): return str(v)
    s = str(v)
    if s == '' or any(c in s for c in ':#{}[],&*!|>\'"%@`') and not s[:4].isdigit() or s.isdigit() or s in ('null','true','false','yes','no'):
        return json.dumps(s)
    return s

def emit(v, ind=0):
    pad = '  ' * ind
    out = []
    if isinstance(v, dict):
        for k, x in v.items():
            if isinstance(x, dict) and x:
                out.append(f"{pad}{k}:"); out += emit(x, ind + 1)
            elif isinstance(x, list) and x:
                out.append(f"{pad}{k}:")
                for it in x:
                    if isinstance(it, dict):
                        sub = emit(it, ind + 2)
                        out.append(f"{pad}  - " + sub[0].lstrip()); out += sub[1:]
                    else:
                        out.append(f"{pad}  - {scalar(it)}")
            elif isinstance(x, dict): out.append(f"{pad}{k}: {{}}")
            elif isinstance(x, list): out.append(f"{pad}{k}: []")
            else: out.append(f"{pad}{k}: {scalar(x)}")
    return out

def pipeline_yaml(pairs=PAIRS):
    roles = {"orchestrator": {"type": "orchestrator", "display-name": "Orchestrator"}}
    rp = {}
    for name, doer, rev, slug, q, st in pairs:
        roles[doer] = {"type": "doer", "display-name": doer}
        roles[rev] = {"type": "reviewer", "display-name": rev}
        d = {"doer": doer, "reviewer": rev, "task-slug": slug}
        if q > 1 or name == "coding-pair": d["review-policy"] = {"quorum": q}
        d["states"] = {c: s for c, s in zip(CATS, st) if s}
        rp[name] = d
    return "\n".join(["# pipeline frozen at init (the embedded default's role pairs)"] + emit({"pipeline": {"roles": roles, "role-pairs": rp}})) + "\n"

def agents_all():
    ag = {"orchestrator-1": {"role": "orchestrator", "status": "IDLE", "heartbeat": NOW, "terminal": "pts/0", "iterations_total": 0, "context_percent": 0}}
    n = 0
    for name, doer, rev, *_ in PAIRS:
        for r in (doer, rev):
            key = f"{r}-1"
            if key not in ag:
                ag[key] = {"role": r, "status": "IDLE", "heartbeat": NOW, "terminal": "pts/1", "provider": "claude", "iterations_total": 0, "context_percent": 0}
    return ag

def task_for(status, cat, pair):
    t = {"id": "t-1", "type": TYPES.get(pair, "coding"), "role_pair": pair, "description": f"a task in {status}",
         "status": status, "priority": 1, "spec_ref": "specs/vision.md", "done_when": "it works", "scope": "one thing",
         "created": PAST, "history": []}
    if cat == "executing":
        t.update({"assigned_to": "coder-1", "worktree": ".worktrees/t-1", "base_commit": "abc1234", "lease_expires": LATER, "iteration": 1})
    if cat in ("submitted", "reviewing", "reviewing-2", "partially-approved", "approved"):
        t["review_commit"] = "2" * 40
    if cat in ("reviewing", "reviewing-2"):
        t.update({"reviewing_by": "code-reviewer-1", "review_lease_expires": LATER})
    if cat in ("reviewing-2", "partially-approved"):
        t["approvals"] = [{"agent": "code-reviewer-9", "provider": "codex", "timestamp": PAST}]
    if cat == "rejected":
        t.update({"rejection_reason": "tests fail", "review_cycles_current": 1, "review_cycles_total": 1})
    if cat == "blocked":
        t.update({"blocked_reason": "spec unclear", "blocked_questions": ["which flag?"]})
    if cat == "superseded":
        t.update({"rescope_reason": "split", "superseded_by": ["t-2"]})
    return t

def state(tasks, agents=None, config=None, extra=None, sprint=None):
    s = {"version": 1, "pipeline_version": 1,
         "goal": {"id": "goal-1", "description": "Build hello", "spec_ref": "specs/vision.md", "created": PAST, "status": "IN_PROGRESS", "alignment_history": []},
         "tasks": tasks, "agents": agents if agents is not None else agents_all(),
         "discovered": [], "human_notes": [], "spec_changes": [], "anomalies": [],
         "sprint": sprint or {"id": "sprint-1", "goal_ref": "goal-1", "scope": {"planned": [t["id"] for t in tasks]}, "timeline": {"started": PAST}, "status": "IN_PROGRESS"},
         "circuit_breaker": {"last_check": PAST, "status": "OK", "history": []},
         "config": {"max_coder_iterations": 10, "max_review_cycles": 5, "heartbeat_interval": 60, "lease_duration": 1800, "integration_branch": "integration", "mode": "RUNNING"}}
    if config: s["config"].update(config)
    if extra: s.update(extra)
    return "\n".join(emit(s)) + "\n"

count = {}
def case(name, kind, st, source, upstream, expect, pipeline=True, after=None, files=None, worktrees=(), log_ts="2026-11-25T09:59:00Z"):
    d = os.path.join(ROOT, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d + "/project/.liza")
    open(d + "/project/.liza/state.yaml", "w").write(st)
    open(d + "/project/.liza/log.yaml", "w").write(f"- timestamp: {log_ts}\n  agent: orchestrator-1\n  action: sprint_started\n  detail: go\n")
    if pipeline:
        open(d + "/project/.liza/pipeline.yaml", "w").write(pipeline if isinstance(pipeline, str) else pipeline_yaml())
    for w in worktrees:
        os.makedirs(f"{d}/project/{w}", exist_ok=True); open(f"{d}/project/{w}/.keep", "w").close()
    for rel, text in (files or {}).items():
        open(f"{d}/project/{rel}", "w").write(text)
    open(d + "/source", "w").write(source.strip() + "\n")
    open(d + "/upstream", "w").write(upstream.strip() + "\n")
    open(d + "/expect", "w").write(f"now {NOW}\n" + expect.strip() + "\n")
    count[kind] = count.get(kind, 0) + 1
    return d

SRC_STATUS = """liza-mas/liza internal/embedded/pipeline.yaml (role-pairs.{pair}.states.{cat});
internal/statevalidate/validate_task.go validateTaskStates + validateStatusFields;
internal/models/task.go TaskStatus.IsPipelineValid"""

# ---- every status of the embedded pipeline ----
for name, doer, rev, slug, q, sts in PAIRS:
    for cat, status in zip(CATS, sts):
        if not status: continue
        t = task_for(status, cat, name)
        wts = [".worktrees/t-1"] if cat == "executing" else []
        exp = [f"check 0", "no-alert invalid_state", "quiet WARN", "run 0 status", f"output 1 {LANE[cat]}"]
        case(f"status-{status.lower().replace('_','-')}", "status", state([t]),
             SRC_STATUS.format(pair=name, cat=cat),
             f"statevalidate.ValidateState returns nil: {status} is the {cat} state of {name}; no watch check fires",
             "\n".join(exp), worktrees=wts)

shared = [("MERGED","merged","done",0,None),("BLOCKED","blocked","blocked",2,"WARN blocked t-1"),("ABANDONED","abandoned","done",0,None),
          ("SUPERSEDED","superseded","done",0,None),("INTEGRATION_FAILED","integration-failed","active",2,"CRIT integration_failed t-1"),
          ("DRAFT","draft","backlog",0,None)]
for status, cat, lane, rc, al in shared:
    t = task_for(status, cat, "coding-pair")
    if status == "DRAFT": t["created"] = "2026-11-25T09:45:00Z"
    exp = [f"check {rc}", "no-alert invalid_state", "run %d status" % 0, f"output 1 {lane}"]
    if al: exp.insert(1, "alert " + al)
    if status == "BLOCKED": exp.insert(1, "alert CRIT sprint_stalled sprint-1   # the only planned task is blocked")
    case(f"status-{status.lower().replace('_','-')}", "status", state([t]),
         "liza-mas/liza internal/models/task.go TaskStatus.IsValid / IsTerminal (universal statuses); internal/commands/watch.go checkBlockedTasks, checkIntegrationFailures",
         f"valid status {status}" + (f"; watch raises {al.split()[0]} {al.split()[1]}" if al else "; no alert"), "\n".join(exp))

t = task_for("CODE_READY_FOR_REVIEW", "submitted", "coding-pair")
case("status-code-ready-for-review-legacy", "status", state([t]),
     "liza-mas/liza internal/models/task.go TaskStatusLegacyReadyForReview, IsReadyForReviewStatus",
     "valid: the legacy name of the coding pair's submitted status", "check 0\nno-alert invalid_state\nrun 0 status\noutput 1 review")
t = task_for("WAITING_FOR_GODOT", "x", "coding-pair")
case("status-unknown", "status", state([t]),
     "liza-mas/liza internal/statevalidate/validate_task.go validateTaskStates",
     "unknown task status 'WAITING_FOR_GODOT' for task t-1", "check 2\nalert CRIT invalid_state t-1\nrun 0 status\noutput 1 blocked")

# a project's own pipeline: a status it declares, one only the default declares
own = [("review-pair","coder","code-reviewer","rv",3,["TODO","DOING","DONE_WAITING","LOOKING","LOOKING_2","HALF_OK","OK","NOT_OK",None])]
pipe = pipeline_yaml(own)
t = task_for("LOOKING", "reviewing", "review-pair")
case("pipeline-project-own-status", "status", state([t]),
     "liza-mas/liza internal/pipeline/config.go LoadFrozen (.liza/pipeline.yaml); internal/statevalidate/validate.go ValidateState (resolver from the frozen config)",
     "valid: LOOKING is review-pair's reviewing state in the frozen pipeline", "check 0\nno-alert invalid_state\nrun 0 status\noutput 1 review", pipeline=pipe)
t = task_for("REVIEWING_EPIC_PLAN", "reviewing", "review-pair")
case("pipeline-project-lacks-status", "status", state([t]),
     "liza-mas/liza internal/statevalidate/validate_task.go validateTaskStates (IsValid || IsPipelineValid(resolver.AllDeclaredStates()))",
     "unknown task status 'REVIEWING_EPIC_PLAN' for task t-1 (not on the fixed list, not declared by the frozen pipeline)",
     "check 2\nalert CRIT invalid_state t-1", pipeline=pipe)
t = task_for("REVIEWING_CODE", "reviewing", "coding-pair")
case("pipeline-missing", "invariant", state([t]),
     "liza-mas/liza internal/statevalidate/validate.go ValidateState -> pipeline.LoadFrozen (ErrConfigNotFound is an error)",
     "pipeline config not found at .liza/pipeline.yaml", "check 2\nalert CRIT invalid_state pipeline", pipeline=False)

# ---- invariants ----
SRC_INV = "liza-mas/liza internal/statevalidate/validate_task.go {fn}"
def inv(name, fn, msg, mutate, status="REVIEWING_CODE", cat="reviewing", subject="t-1", wts=(), extra=None, agents=None, tasks=None):
    t = task_for(status, cat, "coding-pair")
    mutate(t)
    ts = tasks if tasks else [t]
    case(f"invariant-{name}", "invariant", state(ts, extra=extra, agents=agents),
         SRC_INV.format(fn=fn) if not fn.startswith("liza-mas") else fn, msg,
         f"check 2\nalert CRIT invalid_state {subject}", worktrees=wts)

inv("initial-assigned", "validateStatusFields", "DRAFT_CODE task with assigned_to: t-1", lambda t: t.update(assigned_to="coder-1"), "DRAFT_CODE", "initial")
for f in ("assigned_to", "worktree", "base_commit", "lease_expires"):
    def m(t, f=f): del t[f]
    inv(f"executing-no-{f.replace('_','-')}", "validateStatusFields", f"IMPLEMENTING_CODE task without {f}: t-1", m, "IMPLEMENTING_CODE", "executing", wts=[".worktrees/t-1"])
inv("executing-worktree-missing", "validateTaskInvariants", "IMPLEMENTING_CODE task t-1 has worktree=.worktrees/t-1 but directory does not exist", lambda t: None, "IMPLEMENTING_CODE", "executing")
inv("submitted-no-review-commit", "validateStatusFields", "CODE_TO_REVIEW task without review_commit: t-1", lambda t: t.pop("review_commit"), "CODE_TO_REVIEW", "submitted")
for f in ("reviewing_by", "review_lease_expires", "review_commit"):
    def m(t, f=f): del t[f]
    inv(f"reviewing-no-{f.replace('_','-')}", "validateStatusFields", f"REVIEWING_CODE task without {f}: t-1", m)
inv("reviewing2-no-reviewing-by", "validateStatusFields (reviewing-2 classified as reviewing)", "REVIEWING_CODE_2 task without reviewing_by: t-1", lambda t: t.pop("reviewing_by"), "REVIEWING_CODE_2", "reviewing-2")
inv("approved-no-review-commit", "validateStatusFields", "CODE_APPROVED task without review_commit: t-1", lambda t: t.pop("review_commit"), "CODE_APPROVED", "approved")
inv("stale-integration-failure", "validateStatusFields / disallowsIntegrationFailure", "CODE_APPROVED task has stale integration_failure outside integration recovery: t-1", lambda t: t.update(integration_failure={"reason": "conflict"}), "CODE_APPROVED", "approved")
inv("merged-worktree", "validateStatusFields", "MERGED task still has worktree: t-1", lambda t: t.update(worktree=".worktrees/t-1"), "MERGED", "merged")
inv("blocked-no-reason", "validateStatusFields", "BLOCKED task without blocked_reason: t-1", lambda t: t.pop("blocked_reason"), "BLOCKED", "blocked")
inv("blocked-no-questions", "validateStatusFields", "BLOCKED task without blocked_questions: t-1", lambda t: t.pop("blocked_questions"), "BLOCKED", "blocked")
inv("rejected-no-reason", "validateStatusFields (sc.IsRejected)", "CODE_REJECTED task without rejection_reason: t-1", lambda t: t.pop("rejection_reason"), "CODE_REJECTED", "rejected")
inv("superseded-no-rescope", "validateStatusFields", "SUPERSEDED task without rescope_reason: t-1", lambda t: t.pop("rescope_reason"), "SUPERSEDED", "superseded")
inv("no-done-when", "validateTaskInvariants (requiresCompletionFields)", "non-DRAFT task missing done_when: t-1", lambda t: t.pop("done_when"))
inv("no-spec-ref", "validateTaskInvariants (requiresCompletionFields)", "non-DRAFT task missing spec_ref: t-1", lambda t: t.pop("spec_ref"))
inv("integration-fix-history", "validateTaskInvariants", "task t-1 has integration_fix:true but no INTEGRATION_FAILED event in history", lambda t: t.update(integration_fix=True))
inv("failed-by-duplicate", "validateTaskInvariants", "task t-1 has duplicate agent IDs in failed_by", lambda t: t.update(failed_by=["coder-1", "coder-1"]))
inv("parent-missing", "validateTaskInvariants", "task t-1 has parent_task referencing non-existent task 'cp-9'", lambda t: t.update(parent_task="cp-9"))
inv("attempt-range", "validateTaskInvariants", "task t-1 has invalid attempt value 3", lambda t: t.update(attempt=3))
inv("attempt2-iteration", "validateTaskInvariants", "task t-1 at attempt 2 in initial status has non-zero iteration 4", lambda t: t.update(attempt=2, iteration=4), "DRAFT_CODE", "initial")
inv("attempt2-review-cycles", "validateTaskInvariants", "task t-1 at attempt 2 in initial status has non-zero review_cycles_current 2", lambda t: t.update(attempt=2, review_cycles_current=2), "DRAFT_CODE", "initial")
inv("unknown-type", "validateTaskStates", "unknown task type 'poetry' for task t-1", lambda t: t.update(type="poetry"))
inv("role-pair-missing", "validateTaskStates", "task t-1 missing role_pair (required for pipeline-configured goals)", lambda t: t.pop("role_pair"))
inv("role-pair-unknown", "validateTaskStates", "task t-1 has invalid role_pair \"dance-pair\"", lambda t: t.update(role_pair="dance-pair"))
t1 = task_for("IMPLEMENTING_CODE", "executing", "coding-pair"); t2 = copy.deepcopy(t1); t2["id"] = "t-2"; t2["worktree"] = ".worktrees/t-2"
inv("single-assignment", "validateTaskInvariants (duplicate assignments)", "agent coder-1 assigned to multiple active tasks simultaneously: [t-1 t-2]", lambda t: None, subject="coder-1", tasks=[t1, t2], wts=[".worktrees/t-1", ".worktrees/t-2"])
t1 = task_for("REVIEWING_CODE", "reviewing", "coding-pair"); t2 = copy.deepcopy(t1)
inv("unique-ids", "liza-mas/liza internal/statevalidate/validate.go validateUniqueTaskIDs", "duplicate task ID \"t-1\" at tasks[0] and tasks[1]", lambda t: None, tasks=[t1, t2])
tt = task_for("REVIEWING_CODE", "reviewing", "coding-pair")
case("invariant-required-config", "invariant", state([tt], config={"integration_branch": None}),
     "liza-mas/liza internal/statevalidate/validate_task.go validateRequiredFields", "missing required field 'config'", "check 2\nalert CRIT invalid_state state")
QV = {"id": "qv-1", "task_id": "t-1", "review_commit": "2" * 40, "reviewer_id": "code-reviewer-2", "verdict": "REJECTED", "reason": "fenced reviewer",
      "timestamp": PAST, "generation_fingerprints": ["a" * 64], "matched": False}
def qv(name, change, msg):
    q = dict(QV); q.update(change)
    q = {k: v for k, v in q.items() if v is not None}
    case(f"invariant-quarantined-{name}", "invariant", state([task_for("REVIEWING_CODE", "reviewing", "coding-pair")], extra={"quarantined_verdicts": [q]}),
         "liza-mas/liza internal/statevalidate/validate_quarantined_verdict.go ValidateQuarantinedVerdicts", msg,
         "check 2\nalert CRIT invalid_state quarantined_verdicts[0]")
qv("bad-verdict", {"verdict": "MAYBE"}, "quarantined_verdicts[0] has an invalid verdict")
qv("short-commit", {"review_commit": "abc123"}, "quarantined_verdicts[0] requires an existing task, reviewer, timestamp and full review commit")
qv("no-fingerprint", {"generation_fingerprints": []}, "quarantined_verdicts[0] requires generation fingerprints")
qv("empty-reject-reason", {"reason": " "}, "quarantined_verdicts[0] requires a bounded UTF-8 reason (nonempty for rejection)")
qv("bad-reconciliation", {"reconciliations": [{"actor": "orchestrator-1", "timestamp": PAST, "disposition": "shrugged", "reason": "meh"}]},
   "quarantined_verdicts[0].reconciliations[0] requires actor, chronological timestamp, supported disposition and bounded nonempty UTF-8 reason")
q = dict(QV)
case("invariant-quarantined-valid", "invariant", state([task_for("REVIEWING_CODE", "reviewing", "coding-pair")], extra={"quarantined_verdicts": [q]}),
     "liza-mas/liza internal/statevalidate/validate_quarantined_verdict.go ValidateQuarantinedVerdicts; internal/models/quarantined_verdict.go",
     "valid: evidence kept without authority (never counts toward quorum)", "check 0\nno-alert invalid_state")

# ---- anomaly checks (watch.go) ----
W = "liza-mas/liza internal/commands/watch.go {fn}"
def an(name, fn, upstream, expect, tasks, agents=None, config=None, extra=None, files=None, sprint=None, wts=(), log_ts="2026-11-25T09:59:00Z"):
    case(f"anomaly-{name}", "anomaly", state(tasks, agents=agents, config=config, extra=extra, sprint=sprint),
         W.format(fn=fn) if not fn.startswith("liza-mas") else fn, upstream, expect, files=files, worktrees=wts, log_ts=log_ts)
def T(status, cat, **kw):
    t = task_for(status, cat, "coding-pair"); t.update(kw); return t
ag = agents_all(); ag["coder-1"].update(status="WORKING", current_task="t-1", lease_expires="2026-11-25T09:57:00Z")
an("lease-expired", "checkExpiredLeases (models.LeaseExpiryGracePeriod 120s)", "⚠️ LEASE EXPIRED: coder-1 on t-1",
   "check 1\nalert WARN lease_expired coder-1", [T("IMPLEMENTING_CODE", "executing", lease_expires="2026-11-25T09:57:00Z")], agents=ag, wts=[".worktrees/t-1"])
ag = agents_all(); ag["coder-1"].update(status="WORKING", current_task="t-1", lease_expires="2026-11-25T09:58:30Z")
an("lease-within-grace", "checkExpiredLeases (LeaseExpiresBefore(now-120s) only)", "no alert: expired 90 s ago, inside the 120 s grace",
   "check 0\nno-alert lease_expired", [T("IMPLEMENTING_CODE", "executing", lease_expires="2026-11-25T09:58:30Z")], agents=ag, wts=[".worktrees/t-1"])
an("review-lease-expired", "checkExpiredLeases (reviewing task, review_lease_expires + grace)", "⚠️ REVIEW LEASE EXPIRED: code-reviewer-1 on t-1 — review can be reclaimed",
   "check 1\nalert WARN review_lease_expired t-1", [T("REVIEWING_CODE", "reviewing", review_lease_expires="2026-11-25T09:50:00Z")])
an("blocked", "checkBlockedTasks", "⚠️ BLOCKED: t-1 — spec unclear", "check 1\nalert WARN blocked t-1", [T("BLOCKED", "blocked"), dict(T("REVIEWING_CODE", "reviewing"), id="t-2")])
rca = {"threshold": 3, "rejection_count": 3, "gated_at": PAST}
an("blocked-rca-gate", "checkBlockedTasks; internal/ops/rejection_rca.go requireOpenRejectionRCAGate (gate open on a BLOCKED task)",
   "⚠️ BLOCKED: t-1 — rejected 3 times (the rejection-RCA gate is open until the orchestrator records an RCA)",
   "check 1\nalert WARN blocked t-1\nno-alert invalid_state", [T("BLOCKED", "blocked", blocked_reason="rejected 3 times", rejection_rca=rca), dict(T("REVIEWING_CODE", "reviewing"), id="t-2")])
ag = agents_all(); ag.pop("coder-1")
an("orphaned-rejected", "checkOrphanedRejected (OrphanedGracePeriod 30s)", "🚨 ORPHANED REJECTED: t-1 — assigned to coder-1 but agent is MISSING (orphaned 30s+)",
   "check 2\nalert CRIT orphaned_rejected t-1", [T("CODE_REJECTED", "rejected", assigned_to="coder-1", history=[{"time": "2026-11-25T09:58:00Z", "event": "rejected", "agent": "code-reviewer-1", "reason": "tests fail"}])], agents=ag)
ag = agents_all(); ag["coder-1"].update(status="WORKING", current_task="t-1")
an("rejected-owner-working", "checkOrphanedRejected (WORKING owner clears it)", "no alert",
   "no-alert orphaned_rejected", [T("CODE_REJECTED", "rejected", assigned_to="coder-1")], agents=ag)
an("review-loop", "checkReviewLoops (review_cycles_current >= 5)", "🚨 REVIEW LOOP: t-1 — 5 cycles (at cliff)",
   "check 2\nalert CRIT review_loop t-1", [T("CODE_REJECTED", "rejected", review_cycles_current=5, review_cycles_total=5)])
an("review-cycles-warning", "checkApproachingLimits (3 <= cycles < 5)", "⚠️ APPROACHING LIMIT: t-1 — attempt 1, review cycle 3/5",
   "check 1\nalert WARN review_cycles_warning t-1", [T("CODE_REJECTED", "rejected", review_cycles_current=3, review_cycles_total=3)])
an("iterations-warning", "checkApproachingLimits (IMPLEMENTING_CODE, 8 <= iteration < 10)", "⚠️ APPROACHING LIMIT: t-1 — attempt 1, iteration 8/10",
   "check 1\nalert WARN iterations_warning t-1", [T("IMPLEMENTING_CODE", "executing", iteration=8)], wts=[".worktrees/t-1"])
an("iterations-at-cliff-quiet", "checkApproachingLimits (warns below the cliff only; the cliff escalates in submit_verdict)", "no alert at iteration 10",
   "no-alert iterations_warning", [T("IMPLEMENTING_CODE", "executing", iteration=10)], wts=[".worktrees/t-1"])
an("iterations-not-executing", "checkApproachingLimits (only the executing status)", "no alert: iteration 9 on a task under review",
   "no-alert iterations_warning", [T("REVIEWING_CODE", "reviewing", iteration=9)])
an("integration-failed", "checkIntegrationFailures", "🚨 INTEGRATION FAILED: t-1", "check 2\nalert CRIT integration_failed t-1", [T("INTEGRATION_FAILED", "integration-failed")])
an("hypothesis-exhaustion", "checkHypothesisExhaustion (len(failed_by) >= 2)", "🚨 HYPOTHESIS EXHAUSTION: t-1 — requires rescope",
   "check 2\nalert CRIT hypothesis_exhaustion t-1", [T("BLOCKED", "blocked", failed_by=["coder-1", "coder-2"])])
an("final-attempt", "checkReassigned (EffectiveAttempt() == 2)", "⚠️ ATTEMPT: t-1 — attempt 2 (final attempt)",
   "check 1\nalert WARN final_attempt t-1", [T("REVIEWING_CODE", "reviewing", attempt=2)])
an("stale-sentinel", "checkStaleSentinels (StaleSentinelThreshold 2 min)", "🚨 STALE SENTINEL: t-1 stuck in transition — manual repair needed",
   "check 2\nalert CRIT stale_sentinel t-1", [T("REVIEWING_CODE", "reviewing", assigned_to="$transitioning", history=[{"time": "2026-11-25T09:50:00Z", "event": "approved", "agent": "code-reviewer-1"}])])
an("stalled", "checkStalled (StallThreshold 30 min, newest log.yaml timestamp)", "⚠️ STALLED: no progress for 60 minutes",
   "check 1\nalert WARN stalled log", [T("REVIEWING_CODE", "reviewing")], log_ts=PAST)
an("stale-draft", "checkStaleDrafts (status DRAFT, created > 30 min)", "⚠️ STALE DRAFT: t-1 — created 60min ago, never finalized (Orchestrator crash?)",
   "check 1\nalert WARN stale_draft t-1", [T("DRAFT", "draft")])
an("immediate-discovery", "checkImmediateDiscoveries", "🚨 IMMEDIATE DISCOVERY: d-1 — flag parsing crashes (Orchestrator should wake)",
   "check 2\nalert CRIT immediate_discovery d-1", [T("REVIEWING_CODE", "reviewing")],
   extra={"discovered": [{"id": "d-1", "by": "coder-1", "during": "t-1", "description": "flag parsing crashes", "severity": "high", "urgency": "immediate", "recommendation": "fix", "created": PAST}]})
ag = agents_all(); ag.pop("coder-1")
an("missing-role", "checkMissingRoles (claimable task, no agent of its doer role)", "⚠️ MISSING ROLE: no registered agent for role coder — 1 task(s) waiting (t-1)",
   "check 1\nalert WARN missing_role coder", [T("DRAFT_CODE", "initial")], agents=ag)
an("circuit-breaker", "liza-mas/liza internal/models/history.go CircuitBreaker (status TRIGGERED); internal/commands/watch.go checkCircuitBreakerEscalation",
   "circuit breaker TRIGGERED (current_trigger pattern=retry_storm): Liza stops the sprint for analysis",
   "check 2\nalert CRIT circuit_breaker circuit_breaker", [T("REVIEWING_CODE", "reviewing")],
   extra={"circuit_breaker": {"last_check": PAST, "status": "TRIGGERED", "current_trigger": {"timestamp": PAST, "pattern": "retry_storm", "severity": "high", "report_file": ".liza/cb.md"}, "history": []}})
an("sprint-stalled", "checkSprintStalled (models.State.SprintStalled)", "🚨 SPRINT STALLED: all 2 non-terminal planned tasks are BLOCKED",
   "check 2\nalert CRIT sprint_stalled sprint-1", [T("BLOCKED", "blocked"), dict(T("BLOCKED", "blocked"), id="t-2"), dict(T("MERGED", "merged"), id="t-3")])
an("sprint-stalled-paused", "checkSprintStalled (only while config.mode RUNNING)", "no alert while PAUSED",
   "no-alert sprint_stalled", [T("BLOCKED", "blocked")], config={"mode": "PAUSED"})

open(ROOT + "/SYSTEM", "w").write("liza\n")
print(count)

# ---- verdicts and levers (ops/submit_verdict.go, ops/human_note.go, models/config.go) ----
import subprocess
BIN = os.path.abspath('build/san/liza-watch')
SV = "liza-mas/liza internal/ops/submit_verdict.go submitVerdict{extra}"
def vcase(name, tasks, run, out, upstream, src, rc=0, as_="code-reviewer-1", config=None, extra=None, after=True, more=""):
    d = case(f"verdict-{name}", "verdict", state(tasks, config=config, extra=extra), src, upstream,
             f"as {as_}\nrun {rc} {run}\noutput {out}\n" + more)
    if after and rc == 0:
        tmp = '/tmp/lw-liza-go-after'
        shutil.rmtree(tmp, ignore_errors=True); shutil.copytree(d + '/project', tmp)
        r = subprocess.run([BIN, '-C', tmp, '--as', as_] + run.split(), env=dict(os.environ, LIZA_WATCH_NOW=NOW), capture_output=True, text=True)
        assert r.returncode == 0, (name, r.stdout, r.stderr)
        os.makedirs(d + '/after/.liza')
        shutil.copy(tmp + '/.liza/state.yaml', d + '/after/.liza/state.yaml')
        shutil.copy(tmp + '/.liza/log.yaml', d + '/after/.liza/log.yaml')
        with open(d + '/expect', 'a') as f: f.write("after\nno-alert invalid_state\n")
def P(pair, status, cat, **kw):
    t = task_for(status, cat, pair); t.update(kw); return t
vcase("approve-quorum-1", [P("coding-pair", "REVIEWING_CODE", "reviewing", assigned_to="coder-1")], "approve t-1", "t-1: REVIEWING_CODE -> CODE_APPROVED",
      "status CODE_APPROVED (quorum 1 met); approvals += {agent, provider, timestamp}; history += approved with commit; approved_by set; reviewing_by and review_lease_expires cleared; reviewer released (IDLE)",
      SV.format(extra=" (APPROVED, ApprovalCount >= EffectiveQuorum)"))
vcase("approve-quorum-2-first", [P("architecture-main-pair", "REVIEWING_ARCHITECTURE_MAIN", "reviewing")], "approve t-1", "1/2 approvals",
      "status ARCHITECTURE_MAIN_PARTIALLY_APPROVED: quorum 2 not met, one approval recorded",
      SV.format(extra=" (ApprovalCount < EffectiveQuorum -> partially-approved); internal/embedded/pipeline.yaml architecture-main-pair review-policy quorum 2"))
vcase("approve-quorum-2-second", [P("architecture-main-pair", "REVIEWING_ARCHITECTURE_MAIN_2", "reviewing-2")], "approve t-1", "2/2 approvals",
      "status ARCHITECTURE_MAIN_APPROVED: the second approval meets quorum 2",
      SV.format(extra=" (isReviewingStatus accepts reviewing-2; quorum met -> approved)"))
vcase("approve-clean", [P("integration-pair", "REVIEWING_INTEGRATION_ANALYSIS", "reviewing")], "approve t-1", "INTEGRATION_ANALYSIS_CLEAN",
      "status INTEGRATION_ANALYSIS_CLEAN: quorum met, the pair declares clean and the task has no output",
      SV.format(extra=" (cleanStatus != \"\" && len(task.Output) == 0)"))
vcase("approve-with-output", [P("integration-pair", "REVIEWING_INTEGRATION_ANALYSIS", "reviewing", output=[{"desc": "fix x", "done_when": "x fixed", "scope": "x", "spec_ref": "specs/vision.md"}])],
      "approve t-1", "INTEGRATION_ANALYSIS_APPROVED", "status INTEGRATION_ANALYSIS_APPROVED: findings (output) to act on",
      SV.format(extra=" (clean only without output)"))
vcase("reject", [P("coding-pair", "REVIEWING_CODE_2", "reviewing-2", assigned_to="coder-1", review_cycles_current=1, review_cycles_total=2)],
      "reject t-1 --reason tests_fail", "t-1: REVIEWING_CODE_2 -> CODE_REJECTED",
      "status CODE_REJECTED; rejection_reason; review_cycles_current 2, review_cycles_total 3; history += rejected with reason and commit; approvals cleared; doer lease renewed (now + lease_duration)",
      SV.format(extra=" (REJECTED branch: ReviewCyclesCurrent++, ReviewCyclesTotal++, clearAttemptState, renewLease)"))
vcase("reject-at-limit", [P("coding-pair", "REVIEWING_CODE", "reviewing", assigned_to="coder-1", review_cycles_current=4, review_cycles_total=4)],
      "reject t-1 --reason still_failing", "at the limit",
      "review cycle 5/5: classifyLimitEscalation escalates (a new attempt, or BLOCKED on attempt 2)",
      SV.format(extra=" (effectiveReviewCycleLimit, classifyLimitEscalation)"))
vcase("approve-not-reviewing", [P("coding-pair", "CODE_TO_REVIEW", "submitted")], "approve t-1", "not in a reviewing state",
      "task t-1 is not in a reviewing state (current status: CODE_TO_REVIEW)", SV.format(extra=" (isReviewingStatus precondition)"), rc=1)
vcase("approve-twice-same-reviewer", [P("architecture-main-pair", "REVIEWING_ARCHITECTURE_MAIN_2", "reviewing-2", approvals=[{"agent": "code-reviewer-1", "provider": "claude", "timestamp": PAST}])],
      "approve t-1", "independent review", "refused: the second approval must come from another reviewer",
      "liza-mas/liza internal/models/task.go HasApprovalFromAgent (a reviewer never approves twice)", rc=1)
vcase("reject-needs-reason", [P("coding-pair", "REVIEWING_CODE", "reviewing")], "transition t-1 reject", "reason",
      "rejection reason is required for REJECTED verdict", SV.format(extra=" (reason required)"), rc=1)
vcase("approve-lease-held", [P("coding-pair", "REVIEWING_CODE", "reviewing", reviewing_by="code-reviewer-2")], "approve t-1", "--force",
      "another reviewer holds a live review lease: the operator must override", SV.format(extra=" (reviewing_by / review_lease_expires guard)"), rc=1)
vcase("approve-lease-forced", [P("coding-pair", "REVIEWING_CODE", "reviewing", reviewing_by="code-reviewer-2")], "approve t-1 --force", "CODE_APPROVED",
      "approved over the other reviewer's lease on the operator's say", SV.format(extra=""))
vcase("note-task", [P("coding-pair", "REVIEWING_CODE", "reviewing")], "transition t-1 note --reason look_at_flags", "note recorded",
      "human_notes += {timestamp, message, for: t-1, operation: add-human-note, source}; log.yaml += human_note_added; no task transition",
      "liza-mas/liza internal/ops/human_note.go AddHumanNote", as_="human")
vcase("note-all", [P("coding-pair", "REVIEWING_CODE", "reviewing")], "transition liza note --reason ship_it", "note recorded for all",
      "human_notes += {…, for: all}", "liza-mas/liza internal/ops/human_note.go AddHumanNote (target all)", as_="human")
vcase("pause", [P("coding-pair", "REVIEWING_CODE", "reviewing")], "transition liza pause", "RUNNING -> PAUSED",
      "config.mode PAUSED, mode_changed_at, mode_changed_by", "liza-mas/liza internal/models/config.go systemModeTransitions (PAUSED from RUNNING); internal/commands/pause.go", as_="human")
vcase("resume", [P("coding-pair", "REVIEWING_CODE", "reviewing")], "transition liza resume", "PAUSED -> RUNNING",
      "config.mode RUNNING", "liza-mas/liza internal/commands/resume.go; internal/models/config.go", as_="human", config={"mode": "PAUSED"})
vcase("resume-running", [P("coding-pair", "REVIEWING_CODE", "reviewing")], "transition liza resume", "resume only from PAUSED",
      "refused: the system is not PAUSED", "liza-mas/liza internal/models/config.go (resume only from PAUSED)", as_="human", rc=1)
vcase("pause-paused", [P("coding-pair", "REVIEWING_CODE", "reviewing")], "transition liza pause", "already PAUSED",
      "system is already PAUSED", "liza-mas/liza internal/models/config.go systemModeTransitions Rejections", as_="human", rc=1, config={"mode": "PAUSED"})
vcase("abort-stops", [P("coding-pair", "REVIEWING_CODE", "reviewing")], "transition liza abort", "-> STOPPED",
      "config.mode STOPPED (from RUNNING)", "liza-mas/liza internal/models/config.go systemModeTransitions (STOPPED from RUNNING, PAUSED, CIRCUIT_BREAKER_TRIPPED)", as_="human")
print(count)

ag = agents_all(); ag["coder-1"].update(status="WORKING", current_task="t-1", lease_expires="2026-11-25T09:50:00Z", generation="g1", liveness_seq=3)
rec = '{"agent_id":"coder-1","generation":"g1","seq":4,"heartbeat":"2026-11-25T09:59:50Z","lease_expires":"2026-11-25T10:29:50Z"}\n'
an("lease-liveness-overlay", "liza-mas/liza internal/db/liveness.go applyLiveness (a record with seq above liveness_seq overlays heartbeat and leases); internal/commands/watch.go checkExpiredLeases",
   "no alert: the agent's current liveness record renews its lease to 10:29:50",
   "check 0\nno-alert lease_expired", [T("IMPLEMENTING_CODE", "executing", lease_expires="2026-11-25T09:50:00Z")], agents=ag, wts=[".worktrees/t-1"],
   files={".liza/state.yaml.liveness-0123456789abcdef": rec})
print(count)
