/** The browser project's globalTeardown (jest.config.js): stops what global-setup.ts started. */
import { STOP_SHARED } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const stop = (globalThis as Record<symbol, unknown>)[STOP_SHARED] as (() => Promise<void>) | undefined;
  await stop?.();
}
