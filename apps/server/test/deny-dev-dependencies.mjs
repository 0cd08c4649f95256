// `node --import ./deny-dev-dependencies.mjs FILE`: a module under DENY_DEV_DEPENDENCIES_UNDER that
// imports a dev dependency (of the root or the server package.json) fails to load, as it would in
// the Docker image, where `npm prune --omit=dev` removed them (tsx among them).
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const devDependencies = new Set(
  ['package.json', 'apps/server/package.json'].flatMap((file) =>
    Object.keys(JSON.parse(readFileSync(path.join(repo, file), 'utf8')).devDependencies ?? {}),
  ),
);
const under = pathToFileURL(path.resolve(process.env.DENY_DEV_DEPENDENCIES_UNDER ?? repo)).href + '/';

/** "@scope/name/sub" -> "@scope/name", "name/sub" -> "name". */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

registerHooks({
  resolve(specifier, context, nextResolve) {
    const name = packageName(specifier);
    if (context.parentURL?.startsWith(under) && devDependencies.has(name)) {
      throw new Error(`dev dependency "${name}" imported by ${context.parentURL}`);
    }
    return nextResolve(specifier, context);
  },
});
