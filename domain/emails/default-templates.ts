// The template every store starts with for each email (docs/emails.md, "Templates and
// placeholders"); a store's edited template replaces it, and a reset brings it back. The MJML body
// is the content of the layout's one column (domain/emails/email-layout.ts puts the logo and the
// store's name above it), so it holds content elements: mj-text, mj-button, mj-table, mj-divider.
import type { TemplateKey } from "./email-catalogue.js";

export interface EmailTemplate {
  readonly subject: string;
  readonly mjml: string;
  readonly text: string;
}

const p = (text: string): string => `<mj-text>${text}</mj-text>`;

const TEXT_SIGNATURE = "\n\n{{store_name}}";

export const DEFAULT_TEMPLATES: Readonly<Record<TemplateKey, EmailTemplate>> = {
  order_confirmation: {
    subject: "{{store_name}}: order {{order_number}} confirmed",
    mjml: [
      p("Hello {{customer_name}},"),
      p("Thank you for your order <strong>{{order_number}}</strong> of {{order_date}}. We have it and will let you know when it ships."),
      p("{{order_items}}"),
      p("Total: <strong>{{order_total}}</strong>"),
    ].join("\n"),
    text: "Hello {{customer_name}},\n\nThank you for your order {{order_number}} of {{order_date}}. We have it and will let you know when it ships.\n\n{{order_items}}\n\nTotal: {{order_total}}" + TEXT_SIGNATURE,
  },
  payment_received: {
    subject: "{{store_name}}: payment received for order {{order_number}}",
    mjml: [p("Hello {{customer_name}},"), p("We received your payment of <strong>{{amount_paid}}</strong> for order {{order_number}}. Thank you.")].join("\n"),
    text: "Hello {{customer_name}},\n\nWe received your payment of {{amount_paid}} for order {{order_number}}. Thank you." + TEXT_SIGNATURE,
  },
  order_shipped: {
    subject: "{{store_name}}: order {{order_number}} has shipped",
    mjml: [
      p("Hello {{customer_name}},"),
      p("Your order {{order_number}} is on its way."),
      p("Carrier: <strong>{{carrier}}</strong><br/>Tracking number: <strong>{{tracking_number}}</strong>"),
      p("{{shipped_items}}"),
    ].join("\n"),
    text: "Hello {{customer_name}},\n\nYour order {{order_number}} is on its way.\n\nCarrier: {{carrier}}\nTracking number: {{tracking_number}}\n\n{{shipped_items}}" + TEXT_SIGNATURE,
  },
  order_delivered: {
    subject: "{{store_name}}: order {{order_number}} was delivered",
    mjml: [p("Hello {{customer_name}},"), p("Your order {{order_number}} was delivered on {{delivered_date}}. We hope you enjoy it.")].join("\n"),
    text: "Hello {{customer_name}},\n\nYour order {{order_number}} was delivered on {{delivered_date}}. We hope you enjoy it." + TEXT_SIGNATURE,
  },
  order_cancelled: {
    subject: "{{store_name}}: order {{order_number}} was cancelled",
    mjml: [p("Hello {{customer_name}},"), p("Your order {{order_number}} of {{order_date}} ({{order_total}}) was cancelled. Anything you paid is refunded to you.")].join("\n"),
    text: "Hello {{customer_name}},\n\nYour order {{order_number}} of {{order_date}} ({{order_total}}) was cancelled. Anything you paid is refunded to you." + TEXT_SIGNATURE,
  },
  refund_issued: {
    subject: "{{store_name}}: a refund of {{refund_amount}} for order {{order_number}}",
    mjml: [p("Hello {{customer_name}},"), p("We refunded <strong>{{refund_amount}}</strong> for order {{order_number}}. It reaches you the way you paid.")].join("\n"),
    text: "Hello {{customer_name}},\n\nWe refunded {{refund_amount}} for order {{order_number}}. It reaches you the way you paid." + TEXT_SIGNATURE,
  },
  return_update: {
    subject: "{{store_name}}: your return for order {{order_number}} is {{return_status}}",
    mjml: [p("Hello {{customer_name}},"), p("Your return for order {{order_number}} is now <strong>{{return_status}}</strong>."), p("{{return_note}}")].join("\n"),
    text: "Hello {{customer_name}},\n\nYour return for order {{order_number}} is now {{return_status}}.\n\n{{return_note}}" + TEXT_SIGNATURE,
  },
  message_reply: {
    subject: "{{store_name}} replied: {{thread_subject}}",
    mjml: [p("Hello {{customer_name}},"), p("{{store_name}} replied to your message “{{thread_subject}}”:"), p("<em>{{message_excerpt}}</em>")].join("\n"),
    text: "Hello {{customer_name}},\n\n{{store_name}} replied to your message “{{thread_subject}}”:\n\n{{message_excerpt}}" + TEXT_SIGNATURE,
  },
  staff_new_order: {
    subject: "New order {{order_number}}: {{order_total}}",
    mjml: [p("A new order <strong>{{order_number}}</strong> of {{order_total}} from {{customer_name}} ({{customer_email}})."), p("{{order_items}}")].join("\n"),
    text: "A new order {{order_number}} of {{order_total}} from {{customer_name}} ({{customer_email}}).\n\n{{order_items}}" + TEXT_SIGNATURE,
  },
  staff_new_message: {
    subject: "New message from {{customer_name}}: {{thread_subject}}",
    mjml: [p("{{customer_name}} wrote in “{{thread_subject}}”:"), p("<em>{{message_excerpt}}</em>")].join("\n"),
    text: "{{customer_name}} wrote in “{{thread_subject}}”:\n\n{{message_excerpt}}" + TEXT_SIGNATURE,
  },
  staff_low_stock: {
    subject: "Low stock: {{sku}} has {{stock}} left",
    mjml: p("The variant <strong>{{sku}}</strong> has {{stock}} left, at or below its threshold of {{threshold}}."),
    text: "The variant {{sku}} has {{stock}} left, at or below its threshold of {{threshold}}." + TEXT_SIGNATURE,
  },
  staff_webhook_disabled: {
    subject: "A webhook endpoint was switched off",
    mjml: p("The webhook endpoint {{endpoint_url}} was switched off: {{reason}}. Nothing more is sent to it until it is switched on again."),
    text: "The webhook endpoint {{endpoint_url}} was switched off: {{reason}}. Nothing more is sent to it until it is switched on again." + TEXT_SIGNATURE,
  },
};
