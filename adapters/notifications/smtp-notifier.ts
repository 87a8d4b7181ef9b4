// Sends customers' one-time codes by email over SMTP (nodemailer), configured by one URL such
// as smtp://user:pass@mail.example.com:587 or smtps://...:465. Sending happens in the
// background: the caller's answer does not wait for the mail server, and failures are logged.
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Notifier, OneTimeCodeMessage, StaffInvitationMessage } from "../../application/ports/notifier.js";
import { renderOneTimeCodeEmail, renderStaffInvitationEmail, type RenderedEmail } from "./one-time-code-email.js";

export class SmtpNotifier implements Notifier {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    url: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  sendOneTimeCode(message: OneTimeCodeMessage): Promise<void> {
    return this.send(message.to, renderOneTimeCodeEmail(message), { store: message.storeName }, "could not send a one-time code email");
  }

  sendStaffInvitation(message: StaffInvitationMessage): Promise<void> {
    return this.send(message.to, renderStaffInvitationEmail(message), { store: message.storeName }, "could not send a staff invitation email");
  }

  private send(to: string, email: RenderedEmail, context: Record<string, unknown>, failure: string): Promise<void> {
    const sending = this.transport
      .sendMail({ from: this.from, to, subject: email.subject, text: email.text, html: email.html })
      .then(
        () => undefined,
        (err: unknown) => {
          this.logger.error({ err, ...context }, failure);
        },
      )
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
    return Promise.resolve();
  }

  /** Waits for the emails under way (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.transport.close();
  }
}
