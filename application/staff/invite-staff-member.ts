// InviteStaffMember, the use case behind POST /admin/v1/staff; what it shares with its sibling use
// cases is in staff-changes.ts.
import { inject, injectable } from "inversify";
import { type StaffRole } from "../../domain/staff/permissions.js";
import type { Principal } from "../access/principal.js";
import { Notifier } from "../ports/notifier.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { auditActorOf } from "./audit-actor.js";
import { CreateStaffMember, SIGN_IN_LINK_HOURS } from "./create-staff-member.js";
import { StaffLinks, linkOf, type Invited, mayGrant } from "./staff-changes.js";

@injectable()
export class InviteStaffMember {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(CreateStaffMember) private readonly create: CreateStaffMember,
    @inject(Notifier) private readonly notifier: Notifier,
    @inject(StaffLinks) private readonly links: StaffLinks,
  ) {}

  async execute(principal: Principal, input: { readonly email: string; readonly role: StaffRole; readonly name?: string | undefined }): Promise<Invited> {
    mayGrant(principal, input.role);
    const store = await loadStore(this.stores, principal.storeId);
    const created = await this.create.execute({ storeId: principal.storeId, email: input.email, role: input.role, ...(input.name !== undefined ? { name: input.name } : {}) }, auditActorOf(principal));
    const link = linkOf(this.links, created.linkToken!);
    await this.notifier.sendStaffInvitation({
      to: created.member.email,
      memberName: created.member.name,
      storeName: store.name,
      invitedBy: principal.staff?.email ?? "The store's owner",
      role: created.member.role,
      link,
      expiresInHours: SIGN_IN_LINK_HOURS,
    });
    return { member: created.member, signInLink: link, linkExpiresAt: created.member.linkExpiresAt! };
  }
}
