// GetStaffMember, the use case behind GET /admin/v1/me and GET /admin/v1/staff/{id}; what it shares
// with its sibling use cases is in staff-changes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { StaffRepository, type StaffMember } from "../ports/staff-repository.js";
import { missing } from "./staff-changes.js";

@injectable()
export class GetStaffMember {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
  ) {}

  async execute(principal: Principal, memberId: string): Promise<StaffMember> {
    return (await this.staff.findById(principal.storeId, memberId)) ?? Promise.reject(missing());
  }
}
