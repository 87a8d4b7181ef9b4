// The email template operations' examples (docs/api/emails.md), sent to the demo store by
// test/adapters/http/admin-openapi-examples.test.ts in order: read, replace, preview, reset.
import { toEmailTemplateRecord } from "../../../application/emails/email-records.js";
import { DEFAULT_TEMPLATES } from "../../../domain/emails/default-templates.js";
import { TEMPLATE_KEYS } from "../../../domain/emails/email-catalogue.js";
import type { RouteExample } from "../route-definition.js";

const edited = {
  subject: "Asante! Order {{order_number}} is confirmed",
  mjml: "<mj-text>Hello {{customer_name}},</mj-text>\n<mj-text>Thank you for order <strong>{{order_number}}</strong> ({{order_total}}). We pack it within a day.</mj-text>\n<mj-text>{{order_items}}</mj-text>",
  text: "Hello {{customer_name}},\n\nThank you for order {{order_number}} ({{order_total}}). We pack it within a day.\n\n{{order_items}}",
};

const record = (template: { subject: string; mjml: string; text: string }, customized: boolean) => ({
  key: "order_confirmation",
  title: "Order confirmation",
  recipients: "customer",
  permission: null,
  events: ["order.created"],
  optional: false,
  placeholders: ["store_name", "customer_name", "order_number", "order_total", "order_date", "order_items"],
  customized,
  ...template,
  updated_at: customized ? "2026-11-27T15:10:00.000Z" : null,
});

export const emailTemplateExamples = {
  adminListEmailTemplates: {
    key: "secret",
    response: { status: 200, body: { templates: TEMPLATE_KEYS.map((key) => toEmailTemplateRecord(key, DEFAULT_TEMPLATES[key], null)) } },
  },
  adminGetEmailTemplate: {
    params: { key: "order_confirmation" },
    key: "secret",
    response: { status: 200, body: record(DEFAULT_TEMPLATES.order_confirmation, false) },
  },
  adminUpdateEmailTemplate: {
    params: { key: "order_confirmation" },
    body: edited,
    key: "secret",
    response: { status: 200, body: record(edited, true) },
  },
  adminPreviewEmailTemplate: {
    params: { key: "order_confirmation" },
    body: {},
    key: "secret",
    response: {
      status: 200,
      body: {
        subject: "Asante! Order ORD-1042 is confirmed",
        html: "<!doctype html><html>…</html>",
        text: "Hello Amina Otieno,\n\nThank you for order ORD-1042 (KSh 12,450.00). …",
      },
    },
  },
  adminResetEmailTemplate: {
    params: { key: "order_confirmation" },
    key: "secret",
    response: { status: 200, body: record(DEFAULT_TEMPLATES.order_confirmation, false) },
  },
  adminGetEmailSettings: {
    key: "secret",
    response: { status: 200, body: { logo_url: null } },
  },
  adminUpdateEmailSettings: {
    body: { logo_url: "https://cdn.example.com/shop/logo.png" },
    key: "secret",
    response: { status: 200, body: { logo_url: "https://cdn.example.com/shop/logo.png" } },
  },
} satisfies Record<string, RouteExample>;
