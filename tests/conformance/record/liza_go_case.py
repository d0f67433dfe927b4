# liza_go_case.py — what the liza-go case writers share: case() copies a
# status-* case's project, gives task t-1 the record under test (replacements,
# then text after its `history: []`), optionally a second task t-2 in the
# sprint's plan (more tasks after it too), and writes source, upstream and
# expect (a valid state: no invalid_state; else the CRIT and Liza's message in
# `check`'s output, and each further message Liza gives for the state).
import os, re, shutil
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'liza-go')

def case(name, base, src, upstream, add='', replace=(), valid=False, alert_text=None, second=None, more=()):
    d = os.path.join(HERE, name)
    if os.path.exists(d): shutil.rmtree(d)
    shutil.copytree(os.path.join(HERE, base, 'project'), os.path.join(d, 'project'))
    p = os.path.join(d, 'project', '.liza', 'state.yaml')
    s = open(p).read()
    for a, b in replace:
        assert a in s, (name, a)
        s = s.replace(a, b, 1)
    if add:
        anchor = '    history: []\n'
        assert anchor in s, name
        s = s.replace(anchor, anchor + add, 1)
    if second:
        assert '\nagents:\n' in s and '    planned:\n      - t-1\n' in s, name
        s = s.replace('\nagents:\n', '\n' + second + 'agents:\n', 1)
        ids = ''.join('      - %s\n' % i for i in re.findall(r'^  - id: (\S+)$', second, re.M))
        s = s.replace('    planned:\n      - t-1\n', '    planned:\n      - t-1\n' + ids, 1)
    open(p, 'w').write(s)
    with open(os.path.join(d, 'source'), 'w') as f: f.write(src + '\n')
    with open(os.path.join(d, 'upstream'), 'w') as f:
        f.write('\n'.join([upstream or 'valid (no violation)'] + list(more)) + '\n')
    with open(os.path.join(d, 'expect'), 'w') as f:
        f.write('now 2026-11-25T10:00:00Z\n')
        if valid:
            f.write('no-alert invalid_state\n')
        else:
            f.write('alert CRIT invalid_state t-1\n')
            f.write('run 2 check\n')
            f.write('output %s\n' % (alert_text or upstream))
            for m in more:
                f.write('output %s\n' % m)
