/** What the sidebar's settings may call: the key, the API address, the credit balance, background refresh. */
import * as z from 'zod/mini';
import { call, query } from '../../rpc/table';
import { readCreditBalance } from '../../engine/key-wait';
import * as settings from './settings';

export const SETTINGS_RPC = {
  getSettings: query(settings.getSettings),
  saveSettings: call('settings', settings.saveSettingsRequest, settings.saveSettings),
  /** Checks the key pasted in the form (not saved), or the saved one when nothing is pasted. */
  verifyApiKey: call('key check', settings.verifyRequest, settings.verifyApiKey),
  getCreditBalance: query(readCreditBalance),
  setBackgroundRefresh: call('background refresh switch', z.boolean, settings.setBackgroundRefresh),
};
