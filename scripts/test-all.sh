#!/usr/bin/env bash
# The README's test command: installs what the tests need on a fresh Debian machine with Node 20, then
# runs every check and test. With DATABASE_URL set, the server tests run a second time on that PostgreSQL,
# beside a small soak run on a PostgreSQL server of its own (it restarts it and cuts it off).
set -uo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
# The browser tests' Chromium (the same build without the full browser's UI layer; decision 0019).
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v dovecot >/dev/null 2>&1 || missing+=(dovecot-imapd)
# The harness's own PostgreSQL (test-servers/postgres.ts: initdb and pg_ctl), which the database-fault tests and
# the soak run stop, restart and cut off; the machine's shared server is never touched.
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
[ -x /usr/sbin/sshd ] || missing+=(openssh-server)
# The OAuth test provider makes its https certificate with openssl (mailbox-sign-in.test.ts, MSAL).
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" || exit 1
fi

echo "==> npm ci (on the pinned Node.js from the npm registry)"
bash scripts/install.sh || exit 1
# Every later step runs on that runtime, also when this script is started directly rather than by npm.
export PATH="$PWD/node_modules/.bin:$PATH"
echo "==> node $(node -p process.version)"

reports=.tmp/test-reports
rm -rf "$reports" && mkdir -p "$reports"
status=0
failed_steps=()
# Seconds per step, printed at the end: the figures the test-time target is checked against.
step_times=()
timed() { local name=$1 start=$SECONDS; shift; "$@"; local code=$?; step_times+=("$name $((SECONDS - start)) s"); return $code; }

echo "==> build the web app and the server"
timed build npm run build || exit 1

# The browser tests run beside the vitest runs, so the API tests fit into their time instead of following it.
# One Playwright process: two parallel shards (two Chromiums rendering in software on 2 cores) were no faster
# (docs/decisions/0019-browser-tests-on-the-headless-shell.md). Its output is printed when it is done.
echo "==> browser tests in Chromium (in the background; output follows the API tests)"
PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/playwright.json" npx playwright test -c e2e/playwright.config.ts \
  > "$reports/playwright.log" 2>&1 &
playwright_pid=$!
playwright_started=$SECONDS

# After the browser tests have started, which are the run's length: the check's 10 s are then not added to it.
echo "==> npm run check (types + lint)"
timed check npm run check || { status=1; failed_steps+=(check); }

echo "==> unit and API tests on embedded PGlite"
timed vitest-pglite npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest-pglite.json" || { status=1; failed_steps+=(vitest-pglite); }

if [ -n "${DATABASE_URL:-}" ]; then
  # The production processes killed and restarted while mail arrives (docs/behaviour/operations.md#soak-run):
  # a small run, with one database restart, one network cut and one SMTP outage (the catcher answering 451), on a
  # PostgreSQL server of its own. It appends its mail over a fixed minute and used a quarter of one
  # core doing so, so it runs beside the API tests on PostgreSQL instead of adding its minute after them. It
  # fails only on a message lost or processed twice, which no load excuses.
  echo "==> soak run on PostgreSQL (200 messages, 2 web instances + 1 worker, 3 kills, 1 database restart, 1 cut, 1 SMTP outage; in the background)"
  # Its own length goes to a file: the step ends for the script only when the API tests have ended too.
  (
    started=$SECONDS
    npm run soak -- --messages 200 --instances 2 --kills 3 --db-restart 1 --db-cut 1 --smtp-outage 1
    code=$?
    echo "$((SECONDS - started))" > "$reports/soak.seconds"
    exit $code
  ) > "$reports/soak.log" 2>&1 &
  soak_pid=$!

  echo "==> API and data-layer tests on PostgreSQL ($DATABASE_URL)"
  TEST_DATABASE_URL="$DATABASE_URL" timed vitest-postgres npx vitest run --project server \
    --reporter=default --reporter=json --outputFile.json="$reports/vitest-postgres.json" || { status=1; failed_steps+=(vitest-postgres); }

  wait "$soak_pid" || { status=1; failed_steps+=(soak); }
  step_times+=("soak $(cat "$reports/soak.seconds" 2>/dev/null || echo '?') s (beside the API tests on PostgreSQL)")
  echo "==> soak run: output"
  cat "$reports/soak.log"
fi


playwright_failed=
wait "$playwright_pid" || { status=1; failed_steps+=(playwright); playwright_failed=1; }
step_times+=("playwright $((SECONDS - playwright_started)) s (beside the API tests)")
echo "==> browser tests in Chromium: output"
cat "$reports/playwright.log"
if [ -n "$playwright_failed" ]; then
  # No trace is recorded (docs/decisions/0021-browser-tests-without-traces.md) and CI shows only this output: the
  # page as each failing test left it, from Playwright's error context (its accessibility tree, as YAML).
  for context in test-results/*/error-context.md; do
    [ -f "$context" ] || continue
    echo "==> the page when it failed: $context"
    sed -n '/^```yaml$/,/^```$/p' "$context" | head -120
  done
fi

expected=(vitest-pglite.json playwright.json)
[ -n "${DATABASE_URL:-}" ] && expected+=(vitest-postgres.json)
node scripts/summarise-tests.mjs "$reports" "${expected[@]}" || { status=1; failed_steps+=(summary); }
echo "step times: $(IFS=,; echo "${step_times[*]}" | sed 's/,/, /g'); whole run $SECONDS s"
# The processor time of everything this run started (children's user + system): on 2 cores the run cannot take
# less than half of it, the floor its wall time is compared with.
# (`times` into a file, not a pipe: in a pipeline it would run in a subshell that has no children.)
times > "$reports/times.txt"
cpu_seconds=$(tail -1 "$reports/times.txt" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
echo "processor time of the run: ${cpu_seconds} s (floor on $(nproc) cores: $((cpu_seconds / $(nproc))) s)"
# The closing lines say which step failed: a run can fail with every test passed (a type error, a
# suite hook, an unhandled rejection), and CI shows only the end of the output.
[ ${#failed_steps[@]} -gt 0 ] && echo "failed steps: ${failed_steps[*]}"
exit $status
