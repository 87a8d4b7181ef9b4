// Which host of a multi-host MySQL/MariaDB URL new connections go to: the first one, in the
// listed order, that answers and is usable (on Galera: Synced and in the primary component).
import type { MysqlHost } from "./mysql-url.js";
import { formatMysqlHost } from "./mysql-url.js";

/** Undefined when the host can take statements, else why not ("connect ECONNREFUSED", "Donor/Desynced", ...). */
export type HostCheck = (host: MysqlHost) => Promise<string | undefined>;

/** Every host was tried and none was usable; an "unavailable" error (the database layer answers 503). */
export class NoUsableHost extends Error {
  readonly code = "STOREFRONT_NO_USABLE_HOST";
  constructor(readonly reasons: readonly string[]) {
    super(`no usable database host: ${reasons.join("; ")}`);
    this.name = "NoUsableHost";
  }
}

export interface HostChange {
  readonly from: MysqlHost | undefined;
  readonly to: MysqlHost;
  /** Hosts passed over on the way, with why. */
  readonly skipped: readonly string[];
}

/**
 * Holds the chosen host until it is suspected (a connection to it failed, or a statement on it
 * was refused); the next connection then checks the hosts again in their listed order, one check
 * at a time however many connections ask, and takes the first usable one.
 */
export class HostChoice {
  private chosen: MysqlHost | undefined;
  /** The host chosen last, kept while none is chosen, to tell a change of host from a recheck. */
  private last: MysqlHost | undefined;
  private choosing: Promise<MysqlHost> | undefined;
  private readonly listeners = new Set<(change: HostChange) => void>();

  constructor(
    readonly hosts: readonly MysqlHost[],
    private readonly check: HostCheck,
  ) {
    if (hosts.length === 0) throw new Error("HostChoice needs at least one host");
  }

  /** The host new connections go to, or undefined while it has to be chosen again. */
  get current(): MysqlHost | undefined {
    return this.chosen;
  }

  isChosen(host: { readonly host?: string; readonly port?: number }): boolean {
    return this.chosen !== undefined && this.chosen.host === host.host && this.chosen.port === host.port;
  }

  /** The chosen host, or, when there is none, the first usable one in listed order (NoUsableHost when none is). */
  choose(): Promise<MysqlHost> {
    if (this.chosen !== undefined) return Promise.resolve(this.chosen);
    this.choosing ??= this.checkInOrder().finally(() => (this.choosing = undefined));
    return this.choosing;
  }

  /** The chosen host failed: the next connection chooses again. */
  suspect(): void {
    if (this.choosing === undefined) this.chosen = undefined;
  }

  onChange(listener: (change: HostChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async checkInOrder(): Promise<MysqlHost> {
    const previous = this.last;
    const reasons: string[] = [];
    for (const host of this.hosts) {
      let reason: string | undefined;
      try {
        reason = await this.check(host);
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
      if (reason === undefined) {
        this.chosen = this.last = host;
        if (previous === undefined || previous.host !== host.host || previous.port !== host.port) {
          for (const listener of this.listeners) listener({ from: previous, to: host, skipped: reasons });
        }
        return host;
      }
      reasons.push(`${formatMysqlHost(host)}: ${reason}`);
    }
    throw new NoUsableHost(reasons);
  }
}
