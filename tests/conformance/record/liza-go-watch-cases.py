#!/usr/bin/env python3
# liza-go-watch-cases.py — writes the liza-go cases of the watcher's limit
# warnings and AWAITING HUMAN checks (issue 35), transcribed from liza-mas/liza
# internal/commands/watch.go at 09d3f4a (checkApproachingLimits,
# checkReviewLoops, checkAwaitingHuman, blockedAwaitingHumanAlert),
# internal/models/awaiting_human.go at cff103b (CurrentAwaitingHuman) and
# internal/models/status_age.go (IsStatusTransitionEvent and its two lists).
# Each case copies a case's project and replaces text of its state.yaml; the
# upstream lines are what the Go watcher prints for it, read from the code.
# Run from the repository root.
import os, shutil
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'liza-go')
REPO = 'liza-mas/liza '

def case(name, base, src, upstream, expect, replace=()):
    d = os.path.join(HERE, name)
    if os.path.exists(d): shutil.rmtree(d)
    shutil.copytree(os.path.join(HERE, base, 'project'), os.path.join(d, 'project'))
    p = os.path.join(d, 'project', '.liza', 'state.yaml')
    s = open(p).read()
    for a, b in replace:
        assert a in s, (name, a)
        s = s.replace(a, b, 1)
    open(p, 'w').write(s)
    open(os.path.join(d, 'source'), 'w').write(src + '\n')
    open(os.path.join(d, 'upstream'), 'w').write('\n'.join(upstream) + '\n')
    open(os.path.join(d, 'expect'), 'w').write('now 2026-11-25T10:00:00Z\n' + ''.join(l + '\n' for l in expect))

LIM = REPO + 'internal/commands/watch.go checkApproachingLimits, checkReviewLoops (09d3f4a): %s'
W = 'anomaly-review-cycles-warning'
case('anomaly-review-cycles-warning-beside-loop', W,
     LIM % 'the warning (limit-2 <= cycles < limit) is independent of the REVIEW LOOP at 5',
     ['🚨 REVIEW LOOP: t-1 — 5 cycles (at cliff)', '⚠️ APPROACHING LIMIT: t-1 — attempt 1, review cycle 5/7'],
     ['check 2', 'alert CRIT review_loop t-1', 'alert WARN review_cycles_warning t-1',
      'run 2 check', 'output review cycle 5/7'],
     replace=[('review_cycles_current: 3', 'review_cycles_current: 5'), ('review_cycles_total: 3', 'review_cycles_total: 5'),
              ('max_review_cycles: 5', 'max_review_cycles: 7')])
case('anomaly-review-cycles-past-limit-quiet', W,
     LIM % 'no warning at or past the limit (cycles < limit)',
     ['(no APPROACHING LIMIT alert: 4 is not below the limit 3; no REVIEW LOOP below 5)'],
     ['no-alert review_cycles_warning', 'no-alert review_loop'],
     replace=[('review_cycles_current: 3', 'review_cycles_current: 4'), ('review_cycles_total: 3', 'review_cycles_total: 4'),
              ('max_review_cycles: 5', 'max_review_cycles: 3')])
case('anomaly-review-cycles-at-limit-loop-only', W,
     LIM % 'at the limit 5 the REVIEW LOOP fires and the warning does not',
     ['🚨 REVIEW LOOP: t-1 — 5 cycles (at cliff)'],
     ['check 2', 'alert CRIT review_loop t-1', 'no-alert review_cycles_warning'],
     replace=[('review_cycles_current: 3', 'review_cycles_current: 5'), ('review_cycles_total: 3', 'review_cycles_total: 5')])
case('anomaly-review-cycles-zero-limit-quiet', W,
     LIM % 'current > 0: a task with no cycle never warns, whatever the limit',
     ['(no APPROACHING LIMIT alert)'],
     ['no-alert review_cycles_warning'],
     replace=[('review_cycles_current: 3', 'review_cycles_current: 0'), ('review_cycles_total: 3', 'review_cycles_total: 0'),
              ('max_review_cycles: 5', 'max_review_cycles: 2')])

AH = REPO + 'internal/commands/watch.go checkAwaitingHuman, blockedAwaitingHumanAlert (09d3f4a); internal/models/awaiting_human.go CurrentAwaitingHuman (cff103b); internal/models/status_age.go IsStatusTransitionEvent: %s'
B = 'anomaly-awaiting-human-blocked-ask'
ASK = '        awaiting_human: buy the license and set LICENSE_KEY\n'
case('anomaly-awaiting-human-after-claim-released', B,
     AH % 'doer_claim_released is a non-transition event: the blocked entry still opens the episode',
     ['🚨 AWAITING HUMAN: t-1 blocked on a human action: buy the license and set LICENSE_KEY'],
     ['check 2', 'alert CRIT awaiting_human t-1', 'alert WARN blocked t-1',
      'run 2 check', 'output t-1 blocked on a human action: buy the license and set LICENSE_KEY'],
     replace=[(ASK, ASK + '      - time: 2026-11-25T09:52:00Z\n        event: doer_claim_released\n        agent: coder-1\n'
                     '      - time: 2026-11-25T09:53:00Z\n        event: new_attempt\n        agent: orchestrator-1\n')])
case('anomaly-awaiting-human-unclassified-event-quiet', B,
     AH % 'an event in neither list (arch_ref_repaired) is unclassified: it starts the episode, which names no ask',
     ['(no AWAITING HUMAN alert)'],
     ['no-alert awaiting_human', 'alert WARN blocked t-1'],
     replace=[(ASK, ASK + '      - time: 2026-11-25T09:52:00Z\n        event: arch_ref_repaired\n        agent: orchestrator-1\n')])
case('anomaly-awaiting-human-assessment-sets-ask', B,
     AH % 'a later orchestrator_assessment with an ask replaces the episode\'s ask (trimmed)',
     ['🚨 AWAITING HUMAN: t-1 blocked on a human action: renew the certificate'],
     ['check 2', 'alert CRIT awaiting_human t-1', 'run 2 check', 'output t-1 blocked on a human action: renew the certificate'],
     replace=[(ASK, ASK + '      - time: 2026-11-25T09:52:00Z\n        event: review_claim_released\n        agent: code-reviewer-1\n'
                     '      - time: 2026-11-25T09:55:00Z\n        event: orchestrator_assessment\n        agent: orchestrator-1\n'
                     '        awaiting_human: "  renew the certificate  "\n')])
P = 'invariant-plan-check-held-with-ask-valid'
case('anomaly-awaiting-human-plan-held', P,
     AH % 'a MERGED plan whose plan_check is held',
     ['🚨 AWAITING HUMAN: plan t-1 held before its children exist: seed smoke users; after doing it, run "liza plan-check t-1 --clear"'],
     ['check 2', 'alert CRIT awaiting_human t-1', 'no-alert invalid_state',
      'run 2 check', 'output plan t-1 held before its children exist: seed smoke users; after doing it, run'],
     replace=[])
case('anomaly-awaiting-human-plan-passed-quiet', 'invariant-plan-check-valid',
     AH % 'a passed plan_check asks nothing',
     ['(no AWAITING HUMAN alert)'],
     ['no-alert awaiting_human', 'no-alert invalid_state'])
