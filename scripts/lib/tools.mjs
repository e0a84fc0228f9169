// Finds or provisions every external program the stack needs, in the order of DESIGN.md:
// on PATH → tool cache → built or fetched through the package managers this machine has.
// Node built-ins only, so it runs before `npm install`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, run } from './process.mjs';
import { TOOL_CACHE } from './stack-config.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.join(TOOL_CACHE, 'bin');
const LOGS = path.join(TOOL_CACHE, 'logs');

export const GO_TOOLS = {
  temporal: { module: 'github.com/temporalio/cli/cmd/temporal@v1.5.1', what: 'Temporal CLI (dev server + Web UI)' },
  'stripe-mock': { module: 'github.com/stripe/stripe-mock@v0.203.0', what: 'stripe-mock' },
  minio: { module: 'github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c', what: 'MinIO (S3-compatible storage)' },
  // The cluster profile's servers: newer modules that need a newer Go than the machine's (the Go
  // command fetches that toolchain through the module proxy).
  'temporal-server': {
    module: 'go.temporal.io/server/cmd/server@v1.32.2',
    toolchain: 'go1.27.3',
    what: 'Temporal server',
  },
  'temporal-sql-tool': {
    module: 'go.temporal.io/server/cmd/tools/sql@v1.32.2',
    toolchain: 'go1.27.3',
    what: "Temporal's SQL schema tool",
  },
  caddy: { module: 'github.com/caddyserver/caddy/v2/cmd/caddy@v2.11.9', toolchain: 'go1.27.3', what: 'Caddy' },
  // The release of deploy/compose.yaml's temporalio/ui image, its web assets embedded.
  'temporal-ui-server': { module: 'github.com/temporalio/ui-server/v2/cmd/server@v2.49.1', what: 'Temporal UI server' },
  // Checks deploy/observability's Prometheus configuration and evaluates its alert rules' tests.
  promtool: {
    module: 'github.com/prometheus/prometheus/cmd/promtool@v0.316.0',
    toolchain: 'go1.27.3',
    what: "Prometheus's promtool",
  },
};

export function which(command) {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      /* keep looking */
    }
  }
  return undefined;
}

function elapsed(start) {
  return `${((Date.now() - start) / 1000).toFixed(0)} s`;
}

/**
 * A Go program: PATH, then the cache, else `go install` into the cache (first time: minutes).
 * `go install` names the binary after its package folder (`cmd/server` → `server`), so it installs
 * into a folder of its own and the one binary it holds moves to `<cache>/bin/<name>`.
 */
export async function ensureGoTool(name, step) {
  const cached = path.join(BIN, name);
  if (fs.existsSync(cached)) return cached;
  const onPath = which(name);
  if (onPath) return onPath;
  const go = which('go');
  const { module, toolchain, what } = GO_TOOLS[name];
  if (!go) throw new Error(`${what} is missing and Go is not installed to build it (install Go ≥ 1.25).`);
  fs.mkdirSync(LOGS, { recursive: true });
  const start = Date.now();
  log(
    step,
    `building ${what} with go install${toolchain ? ` (${toolchain})` : ''} (first time only, a few minutes; log: ${path.join(LOGS, `${name}.log`)})`,
  );
  const ticker = setInterval(() => log(step, `still building ${name}… ${elapsed(start)}`), 30_000);
  fs.mkdirSync(BIN, { recursive: true });
  const staging = fs.mkdtempSync(path.join(TOOL_CACHE, `go-install-${name}-`));
  try {
    await run(go, ['install', module], {
      env: { GOBIN: staging, GOFLAGS: '-mod=mod', CGO_ENABLED: '0', ...(toolchain && { GOTOOLCHAIN: toolchain }) },
      quiet: true,
      logFile: path.join(LOGS, `${name}.log`),
    });
    const [binary] = fs.readdirSync(staging);
    fs.renameSync(path.join(staging, binary), cached);
  } finally {
    clearInterval(ticker);
    fs.rmSync(staging, { recursive: true, force: true });
  }
  log(step, `${name} ready in ${elapsed(start)}`);
  return cached;
}

/**
 * Debian packages (ffmpeg, chromium, fonts): installed with apt-get when we are root and they are
 * missing. Each is found by a `command` on PATH or by a `file` it installs (e.g. a font).
 */
export async function ensureAptPackages(packages, step) {
  const missing = packages.filter(({ command, file }) => (command ? !which(command) : !fs.existsSync(file)));
  if (missing.length === 0) return;
  const names = missing.map(({ pkg }) => pkg);
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !which('apt-get')) {
    throw new Error(
      `Missing system packages: ${names.join(', ')}. Install them (e.g. sudo apt-get install ${names.join(' ')}).`,
    );
  }
  const start = Date.now();
  log(step, `installing ${names.join(', ')} with apt-get (first time only)`);
  fs.mkdirSync(LOGS, { recursive: true });
  const logFile = path.join(LOGS, 'apt.log');
  await run('apt-get', ['update', '-qq'], { quiet: true, logFile });
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], {
    quiet: true,
    logFile,
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
  log(step, `${names.join(', ')} installed in ${elapsed(start)}`);
}

/** Newest JDK at or above `minimum`: JAVA_HOME, the system JDKs in /usr/lib/jvm, then PATH. */
export function findJava(minimum) {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(path.join(process.env.JAVA_HOME, 'bin', 'java'));
  try {
    for (const entry of fs.readdirSync('/usr/lib/jvm'))
      candidates.push(path.join('/usr/lib/jvm', entry, 'bin', 'java'));
  } catch {
    /* no system JDKs */
  }
  const onPath = which('java');
  if (onPath) candidates.push(onPath);
  let best;
  for (const java of candidates) {
    if (!fs.existsSync(java)) continue;
    const { stderr = '' } = spawnSync(java, ['-version'], { encoding: 'utf8' });
    const version = Number(/version "(\d+)/.exec(stderr)?.[1]);
    if (version >= minimum && (!best || version > best.version)) {
      best = { home: path.dirname(path.dirname(fs.realpathSync(java))), java, version };
    }
  }
  return best;
}

/**
 * The runtime classpath of `scripts/provision/<pom>` copied by Maven into `lib` (first time only;
 * a `.complete` mark says it is whole), with progress lines.
 */
async function fetchMavenDependencies(step, { what, pom, lib, logName }) {
  if (fs.existsSync(path.join(lib, '.complete'))) return;
  const mvn = which('mvn');
  if (!mvn) throw new Error(`Maven (mvn) is needed once to fetch ${what}.`);
  const start = Date.now();
  log(step, `fetching ${what} and its classpath with Maven (first time only)`);
  fs.mkdirSync(LOGS, { recursive: true });
  await run(
    mvn,
    [
      '-B',
      '-q',
      '-f',
      path.join(here, '..', 'provision', pom),
      'dependency:copy-dependencies',
      '-DincludeScope=runtime',
      `-DoutputDirectory=${lib}`,
    ],
    { quiet: true, logFile: path.join(LOGS, `${logName}.log`) },
  );
  fs.writeFileSync(path.join(lib, '.complete'), new Date().toISOString());
  log(step, `${what} fetched in ${elapsed(start)}`);
}

/**
 * The Temporal Java test server (time-skipping) from Maven Central, plus a wrapper that `exec`s the
 * JVM so the test SDK's kill reaches it. Returns the wrapper's path.
 */
export async function ensureTemporalTestServer(step) {
  const home = path.join(TOOL_CACHE, 'temporal-test-server');
  const wrapper = path.join(home, 'temporal-test-server');
  const lib = path.join(home, 'lib');
  await fetchMavenDependencies(step, {
    what: 'the Temporal test server',
    pom: 'temporal-test-server.pom.xml',
    lib,
    logName: 'temporal-test-server',
  });
  const jdk = findJava(17);
  if (!jdk) throw new Error('The Temporal test server needs Java 17 or newer.');
  const script = `#!/bin/sh\n# Time-skipping Temporal test server: <port> [--enable-time-skipping]\nexec "${jdk.java}" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss1m -cp "${lib}/*" io.temporal.testserver.TestServer "$@"\n`;
  if (!fs.existsSync(wrapper) || fs.readFileSync(wrapper, 'utf8') !== script) {
    fs.writeFileSync(wrapper, script, { mode: 0o755 });
  }
  return wrapper;
}

/**
 * Mustang's Factur-X validator (`org.mustangproject:validator`, PDF/A-3 by veraPDF's rules, XML by
 * the Factur-X schema and the EN 16931 schematron) from Maven Central, and our small command-line
 * class compiled against it. Returns the path of a wrapper: `<wrapper> <file>…` prints Mustang's
 * report and `VALID <file>` or `INVALID <file>` per file, exit 1 when one is invalid.
 */
export async function ensureMustangValidator(step) {
  const home = path.join(TOOL_CACHE, 'mustang-validator');
  const lib = path.join(home, 'lib');
  const classes = path.join(home, 'classes');
  const wrapper = path.join(home, 'validate-factur-x');
  const source = path.join(here, '..', 'provision', 'ValidateFacturX.java');
  const jdk = findJava(17);
  if (!jdk) throw new Error("Mustang's validator needs Java 17 or newer.");
  await fetchMavenDependencies(step, {
    what: "Mustang's Factur-X validator",
    pom: 'mustang-validator.pom.xml',
    lib,
    logName: 'mustang-validator',
  });
  // Compiled again whenever the class's source changes.
  const stamp = path.join(classes, '.source');
  const wanted = fs.readFileSync(source, 'utf8');
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== wanted) {
    log(step, 'compiling the Factur-X validation command');
    fs.rmSync(classes, { recursive: true, force: true });
    fs.mkdirSync(classes, { recursive: true });
    await run(path.join(jdk.home, 'bin', 'javac'), ['-cp', `${lib}/*`, '-d', classes, source], {
      quiet: true,
      logFile: path.join(LOGS, 'mustang-validator.log'),
    });
    fs.writeFileSync(stamp, wanted);
  }
  const script = `#!/bin/sh\n# Factur-X validation with Mustang: <file>...\nexec "${jdk.java}" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "${lib}/*:${classes}" ValidateFacturX "$@"\n`;
  if (!fs.existsSync(wrapper) || fs.readFileSync(wrapper, 'utf8') !== script) {
    fs.writeFileSync(wrapper, script, { mode: 0o755 });
  }
  return wrapper;
}

/**
 * Python packages the unit tests read our output back with, pinned, from PyPI into a folder of the
 * tool cache per set with `pip install --target` (never into the work tree nor the system's
 * site-packages). A set is skipped when its folder already holds these versions for this
 * interpreter. `ensurePythonPackages` returns the folder, for `PYTHONPATH`.
 */
export const PYTHON_PACKAGE_SETS = {
  // OpenTimelineIO and the two adapters the marker-export tests read our files back with (FCP7 XML
  // for Premiere, CMX 3600 EDL for Resolve).
  otio: {
    what: 'OpenTimelineIO',
    folder: 'python',
    logName: 'python-otio',
    packages: ['opentimelineio==0.18.1', 'otio-fcp-adapter==1.0.0', 'otio-cmx3600-adapter==1.0.0'],
  },
  // The independent readers the delivery QC's accuracy is measured against: pyloudnorm (EBU R128
  // loudness) and PySceneDetect (scene cuts), with every package they need to run, pinned. Without
  // pip's resolver (`noDeps`): scenedetect asks for opencv-python, whose GUI build wants libGL; the
  // headless build is the same cv2 module without it.
  qcReaders: {
    what: 'pyloudnorm and PySceneDetect',
    folder: 'python-qc',
    logName: 'python-qc',
    noDeps: true,
    packages: [
      'pyloudnorm==0.2.0',
      'scenedetect==0.7.2',
      'numpy==2.4.6',
      'scipy==1.17.1',
      'opencv-python-headless==5.0.0.93',
      'click==8.5.1',
      'platformdirs==4.14.8',
      'tqdm==4.70.1',
    ],
  },
};

export async function ensurePythonPackages(step, set = PYTHON_PACKAGE_SETS.otio) {
  const { what, folder, logName, packages, noDeps = false } = set;
  const target = path.join(TOOL_CACHE, folder);
  const python = which('python3');
  if (!python) throw new Error(`python3 is needed once to install ${what} for the tests.`);
  const { stdout: version = '', status } = spawnSync(python, ['-c', 'import sys; print(sys.version.split()[0])'], {
    encoding: 'utf8',
  });
  if (status !== 0) throw new Error(`${python} does not run.`);
  const stamp = path.join(target, '.rushflow-complete');
  const wanted = `${packages.join(' ')}\npython ${version.trim()}\n`;
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return target;
  const pip = spawnSync(python, ['-m', 'pip', '--version'], { encoding: 'utf8' });
  if (pip.status !== 0) throw new Error('pip is missing for python3 (install it, e.g. apt-get install python3-pip).');
  const start = Date.now();
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(LOGS, { recursive: true });
  const logFile = path.join(LOGS, `${logName}.log`);
  log(step, `installing ${packages.join(', ')} with pip into ${target} (first time only; log: ${logFile})`);
  await run(
    python,
    [
      ...['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--target', target],
      ...(noDeps ? ['--no-deps'] : []),
      ...packages,
    ],
    { quiet: true, logFile, env: { PIP_NO_WARN_SCRIPT_LOCATION: '1', PIP_ROOT_USER_ACTION: 'ignore' } },
  );
  fs.writeFileSync(stamp, wanted);
  log(step, `${what} ready in ${elapsed(start)}`);
  return target;
}
