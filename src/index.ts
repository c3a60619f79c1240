/**
 * Every entry point Apps Script calls, and nothing else. The build writes a top-level `function`
 * stub for each exported function, carrying its JSDoc (custom functions need theirs), and one for
 * each of the sidebar's calls (sidebarCalls, derived from the features' tables in src/ui/*-rpc.ts),
 * exported as `rpc`: each of those stubs names it, and Code.js is parsed on every execution.
 */
export {
  onOpen,
  onInstall,
  showSidebar,
  sidebarCalls as rpc,
  onPollTrigger,
  menuEnrichSelection,
  menuReverseSelection,
  menuSettings,
  menuSearch,
  menuRefreshNow,
  menuFormulaRequests,
  menuConvertFormulas,
} from './app/entry-points';
export {
  ENRICH_EMAIL,
  ENRICH_PERSONAL_EMAIL,
  ENRICH_PHONE,
  ENRICH_PROFILE,
  REVERSE_EMAIL,
} from './app/formulas';
