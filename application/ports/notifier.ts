// Messages to customers outside the API: for now the one-time sign-in code by email.
import type { ServiceIdentifier } from "inversify";

export interface OneTimeCodeMessage {
  readonly to: string;
  readonly customerName: string;
  readonly storeName: string;
  readonly code: string;
  readonly expiresInMinutes: number;
}

/** An invitation to a store's back office (docs/staff.md, "Accounts"): a one-time sign-in link. */
export interface StaffInvitationMessage {
  readonly to: string;
  readonly memberName: string;
  readonly storeName: string;
  readonly invitedBy: string;
  readonly role: string;
  readonly link: string;
  readonly expiresInHours: number;
}

export interface Notifier {
  /**
   * Hands the message off for delivery and resolves at once; it never rejects. Delivery
   * failures are the adapter's to log, so the caller's answer (and its timing) does not depend
   * on them: a code request answers the same whether or not the email belongs to a customer.
   */
  sendOneTimeCode(message: OneTimeCodeMessage): Promise<void>;
  /** Same contract: hands the invitation off and resolves at once. */
  sendStaffInvitation(message: StaffInvitationMessage): Promise<void>;
}
export const Notifier: ServiceIdentifier<Notifier> = Symbol.for("storefront.Notifier");
