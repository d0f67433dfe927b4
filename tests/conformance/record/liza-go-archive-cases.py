#!/usr/bin/env python3
# liza-go-archive-cases.py — writes the liza-go cases of terminal archival
# (config.terminal_task_archival, ADR-0183), transcribed from liza-mas/liza
# 4717d7a: internal/db/terminal_archive.go readTerminalTask (each reason, in
# its order), restoreTerminalTasks, EncodeTerminalTask (the envelope:
# json.Marshal of {format_version: 2, task_id, field: terminal_task,
# value_yaml} and a newline) and internal/archiveobject/objects.go Path,
# Digest (SHA-256 of the object's exact bytes). Each case moves task t-1 of
# status-merged into the archive as Liza's marshalLogicalState leaves it
# (the row: id, status, created, terminal_archive {sha256, archived_at}),
# then breaks one thing. Run from the repository root.
import hashlib, json, os, shutil
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'liza-go')
SRC = 'liza-mas/liza internal/db/terminal_archive.go readTerminalTask, restoreTerminalTasks; internal/archiveobject/objects.go Path, Digest (4717d7a): %s'
RECORD = '''id: t-1
type: coding
role_pair: coding-pair
description: a task in MERGED
status: MERGED
priority: 1
spec_ref: specs/vision.md
done_when: it works
scope: one thing
created: 2026-11-25T09:45:00Z
history: []
handoff_events:
  - timestamp: 2026-11-25T09:30:00Z
    agent: coder-1
    trigger: submission
  - timestamp: 2026-11-25T09:50:00Z
    agent: coder-1
    trigger: completion
'''
ROW = '''  - id: t-1
    type: coding
    role_pair: coding-pair
    description: a task in MERGED
    status: MERGED
    priority: 1
    spec_ref: specs/vision.md
    done_when: it works
    scope: one thing
    created: 2026-11-25T09:45:00Z
    history: []
    handoff_events:
      - timestamp: 2026-11-25T09:30:00Z
        agent: coder-1
        trigger: submission
      - timestamp: 2026-11-25T09:50:00Z
        agent: coder-1
        trigger: completion
'''

def envelope(task_id='t-1', record=RECORD, version=2, extra=None):
    o = {'format_version': version, 'task_id': task_id, 'field': 'terminal_task', 'value_yaml': record}
    if extra: o.update(extra)
    return (json.dumps(o, separators=(',', ':')) + '\n').encode()

def case(name, src, upstream, expect, obj=None, sha=None, status='MERGED', payload='', write=True, mangle=None):
    d = os.path.join(HERE, name)
    if os.path.exists(d): shutil.rmtree(d)
    shutil.copytree(os.path.join(HERE, 'status-merged', 'project'), os.path.join(d, 'project'))
    obj = envelope() if obj is None else obj
    digest = sha or hashlib.sha256(obj).hexdigest()
    if mangle: obj = mangle(obj)
    if write:
        od = os.path.join(d, 'project', '.liza', 'archive', 'objects', digest[:2])
        os.makedirs(od)
        open(os.path.join(od, digest + '.json'), 'wb').write(obj)
    p = os.path.join(d, 'project', '.liza', 'state.yaml')
    s = open(p).read()
    assert ROW in s
    stub = ('  - id: t-1\n    status: %s\n    created: 2026-11-25T09:45:00Z\n%s    terminal_archive:\n'
            '      sha256: %s\n      archived_at: 2026-11-25T09:58:00Z\n') % (status, payload, digest)
    s = s.replace(ROW, stub).replace('  mode: RUNNING\n', '  mode: RUNNING\n  terminal_task_archival: true\n')
    open(p, 'w').write(s)
    open(os.path.join(d, 'source'), 'w').write(SRC % src + '\n')
    open(os.path.join(d, 'upstream'), 'w').write(upstream + '\n')
    open(os.path.join(d, 'expect'), 'w').write('now 2026-11-25T10:00:00Z\n' + ''.join(l + '\n' for l in expect))
    return digest

def broken(reason):
    # exactly one CRIT, naming the task, the object and Liza's reason; no rule guessed from the stub
    return ['check 2', 'alert CRIT invalid_state t-1', 'no-alert invalid_state tasks[0]',
            'run 2 check', 'output task t-1 terminal archive', 'output (rule: terminal_archive)', 'output ' + reason]

case('archive-restored-valid', 'the record restored before any check: the stub raises nothing',
     'valid (no violation)', ['check 0', 'no-alert invalid_state', 'run 0 status', 'output 1 done'])
case('archive-missing-object', 'os.ReadFile fails: the object is missing',
     'task t-1 terminal archive SHA (.liza/archive/objects/..): open ...: no such file or directory',
     broken('no such file or directory'), write=False)
case('archive-digest-mismatch', 'archiveobject.Digest(data) != ref.SHA256',
     'task t-1 terminal archive SHA (PATH): digest mismatch',
     broken('digest mismatch'), mangle=lambda b: b.replace(b'it works', b'it broke'))
case('archive-payload-beside-reference', 'the physical row is not its identity and reference alone',
     'task t-1 terminal archive SHA (PATH): physical terminal row contains live payload fields',
     broken('physical terminal row contains live payload fields'), payload='    description: a task in MERGED\n')
case('archive-other-task', 'the envelope names another task',
     'task t-1 terminal archive SHA (PATH): unsupported envelope or task identity',
     broken('unsupported envelope or task identity'), obj=envelope(task_id='t-9'))
case('archive-format-version', 'format_version other than 2',
     'task t-1 terminal archive SHA (PATH): unsupported envelope or task identity',
     broken('unsupported envelope or task identity'), obj=envelope(version=1))
case('archive-unknown-field', 'decoder.DisallowUnknownFields',
     'task t-1 terminal archive SHA (PATH): decode: json: unknown field "note"',
     broken('decode: json: unknown field'), obj=envelope(extra={'note': 'x'}))
case('archive-identity-mismatch', 'the restored record is another status than the stub',
     'task t-1 terminal archive SHA (PATH): task identity, status or created timestamp mismatch',
     broken('task identity, status or created timestamp mismatch'), obj=envelope(record=RECORD.replace('status: MERGED', 'status: ABANDONED')))
case('archive-non-terminal', 'a reference on a task that is not terminal',
     'task t-1 terminal archive SHA (PATH): invalid reference or non-terminal task',
     broken('invalid reference or non-terminal task'), status='BLOCKED')
case('archive-recursive', 'the record carries a terminal_archive of its own',
     'task t-1 terminal archive SHA (PATH): recursive terminal archive',
     broken('recursive terminal archive'), obj=envelope(record=RECORD + 'terminal_archive:\n  sha256: ' + '0' * 64 + '\n  archived_at: 2026-11-25T09:58:00Z\n'))
