#!/usr/bin/env python3
# liza-go-shape-cases.py — writes the liza-go cases of the task-record shape rules
# transcribed from liza-mas/liza internal/statevalidate (validate_task.go at 0323e95,
# validate_lifecycle.go at fa49648 as stored, read again at 0323e95): each case is a
# case of the status-* family with task t-1 given the record under test. The upstream
# verdict is the validator's message for the state, read from the code (these rules
# need no git). Run from the repository root.
from liza_go_case import case
VT = 'liza-mas/liza internal/statevalidate/validate_task.go'
VL = 'liza-mas/liza internal/statevalidate/validate_lifecycle.go validateTaskLifecycle (0323e95)'
H64 = 'a' * 64
H40 = 'b' * 40

R = 'status-code-rejected'
SF = VT + ' validateStatusFields (0323e95)'
case('invariant-rejected-worktree-not-canonical', R, SF, 'CODE_REJECTED task has worktree="wt/t-1", want ".worktrees/t-1"',
     add='    worktree: wt/t-1\n    base_commit: ' + H40 + '\n')
case('invariant-rejected-assigned-no-lease', R, SF, 'CODE_REJECTED task has assigned_to without lease_expires: t-1',
     add='    assigned_to: coder-1\n')
case('invariant-rejected-lease-no-assignee', R, SF, 'CODE_REJECTED task has lease_expires without assigned_to: t-1',
     add='    lease_expires: 2026-11-25T10:30:00Z\n')
case('invariant-rejected-released-worktree-no-base', R, SF, 'CODE_REJECTED released task has worktree without base_commit: t-1',
     add='    worktree: .worktrees/t-1\n')
case('invariant-rejected-released-base-no-worktree', R, SF, 'CODE_REJECTED released task has base_commit without worktree: t-1',
     add='    base_commit: ' + H40 + '\n')
case('invariant-rejected-released-valid', R, SF, None, valid=True,
     add='    worktree: .worktrees/t-1\n    base_commit: ' + H40 + '\n')

M = 'status-merged'
PC = VT + ' validatePlanCheck (0323e95); validate_plan_check_test.go'
planning = (('    type: coding\n    role_pair: coding-pair\n', '    type: planning\n    role_pair: code-planning-pair\n'),)
case('invariant-plan-check-valid', M, PC, None, valid=True, replace=planning,
     add='    plan_check:\n      verdict: passed\n      by: orchestrator-1\n      at: 2026-11-25T09:55:00Z\n')
case('invariant-plan-check-held-with-ask-valid', M, PC, None, valid=True, replace=planning,
     add='    plan_check:\n      verdict: held\n      ask: seed smoke users\n      by: orchestrator-1\n      at: 2026-11-25T09:55:00Z\n')
case('invariant-plan-check-held-no-ask', M, PC, 'task t-1 plan_check held requires ask', replace=planning,
     add='    plan_check:\n      verdict: held\n      by: orchestrator-1\n      at: 2026-11-25T09:55:00Z\n')
case('invariant-plan-check-bad-verdict', M, PC, 'task t-1 plan_check has invalid verdict "maybe"', replace=planning,
     add='    plan_check:\n      verdict: maybe\n      by: orchestrator-1\n      at: 2026-11-25T09:55:00Z\n')
case('invariant-plan-check-no-by-at', M, PC, 'task t-1 plan_check requires by and at (missing by)', replace=planning,
     add='    plan_check:\n      verdict: passed\n')
case('invariant-plan-check-not-merged', 'status-blocked', PC, 'task t-1 plan_check requires MERGED status, got BLOCKED',
     replace=planning, add='    plan_check:\n      verdict: passed\n      by: orchestrator-1\n      at: 2026-11-25T09:55:00Z\n')
case('invariant-plan-check-coding-pair', M, PC, 'task t-1 plan_check on non-planning role_pair "coding-pair"',
     add='    plan_check:\n      verdict: passed\n      by: orchestrator-1\n      at: 2026-11-25T09:55:00Z\n')

AS = VT + ' validateAcceptanceState (0323e95)'
src_ok = ('    acceptance_source:\n      ref: docs/plan.md#slice-1\n      commit: %s\n      blob: %s\n'
          '      parent_task: p-1\n      parent_review_commit: %s\n') % (H40, H40, H40)
case('invariant-acceptance-source-valid', M, AS, None, valid=True, add=src_ok)
case('invariant-acceptance-receipt-no-source', M, AS, 'task t-1 acceptance_receipt requires acceptance_source',
     add='    acceptance_receipt:\n      version: 1\n')
case('invariant-acceptance-source-uppercase', M, AS,
     'task t-1 acceptance_source requires immutable lowercase object IDs (commit)',
     add=src_ok.replace('commit: ' + H40, 'commit: ' + 'B' * 40, 1))
case('invariant-acceptance-source-no-parent', M, AS,
     'task t-1 acceptance_source requires ref and parent_task (missing parent_task)',
     add=src_ok.replace('      parent_task: p-1\n', ''))
receipt = ('    review_commit: %s\n    acceptance_receipt:\n      version: 1\n      review_commit: %s\n      source:\n'
           '        ref: docs/plan.md#slice-1\n        commit: %s\n        blob: %s\n        parent_task: p-1\n'
           '        parent_review_commit: %s\n      manifest_path: acceptance.yaml\n      manifest_blob: %s\n'
           '      mappings:\n        - criterion: it works\n      commands:\n        - command: make test\n'
           '          command_sha256: %s\n          exit_code: 1\n          started_at: 2026-11-25T09:40:00Z\n'
           '          finished_at: 2026-11-25T09:41:00Z\n          output: "FAIL"\n') % (H40, H40, H40, H40, H40, H40, H64)
case('invariant-acceptance-receipt-failed-command', M, AS,
     'task t-1 acceptance_receipt contains unsuccessful execution (command 0 exit code)', add=src_ok + receipt)
AR = VT + ' validateArchivedFields (0323e95); validate_archive_test.go'
case('invariant-archived-not-terminal', 'status-blocked', AR,
     'task t-1 in status BLOCKED has archived fields; only terminal tasks may',
     add=src_ok + '    archived:\n      - field: acceptance_receipt\n        sha256: %s\n        archived_at: 2026-11-25T09:58:00Z\n' % H64)
case('invariant-archived-valid', M, AR, None, valid=True,
     add=src_ok + '    archived:\n      - field: acceptance_receipt\n        sha256: %s\n        archived_at: 2026-11-25T09:58:00Z\n' % H64)
case('invariant-archived-other-field', M, AR, 'task t-1 archived field "output" is not archivable',
     add=src_ok + '    archived:\n      - field: output\n        sha256: %s\n        archived_at: 2026-11-25T09:58:00Z\n' % H64)

B = 'status-blocked'
RR = VT + ' validateStatusFields, validateRepairRequestShape (0323e95)'
case('invariant-repair-request-command-valid', B, RR, None, valid=True,
     add='    repair_request:\n      operation: add-task\n      target: t-1\n      command: liza add-task --json\n'
         '      evidence:\n        - the add-task call failed\n      validation:\n        - liza validate\n')
case('invariant-repair-request-no-command', B, RR, 'BLOCKED task repair_request without command: t-1',
     add='    repair_request:\n      operation: add-task\n      target: t-1\n'
         '      evidence:\n        - the add-task call failed\n      validation:\n        - liza validate\n')
case('invariant-repair-request-no-evidence', B, RR, 'BLOCKED task repair_request without evidence: t-1',
     add='    repair_request:\n      operation: add-task\n      target: t-1\n      command: liza add-task --json\n'
         '      evidence:\n        - ""\n      validation:\n        - liza validate\n')
case('invariant-repair-request-declarative-target', B, RR,
     'BLOCKED task declarative repair_request target must match blocked task: t-1',
     add='    repair_request:\n      operation: apply-dependency-repair\n      target: t-2\n      dependency_updates:\n'
         '        - task_id: t-2\n          expected_depends_on: []\n          desired_depends_on: []\n'
         '      evidence:\n        - error=dependency repair\n      validation:\n        - liza validate\n')
case('invariant-repair-request-implicit-list', B, RR,
     'BLOCKED task repair_request dependency_updates[0].desired_depends_on must be an explicit list: t-1',
     add='    repair_request:\n      operation: apply-dependency-repair\n      target: t-1\n      dependency_updates:\n'
         '        - task_id: t-2\n          expected_depends_on: []\n'
         '      evidence:\n        - error=dependency repair\n      validation:\n        - liza validate\n')

RC = VT + ' validateTaskRejectionRCA (0323e95)'
seeded = '    rejection_rca:\n      schema_version: 1\n      threshold: 4\n      rejection_count: 4\n      gated_at: 2026-11-25T09:50:00Z\n      gating_commit: %s\n' % H40
gate_reason = (('    blocked_reason: spec unclear\n',
                '    blocked_reason: "rejection_rca_required: 4 durable rejections reached the high-churn threshold 4"\n'),)
case('invariant-rejection-rca-gate-valid', B, RC, None, valid=True, replace=gate_reason, add=seeded)
case('invariant-rejection-rca-gate-reason', B, RC,
     'BLOCKED task with an open rejection_rca gate requires a blocked_reason starting with rejection_rca_required: t-1',
     add=seeded)
case('invariant-rejection-rca-count-below-threshold', B, RC,
     'task t-1 rejection_rca rejection_count must be at least its threshold: 4', replace=gate_reason,
     add=seeded.replace('rejection_count: 4', 'rejection_count: 3'))
case('invariant-rejection-rca-recorded-no-summary', B, RC,
     'task t-1 rejection_rca /summary violates: a non-empty value is required', replace=gate_reason,
     add=seeded + '      fingerprint: %s\n      contributions:\n        - rejection_index: 1\n          categories:\n'
         '            - product_defect\n      recorded_by: orchestrator-1\n      recorded_at: 2026-11-25T09:55:00Z\n' % H64)
case('invariant-rejection-rca-disposition-unrecorded', 'status-code-rejected', RC,
     'task t-1 rejection_rca disposition requires a recorded RCA',
     add=seeded + '      disposition:\n        recovery_path: rescope\n        actor: orchestrator-1\n        decided_at: 2026-11-25T09:58:00Z\n')

LC = VL
rec = ('    lifecycle: {revision: 1, completion_sequence: 1, receipts: [{operation: submit-verdict, actor: code-reviewer-1, '
       'expected_transition: %s, payload_digest: %s, sequence: 1, transition_id: %s, projection: {verdict: APPROVED}}]}\n') % (H64, H64, H64)
case('invariant-lifecycle-valid', 'status-code-rejected', LC, None, valid=True, add=rec)
case('invariant-lifecycle-completion-beyond-revision', 'status-code-rejected', LC,
     'task t-1 lifecycle: completion sequence exceeds revision', add=rec.replace('revision: 1', 'revision: 0'))
case('invariant-lifecycle-bad-digest', 'status-code-rejected', LC, 'task t-1 lifecycle: invalid payload_digest',
     add=rec.replace('payload_digest: ' + H64, 'payload_digest: ' + 'A' * 64))
case('invariant-lifecycle-bad-verdict', 'status-code-rejected', LC, 'task t-1 lifecycle: invalid projection verdict',
     add=rec.replace('verdict: APPROVED', 'verdict: MAYBE'))
case('invariant-lifecycle-sequence-zero', 'status-code-rejected', LC,
     'task t-1 lifecycle: receipt sequences must increase within the completion sequence (zero)',
     add=rec.replace('sequence: 1, transition_id', 'sequence: 0, transition_id'))

REF = VT + ' validateTaskInvariants, ValidateArtifactRefScalar (0323e95); validate_specref_test.go'
case('invariant-spec-ref-worktree-prefix', R, REF,
     'task t-1 spec_ref contains worktree prefix (must be repo-relative): .worktrees/t-1/specs/vision.md',
     replace=(('    spec_ref: specs/vision.md\n', '    spec_ref: .worktrees/t-1/specs/vision.md\n'),))
case('invariant-plan-ref-multiple', R, REF,
     'plan_ref contains multiple refs; use one repo-relative ref: docs/a.md;docs/b.md (task: t-1)',
     add='    plan_ref: docs/a.md;docs/b.md\n')
case('invariant-output-spec-ref-multiple', 'status-merged', REF,
     'output[0].spec_ref contains multiple refs; use one repo-relative ref: a.md;b.md (task: t-1)',
     add='    output:\n      - desc: one\n        done_when: it works\n        scope: s\n        spec_ref: a.md;b.md\n')

VP = 'liza-mas/liza internal/models/validation_prerequisites.go ValidationPrerequisiteViolations (0323e95), via validate_task.go validateTaskInvariants'
case('invariant-validation-prerequisites-valid', R, VP, None, valid=True,
     add='    validation:\n      - make test\n    validation_prerequisites:\n      - command: make test\n        executables: [make]\n')
case('invariant-validation-prerequisites-count', R, VP,
     'task t-1 validation_prerequisites requires one declaration per validation command (maximum 64)',
     add='    validation:\n      - make test\n      - make lint\n    validation_prerequisites:\n      - command: make test\n        executables: [make]\n')
case('invariant-validation-prerequisites-no-check', R, VP,
     'task t-1 validation_prerequisites[0] requires at least one check',
     add='    validation:\n      - make test\n    validation_prerequisites:\n      - command: make test\n')
case('invariant-validation-prerequisites-unknown-command', R, VP,
     'task t-1 validation_prerequisites[0].command must identify a distinct canonical command',
     add='    validation:\n      - make test\n    validation_prerequisites:\n      - command: make check\n        env: [HOME]\n')
case('invariant-validation-prerequisites-env-name', R, VP,
     'task t-1 validation_prerequisites[0].env[0] must be a variable identifier of at most 256 bytes',
     add='    validation:\n      - make test\n    validation_prerequisites:\n      - command: make test\n        env: [1BAD]\n')
