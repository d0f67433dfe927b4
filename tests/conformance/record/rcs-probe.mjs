// rcs-probe.mjs PKG PROJECT PROBE [ARG] — runs oh-my-codex's own code (the
// installed package PKG, e.g. node_modules/oh-my-codex) on PROJECT/.omx/state
// and prints its verdict as JSON (sorted keys, so a re-recording diffs
// cleanly). Used by rcs.sh; never by `make check`.
//   state          the readers: listActiveSkills / listTransitionActiveSkills
//                  of skill-active-state.json, `omx state list-active --json`,
//                  and which workflows `omx hud --json` shows active
//   evaluate MODE  state, plus evaluateWorkflowTransition(current, MODE) and,
//                  for each auto-completed source, the mode file the
//                  package's terminal normalizers make of it
import { readFileSync, existsSync } from 'fs';
import { execFileSync } from 'child_process';
import { join } from 'path';

const [pkg, project, probe, arg] = process.argv.slice(2);
const mod = (p) => import(join(pkg, 'dist', p));
const { evaluateWorkflowTransition, TRACKED_WORKFLOW_MODES } = await mod('state/workflow-transition.js');
const { listActiveSkills, listTransitionActiveSkills, readVisibleSkillActiveStateForStateDir } =
  await mod('state/skill-active.js');
const { applyRunOutcomeContract } = await mod('runtime/run-outcome.js');
const { normalizeTerminalWorkflowState } = await mod('state/terminal-normalization.js');

const stateDir = join(project, '.omx', 'state');
const readJson = (p) => (existsSync(p) ? JSON.parse(readFileSync(p, 'utf-8')) : null);
const session = readJson(join(stateDir, 'session.json'));
const sessionId = typeof session?.session_id === 'string' ? session.session_id : undefined;
const omx = (...args) => {
  const out = execFileSync('node', [join(pkg, 'dist', 'cli', 'omx.js'), ...args], {
    cwd: project, encoding: 'utf-8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60000,
  });
  return JSON.parse(out);
};
const sorted = (v) => Array.isArray(v) ? v.map(sorted)
  : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v;

// workflow-transition-reconcile.js visibleTrackedModes (not exported): the
// canonical entries the scope may see, and in the root scope also every mode
// file that is active and not in a terminal phase (isActiveWorkflowDetail).
async function currentModes() {
  const canonical = await readVisibleSkillActiveStateForStateDir(stateDir, sessionId);
  const modes = listTransitionActiveSkills(canonical ?? {}, sessionId).map((e) => e.skill)
    .filter((m) => TRACKED_WORKFLOW_MODES.includes(m));
  if (!sessionId) {
    for (const m of TRACKED_WORKFLOW_MODES) {
      const s = readJson(join(stateDir, `${m}-state.json`));
      const phase = typeof s?.current_phase === 'string' ? s.current_phase.trim().toLowerCase() : '';
      if (s?.active === true && !['complete', 'completed', 'cancelled', 'canceled', 'failed', 'cleared'].includes(phase))
        modes.push(m);
    }
  }
  return [...new Set(modes)];
}

async function state() {
  const root = readJson(join(stateDir, 'skill-active-state.json'));
  const visible = await readVisibleSkillActiveStateForStateDir(stateDir, sessionId);
  const hud = omx('hud', '--json');
  const hudActive = Object.keys(hud).filter((k) => hud[k] && typeof hud[k] === 'object' && hud[k].active === true).sort();
  return {
    session_id: sessionId ?? null,
    root_active_skills: listActiveSkills(root ?? {}).map((e) => e.skill),
    transition_active_skills: listTransitionActiveSkills(visible ?? {}, sessionId).map((e) => e.skill),
    list_active: omx('state', 'list-active', '--json').active_modes,
    hud_active: hudActive,
  };
}

const out = { probe, ...(await state()) };
if (probe === 'evaluate') {
  const current = await currentModes();
  const d = evaluateWorkflowTransition(current, arg);
  out.evaluate = { current, requested: arg, allowed: d.allowed, kind: d.kind, resulting: d.resultingModes,
                   auto_complete: d.autoCompleteModes, message: d.transitionMessage ?? null };
  // completeSourceModeState (workflow-transition-reconcile.js): the source's
  // file as the package leaves it; only the fields it sets are shown.
  out.completed = {};
  for (const src of d.autoCompleteModes) {
    const existing = readJson(join(stateDir, `${src}-state.json`));
    if (!existing || existing.active !== true) continue;
    const nowIso = '2026-01-20T10:00:00.000Z';
    const next = { ...existing, active: false, current_phase: 'completed', completed_at: existing.completed_at || nowIso,
      auto_completed_reason: `mode transiting: ${src} -> ${arg}`,
      completion_note: `Auto-completed ${src} during allowlisted transition to ${arg}.`,
      transition_source: 'workflow-transition', transition_target_mode: arg };
    delete next.run_outcome;
    const s = normalizeTerminalWorkflowState(applyRunOutcomeContract(next, { nowIso }).state, { mode: src, nowIso }).state;
    out.completed[src] = { active: s.active, current_phase: s.current_phase, run_outcome: s.run_outcome,
      lifecycle_outcome: s.lifecycle_outcome, auto_completed_reason: s.auto_completed_reason,
      transition_target_mode: s.transition_target_mode };
  }
}
console.log(JSON.stringify(sorted(out), null, 1));
