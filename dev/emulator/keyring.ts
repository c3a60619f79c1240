/**
 * API keys and the workspaces they belong to. A workspace is the provider account: one balance, one
 * search memory, its jobs; every key of a workspace sees and pays for the same. A sales team either
 * shares one account (several keys, one workspace: the `workspaces` option) or each member has their
 * own (the `keys` option, one workspace per key). The admin may add and remove keys at runtime; a
 * workspace outlives its keys, so a key saved again finds its balance and its jobs where it left them.
 */
import { createHash } from 'node:crypto';

/** The keys an emulator starts with. */
export interface KeyLayout {
  /** One workspace each, named by `workspaceId(key)`. */
  keys: readonly string[];
  /** Workspace id → its keys: the keys of one workspace share everything. */
  workspaces: Readonly<Record<string, readonly string[]>>;
}

export class KeyRing {
  private readonly workspaceByKey = new Map<string, string>();
  /** Every workspace that ever had a key, in order of arrival; never shrinks until `reset`. */
  private readonly known = new Set<string>();

  /** Throws when a key is given to two workspaces: which one would pay is a setup mistake. */
  constructor(private start: KeyLayout) {
    this.reset();
  }

  /** The workspace of a valid key; undefined for an unknown (or removed) one. */
  workspaceOf(key: string): string | undefined {
    return this.workspaceByKey.get(key);
  }

  /** Valid keys, in the order they were given. */
  keys(): string[] {
    return [...this.workspaceByKey.keys()];
  }

  workspaces(): string[] {
    return [...this.known];
  }

  /** Workspace id → its valid keys (a workspace whose keys were all removed is listed empty). */
  layout(): Record<string, string[]> {
    const layout: Record<string, string[]> = Object.fromEntries(this.workspaces().map((id) => [id, []]));
    for (const [key, workspace] of this.workspaceByKey) layout[workspace]?.push(key);
    return layout;
  }

  /**
   * Makes `key` valid in `workspace` (default: a workspace of its own, as the `keys` option does) and
   * answers the workspace. Adding a key again to its own workspace changes nothing; a key already in
   * another workspace throws: moving it is remove, then add.
   */
  add(key: string, workspace: string = workspaceId(key)): string {
    const current = this.workspaceByKey.get(key);
    if (current !== undefined && current !== workspace)
      throw new Error(`key "${key}" already belongs to workspace ${current}`);
    this.known.add(workspace);
    this.workspaceByKey.set(key, workspace);
    return workspace;
  }

  /** The key stops authenticating; its workspace, balance and jobs stay. False for an unknown key. */
  remove(key: string): boolean {
    return this.workspaceByKey.delete(key);
  }

  /** Other start keys from now on (`POST /__admin/restart`), and back to them; throws as the constructor does. */
  restart(start: KeyLayout): void {
    const before = this.start;
    this.start = start;
    try {
      this.reset();
    } catch (error) {
      this.start = before;
      this.reset();
      throw error;
    }
  }

  /** Back to the keys the emulator started with. */
  reset(): void {
    this.workspaceByKey.clear();
    this.known.clear();
    for (const key of this.start.keys) this.add(key);
    for (const [workspace, keys] of Object.entries(this.start.workspaces)) {
      this.known.add(workspace);
      for (const key of keys) this.add(key, workspace);
    }
  }
}

/**
 * The text form of a workspace, `id=key1,key2` (the CLI's repeatable `--workspace` flag); a key with a
 * comma cannot be written so. Throws on a key that cannot be written.
 */
export function workspaceFlag(id: string, keys: readonly string[]): string {
  const unwritable = keys.find((key) => key.includes(','));
  if (unwritable !== undefined)
    throw new Error(`--workspace cannot carry a key with a comma: "${unwritable}"`);
  return `${id}=${keys.join(',')}`;
}

/** Reads `--workspace` values; a workspace named twice gets the keys of both. */
export function parseWorkspaceFlags(values: readonly string[]): Record<string, string[]> {
  const workspaces: Record<string, string[]> = {};
  for (const value of values) {
    const match = /^([^=]+)=(.*)$/.exec(value);
    const id = match?.[1]?.trim();
    if (!match || !id) throw new Error(`--workspace wants ID=KEY1,KEY2, got "${value}"`);
    const keys = (match[2] ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key !== '');
    workspaces[id] = [...(workspaces[id] ?? []), ...keys];
  }
  return workspaces;
}

/** The workspace of a key given alone: stable per key, and reveals nothing of it. */
export function workspaceId(key: string): string {
  return `ws_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}
