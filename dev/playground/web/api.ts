/** The page's calls to the playground server. */
import type { CallAnswer, PlaygroundState } from '../protocol';

export async function getState(): Promise<PlaygroundState> {
  const response = await fetch('/__api/state', { cache: 'no-store' });
  if (!response.ok) throw new Error(`The playground server answered ${response.status}.`);
  return (await response.json()) as PlaygroundState;
}

export async function post(path: string, body: unknown): Promise<CallAnswer> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as CallAnswer;
}
