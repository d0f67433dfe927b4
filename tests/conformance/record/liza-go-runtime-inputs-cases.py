#!/usr/bin/env python3
# liza-go-runtime-inputs-cases.py — writes the liza-go cases of a task's
# runtime_inputs (ADR-0169's live-validation inputs), transcribed from
# liza-mas/liza: models.RuntimeInputViolations (internal/models/
# runtime_inputs.go, read at 84e4390), called for the task by
# statevalidate/validate_task.go validateTaskInvariants ("task ID " + defect)
# and for each output entry by validateTaskOutput ("task ID output[i]: " +
# defect). The declarations are runtime_inputs_test.go's validRuntimeInputs,
# each case one mutation of TestRuntimeInputViolationsRefuseEachStructuralDefect
# or TestRuntimeInputViolationsRefuseReservedNames; the upstream verdict is
# every message the function returns for the state, read from its code.
# Run from the repository root.
import copy
from liza_go_case import case
SRC = ('liza-mas/liza internal/models/runtime_inputs.go RuntimeInputViolations (84e4390), via '
       'statevalidate/validate_task.go %s; runtime_inputs_test.go %s')
M = 'status-merged'
COMMANDS = ['make canary', 'make eplane']

def valid():
    return [
        dict(id='forms-fixture', commands=['make canary'], recipe='project.forms', consumption='single_use', env=['FORMS_FIXTURE']),
        dict(id='w03-fixture', commands=['make canary'], recipe='project.w03', consumption='single_use',
             env=['W03_FIXTURE', 'W03_FILE'], files=['W03_FILE'], after=['forms-fixture']),
        dict(id='principals', commands=['make canary', 'make eplane'], recipe='project.principals', consumption='reusable',
             secret=True, env=['MEMBER_A_CREDENTIAL']),
    ]

def q(s):
    return '"%s"' % s.replace('\\', '\\\\').replace('"', '\\"')

def render(inputs, ind):
    out = ind + 'runtime_inputs:\n'
    for d in inputs:
        first = True
        for k in ('id', 'commands', 'recipe', 'consumption', 'secret', 'env', 'files', 'after'):
            if k not in d or d[k] is None:
                continue
            lead = ind + ('  - ' if first else '    ')
            first = False
            v = d[k]
            if isinstance(v, bool):
                out += '%s%s: %s\n' % (lead, k, 'true' if v else 'false')
            elif isinstance(v, list):
                out += '%s%s:\n' % (lead, k) + ''.join('%s      - %s\n' % (ind, q(x)) for x in v)
            else:
                out += '%s%s: %s\n' % (lead, k, q(v))
    return out

def task_add(inputs):
    return '    validation:\n' + ''.join('      - %s\n' % c for c in COMMANDS) + render(inputs, '    ')

def output_add(inputs):
    return ('    output:\n      - desc: one\n        done_when: it works\n        scope: s\n        spec_ref: specs/vision.md\n'
            '        validation:\n' + ''.join('          - %s\n' % c for c in COMMANDS) + render(inputs, '        '))

DEFECTS = 'TestRuntimeInputViolationsRefuseEachStructuralDefect "%s"'
def mutated(name, test, mutate, msgs, where='task'):
    inputs = valid()
    mutate(inputs)
    if where == 'task':
        add, via, pre = task_add(inputs), 'validateTaskInvariants', 'task t-1 '
    else:
        add, via, pre = output_add(inputs), 'validateTaskOutput', 'task t-1 output[0]: '
    msgs = [pre + m for m in msgs]
    case(name, M, SRC % (via, test), msgs[0], add=add, more=msgs[1:])

def setf(i, k, v):
    def f(inputs): inputs[i][k] = v
    return f

case('invariant-runtime-inputs-valid', M, SRC % ('validateTaskInvariants', 'TestRuntimeInputViolationsAcceptsAValidDeclaration'),
     None, valid=True, add=task_add(valid()))
case('invariant-runtime-inputs-output-valid', M, SRC % ('validateTaskOutput', 'TestRuntimeInputViolationsAcceptsAValidDeclaration'),
     None, valid=True, add=output_add(valid()))
R = 'runtime_inputs'
mutated('invariant-runtime-inputs-bad-id', DEFECTS % 'bad id', setf(0, 'id', 'Bad'),
        [R + '[0].id must match [a-z0-9][a-z0-9._-]* (at most 128 bytes)',
         R + '[1].after[0] must name another declaration of this entry'])
mutated('invariant-runtime-inputs-duplicate-id', DEFECTS % 'duplicate id', setf(1, 'id', 'forms-fixture'),
        [R + '[1].id duplicates another declaration'])
mutated('invariant-runtime-inputs-command-outside', DEFECTS % 'command outside', setf(0, 'commands', ['make other']),
        [R + "[0].commands[0] must equal one of the entry's validation commands"])
mutated('invariant-runtime-inputs-no-command', DEFECTS % 'no command', setf(0, 'commands', None),
        [R + '[0].commands requires 1 to 64 canonical commands'])
mutated('invariant-runtime-inputs-bad-recipe', DEFECTS % 'bad recipe', setf(0, 'recipe', 'Project'),
        [R + '[0].recipe must be a dotted registry name'])
mutated('invariant-runtime-inputs-bad-consumption', DEFECTS % 'bad consumption', setf(0, 'consumption', 'once'),
        [R + '[0].consumption must be single_use or reusable'])
mutated('invariant-runtime-inputs-no-env', DEFECTS % 'no env', setf(0, 'env', None),
        [R + '[0].env requires 1 to 64 variable names'])
mutated('invariant-runtime-inputs-env-shared', DEFECTS % 'env shared', setf(2, 'env', ['FORMS_FIXTURE']),
        [R + '[2].env[0] is already delivered by runtime_inputs[0]'])
mutated('invariant-runtime-inputs-file-not-in-env', DEFECTS % 'file not in env', setf(0, 'files', ['OTHER']),
        [R + "[0].files[0] must name a distinct variable of this declaration's env"])
mutated('invariant-runtime-inputs-file-repeated', DEFECTS % 'file not in env (a file named twice is not distinct)',
        setf(1, 'files', ['W03_FILE', 'W03_FILE']),
        [R + "[1].files[1] must name a distinct variable of this declaration's env"])
mutated('invariant-runtime-inputs-after-unknown', DEFECTS % 'after unknown', setf(0, 'after', ['nope']),
        [R + '[0].after[0] must name another declaration of this entry'])
mutated('invariant-runtime-inputs-after-cycle', DEFECTS % 'after cycle', setf(0, 'after', ['w03-fixture']),
        [R + ' after ordering contains a cycle'])
mutated('invariant-runtime-inputs-after-self', DEFECTS % 'after self', setf(0, 'after', ['forms-fixture']),
        [R + '[0].after[0] must name another declaration of this entry'])
mutated('invariant-runtime-inputs-duplicate-command', DEFECTS % 'duplicate command', setf(2, 'commands', ['make canary', 'make canary']),
        [R + '[2].commands[1] duplicates another command'])
mutated('invariant-runtime-inputs-env-repeated', DEFECTS % 'env repeated local', setf(0, 'env', ['A', 'A']),
        [R + '[0].env[1] duplicates another variable of this declaration'])
mutated('invariant-runtime-inputs-env-not-identifier', DEFECTS % 'no env (an env name that is no identifier: prerequisiteEnvName)',
        setf(0, 'env', ['1BAD']), [R + '[0].env[0] must be a variable identifier of at most 256 bytes'])
RES = R + '[0].env[0] is reserved: process variables and the LIZA_ namespace are never stripped from sessions'
for slug, name in (('path', 'PATH'), ('path-lower', 'path'), ('ld-preload', 'LD_PRELOAD'), ('liza-agent', 'LIZA_AGENT_ID')):
    mutated('invariant-runtime-inputs-reserved-' + slug, 'TestRuntimeInputViolationsRefuseReservedNames "%s"' % name,
            setf(0, 'env', [name]), [RES])
def many(inputs):
    inputs[:] = [dict(id='in-%d' % i, commands=['make canary'], recipe='project.x', consumption='reusable', env=['V_%d' % i])
                 for i in range(65)]
mutated('invariant-runtime-inputs-too-many', 'RuntimeInputViolations (runtimeInputLimit 64; no Go test)', many,
        [R + ' exceeds 64 declarations'])
mutated('invariant-runtime-inputs-output-bad-consumption', DEFECTS % 'bad consumption (on an output entry)',
        setf(0, 'consumption', 'once'), [R + '[0].consumption must be single_use or reusable'], where='output')
mutated('invariant-runtime-inputs-output-command-outside', DEFECTS % 'command outside (an output entry is checked against its own validation)',
        setf(2, 'commands', ['make eplane', 'make deploy']),
        [R + "[2].commands[1] must equal one of the entry's validation commands"], where='output')

# --- the ledger state.runtime_inputs (RuntimeInputInstanceViolations via
# statevalidate validateRuntimeInputLedger, validate_state.go); its subject is
# the ledger, not a task.
import os
from liza_go_case import HERE
LS = ('liza-mas/liza internal/models/runtime_inputs.go RuntimeInputInstanceViolations (84e4390), via '
      'statevalidate validateRuntimeInputLedger; %s')
def instance(**over):
    d = dict(recipe='project.forms', input_id='forms-fixture', consumption='single_use', key_id='k1',
             envelope='/home/op/.liza-inputs/forms.env', names=['FORMS_FIXTURE'], tasks=['t-1'], state='available',
             registered_at='2026-11-25T09:00:00Z')
    d.update(over)
    out = '  inst-1:\n'
    for k, v in d.items():
        if v is None:
            continue
        if isinstance(v, list):
            out += '    %s:\n' % k + ''.join('      - %s\n' % q(x) for x in v)
        elif isinstance(v, dict):
            out += '    %s:\n' % k + ''.join('      %s: %s\n' % (a, b) for a, b in v.items())
        else:
            out += '    %s: %s\n' % (k, v if k == 'registered_at' else q(v))
    return 'runtime_inputs:\n' + out

def ledger(name, test, msg, **over):
    rep = (('\nagents:', '\n' + instance(**over) + 'agents:'),)
    case(name, M, LS % test, msg and msg % 'inst-1', replace=rep, valid=msg is None)
    if msg:
        p = os.path.join(HERE, name, 'expect')
        s = open(p).read().replace('alert CRIT invalid_state t-1\n', 'alert CRIT invalid_state runtime_inputs\n')
        open(p, 'w').write(s)

CONSUMED = dict(task='t-1', run_id='r-1', at='2026-11-25T09:30:00Z')
ledger('ledger-runtime-input-valid', 'an available instance (TestRuntimeInputDenyNamesAndScrub ledger shape)', None)
ledger('ledger-runtime-input-consumed-valid', 'a consumed instance with its record', None, state='consumed', consumed=CONSUMED)
ledger('ledger-runtime-input-available-terminal', 'available with a consumption record',
       'runtime_inputs[%s] is available but carries a terminal record', consumed=CONSUMED)
ledger('ledger-runtime-input-consumed-no-record', 'consumed without its record',
       'runtime_inputs[%s] is consumed without a consumption record', state='consumed')
ledger('ledger-runtime-input-invalidated-no-record', 'invalidated without its record',
       'runtime_inputs[%s] is invalidated without an invalidation record', state='invalidated')
ledger('ledger-runtime-input-unknown-state', 'unknown state',
       'runtime_inputs[%s] has unknown state', state='spent')
ledger('ledger-runtime-input-unknown-consumption', 'unknown consumption',
       'runtime_inputs[%s] has unknown consumption', consumption='once')
ledger('ledger-runtime-input-single-use-shared', 'single_use bound to two tasks',
       'runtime_inputs[%s] is single_use but bound to more than one task', tasks=['t-1', 't-2'])
ledger('ledger-runtime-input-missing-key', 'no key_id',
       'runtime_inputs[%s] is missing key_id, envelope or names', key_id=None)
ledger('ledger-runtime-input-missing-names', 'no names',
       'runtime_inputs[%s] is missing key_id, envelope or names', names=[])
