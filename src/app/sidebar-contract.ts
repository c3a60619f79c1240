/**
 * The contract between the sidebar and the server, for the page (sidebar/) to import as types only,
 * so no server code lands in it: every call the page may make through google.script.run (derived
 * from the features' tables) and the shapes they send and get back.
 */
export type * from '../rpc/shapes';
export type { SearchPreview } from '../features/search/search-run';
export type {
  CompaniesFilterView,
  SearchRequestInput,
  SearchTabView,
} from '../features/search/search-service';
export type { ScheduleRequest, ScheduleRunView, ScheduleView } from '../features/schedule/schedule-service';
export type { SidebarServer } from './sidebar-server';
export type { PlanRequest } from '../features/runs/run-service';
export type { AmbiguousJobView, ProgressView, RunProgress } from '../features/runs/progress';
export type {
  KeyCheckView,
  SaveSettingsRequest,
  SettingsView,
  SidebarPanel,
} from '../features/settings/settings';
export type {
  FormulaAutoRequest,
  FormulaPlanRequest,
  FormulaQueueView,
} from '../features/formulas/formula-service';
export type { SpendingView } from '../features/spending/spending-rpc';
export type { UndoView } from '../features/undo/undo-run';
