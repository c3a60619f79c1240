/**
 * Every entry point Apps Script calls, and nothing else. The build writes a top-level `function`
 * stub for each export, carrying its JSDoc (custom functions need theirs).
 */
export { onOpen, onInstall, showSidebar } from './ui/menu';
export {
  getSettings,
  saveSettings,
  verifyApiKey,
  getCreditBalance,
  planRun,
  startRun,
  pollJobs,
  getProgress,
  setBackgroundRefresh,
  retryJob,
  importJob,
  getFormulaQueue,
  getSchedule,
  saveSchedule,
  clearSchedule,
  setFormulaAuto,
  planFormulaRun,
  previewSearch,
  startSearch,
  continueSearch,
  getSearchTab,
  loadMoreSearch,
  refreshSearch,
  selectSearchTabRows,
  companiesFilter,
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
