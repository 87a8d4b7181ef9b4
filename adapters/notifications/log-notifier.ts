// The default notifier when no mail server is configured: it writes one-time codes to the log
// so a developer can sign in locally. In production it never prints a code, only that one was
// issued, with the address masked.
import type { Logger } from "pino";
import type { Notifier, OneTimeCodeMessage, StaffInvitationMessage } from "../../application/ports/notifier.js";

/** `amina@example.com` becomes `a***@example.com`. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "***" : `${email[0]}***${email.slice(at)}`;
};

export class LogNotifier implements Notifier {
  constructor(
    private readonly logger: Logger,
    private readonly production: boolean,
  ) {}

  sendOneTimeCode(message: OneTimeCodeMessage): Promise<void> {
    if (this.production) {
      this.logger.warn(
        { to: maskEmail(message.to), store: message.storeName },
        "one-time code issued but not delivered: set STOREFRONT_SMTP_URL to email codes (codes are never logged in production)",
      );
    } else {
      this.logger.info(
        { to: message.to, store: message.storeName, code: message.code, expiresInMinutes: message.expiresInMinutes },
        "one-time code (development: no STOREFRONT_SMTP_URL, so it is logged instead of emailed)",
      );
    }
    return Promise.resolve();
  }

  sendStaffInvitation(message: StaffInvitationMessage): Promise<void> {
    if (this.production) {
      this.logger.warn({ to: maskEmail(message.to), store: message.storeName }, "staff invitation not emailed: set STOREFRONT_SMTP_URL (the link is in the inviter's answer; never logged in production)");
    } else {
      this.logger.info({ to: message.to, store: message.storeName, role: message.role, link: message.link }, "staff invitation (development: no STOREFRONT_SMTP_URL, so it is logged instead of emailed)");
    }
    return Promise.resolve();
  }
}
