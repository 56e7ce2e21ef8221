// The web app's layers (as bulletproof-react lints them): a feature imports only itself and the shared layers
// (`shared/`, `components/`, `hooks/`, `lib/`), never another feature; `shared/` and the other shared layers
// import no feature. Only `app/` (router, providers) puts features together. A part of a feature that another
// feature needs moves to `shared/<feature>/`. Run by `npm run lint`; prints each offending import.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../apps/web/src');
const importPattern = /(?:from|import)\s*\(?\s*'([^']+)'/g;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The feature a path under src belongs to, or null for the shared layers and app/. */
function featureOf(relative) {
  const [top, feature] = relative.split(path.sep);
  return top === 'features' ? feature : null;
}

const problems = [];
for (const file of sourceFiles(src)) {
  const relative = path.relative(src, file);
  const [layer] = relative.split(path.sep);
  if (layer === 'app') continue;
  const own = featureOf(relative);
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const [, specifier] of line.matchAll(importPattern)) {
      let target;
      if (specifier.startsWith('@/')) target = specifier.slice(2).split('/').join(path.sep);
      else if (specifier.startsWith('.'))
        target = path.relative(src, path.resolve(path.dirname(file), specifier));
      else continue;
      const imported = featureOf(target);
      if (imported === null || imported === own) continue;
      const who = own ? `feature '${own}'` : `shared layer '${layer}'`;
      problems.push(
        `apps/web/src/${relative}:${index + 1}: ${who} imports feature '${imported}' ('${specifier}'); move what both need to apps/web/src/shared/`,
      );
    }
  });
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`${problems.length} import(s) across web features`);
  process.exit(1);
}
