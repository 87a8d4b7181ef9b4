// ListStaff, the use case behind GET /admin/v1/staff.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { StaffRepository, type StaffListFilter, type StaffMember } from "../ports/staff-repository.js";

@injectable()
export class ListStaff {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
  ) {}

  async execute(principal: Principal, filter: StaffListFilter): Promise<readonly StaffMember[]> {
    return this.staff.list(principal.storeId, filter);
  }
}
