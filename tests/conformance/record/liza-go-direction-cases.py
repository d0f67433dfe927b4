#!/usr/bin/env python3
# liza-go-direction-cases.py — writes the liza-go cases of the direction of a
# dependency (issue 35 item 4), transcribed from liza-mas/liza
# internal/statevalidate/validate_deps.go at 03b359a (validateDependencies →
# validateDependenciesForTask → validateDependencyDirection) and
# internal/pipeline/resolver.go at 03b359a (IsRolePairDownstream,
# DownstreamRolePairs, buildDownstreamRolePairCache, transitionFromRolePair).
# Each case copies invariant-dependency-chain-valid, gives its frozen pipeline
# the embedded pipeline's transitions (internal/embedded/pipeline.yaml at
# 03b359a), and replaces text of its state.yaml; the upstream lines are what
# the Go validator returns for it, read from the code. Run from the
# repository root.
import os, shutil
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'liza-go')
BASE = 'invariant-dependency-chain-valid'
SRC = ('liza-mas/liza internal/statevalidate/validate_deps.go validateDependencyDirection; '
       'internal/pipeline/resolver.go IsRolePairDownstream, DownstreamRolePairs (03b359a): %s')

TRANSITIONS = '''  sub-pipelines:
    epic-spec-subpipeline:
      steps: [epic-planning-main-pair, epic-planning-pair, us-writing-pair]
      transitions:
        - {name: epic-decompose, task-slug: ep, from: epic-planning-main-pair.approved, to: epic-planning-pair.initial, trigger: auto, cardinality: per-subtask}
        - {name: epic-to-us, task-slug: uw, from: epic-planning-pair.approved, to: us-writing-pair.initial, trigger: manual, cardinality: per-subtask}
    architecture-subpipeline:
      steps: [architecture-main-pair, architecture-pair]
      transitions:
        - {name: arch-decompose, when: scope-decomposition, task-slug: ar, from: architecture-main-pair.approved, to: architecture-pair.initial, trigger: auto, cardinality: per-subtask}
    coding-subpipeline:
      steps: [code-planning-main-pair, code-planning-pair, coding-pair]
      transitions:
        - {name: code-plan-decompose, task-slug: cp, from: code-planning-main-pair.approved, to: code-planning-pair.initial, trigger: auto, cardinality: per-subtask}
        - {name: code-plan-to-coding, task-slug: code, from: code-planning-pair.approved, to: coding-pair.initial, trigger: manual, cardinality: per-subtask}
    integration-subpipeline:
      steps: [slice-integration-pair, integration-pair, coding-pair]
      transitions:
        - {name: slice-integration-to-fix, task-slug: fix, from: slice-integration-pair.approved, to: coding-pair.initial, trigger: auto, cardinality: per-subtask}
        - {name: integration-to-fix, task-slug: fix, from: integration-pair.approved, to: coding-pair.initial, trigger: auto, cardinality: per-subtask}
  pipeline-transitions:
    - {name: us-to-coding, task-slug: arm, from: epic-spec-subpipeline.us-writing-pair.approved, to: architecture-subpipeline.architecture-main-pair.initial, trigger: manual, cardinality: many-to-one}
    - {name: architecture-to-code-plan, when: scope-decomposition, task-slug: cp, from: architecture-subpipeline.architecture-pair.approved, to: coding-subpipeline.code-planning-pair.initial, trigger: manual, cardinality: per-subtask}
    - {name: architecture-to-coding, task-slug: code, when: coding-allocation, from: architecture-subpipeline.architecture-pair.approved, to: coding-subpipeline.coding-pair.initial, trigger: manual, cardinality: per-subtask}
    - {name: architecture-main-to-coding, task-slug: code, when: coding-allocation, from: architecture-subpipeline.architecture-main-pair.approved, to: coding-subpipeline.coding-pair.initial, trigger: manual, cardinality: per-subtask}
'''

def retype(pair, status, kind):
    """t-1 becomes a task of another role pair, in its initial status."""
    return [('    role_pair: coding-pair\n    description: a task in DRAFT_CODE\n    status: DRAFT_CODE\n',
             '    role_pair: %s\n    description: a task in %s\n    status: %s\n' % (pair, status, status)),
            ('  - id: t-1\n    type: coding\n', '  - id: t-1\n    type: %s\n' % kind)]

def case(name, src, upstream, expect, replace=(), pipeline=True, transitions=TRANSITIONS, pipe_replace=()):
    d = os.path.join(HERE, name)
    if os.path.exists(d): shutil.rmtree(d)
    shutil.copytree(os.path.join(HERE, BASE, 'project'), os.path.join(d, 'project'))
    p = os.path.join(d, 'project', '.liza', 'state.yaml')
    s = open(p).read()
    for a, b in replace:
        assert a in s, (name, a)
        s = s.replace(a, b, 1)
    open(p, 'w').write(s)
    pp = os.path.join(d, 'project', '.liza', 'pipeline.yaml')
    if pipeline:
        t = open(pp).read() + transitions
        for a, b in pipe_replace:
            assert a in t, (name, a)
            t = t.replace(a, b, 1)
        open(pp, 'w').write(t)
    else:
        os.remove(pp)
    open(os.path.join(d, 'source'), 'w').write(SRC % src + '\n')
    open(os.path.join(d, 'upstream'), 'w').write('\n'.join(upstream) + '\n')
    open(os.path.join(d, 'expect'), 'w').write('now 2026-11-25T10:00:00Z\n' + ''.join(l + '\n' for l in expect))

ARCH = retype('architecture-pair', 'DRAFT_ARCHITECTURE', 'architecture')
case('invariant-dependency-direction-downstream',
     'an architecture task depending on coding tasks: coding-pair is downstream of architecture-pair '
     '(architecture-to-coding), whatever the statuses; one violation per dependency',
     ['task t-1 has downstream dependency t-2: role_pair coding-pair is downstream of architecture-pair',
      'task t-1 has downstream dependency t-3: role_pair coding-pair is downstream of architecture-pair'],
     ['check 2', 'alert CRIT invalid_state t-1', 'run 2 check',
      'output task t-1 has downstream dependency t-2: role_pair coding-pair is downstream of architecture-pair (rule: dependency_direction)',
      'output task t-1 has downstream dependency t-3: role_pair coding-pair is downstream of architecture-pair'],
     replace=ARCH)
case('invariant-dependency-direction-transitive',
     'a user-story task depending on a coding task: reached through two transitions, the pipeline-level '
     'us-to-coding (3-part refs) then architecture-main-to-coding',
     ['task t-1 has downstream dependency t-2: role_pair coding-pair is downstream of us-writing-pair',
      'task t-1 has downstream dependency t-3: role_pair coding-pair is downstream of us-writing-pair'],
     ['check 2', 'alert CRIT invalid_state t-1', 'run 2 check',
      'output task t-1 has downstream dependency t-2: role_pair coding-pair is downstream of us-writing-pair'],
     replace=retype('us-writing-pair', 'DRAFT_US', 'us-writing'))
case('invariant-dependency-direction-upstream-valid',
     'a coding task depending on a code-planning task: code-planning-pair is upstream of coding-pair',
     ['statevalidate.ValidateState returns nil'],
     ['check 0', 'no-alert invalid_state'],
     replace=[('    depends_on: [t-3]\n', ''),
              ('  - id: t-2\n    type: coding\n    role_pair: coding-pair\n    description: a task in DRAFT_CODE\n    status: DRAFT_CODE\n',
               '  - id: t-2\n    type: planning\n    role_pair: code-planning-pair\n    description: a task in DRAFT_CODING_PLAN\n    status: DRAFT_CODING_PLAN\n')])
case('invariant-dependency-direction-same-pair-valid',
     'coding tasks depending on coding tasks: a pair is never downstream of itself',
     ['statevalidate.ValidateState returns nil'],
     ['check 0', 'no-alert invalid_state'])
case('invariant-dependency-direction-unrelated-valid',
     'an epic-planning task depending on an integration-analysis task: neither reaches the other',
     ['statevalidate.ValidateState returns nil'],
     ['no-alert invalid_state t-1'],
     replace=retype('epic-planning-pair', 'DRAFT_EPIC_PLAN', 'epic-planning') + [
         ('    depends_on: [t-2, t-3]\n', '    depends_on: [t-2]\n'), ('    depends_on: [t-3]\n', ''),
         ('  - id: t-2\n    type: coding\n    role_pair: coding-pair\n    description: a task in DRAFT_CODE\n    status: DRAFT_CODE\n',
          '  - id: t-2\n    type: integration\n    role_pair: integration-pair\n    description: a task in DRAFT_INTEGRATION_ANALYSIS\n    status: DRAFT_INTEGRATION_ANALYSIS\n')])
case('invariant-dependency-direction-no-transitions-valid',
     'a frozen pipeline without transitions: no pair is downstream of another',
     ['statevalidate.ValidateState returns nil'],
     ['check 0', 'no-alert invalid_state'],
     replace=ARCH, transitions='')
case('invariant-dependency-direction-no-pipeline',
     'no .liza/pipeline.yaml: Liza refuses the project before any direction (a nil resolver judges none)',
     ['pipeline config not found at .liza/pipeline.yaml (run \'liza init\' to create workspace)'],
     ['check 2', 'alert CRIT invalid_state pipeline', 'no-alert invalid_state t-1'],
     replace=ARCH, pipeline=False)
case('invariant-dependency-direction-unknown-pair',
     'a dependency whose role_pair the pipeline does not declare: the resolver\'s error, once per dependency on it '
     '(t-1 on t-2) and once per dependency of it (t-2 on t-3)',
     ['task t-2 has invalid role_pair "mystery-pair"',
      'unknown role-pair "mystery-pair"',
      'unknown role-pair "mystery-pair"'],
     ['check 2', 'alert CRIT invalid_state t-1', 'alert CRIT invalid_state t-2', 'run 2 check',
      'output unknown role-pair "mystery-pair" (rule: dependency_direction)',
      'output task t-2 has invalid role_pair "mystery-pair"'],
     replace=[('  - id: t-2\n    type: coding\n    role_pair: coding-pair\n',
               '  - id: t-2\n    type: coding\n    role_pair: mystery-pair\n')])
