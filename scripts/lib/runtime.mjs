// The Node.js the product runs on: the `node` package pinned in package.json (its binary ships in
// a registry package of its own, node-<platform>-<arch>), so no manual install is needed. The
// machine's Node only bootstraps: it runs `npm install`, then the scripts run again on the pinned
// one, with node_modules/.bin first on PATH so every child (tsx, jest, playwright) uses it too.
// Node built-ins only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function pinnedNode(root) {
  const binary = path.join(root, 'node_modules', 'node', 'bin', 'node');
  return fs.existsSync(binary) ? binary : undefined;
}

/** The version pinned in package.json (devDependencies.node), e.g. "26.10.0". */
function pinnedNodeVersion(root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return String(manifest.devDependencies?.node ?? '').replace(/^[^\d]*/, '');
}

/**
 * Re-runs the current script on the pinned Node when it runs on another one (or when
 * node_modules/.bin is not first on PATH). Resolves only when already on the pinned Node;
 * otherwise the process ends with the re-run's exit code.
 */
export async function onPinnedNode(root) {
  const bin = path.join(root, 'node_modules', '.bin');
  const binary = pinnedNode(root);
  const wanted = pinnedNodeVersion(root);
  const pathFirst = (process.env.PATH ?? '').split(path.delimiter)[0] === bin;
  if (!binary || (process.versions.node === wanted && pathFirst)) return;
  process.stdout.write(`[runtime] running on Node ${wanted} (node_modules/node) instead of ${process.version}\n`);
  const child = spawn(binary, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  // Ctrl-C reaches the whole process group: the re-run stops its services itself.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}
