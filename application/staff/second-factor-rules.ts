// The optional second factor of a staff member (docs/staff.md, "Second factor"): a TOTP secret
// for an authenticator app, turned on by a first good code, with ten one-use recovery codes shown
// once; turning it off needs the password. Each is audited.
// This module holds what the use cases StartSecondFactor, ConfirmSecondFactor and
// TurnOffSecondFactor share (one class a file, docs/architecture.md, the application/ ring).
import type { Principal } from "../access/principal.js";
import { StaffSessionRequired } from "../errors/staff-errors.js";
import { StaffRepository, type StaffMember } from "../ports/staff-repository.js";

export const RECOVERY_CODES = 10;

export const signedInMember = async (staff: StaffRepository, principal: Principal, forUpdate = false): Promise<StaffMember> => {
  if (principal.staff === undefined) throw new StaffSessionRequired({ message: "The second factor belongs to a signed-in staff member; an API key has none." });
  const member = await staff.findById(principal.storeId, principal.staff.memberId, { forUpdate });
  if (member === undefined) throw new StaffSessionRequired({ message: "The signed-in member no longer exists." });
  return member;
};
