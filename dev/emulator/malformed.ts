/**
 * The `malformed=P` fault: a job result whose items are, with probability P each, damaged the way
 * real APIs drift — a null email, an empty phone object, a number where a string belongs, or an item
 * that is not an object at all — and whose `cost.credits` travels as a string. The choice depends
 * only on the job id and the item's index, so every GET of a job shows the same damage.
 */
import { hashSeed, streamSeed } from './world/random';

type Json = Record<string, unknown>;

const DAMAGES: ((item: Json) => unknown)[] = [
  (item) => {
    const info = (item.contact_info ?? item.contact) as Json | undefined;
    if (info && 'work_emails' in info) info.work_emails = [{ email: null, status: 'VALID' }];
    if (info && 'emails' in info) info.emails = [{ email: null }];
    if (info) info.most_probable_work_email = { email: null };
    return item;
  },
  (item) => {
    const info = (item.contact_info ?? item.contact) as Json | undefined;
    if (info) {
      info.phones = [{}];
      info.most_probable_phone = {};
    }
    return item;
  },
  (item) => {
    const input = item.input as Json | undefined;
    if (input) input.first_name = 42;
    return item;
  },
  () => 42,
];

/** The n-th item of a job is damaged when its draw is under `probability`. */
function draw(jobId: string, index: number, seed: number): number {
  return hashSeed(streamSeed(seed, `${jobId}:${index}`)) / 0x100000000;
}

export function malformBody(body: Json, jobId: string, probability: number, seed: number): Json {
  if (probability <= 0) return body;
  const key = Array.isArray(body.data) ? 'data' : 'datas';
  const items = body[key] as unknown[];
  const damaged = items.map((item, index) => {
    if (draw(jobId, index, seed) >= probability) return item;
    const copy = JSON.parse(JSON.stringify(item)) as Json;
    return DAMAGES[index % DAMAGES.length]!(copy);
  });
  const cost = body.cost as { credits: number } | undefined;
  return { ...body, [key]: damaged, ...(cost ? { cost: { credits: String(cost.credits) } } : {}) };
}
