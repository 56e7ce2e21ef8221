#!/usr/bin/env bash
# Installs the project's dependencies with npm running on the Node.js the project pins (package.json
# devDependencies.node, the LTS binary from the npm registry), whatever Node.js the machine has: npm then
# checks engines against that runtime (no EBADENGINE warnings) and every npm script finds it first on
# PATH through node_modules/.bin. See docs/decisions/0003-runtime-from-the-registry.md.
set -euo pipefail
cd "$(dirname "$0")/.."
runtime=$(node -p "require('./package.json').devDependencies.node")
npm exec --yes --package="node@${runtime}" -- npm ci --no-audit --no-fund
echo "runtime: node $(node_modules/.bin/node -p process.version) (system: $(command -v node) $(node -v))"
