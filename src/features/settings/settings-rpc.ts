/** What the sidebar's settings may call: the key, the API address, the credit balance, background refresh. */
import * as z from 'zod/mini';
import { call, query, text } from '../../views/rpc-table';
import { readCreditBalance } from '../../views/balance';
import * as settings from './settings';

/** Empty (the built-in address) or an http(s) URL. */
const BASE_URL = /^$|^https?:\/\/[^\s/]+/i;

const apiKey = () => z.optional(text(500));

const saveSettingsRequest = () =>
  z.object({
    apiKey: apiKey(),
    apiBaseUrl: z.optional(text(500).check(z.regex(BASE_URL, 'expected an http(s) URL'))),
  });

const verifyRequest = () => z.optional(z.object({ apiKey: apiKey() }));

/** What Save sends: a key or an API address to keep (an empty one clears it). */
export type SaveSettingsRequest = z.output<ReturnType<typeof saveSettingsRequest>>;

export const SETTINGS_RPC = {
  getSettings: query(settings.getSettings),
  saveSettings: call('settings', saveSettingsRequest, settings.saveSettings),
  /** Checks the key pasted in the form (not saved), or the saved one when nothing is pasted. */
  verifyApiKey: call('key check', verifyRequest, settings.verifyApiKey),
  getCreditBalance: query(readCreditBalance),
  setBackgroundRefresh: call('background refresh switch', z.boolean, settings.setBackgroundRefresh),
};
