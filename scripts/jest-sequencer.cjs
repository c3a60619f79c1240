/**
 * Jest's order of test files: the slowest first, so that the last minute of a run is not one worker
 * alone on a browser file while the other waits. Jest knows how long each file took from its cache,
 * but CI starts from a clean clone without one, where jest falls back to file size (which puts the
 * browser files, short and slow, near the end). A file without a cached time gets an estimate from
 * its folder instead: about what such files take on 2 cores.
 */
const Sequencer = require('@jest/test-sequencer').default;

/** Milliseconds, first match wins. */
const ESTIMATES = [
  [/\/test\/browser\//, 20_000],
  [/\/test\/integration\/(engine-cli|search-cli)\.test\./, 15_000],
  [/\/test\/emulator\/search-index\.test\./, 10_000],
  [/\/test\/integration\//, 5_000],
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
