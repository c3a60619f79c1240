/**
 * The CSV of `npm run bench -- --cli N`, written by a child process of its own: the emulator's
 * sample people first (up to 100,000: found or not as the emulator decides), then made-up people of
 * made-up companies, each one distinct, so every row is a contact to send.
 */
import { createWriteStream } from 'node:fs';
import { sampleContacts } from '../../dev/emulator/sample';

const SAMPLE_MAX = 100_000;

async function main(): Promise<void> {
  const [count, file] = [Number(process.argv[2]), process.argv[3]!];
  const out = createWriteStream(file);
  const write = (line: string): Promise<void> =>
    out.write(line) ? Promise.resolve() : new Promise<void>((done) => out.once('drain', () => done()));
  await write('First name,Last name,Company,Website\n');
  const sample = sampleContacts(7, Math.min(count, SAMPLE_MAX));
  for (const c of sample) await write(`${c.firstName},${c.lastName},${c.companyName},${c.domain}\n`);
  for (let i = sample.length; i < count; i++)
    await write(`Pat${i},Bench${i},Bench Company ${i},bench-${i}.example\n`);
  await new Promise<void>((done) => out.end(() => done()));
}

void main();
