/**
 * ScriptApp's time-driven triggers. The harness fires due ones (`fireTriggers`); a recurring trigger
 * is rescheduled after its run (missed periods are skipped, not caught up), a one-off (`after`,
 * `at`) is removed. As an editor add-on (`addon: true`) a recurring trigger must be hourly or
 * slower and only one time-driven trigger per user and document may exist.
 *
 * A trigger belongs to the user who created it: it runs as that user, and only that user's
 * executions see it (`getProjectTriggers`) or can delete it. The store holds every user's triggers
 * of the document; `forOwner(email)` is one user's part of it, what ScriptApp works on.
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

export type NewTrigger = Omit<TriggerRecord, 'id' | 'owner'>;

/** The triggers one execution's ScriptApp sees and changes: its user's. */
export interface TriggerScope {
  readonly rules: TriggerRules;
  list(): TriggerRecord[];
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

  add(record: NewTrigger, owner = ''): TriggerRecord {
    if (this.rules.testDeployment) throw gasError(SIMULATED.testDeploymentTrigger);
    // The add-on limit is per user: a teammate's trigger does not use up yours.
    if (this.rules.addon && this.records.some((r) => r.owner === owner))
      throw gasError(MESSAGES.addonTooManyTriggers);
    const stored = { ...record, owner, id: String(++this.lastId) };
    this.records.push(stored);
    return { ...stored };
  }

  /** One user's triggers: what ScriptApp lists, creates and deletes in that user's executions. */
  forOwner(owner: string): TriggerScope {
    return {
      rules: this.rules,
      list: () => this.list().filter((record) => record.owner === owner),
      add: (record) => this.add(record, owner),
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

  restore(records: TriggerRecord[]): void {
    this.records = records.map((record) => ({ ...record }));
    this.lastId = Math.max(0, ...records.map((record) => Number(record.id) || 0));
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

  /** This user's triggers of this add-on in this document: the same as getProjectTriggers here. */
  getUserTriggers(): FakeTrigger[] {
    return this.getProjectTriggers();
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
