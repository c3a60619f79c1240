/**
 * Session: who runs an execution, as the Apps Script reference describes it
 * (developers.google.com/apps-script/reference/base/session and …/base/user):
 * - getActiveUser().getEmail() is blank wherever the script runs without that user's authorization
 *   (custom functions), and may be blank "if security policies do not allow access to the user's
 *   identity": a consumer (gmail) account using an add-on in someone else's document does not get
 *   its email revealed (the restriction "generally does not apply" within one Workspace domain).
 * - getEffectiveUser() is the user under whose authority the script runs: under an installable
 *   trigger, the user who created the trigger; otherwise the same account as getActiveUser, except
 *   that the user's own authorized executions still know their own email.
 * - getTemporaryActiveUserKey() is unique to the active user and the script "but does not reveal
 *   the user identity": a digest here, never the email in some encoding.
 */
import { createHash } from 'node:crypto';
import { GAS_TYPE, type GasObject } from './membrane';

export class FakeUser implements GasObject {
  readonly [GAS_TYPE] = 'User';

  constructor(private readonly email: string) {}

  getEmail(): string {
    return this.email;
  }
}

/** The person an execution runs as. */
export interface SessionUser {
  readonly email: string;
  /** A consumer account in a document it does not share a Workspace domain with. */
  readonly consumer: boolean;
}

/** Fixed for the local runtime: the key is unique to the script as well as to the user. */
const SCRIPT_ID = 'local-script-id';

export class FakeSession implements GasObject {
  readonly [GAS_TYPE] = 'Session';

  constructor(
    private readonly user: SessionUser,
    /** Custom functions run without authorization: no email at all there. */
    private readonly anonymous: boolean,
    private readonly timeZone: string,
  ) {}

  getActiveUser(): FakeUser {
    return new FakeUser(this.anonymous || this.user.consumer ? '' : this.user.email);
  }

  getEffectiveUser(): FakeUser {
    return new FakeUser(this.anonymous ? '' : this.user.email);
  }

  getScriptTimeZone(): string {
    return this.timeZone;
  }

  getActiveUserLocale(): string {
    return 'en';
  }

  /** Stable per user and script, opaque: telling users apart does not tell who they are. */
  getTemporaryActiveUserKey(): string {
    return createHash('sha256').update(`${SCRIPT_ID}\n${this.user.email}`).digest('base64url').slice(0, 32);
  }
}
