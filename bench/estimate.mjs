#!/usr/bin/env node
// `npm run bench:estimate`: estimate() calls per second, so the live panels can recompute on every
// keystroke. Varied inputs (every category, complexity and option mix), a warm-up, then five timed
// rounds of about one second; prints the median and the range. Run through tsx (domain/ is TypeScript).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { estimate, FEATURES, SERVICE_CATEGORIES, VISUAL_COMPLEXITIES } from '../domain/pricing.ts';

const INPUT_COUNT = 1024;
const ROUNDS = 5;
const ROUND_MS = 1000;

/** A small deterministic generator, so every run prices the same inputs. */
function lcg(seed) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const random = lcg(42);
const pick = (list) => list[Math.floor(random() * list.length)];
const inputs = Array.from({ length: INPUT_COUNT }, () => ({
  serviceCategory: random() < 0.3 ? undefined : pick(SERVICE_CATEGORIES),
  visualComplexity: pick(VISUAL_COMPLEXITIES),
  rushMinutes: 1 + Math.floor(random() * 1000),
  finalMinutes: 1 + Math.floor(random() * 300),
  currency: random() < 0.5 ? 'eur' : 'usd',
  features: Object.fromEntries(FEATURES.filter(() => random() < 0.2).map((feature) => [feature, true])),
  express: random() < 0.2,
}));

let sink = 0;
function run(durationMs) {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    for (let index = 0; index < INPUT_COUNT; index += 1) sink += estimate(inputs[index]).priceCents;
    calls += INPUT_COUNT;
    elapsed = performance.now() - start;
  }
  return (calls / elapsed) * 1000;
}

run(500); // warm-up: let the JIT settle
const rates = Array.from({ length: ROUNDS }, () => run(ROUND_MS)).sort((a, b) => a - b);
const format = (rate) => Math.round(rate).toLocaleString('en-US');
console.log(
  `estimate(): ${format(rates[Math.floor(ROUNDS / 2)])} calls/s (median of ${ROUNDS} × ${ROUND_MS} ms; range ${format(rates[0])}–${format(rates[ROUNDS - 1])})`,
);
console.log(
  `per call: ${(1e6 / rates[Math.floor(ROUNDS / 2)]).toFixed(2)} µs · node ${process.version} · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · checksum ${sink % 997}`,
);
