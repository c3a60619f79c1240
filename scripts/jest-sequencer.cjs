/**
 * Jest's order of test files: the slowest first, so that the last minute of a run is not one worker
 * alone on a browser file while the other waits. Jest knows how long each file took from its cache,
 * but CI starts from a clean clone without one, where jest falls back to file size (which puts the
 * browser files, short and slow, near the end). A file without a cached time gets an estimate from
 * its folder instead: about what such files take on 2 cores.
 */
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Seconds, first match wins: every file that took 12 s or more in a whole fresh-clone run on 2
 * cores (jest's per-file times; the browser files from a run of their project alone, which takes
 * them about as long), then what other files take by folder. Without them, a clean clone started
 * the CLI files (40 to 50 s, most of it waiting on their commands) as 4 s integration files, near
 * the end of the run; before that, the fuzzer (29 s) and chaos (37 s) as 1 s and 5 s files. Update
 * from a run's `perf-cache-*` files in jest's cache folder when a file grows or shrinks a lot.
 * The browser files' were scaled by 0.75 when they moved to Chromium's headless shell (their 23
 * files' durations added up to 582 s against 803 s on the full Chromium, side by side).
 */
const ESTIMATES = [
  [/\/integration\/chaos\./, 75],
  [/\/browser\/flows-10-20\./, 58],
  [/\/integration\/enrich-cli-(habits|stream)\./, 48],
  [/\/integration\/enrich-cli-(cursor|resume)\./, 44],
  [/\/browser\/flows-01-09\./, 41],
  [/\/browser\/run-controls\./, 40],
  [/\/integration\/formulas-concurrent\./, 35],
  [/\/browser\/(plan-panel|accessibility)\./, 32],
  [/\/integration\/enrich-cli-refresh\./, 32],
  [/\/browser\/fresh-panels\./, 28],
  [/\/integration\/(engine-cli|enrich-cli-files)\./, 25],
  [/\/browser\/live-panels\./, 24],
  [/\/(fuzz\/fuzz|integration\/damaged-records)\./, 24],
  [/\/unit\/store\/registry\./, 22],
  [/\/integration\/(money-state|search-cli|fuzz-replays|engine-faults)\./, 21],
  [/\/browser\/screens\./, 20],
  [/\/(integration\/undo|emulator\/search-index)\./, 17],
  [/\/browser\/(playground-tools|sidebar)\./, 16],
  [/\/integration\/(search|engine-pace)\./, 15],
  [/\/browser\/(formulas|spending)\./, 14],
  [/\/browser\/(refresh|undo)\./, 13],
  [
    /\/integration\/(caps|formulas|money-state-retry|money-state-split|fuzz-replays-later|schedule|store-budget)\./,
    13,
  ],
  [/\/emulator\/search\./, 13],
  [/\/unit\/store\/store-budget\./, 12],
  [/\/browser\/(schedule-run-now|playground|search-filters|search|runs)\./, 10],
  [/\/browser\//, 7],
  [/\/integration\//, 6],
  [/\/emulator\//, 3],
  [/./, 1],
];

class SlowFirstSequencer extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    return ESTIMATES.find(([pattern]) => pattern.test(test.path.replaceAll('\\', '/')))[1] * 1000;
  }
}

module.exports = SlowFirstSequencer;
module.exports.ESTIMATES = ESTIMATES;
