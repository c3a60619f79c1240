/**
 * Every entry point Apps Script calls, and nothing else. The build writes a top-level `function`
 * stub for each exported function, carrying its JSDoc (custom functions need theirs). The sidebar's
 * calls (the tables in each feature's *-rpc.ts) share one, `rpc(name, input)`: Code.js is
 * parsed on every execution, so it carries no stub per call.
 */
export {
  onOpen,
  onInstall,
  showSidebar,
  sidebarCall as rpc,
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
