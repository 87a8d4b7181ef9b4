// Who a write is recorded against in the audit log (docs/staff.md, "Audit log"): the signed-in
// member, or the API key named as that key.
import type { Principal } from "../access/principal.js";
import type { AuditActor } from "../ports/audit-log.js";

export const auditActorOf = (principal: Principal): AuditActor =>
  principal.staff !== undefined
    ? { type: "staff", id: principal.staff.memberId, label: principal.staff.email }
    : { type: "api_key", id: principal.keyId, label: principal.keyName ?? `${principal.keyType} key ${principal.keyId}` };
