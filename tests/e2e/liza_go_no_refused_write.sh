#!/usr/bin/env bash
# liza_go_no_refused_write.sh — a property over every conformance case of
# today's Liza (tests/conformance/liza-go): each verdict liza-watch writes
# (approve, reject; by the task's assigned reviewer, and forced by the
# operator) on each task under review leaves no invalid_state CRIT (a rule of
# Liza's validator: agent_claim, review_ownership, rejected_fields, …) that
# its own check did not already raise before the write: Liza validates the
# state it writes and refuses a write that adds a violation. Watcher alerts
# the same write by Liza raises too (review_loop at 5 cycles, sprint_stalled
# when the last open task blocks) are the state's news, not a refused write.
# Each case with a terminal task is replayed archived too (terminal archival:
# its record in .liza/archive, the row a stub), so no write of liza-watch's
# on an archived state raises a CRIT either.
set -u
: "${LW_BIN:?LW_BIN must name the binary}" "${LW_TESTS:?LW_TESTS must name the tests folder}"
exec python3 - "$LW_BIN" "$LW_TESTS/conformance/liza-go" <<'PY'
import os, re, shutil, subprocess, sys, tempfile
import yaml
lw, cases = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp(prefix='lw-prop.')
env = dict(os.environ, LIZA_WATCH_CACHE='0', XDG_CONFIG_HOME=os.path.join(tmp, 'cfg'))
line = re.compile(r'^CRIT liza (invalid_state|invalid_transition) (\S+?):.*?(\(rule: [^)]*\))?$')

def crits(copy):
    out = subprocess.run([lw, '-C', copy, 'check'], env=env, capture_output=True, text=True).stdout
    return {(m.group(1), m.group(2), m.group(3) or '') for m in map(line.match, out.splitlines()) if m}

def archived(name, proj, doc):
    """The case with its terminal tasks archived as Liza's terminal archival
    leaves them (db/terminal_archive.go): the row id, status, created and
    terminal_archive; the record an object under .liza/archive/objects."""
    import hashlib, json
    tasks = doc.get('tasks') if isinstance(doc, dict) else None
    if not isinstance(tasks, list) or not any(isinstance(t, dict) and t.get('status') in ('MERGED', 'ABANDONED', 'SUPERSEDED')
                                               and t.get('id') and t.get('created') for t in tasks):
        return None
    out = os.path.join(tmp, 'archived', name)
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(proj, out)
    for i, t in enumerate(tasks):
        if not (isinstance(t, dict) and t.get('status') in ('MERGED', 'ABANDONED', 'SUPERSEDED') and t.get('id') and t.get('created')):
            continue
        obj = (json.dumps({'format_version': 2, 'task_id': t['id'], 'field': 'terminal_task',
                           'value_yaml': yaml.safe_dump(t, sort_keys=False)}, separators=(',', ':')) + '\n').encode()
        sha = hashlib.sha256(obj).hexdigest()
        d = os.path.join(out, '.liza', 'archive', 'objects', sha[:2])
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, sha + '.json'), 'wb').write(obj)
        tasks[i] = {'id': t['id'], 'status': t['status'], 'created': t['created'],
                    'terminal_archive': {'sha256': sha, 'archived_at': '2026-11-25T09:59:00Z'}}
    if isinstance(doc.get('config'), dict):
        doc['config']['terminal_task_archival'] = 'true'
    open(os.path.join(out, '.liza', 'state.yaml'), 'w').write(yaml.safe_dump(doc, sort_keys=False))
    return out

writes = failures = archived_writes = 0
projects = []
for name in sorted(os.listdir(cases)):
    proj = os.path.join(cases, name, 'project')
    projects.append((name, proj))
    try:
        variant = archived(name, proj, yaml.load(open(os.path.join(proj, '.liza', 'state.yaml')), Loader=yaml.BaseLoader))
    except (OSError, yaml.YAMLError):
        variant = None
    if variant:
        projects.append((name + ' (archived)', variant))
for name, proj in projects:
    state = os.path.join(proj, '.liza', 'state.yaml')
    if not os.path.exists(state):
        continue
    now = '2026-11-25T10:00:00Z'
    for l in open(os.path.join(cases, name.split(' ')[0], 'expect')):
        if l.startswith('now '):
            now = l.split()[1]
    env['LIZA_WATCH_NOW'] = now
    try:
        doc = yaml.load(open(state), Loader=yaml.BaseLoader)
    except yaml.YAMLError:
        continue
    tasks = doc.get('tasks') if isinstance(doc, dict) else None
    for t in tasks if isinstance(tasks, list) else []:
        if not isinstance(t, dict) or not str(t.get('status', '')).startswith('REVIEWING') or not t.get('reviewing_by'):
            continue
        for args in (['--as', t['reviewing_by'], 'approve', t['id']],
                     ['--as', t['reviewing_by'], 'reject', t['id'], '--reason', 'property test'],
                     ['--as', 'human', 'approve', t['id'], '--force']):
            if args[-1] == '--force' and not name.startswith('verdict-'):
                continue   # the forced path: on the verdict cases
            copy = os.path.join(tmp, 'p')
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(proj, copy)
            before = crits(copy)
            r = subprocess.run([lw, '-C', copy] + args, env=env, capture_output=True, text=True)
            if r.returncode != 0:
                continue   # refused: nothing written
            writes += 1
            archived_writes += name.endswith('(archived)')
            new = crits(copy) - before
            if new:
                failures += 1
                print('FAIL %s: %s raised %s' % (name, ' '.join(args), sorted(new)))
shutil.rmtree(tmp, ignore_errors=True)
print('%d writes (%d on archived states), %d with a new CRIT' % (writes, archived_writes, failures))
sys.exit(1 if failures or writes == 0 else 0)
PY
