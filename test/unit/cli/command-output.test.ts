/** The command lines print through the add-on's own key scrubber (issue 28: the CLI printed the %-encoded key). */
import { Writable } from 'node:stream';
import { scrubOutput } from '../../../scripts/lib/command';

const KEY = 'sk_live_Cli0123456789abcdef0123';

function captured(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('scrubOutput', () => {
  it('hides every form of the key in what the command prints, strings and buffers alike', () => {
    const out = captured();
    scrubOutput(KEY, out.stream);
    const lower = Array.from(KEY, (c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    out.stream.write(`error: refused ${lower}\n`);
    out.stream.write(Buffer.from(`basic ${Buffer.from(`u:${KEY}`).toString('base64')}\n`));
    out.stream.write(`${KEY.toUpperCase()} and 42 rows\n`);
    expect(out.text()).toBe('error: refused [redacted]\nbasic dTp[redacted]\n[redacted] and 42 rows\n');
  });
});
