import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { Notifier } from "../ports/notifier.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StaffRepository } from "../ports/staff-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { AuditTrail } from "./audit-trail.js";
import { SIGN_IN_LINK_HOURS } from "./create-staff-member.js";
import { StaffLinks, linkOf, type Invited, changeStaffMember } from "./staff-changes.js";

/** A new one-time sign-in link (the old one stops working): for a forgotten password or a lost invitation. */
@injectable()
export class NewSignInLink {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Notifier) private readonly notifier: Notifier,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(StaffLinks) private readonly links: StaffLinks,
  ) {}

  async execute(principal: Principal, memberId: string): Promise<Invited> {
    const token = this.secrets.randomBase62(43);
    const member = await changeStaffMember({ staff: this.staff, audit: this.audit, uow: this.uow, clock: this.clock }, principal, memberId, "staff.new_link", async (current, at) => {
      if (current.status === "disabled") throw new BusinessRuleViolation({ code: "staff_disabled", message: "Enable the member first." });
      return { ...current, linkHash: this.secrets.hash(token), linkExpiresAt: new Date(Date.parse(at) + SIGN_IN_LINK_HOURS * 3_600_000).toISOString() };
    });
    const store = await loadStore(this.stores, principal.storeId);
    const link = linkOf(this.links, token);
    await this.notifier.sendStaffInvitation({ to: member.email, memberName: member.name, storeName: store.name, invitedBy: principal.staff?.email ?? "The store's owner", role: member.role, link, expiresInHours: SIGN_IN_LINK_HOURS });
    return { member, signInLink: link, linkExpiresAt: member.linkExpiresAt! };
  }
}
