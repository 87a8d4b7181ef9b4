// The email that carries a one-time sign-in code: subject, plain text and HTML.
import type { OneTimeCodeMessage, StaffInvitationMessage } from "../../application/ports/notifier.js";

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

export const renderStaffInvitationEmail = (message: StaffInvitationMessage): RenderedEmail => {
  const lines = [
    `Hello ${message.memberName},`,
    "",
    `${message.invitedBy} invited you to run ${message.storeName} as ${message.role}.`,
    `Open this link to choose your password and sign in (it works once, for ${message.expiresInHours} hours):`,
    message.link,
    "",
    "If you did not expect this, ignore this email.",
  ];
  return {
    subject: `You are invited to ${message.storeName}'s back office`,
    text: lines.join("\n"),
    html: `<p>Hello ${escapeHtml(message.memberName)},</p><p>${escapeHtml(message.invitedBy)} invited you to run ${escapeHtml(message.storeName)} as ${escapeHtml(message.role)}.</p><p><a href="${escapeHtml(message.link)}">Choose your password and sign in</a> (the link works once, for ${message.expiresInHours} hours).</p><p>If you did not expect this, ignore this email.</p>`,
  };
};
