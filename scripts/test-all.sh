#!/usr/bin/env bash
# The README's test command: installs what the tests need on a fresh Debian machine with Node 20, then
# runs every check and test. With DATABASE_URL set, the server tests run a second time on that PostgreSQL,
# followed by a small soak run on a database of its own on that server.
set -uo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v dovecot >/dev/null 2>&1 || missing+=(dovecot-imapd)
[ -x /usr/sbin/sshd ] || missing+=(openssh-server)
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

echo "==> npm run check (types + lint)"
npm run check || { status=1; failed_steps+=(check); }

echo "==> build the web app"
npm run build || exit 1

echo "==> unit and API tests on embedded PGlite"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest-pglite.json" || { status=1; failed_steps+=(vitest-pglite); }

if [ -n "${DATABASE_URL:-}" ]; then
  echo "==> API and data-layer tests on PostgreSQL ($DATABASE_URL)"
  TEST_DATABASE_URL="$DATABASE_URL" npx vitest run --project server \
    --reporter=default --reporter=json --outputFile.json="$reports/vitest-postgres.json" || { status=1; failed_steps+=(vitest-postgres); }

  # The production processes killed and restarted while mail arrives (docs/behaviour/operations.md#soak-run):
  # a small run, under two minutes; the README gives a big one's figures.
  echo "==> soak run on PostgreSQL (200 messages, 2 web instances + 1 worker, 3 kills)"
  npm run soak -- --messages 200 --instances 2 --kills 3 || { status=1; failed_steps+=(soak); }
fi

# One Playwright process: tried as two parallel shards, the two Chromiums (software rendering) took both cores
# and every test ran three to four times slower, so the run took longer, not shorter.
echo "==> browser tests in Chromium"
PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/playwright.json" npx playwright test -c e2e/playwright.config.ts || { status=1; failed_steps+=(playwright); }

expected=(vitest-pglite.json playwright.json)
[ -n "${DATABASE_URL:-}" ] && expected+=(vitest-postgres.json)
node scripts/summarise-tests.mjs "$reports" "${expected[@]}" || { status=1; failed_steps+=(summary); }
# The closing lines say which step failed: a run can fail with every test passed (a type error, a
# suite hook, an unhandled rejection), and CI shows only the end of the output.
[ ${#failed_steps[@]} -gt 0 ] && echo "failed steps: ${failed_steps[*]}"
exit $status
