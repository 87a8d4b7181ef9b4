// ListStaffSessions, the use case behind GET /admin/v1/me, GET /admin/v1/me/sessions and GET
// /admin/v1/staff/{id}/sessions.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { StaffRepository, type StaffSession } from "../ports/staff-repository.js";
import { GetStaffMember } from "./get-staff-member.js";

@injectable()
export class ListStaffSessions {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(GetStaffMember) private readonly getStaffMember: GetStaffMember,
  ) {}

  async execute(principal: Principal, memberId: string): Promise<readonly StaffSession[]> {
    await this.getStaffMember.execute(principal, memberId);
    return this.staff.openSessions(principal.storeId, memberId, this.clock.now().toISOString());
  }
}
