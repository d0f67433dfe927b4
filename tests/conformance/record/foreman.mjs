// Runs Task Factory's own task-service.ts and state-contract.ts (through
// tsx) on the task files of one conformance case and prints what they say.
//   tsx foreman.mjs UPSTREAM_CHECKOUT TASK_YAML... [--move PHASE]
// For each task.yaml: parseTaskFile's reading (phase, planningStatus, plan,
// acceptance criteria, planningSkipped), resolveTaskMode, and canMoveToPhase
// for every target phase (a throw is printed as such). With --move, also
// what upstream's own moveTaskToPhase writes for that move (on a scratch
// copy; which keys it sets, not the clock's values).
import { pathToFileURL } from 'node:url';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const args = process.argv.slice(2);
const up = args.shift();
let move = null;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--move') move = args[++i];
  else files.push(args[i]);
}
const src = (f) => pathToFileURL(join(up, 'packages/server/src', f)).href;
const ts = await import(src('task-service.ts'));
const sc = await import(src('state-contract.ts'));
const PHASES = ['backlog', 'ready', 'executing', 'complete', 'archived'];

for (const file of files) {
  const label = file.replace(/^.*\/tasks\//, 'tasks/');
  let task;
  try {
    task = ts.parseTaskFile(file);
  } catch (e) {
    console.log(`${label}: parseTaskFile throws: ${String(e.message).split('\n')[0]} (discoverTasks skips the task)`);
    continue;
  }
  const fm = task.frontmatter;
  console.log(`${label}: id ${task.id} phase ${fm.phase} planningStatus ${fm.planningStatus ?? '(none)'}` +
    ` plan ${fm.plan ? 'yes' : 'no'} acceptanceCriteria ${fm.acceptanceCriteria.length}` +
    ` planningSkipped ${fm.planningSkipped === true} mode ${sc.resolveTaskMode(fm)}` +
    ` history ${task.history.length}`);
  for (const to of PHASES) {
    if (to === fm.phase) continue;
    let v;
    try {
      const r = ts.canMoveToPhase(task, to);
      v = r.allowed ? 'allowed' : `refused: ${r.reason}`;
    } catch (e) {
      v = `throws: ${e.constructor.name}: ${e.message}`;
    }
    console.log(`  canMoveToPhase ${fm.phase} -> ${to}: ${v}`);
  }
  if (move) {
    const dir = mkdtempSync(join(tmpdir(), 'lw-rec-tf-'));
    const copy = join(dir, 'task.yaml');
    copyFileSync(file, copy);
    const t2 = ts.parseTaskFile(copy);
    const before = { ...t2.frontmatter };
    ts.moveTaskToPhase(t2, move, 'user');
    const after = ts.parseTaskFile(copy);
    const keys = ['phase', 'updated', 'started', 'completed', 'cycleTime', 'leadTime', 'order']
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after.frontmatter[k]))
      .map((k) => (after.frontmatter[k] === undefined ? `-${k}` : k));
    const h = after.history[after.history.length - 1] || {};
    console.log(`  moveTaskToPhase ${before.phase} -> ${move} (upstream's own write) changes: ${keys.join(' ')};` +
      ` history + {${Object.keys(h).filter((k) => h[k] !== undefined).join(', ')}} actor ${h.actor}`);
    rmSync(dir, { recursive: true, force: true });
  }
}
