/** The local Apps Script runtime: the harness, and each fake for tests that need one service alone. */
export * from './harness';
export { HarnessClock } from './clock';
export { CallCounts } from './counts';
export { GasError, MESSAGES } from './errors';
export { ExecutionGuard, DEFAULT_BUDGET_MS, CUSTOM_FUNCTION_BUDGET_MS } from './execution';
export { Membrane, GAS_TYPE } from './membrane';
export {
  FakeProperties,
  FakePropertiesService,
  PROPERTY_VALUE_LIMIT_BYTES,
  PROPERTY_STORE_LIMIT_BYTES,
} from './properties';
export { FakeCache, FakeCacheService } from './cache';
export { FakeLock, FakeLockService, LockTable } from './lock';
export { FakeScriptApp, TriggerStore, FakeTrigger } from './triggers';
export { FakeHtmlService, FakeHtmlOutput } from './html';
export { FakeUtilities, FakeBlob, formatJavaDate } from './utilities';
export { FakeLogger, FakeConsole, LogRecord } from './logging';
export { FakeSession, FakeUser } from './session';
export { UserAccount, UserDirectory } from './users';
export { FakeUrlFetchApp, FakeHttpResponse } from './urlfetch/urlfetch-app';
export { SyncHttpClient } from './urlfetch/client';
export { FakeSpreadsheetApp } from './spreadsheet/app';
export { FakeSpreadsheet } from './spreadsheet/spreadsheet';
export { FakeSheet } from './spreadsheet/sheet';
export { FakeRange, FakeRangeList } from './spreadsheet/range';
export { parseTypedInput } from './spreadsheet/parsing';
export { parseA1, toA1 } from './spreadsheet/a1';
