/**
 * ScriptApp's time-driven triggers. The harness fires due ones (`fireTriggers`); a recurring trigger
 * is rescheduled after its run (missed periods are skipped, not caught up), a one-off (`after`,
 * `at`) is removed. As an editor add-on (`addon: true`) a recurring trigger must be hourly or
 * slower and only one time-driven trigger per user and document may exist.
 *
 * A trigger belongs to the user who created it and to the document it was created in: it runs as
 * that user, in that document, and only that user's executions see it or can delete it. The store
 * holds every user's triggers of every document of the local Google (an add-on is one project used
 * in many documents); `forOwner(email, document)` is what one execution's ScriptApp works on:
 * - `getProjectTriggers()`: "all installable triggers associated with the current project and
 *   current user", which for an add-on is every document where the user uses it;
 * - `getUserTriggers(spreadsheet)`: "all installable triggers owned by this user in the given
 *   spreadsheet, for this script or add-on only"
 *   (https://developers.google.com/apps-script/reference/script/script-app);
 * - the editor add-on limit, "each add-on can only have one trigger of each type, per user, per
 *   document" (https://developers.google.com/workspace/add-ons/concepts/editor-triggers).
 */
import { gasError, MESSAGES, SIMULATED } from './errors';
import { GAS_TYPE, type GasObject } from './membrane';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const VALID_MINUTES = [1, 5, 10, 15, 30];
const VALID_HOURS = [1, 2, 4, 6, 8, 12];

export interface TriggerRecord {
  id: string;
  /** Email of the user who created it ('' when the store is used alone, with no users). */
  owner: string;
  /** Id of the spreadsheet it was created in ('' when the store is used alone). */
  document: string;
  handler: string;
  /** Recurrence; absent for a one-off trigger. */
  periodMs?: number;
  everyMinutes?: number;
  nextRunAt: number;
}

export interface TriggerRules {
  addon: boolean;
  /** A test deployment: no installable trigger can be made (SIMULATED.testDeploymentTrigger). */
  testDeployment?: boolean;
  now: () => number;
}

export type NewTrigger = Omit<TriggerRecord, 'id' | 'owner' | 'document'>;

/** The triggers one execution's ScriptApp sees and changes: its user's. */
export interface TriggerScope {
  readonly rules: TriggerRules;
  /** Every document's (getProjectTriggers). */
  list(): TriggerRecord[];
  /** One document's (getUserTriggers(spreadsheet)). */
  listIn(document: string): TriggerRecord[];
  add(record: NewTrigger): TriggerRecord;
  remove(id: string): void;
}

/**
 * Every user's triggers of one document. Used directly as a ScriptApp's scope (unit tests, one
 * user), it shows and removes every trigger and files new ones under no owner.
 */
export class TriggerStore implements TriggerScope {
  private records: TriggerRecord[] = [];
  private lastId = 0;

  constructor(readonly rules: TriggerRules) {}

  list(): TriggerRecord[] {
    return this.records.map((record) => ({ ...record }));
  }

  listIn(document: string): TriggerRecord[] {
    return this.list().filter((record) => record.document === document);
  }

  add(record: NewTrigger, owner = '', document = ''): TriggerRecord {
    if (this.rules.testDeployment) throw gasError(SIMULATED.testDeploymentTrigger);
    // The add-on limit is per user and document: a teammate's trigger, or yours in another
    // spreadsheet, does not use up this one.
    if (this.rules.addon && this.records.some((r) => r.owner === owner && r.document === document))
      throw gasError(MESSAGES.addonTooManyTriggers);
    const stored = { ...record, owner, document, id: String(++this.lastId) };
    this.records.push(stored);
    return { ...stored };
  }

  /**
   * One user's triggers, seen from an execution in `document`: what ScriptApp lists, creates and
   * deletes there. New triggers belong to `document`.
   */
  forOwner(owner: string, document = ''): TriggerScope {
    const mine = () => this.list().filter((record) => record.owner === owner);
    return {
      rules: this.rules,
      list: mine,
      listIn: (other) => mine().filter((record) => record.document === other),
      add: (record) => this.add(record, owner, document),
      remove: (id) => {
        if (this.records.some((record) => record.id === id && record.owner === owner)) this.remove(id);
      },
    };
  }

  remove(id: string): void {
    this.records = this.records.filter((record) => record.id !== id);
  }

  has(id: string): boolean {
    return this.records.some((record) => record.id === id);
  }

  /** Due triggers (every trigger with `all`), earliest first. */
  due(now: number, all = false): TriggerRecord[] {
    return this.records.filter((r) => all || r.nextRunAt <= now).sort((a, b) => a.nextRunAt - b.nextRunAt);
  }

  /** After a run: the next period strictly in the future, or gone for a one-off. */
  completed(id: string, now: number): void {
    const record = this.records.find((r) => r.id === id);
    if (!record) return;
    if (record.periodMs === undefined) return this.remove(id);
    while (record.nextRunAt <= now) record.nextRunAt += record.periodMs;
  }

  exportRecords(): TriggerRecord[] {
    return this.list();
  }

  /** Replaces one document's triggers (a stored state), keeping every other document's. */
  restore(records: TriggerRecord[], document?: string): void {
    const kept = document === undefined ? [] : this.records.filter((r) => r.document !== document);
    this.records = [...kept, ...records.map((record) => ({ ...record }))];
    this.lastId = Math.max(this.lastId, ...records.map((record) => Number(record.id) || 0));
  }
}

export class FakeTrigger implements GasObject {
  readonly [GAS_TYPE] = 'Trigger';

  constructor(private readonly record: TriggerRecord) {}

  getUniqueId(): string {
    return this.record.id;
  }

  getHandlerFunction(): string {
    return this.record.handler;
  }

  getEventType(): string {
    return 'CLOCK';
  }

  getTriggerSource(): string {
    return 'CLOCK';
  }

  getTriggerSourceId(): string | null {
    return null;
  }
}

export class FakeClockTriggerBuilder implements GasObject {
  readonly [GAS_TYPE] = 'ClockTriggerBuilder';
  private periodMs?: number;
  private everyMinutesValue?: number;
  private firstRunAt?: number;

  constructor(
    private readonly store: TriggerScope,
    private readonly handler: string,
  ) {}

  everyMinutes(n: number): FakeClockTriggerBuilder {
    if (!VALID_MINUTES.includes(n)) throw gasError(MESSAGES.everyMinutesInvalid);
    this.everyMinutesValue = n;
    return this.recurring(n * MINUTE);
  }

  everyHours(n: number): FakeClockTriggerBuilder {
    if (!VALID_HOURS.includes(n)) throw gasError(MESSAGES.everyHoursInvalid);
    return this.recurring(n * HOUR);
  }

  everyDays(n: number): FakeClockTriggerBuilder {
    return this.recurring(n * 24 * HOUR);
  }

  everyWeeks(n: number): FakeClockTriggerBuilder {
    return this.recurring(n * 7 * 24 * HOUR);
  }

  after(durationMilliseconds: number): FakeClockTriggerBuilder {
    this.firstRunAt = this.store.rules.now() + durationMilliseconds;
    return this;
  }

  at(date: Date): FakeClockTriggerBuilder {
    this.firstRunAt = date.getTime();
    return this;
  }

  /** Scheduling refinements that do not change which runs the harness fires in tests. */
  atHour(): FakeClockTriggerBuilder {
    return this;
  }

  nearMinute(): FakeClockTriggerBuilder {
    return this;
  }

  inTimezone(): FakeClockTriggerBuilder {
    return this;
  }

  onWeekDay(): FakeClockTriggerBuilder {
    return this;
  }

  create(): FakeTrigger {
    if (this.periodMs === undefined && this.firstRunAt === undefined) {
      throw gasError('Clock triggers must be scheduled: use everyMinutes, everyHours, after or at.');
    }
    if (this.store.rules.addon && this.periodMs !== undefined && this.periodMs < HOUR) {
      throw gasError(MESSAGES.addonTriggerInterval);
    }
    const record = this.store.add({
      handler: this.handler,
      periodMs: this.periodMs,
      everyMinutes: this.everyMinutesValue,
      nextRunAt: this.firstRunAt ?? this.store.rules.now() + this.periodMs!,
    });
    return new FakeTrigger(record);
  }

  private recurring(periodMs: number): FakeClockTriggerBuilder {
    this.periodMs = periodMs;
    return this;
  }
}

export class FakeTriggerBuilder implements GasObject {
  readonly [GAS_TYPE] = 'TriggerBuilder';

  constructor(
    private readonly store: TriggerScope,
    private readonly handler: string,
  ) {}

  timeBased(): FakeClockTriggerBuilder {
    return new FakeClockTriggerBuilder(this.store, this.handler);
  }
}

const ENUMS = {
  AuthMode: { NONE: 'NONE', CUSTOM_FUNCTION: 'CUSTOM_FUNCTION', LIMITED: 'LIMITED', FULL: 'FULL' },
  EventType: {
    CLOCK: 'CLOCK',
    ON_OPEN: 'ON_OPEN',
    ON_EDIT: 'ON_EDIT',
    ON_CHANGE: 'ON_CHANGE',
    ON_FORM_SUBMIT: 'ON_FORM_SUBMIT',
  },
  TriggerSource: { CLOCK: 'CLOCK', SPREADSHEETS: 'SPREADSHEETS' },
  WeekDay: {
    MONDAY: 'MONDAY',
    TUESDAY: 'TUESDAY',
    WEDNESDAY: 'WEDNESDAY',
    THURSDAY: 'THURSDAY',
    FRIDAY: 'FRIDAY',
    SATURDAY: 'SATURDAY',
    SUNDAY: 'SUNDAY',
  },
};

export class FakeScriptApp implements GasObject {
  readonly [GAS_TYPE] = 'ScriptApp';
  readonly AuthMode = ENUMS.AuthMode;
  readonly EventType = ENUMS.EventType;
  readonly TriggerSource = ENUMS.TriggerSource;
  readonly WeekDay = ENUMS.WeekDay;

  constructor(private readonly store: TriggerScope) {}

  newTrigger(functionName: string): FakeTriggerBuilder {
    return new FakeTriggerBuilder(this.store, String(functionName));
  }

  getProjectTriggers(): FakeTrigger[] {
    return this.store.list().map((record) => new FakeTrigger(record));
  }

  /** This user's triggers of this add-on in the given document only. */
  getUserTriggers(document: { getId(): string }): FakeTrigger[] {
    return this.store.listIn(document.getId()).map((record) => new FakeTrigger(record));
  }

  deleteTrigger(trigger: FakeTrigger): void {
    this.store.remove(trigger.getUniqueId());
  }

  getScriptId(): string {
    return 'local-script-id';
  }

  getOAuthToken(): string {
    return 'local-oauth-token';
  }
}
