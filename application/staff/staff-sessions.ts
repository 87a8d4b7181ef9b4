// Staff sessions (docs/staff.md, "Sessions"): a random cookie token and a CSRF token per
// signed-in browser, kept only as their SHA-256. A session ends when its member signs out, signs
// out everywhere, is disabled or changes password, after 12 hours unused, and 7 days after it began.
import { inject, injectable } from "inversify";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StaffRepository, type StaffMember, type StaffSession } from "../ports/staff-repository.js";

export const SESSION_IDLE_MS = 12 * 3_600_000;
export const SESSION_MAX_MS = 7 * 86_400_000;
/** How stale `last_seen_at` may get before a request writes it again (one write a minute at most). */
const TOUCH_EVERY_MS = 60_000;
export const SESSION_TOKEN_PREFIX = "sfs_";
const TOKEN_LENGTH = 43;
const CSRF_LENGTH = 32;

export interface SessionOrigin {
  readonly clientAddress: string | null;
  readonly userAgent: string | null;
}

export interface OpenedSession {
  /** The cookie's value: shown once, in the Set-Cookie header. */
  readonly token: string;
  /** Sent back by the client in `X-CSRF-Token` on every write. */
  readonly csrfToken: string;
  readonly session: StaffSession;
  readonly member: StaffMember;
}

export interface LiveSession {
  readonly session: StaffSession;
  readonly member: StaffMember;
}

@injectable()
export class StaffSessions {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Opens a session for an active member; call it inside the sign-in's unit of work. */
  async open(member: StaffMember, origin: SessionOrigin): Promise<OpenedSession> {
    const now = this.clock.now();
    const token = SESSION_TOKEN_PREFIX + this.secrets.randomBase62(TOKEN_LENGTH);
    const csrfToken = this.secrets.randomBase62(CSRF_LENGTH);
    const session: StaffSession = {
      id: this.ids.newId(),
      storeId: member.storeId,
      memberId: member.id,
      tokenHash: this.secrets.hash(token),
      csrfHash: this.secrets.hash(csrfToken),
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
      revokedAt: null,
      revokeReason: null,
      clientAddress: origin.clientAddress?.slice(0, 64) ?? null,
      userAgent: origin.userAgent?.slice(0, 255) ?? null,
    };
    await this.staff.insertSession(session);
    return { token, csrfToken, session, member };
  }

  /** The live session of a cookie token and its active member; undefined when unknown, ended, expired or idle, or the member is not active. */
  async resolve(token: string): Promise<LiveSession | undefined> {
    if (!token.startsWith(SESSION_TOKEN_PREFIX) || token.length > 100) return undefined;
    const found = await this.staff.findSession(this.secrets.hash(token));
    if (found === undefined) return undefined;
    const { session, member } = found;
    const now = this.clock.now().getTime();
    if (session.revokedAt !== null || Date.parse(session.expiresAt) <= now || Date.parse(session.lastSeenAt) + SESSION_IDLE_MS <= now) return undefined;
    if (member.status !== "active") return undefined;
    if (now - Date.parse(session.lastSeenAt) >= TOUCH_EVERY_MS) await this.staff.touchSession(session.id, new Date(now).toISOString());
    return found;
  }

  /** Whether `csrfToken` is the session's, compared in constant time. */
  csrfMatches(session: StaffSession, csrfToken: string | undefined): boolean {
    if (csrfToken === undefined || csrfToken.length === 0 || csrfToken.length > 100) return false;
    // Both are SHA-256 in hex: compared whole, whatever the first difference.
    const given = this.secrets.hash(csrfToken);
    const kept = session.csrfHash;
    let difference = given.length ^ kept.length;
    for (let i = 0; i < Math.min(given.length, kept.length); i++) difference |= given.charCodeAt(i) ^ kept.charCodeAt(i);
    return difference === 0;
  }
}
