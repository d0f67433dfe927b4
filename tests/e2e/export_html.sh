#!/usr/bin/env bash
# export --html (issue 40) in a real browser: headless Chromium (Debian's
# `chromium`, in make deps' list) opens the page, a screenshot is taken and
# the DOM read back. Its counts equal `check --json`'s and `queue
# --json`'s; a hostile project whose titles, ids, reasons and worktrees hold
# <script>, handlers, javascript: links, quotes and escape bytes renders
# them as text: no element, no handler, no link out. Alerts carry what
# their code means; specs and dependencies are links, broken when they lead
# nowhere, never out of the project. export --json holds
# the same counts; a file in a state folder is refused; --follow rewrites
# the page (by rename) when the project changes. Without chromium (where it
# cannot be installed) the page is checked as text only, and it says so.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
P=$E2E_TMP/hostile
mkdir -p "$P" "$E2E_TMP/out"
cp -r "$LW_TESTS/fixtures/hud/basic/." "$P/"
cp -r "$LW_TESTS/fixtures/hud/foreman-acp/." "$P/"
st=$P/.liza/state.yaml
# Hostile text in a title, an id, a reason and worktrees.
sed -i 's|description: Ready for the operator.s verdict|description: "<script>alert(1)</script><img src=x onerror=alert(2)> \\"q\\" '"'"'s'"'"' \\e[31mred"|' "$st"
sed -i 's|blocked_reason: spec unclear|blocked_reason: "<a href=\\"javascript:alert(3)\\">click</a>"|' "$st"
sed -i 's|  - id: draft-1|  - id: "d\\"><script>alert(5)</script>"|' "$st"
sed -i 's|worktree: .worktrees/active-1|worktree: "javascript:alert(4)"|' "$st"
sed -i '0,/    worktree: .worktrees\/review-1/s||    worktree: .worktrees/active-1|' "$st"
# Specs (liza#50): one that exists (ready-1), one with an anchor and one
# missing (review-1), missing (active-1), out of the project by .. and by a
# symlink, and a scheme (blocked-1, done-1); dependencies, one on nothing.
ln -s /etc/passwd "$P/specs/out.md"
up=$(printf '../%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
sed -i '/description: Waiting for a coder/a\    depends_on: [active-1, ghost-9]' "$st"
sed -i '/description: Being written now/,/spec_ref/s|spec_ref: specs/vision.md|spec_ref: "specs/missing.md#goal"|' "$st"
sed -i '/id: review-1/,/spec_ref/s|spec_ref: specs/vision.md|spec_ref: "specs/vision.md#intro; specs/missing2.md"|' "$st"
sed -i "/id: blocked-1/,/spec_ref/s|spec_ref: specs/vision.md|spec_ref: \"${up}etc/passwd;javascript:alert(6)\"|" "$st"
sed -i '/id: done-1/,/spec_ref/s|spec_ref: specs/vision.md|spec_ref: specs/out.md|' "$st"
grep -q 'alert(5)' "$st" && grep -q 'ghost-9' "$st" && grep -q 'alert(6)' "$st" && grep -q 'missing2' "$st" &&
	grep -q 'spec_ref: specs/out.md' "$st" || fail "the hostile fixture was not made"

page=$E2E_TMP/out/page.html
"$LW_BIN" -C "$P" export --html "$page" || fail "export --html failed"
grep -q '<script' "$page" && fail "a <script> element in the page: $(grep -o '.\{40\}<script.\{40\}' "$page" | head -2)"
grep -qiE 'href="[a-z]+:' "$page" && fail "a link with a scheme: $(grep -oiE 'href="[a-z]+:[^"]*"' "$page" | head -2)"
grep -qiE '<[^>]* on[a-z]+=' "$page" && fail "an event handler in the page"
grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' "$page" || fail "the hostile title is not there as text"
# Each alert with what its code means, from its system's page (docs/systems/liza.md).
grep -qF '<td class="explain">a BLOCKED task (the message carries blocked_reason)</td>' "$page" ||
	fail "the blocked alert's explanation: $(grep -o '<td class="explain">[^<]*' "$page" | head -3)"
# Specs: linked when inside and there, broken when not there, never a link
# out of the project (by .., by a symlink) nor a scheme.
grep -qF '<li>spec: <a class="link" href="specs/vision.md">specs/vision.md</a></li>' "$page" || fail "the spec that exists"
grep -qF '<a class="link" href="specs/vision.md">specs/vision.md#intro</a>' "$page" || fail "the spec with an anchor"
grep -qF '<span class="broken">specs/missing.md#goal (broken: nothing there)</span>' "$page" || fail "the missing spec"
grep -qF '<span class="broken">specs/missing2.md (broken: nothing there)</span>' "$page" || fail "the second spec, missing"
grep -qF "${up}etc/passwd (not linked: outside the project)" "$page" || fail "the spec out of the project by .."
grep -qF 'specs/out.md (not linked: outside the project)' "$page" || fail "the spec out of the project by a symlink"
grep -qF '<span class="broken">javascript:alert(6) (broken: nothing there)</span>' "$page" || fail "the javascript: spec"
grep -qiE 'href="[^"]*(passwd|out\.md|alert)' "$page" && fail "a spec link that leaves the project: $(grep -oiE 'href="[^"]*(passwd|out\.md|alert)[^"]*"' "$page")"
# Dependencies: an anchor to the task on the page, broken when none.
dep=$(grep -oE '<a class="dep" href="#t0-[0-9]+">active-1</a>' "$page" | grep -oE 't0-[0-9]+') || fail "the dependency link"
grep -qF "<article class=\"task\" id=\"$dep\"><h4>liza:active-1 " "$page" || fail "the dependency's anchor is not active-1's"
grep -qF '<span class="broken">ghost-9 (broken: no such task)</span>' "$page" || fail "the dependency on nothing"
"$LW_BIN" -C "$P/.liza/.." export --html "$P/.liza/page.html" 2>"$E2E_TMP/err" && fail "a page written into .liza/"
grep -q 'inside the state folder' "$E2E_TMP/err" || fail "the refusal: $(cat "$E2E_TMP/err")"
[ -e "$P/.liza/page.html" ] && fail "the refused page exists"

# The same counts as check --json and queue --json.
nalerts=$("$LW_BIN" -C "$P" check --json | jq '.alerts | length')
nqueue=$("$LW_BIN" -C "$P" queue --json | wc -l)
[ "$nqueue" -ge 3 ] || fail "the queue holds $nqueue items"
"$LW_BIN" -C "$P" export --json - > "$E2E_TMP/export.json" || fail "export --json failed"
[ "$(jq '.projects[0].alerts | length' "$E2E_TMP/export.json")" = "$nalerts" ] || fail "export --json's alerts"
[ "$(jq '.queue | length' "$E2E_TMP/export.json")" = "$nqueue" ] || fail "export --json's queue"
jq -e '.projects[0].tasks[] | select(.id == "active-1") | .links[] | select(.kind == "worktree") | .broken' \
	"$E2E_TMP/export.json" | grep -qx true || fail "the javascript: worktree is not a broken link"
jq -r '.projects[0].alerts[] | select(.code == "blocked") | .explanation' "$E2E_TMP/export.json" |
	grep -qx 'a BLOCKED task (the message carries blocked_reason)' || fail "export --json's explanation"
[ "$(jq -c '[.projects[0].tasks[] | select(.id == "ready-1") | .links[] | select(.kind != "file")]' "$E2E_TMP/export.json")" = \
  '[{"kind":"spec","target":"specs/vision.md","broken":false},{"kind":"depends_on","target":"active-1","broken":false},{"kind":"depends_on","target":"ghost-9","broken":true}]' ] ||
	fail "export --json's spec and dependency links: $(jq -c '.projects[0].tasks[] | select(.id == "ready-1") | .links' "$E2E_TMP/export.json")"
jq -e '.projects[0].tasks[] | select(.id == "active-1") | .links[] | select(.kind == "spec") | .broken' \
	"$E2E_TMP/export.json" | grep -qx true || fail "export --json: the missing spec is not broken"
# Today's (Go) Liza explains by its own page (docs/systems/liza-go.md), not the shell era's.
mkdir -p "$E2E_TMP/go" && cp -r "$LW_TESTS/fixtures/liza-go/basic/." "$E2E_TMP/go/"
"$LW_BIN" -C "$E2E_TMP/go" export --json - | jq -r '.projects[0].alerts[] | select(.code == "blocked") | .explanation' |
	grep -qx "a BLOCKED task (with the rejection-RCA gate's state when it has one)" || fail "Go Liza's explanation"

if ! command -v chromium >/dev/null; then
	echo "export_html: chromium is not installed (make deps installs it): the page was checked as text only, not in a browser" >&2
	exit 0
fi
profile=$(mktemp -d "$E2E_TMP/chromium.XXXXXX")
browse() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$profile" "$@" 2>>"$E2E_TMP/chromium.log"
}
# The page holds no script (checked below on the DOM) and its
# Content-Security-Policy allows none: it reads the same with scripts off.
# (--dump-dom itself needs them: blink's scriptEnabled=false empties it.)
browse --dump-dom "file://$page" > "$E2E_TMP/dom.html" || fail "chromium --dump-dom: $(tail -3 "$E2E_TMP/chromium.log")"
browse --screenshot="$E2E_TMP/page.png" --window-size=1280,2400 "file://$page" >/dev/null ||
	fail "chromium --screenshot: $(tail -3 "$E2E_TMP/chromium.log")"
[ -s "$E2E_TMP/page.png" ] || fail "no screenshot"
dom=$E2E_TMP/dom.html
grep -q 'id="queue-count"' "$dom" || fail "the DOM read back is not the page: $(head -c 300 "$dom")"
# Counts, from the DOM the browser built.
[ "$(grep -o '<tr class="alert ' "$dom" | wc -l)" = "$nalerts" ] || fail "the page's alerts: not check --json's $nalerts"
[ "$(grep -o '<tr class="wait"' "$dom" | wc -l)" = "$nqueue" ] || fail "the page's queue: not queue --json's $nqueue"
grep -q "data-alerts=\"$nalerts\"" "$dom" || fail "the summary's alert count"
# No element, handler or link came from the project: every element's
# attributes (text holds no '<', it is &lt;).
tags=$(grep -oE '<[a-zA-Z][^>]*>' "$dom")
grep -qiE '^<(script|img|iframe|object|embed|form|link|base|meta http-equiv="refresh")' <<<"$tags" &&
	fail "an element from the project in the DOM: $(grep -iE '^<(script|img|iframe|object|embed|form|link|base)' <<<"$tags" | head -2)"
grep -qiE ' on[a-z]+=' <<<"$tags" && fail "a handler in the DOM"
bad=$(grep -oiE ' (href|src|action|srcset|formaction)="[^"]*"' <<<"$tags" |
      grep -vE '^ href="(#t[0-9]+-[0-9]+|[A-Za-z0-9._~/%-]+)"$' || true)
[ -z "$bad" ] || fail "a link that is not inside the page or the project: $bad"
grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;' "$dom" || fail "the title is not text in the DOM"
grep -qF '&lt;a href="javascript:alert(3)"&gt;click&lt;/a&gt;' "$dom" || fail "the reason is not text in the DOM"
grep -qF 'javascript:alert(4) (broken: nothing there)' "$dom" || fail "the javascript: worktree is not shown as broken text"
grep -qF '<a class="link" href=".worktrees/active-1">' "$dom" || fail "the worktree that exists is not linked"
grep -qF '<a class="link" href="specs/vision.md">specs/vision.md</a>' "$dom" || fail "the spec is not a link in the DOM"
grep -qF 'specs/missing.md#goal (broken: nothing there)' "$dom" || fail "the missing spec in the DOM"
grep -qF 'a BLOCKED task (the message carries blocked_reason)' "$dom" || fail "the explanation in the DOM"
grep -qF '^[[31mred' "$dom" || fail "the escape byte is not shown as ^["

# --follow: the page is replaced (rename) when the project changes.
fpage=$E2E_TMP/out/follow.html
"$LW_BIN" -C "$P" export --html "$fpage" --follow & fpid=$!
end=$(( $(date +%s) + 30 ))
until grep -qs 'queue-count' "$fpage" || [ "$(date +%s)" -gt "$end" ]; do sleep 0.05; done
grep -q "queue-count\">$nqueue<" "$fpage" || fail "--follow's first page"
ino=$(stat -c %i "$fpage")
sed -i 's/status: READY_FOR_REVIEW/status: APPROVED/' "$st"
end=$(( $(date +%s) + 30 ))
until grep -qs "queue-count\">$((nqueue - 1))<" "$fpage" || [ "$(date +%s)" -gt "$end" ]; do sleep 0.05; done
kill "$fpid"; wait "$fpid" 2>/dev/null
grep -q "queue-count\">$((nqueue - 1))<" "$fpage" || fail "--follow did not rewrite the page"
[ "$(stat -c %i "$fpage")" != "$ino" ] || fail "--follow wrote in place, not by rename"
ls "$E2E_TMP/out" | grep -v '^\(page\|follow\)\.html$' | grep -q . && fail "a temp left in the output folder: $(ls "$E2E_TMP/out")"
echo "export_html: checked in $(chromium --version 2>/dev/null | head -1)"
