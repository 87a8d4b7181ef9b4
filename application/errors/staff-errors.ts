// Errors of the admin API's callers (docs/staff.md): no session, a write without its CSRF token,
// a role without the operation's permission, and a sign-in that needs the second factor.
import { Data } from "effect";

/** No staff session cookie, or one that is unknown, ended or expired; and no secret key either. */
export class StaffSessionRequired extends Data.TaggedError("StaffSessionRequired")<{
  readonly message: string;
}> {}

/** A write under a staff session without the session's CSRF token in `X-CSRF-Token`. */
export class CsrfTokenInvalid extends Data.TaggedError("CsrfTokenInvalid")<{
  readonly message: string;
}> {}

/** The member's role does not hold the permission the operation needs. */
export class PermissionDenied extends Data.TaggedError("PermissionDenied")<{
  readonly permission: string;
  readonly message: string;
}> {}

/** The password was right and the member has a second factor on: send its code (or a recovery code). */
export class SecondFactorRequired extends Data.TaggedError("SecondFactorRequired")<{
  readonly message: string;
}> {}
