/** The browser project's globalSetup (jest.config.js): the shared Chromium and playgrounds (shared-browser.ts). */
import type { Config } from '@jest/types';
import { startShared } from './shared-browser';

/** globalSetup and globalTeardown run in jest's main process: the stop passes through its global object. */
export const STOP_SHARED = Symbol.for('sheet-enrich.stop-shared-browser');

export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  const workers = Number(globalConfig.maxWorkers) || 1;
  (globalThis as Record<symbol, unknown>)[STOP_SHARED] = await startShared(workers);
}
