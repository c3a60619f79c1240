/**
 * package.json's `engines` is the Node the project promises: every installed package must accept
 * every version it names, or `npm install` warns (EBADENGINE) on a Node the README says is fine.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** npm's own range library (always installed with the tool chain); only `subset` is used. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver = require('semver') as { subset(sub: string, sup: string): boolean };

const root = join(__dirname, '../../..');
const read = (file: string): unknown => JSON.parse(readFileSync(join(root, file), 'utf8'));

describe('engines', () => {
  it('every locked package accepts every Node version package.json promises', () => {
    const promised = (read('package.json') as { engines: { node: string } }).engines.node;
    const lock = read('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return wanted === undefined || semver.subset(promised, wanted) ? [] : [`${path}: ${wanted}`];
    });
    expect(refusing).toEqual([]);
  });
});
