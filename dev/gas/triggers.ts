/**
 * ScriptApp's time-driven triggers. The harness fires due ones (`fireTriggers`); a recurring trigger
 * is rescheduled after its run (missed periods are skipped, not caught up), a one-off (`after`,
 * `at`) is removed. As an editor add-on (`addon: true`) a recurring trigger must be hourly or
 * slower and only one time-driven trigger per user and document may exist.
 */
import { gasError, MESSAGES } from './errors';
import { GAS_TYPE, type GasObject } from './membrane';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const VALID_MINUTES = [1, 5, 10, 15, 30];
const VALID_HOURS = [1, 2, 4, 6, 8, 12];

export interface TriggerRecord {
  id: string;
  handler: string;
  /** Recurrence; absent for a one-off trigger. */
  periodMs?: number;
  everyMinutes?: number;
  nextRunAt: number;
}

export interface TriggerRules {
  addon: boolean;
  now: () => number;
}

export class TriggerStore {
  private records: TriggerRecord[] = [];
  private lastId = 0;

  constructor(readonly rules: TriggerRules) {}

  list(): TriggerRecord[] {
    return this.records.map((record) => ({ ...record }));
  }

  add(record: Omit<TriggerRecord, 'id'>): TriggerRecord {
    if (this.rules.addon && this.records.length > 0) throw gasError(MESSAGES.addonTooManyTriggers);
    const stored = { ...record, id: String(++this.lastId) };
    this.records.push(stored);
    return stored;
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
    private readonly store: TriggerStore,
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
    private readonly store: TriggerStore,
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

  constructor(private readonly store: TriggerStore) {}

  newTrigger(functionName: string): FakeTriggerBuilder {
    return new FakeTriggerBuilder(this.store, String(functionName));
  }

  getProjectTriggers(): FakeTrigger[] {
    return this.store.list().map((record) => new FakeTrigger(record));
  }

  /** Time-driven triggers of this add-on for this user (all of them here: one user, one document). */
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
