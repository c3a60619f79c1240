/**
 * Jest's order of test files: the slowest first, so that the last minute of a run is not one worker
 * alone on a browser file while the other waits. Jest knows how long each file took from its cache,
 * but CI starts from a clean clone without one, where jest falls back to file size (which puts the
 * browser files, short and slow, near the end). A file without a cached time gets an estimate from
 * its folder instead: about what such files take on 2 cores.
 */
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Milliseconds, first match wins: the files that took longest in two whole runs on 2 cores (jest's
 * per-file times, npm test beside `npm run check`), then what such files take by folder. Without
 * the named files, a clean clone ran the fuzzer (29 s, estimated as a 1 s unit file) and chaos
 * (37 s, ordered by size among the 5 s integration files) near the end: one worker alone for their
 * last half minute (a simulated 277 s run instead of 263 s from the same per-file times).
 */
const ESTIMATES = [
  // The twenty flows (docs/flows.md): 10-20 takes 40 to 44 s alone on 2 cores, 1-9 24 s.
  [/\/test\/browser\/flows-10-20\.test\./, 42_000],
  [/\/test\/browser\/flows-01-09\.test\./, 24_000],
  [/\/test\/browser\/run-controls\.test\./, 38_000],
  [/\/test\/integration\/chaos\.test\./, 37_000],
  [/\/test\/fuzz\/fuzz\.test\./, 29_000],
  [/\/test\/browser\/(plan-panel|fresh-panels|live-panels)\.test\./, 19_000],
  [/\/test\/browser\/(formulas|runs)\.test\./, 15_000],
  [/\/test\/integration\/(enrich-cli-stream|engine-faults|engine-cli)\.test\./, 13_500],
  [/\/test\/browser\//, 10_000],
  [/\/test\/emulator\/search-index\.test\./, 10_000],
  [/\/test\/integration\/(schedule|enrich-cli-resume|formulas|engine-crash)\.test\./, 8_000],
  [/\/test\/unit\/store\/(registry|store-budget)\.test\./, 6_000],
  [/\/test\/integration\//, 4_000],
  [/\/test\/emulator\//, 3_000],
  [/./, 1_000],
];

class SlowFirstSequencer extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    return ESTIMATES.find(([pattern]) => pattern.test(test.path.replaceAll('\\', '/')))[1];
  }
}

module.exports = SlowFirstSequencer;
