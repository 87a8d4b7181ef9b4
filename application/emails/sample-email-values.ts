// The values a template preview shows (docs/api/emails.md, "Preview"): a made-up order of three
// lines in the store's currency, a parcel, a refund, a return, a message, a low variant and an
// endpoint, formatted as the real emails format them.
import { formatAmount, formatDate } from "../../domain/emails/email-amounts.js";
import { placeholdersOf, type TemplateKey } from "../../domain/emails/email-catalogue.js";
import { isCurrencyCode, minorDigits } from "../../domain/money/currency.js";

export const sampleEmailValues = (key: TemplateKey, currency: string, timeZone: string | undefined, now: string): Record<string, string> => {
  const scale = 10 ** (isCurrencyCode(currency) ? minorDigits(currency) : 2);
  const money = (major: number): string => formatAmount(major * scale, currency);
  const all: Record<string, string> = {
    customer_name: "Amina Otieno",
    customer_email: "amina@example.com",
    order_number: "ORD-1042",
    order_total: money(12_450),
    order_date: formatDate(now, timeZone),
    order_items: `1 × Kilimani three-seater sofa (Green) — ${money(9_800)}\n2 × Cushion cover — ${money(2_000)}\nDelivery — ${money(650)}`,
    amount_paid: money(12_450),
    carrier: "G4S Courier",
    tracking_number: "G4S-000123456",
    tracking_url: "https://tracking.example.com/G4S-000123456",
    shipped_items: "1 × Kilimani three-seater sofa (Green)\n2 × Cushion cover",
    delivered_date: formatDate(now, timeZone),
    refund_amount: money(1_000),
    return_status: "approved",
    return_note: "Please send the cushion cover back in its box.",
    thread_subject: "Sofa colours",
    message_excerpt: "Yes, the sofa comes in green and in grey.",
    sku: "SOFA-3S-GRN",
    stock: "2",
    threshold: "5",
    endpoint_url: "https://example.com/webhooks",
    reason: "it answered 410 Gone",
  };
  return Object.fromEntries(placeholdersOf(key).filter((name) => name in all).map((name) => [name, all[name]!]));
};
