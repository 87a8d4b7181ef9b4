// The email that carries a one-time sign-in code: subject, plain text and HTML.
import type { OneTimeCodeMessage } from "../../application/ports/notifier.js";

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export const renderOneTimeCodeEmail = (message: OneTimeCodeMessage): RenderedEmail => {
  const lines = [
    `Hello ${message.customerName},`,
    "",
    `Your sign-in code for ${message.storeName} is ${message.code}.`,
    `It works once, for the next ${message.expiresInMinutes} minutes.`,
    "",
    "If you did not ask for it, ignore this email: nobody can sign in without the code.",
  ];
  return {
    subject: `Your sign-in code for ${message.storeName}`,
    text: lines.join("\n"),
    html: `<p>Hello ${escapeHtml(message.customerName)},</p><p>Your sign-in code for ${escapeHtml(message.storeName)} is <strong style="font-size:1.4em;letter-spacing:0.2em">${message.code}</strong>.</p><p>It works once, for the next ${message.expiresInMinutes} minutes.</p><p>If you did not ask for it, ignore this email: nobody can sign in without the code.</p>`,
  };
};
