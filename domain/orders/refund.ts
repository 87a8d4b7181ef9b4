// Refunds of an order (docs/staff.md, "Refunds and returns"): what a refund of lines is worth,
// how much of the order is still refundable, and how a refund's value is split between the
// payment provider (or money paid off-line) and the gift card that paid part of the order.
// Pure: integer minor units of the order's currency throughout.
import { refundOfAmount, refundOfUnits } from "../tax/refund-tax.js";
import type { Order, OrderLine } from "./order.js";

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface RefundLine {
  readonly lineId: string;
  readonly quantity: number;
  /** What these units were charged: their share of the line after discounts, with their tax. */
  readonly amount: number;
  /** The tax inside `amount`, from the line's stored figures (docs/taxes.md, "Refunds"); absent for lines of older orders. */
  readonly tax?: number | null;
}

/**
 * Where the provider part goes: a payment provider kind, `manual` (the order was paid off-line,
 * cash or bank transfer, and the store returns the money itself), or null (no part: the refund
 * is all gift card).
 */
export type RefundDestination = "card_redirect" | "card_popup" | "mobile_stk" | "mobile_collect" | "manual";

export interface Refund {
  readonly id: string;
  readonly orderId: string;
  readonly returnId: string | null;
  readonly paymentId: string | null;
  readonly status: RefundStatus;
  /** The refund's whole value: providerShare + giftCardAmount. */
  readonly amount: number;
  /** The tax inside `amount` (docs/taxes.md, "Refunds"); null for orders placed before per-line tax. */
  readonly taxAmount?: number | null;
  /** The part of `amount` returned through the provider (or off-line). */
  readonly providerShare: number;
  /** What the provider is asked to return: providerShare, in whole units where the provider takes no minor units. */
  readonly providerAmount: number;
  /** The part of `amount` given back to the gift card that paid part of the order (when the refund succeeds). */
  readonly giftCardAmount: number;
  readonly currency: string;
  readonly destination: RefundDestination | null;
  readonly lines: readonly RefundLine[];
  readonly restock: boolean;
  readonly reason: string | null;
  readonly idempotencyKey: string;
  readonly providerRefundId: string | null;
  readonly failureReason: string | null;
  /** How many times the provider was asked about it after the first call. */
  readonly checks: number;
  /** When the worker asks the provider next (pending refunds only). */
  readonly nextCheckAt: string | null;
  readonly livemode: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly settledAt: string | null;
}

/** Pending and succeeded refunds hold their amount; a failed one gives it back. */
export const holdsAmount = (refund: Pick<Refund, "status">): boolean => refund.status !== "failed";

/** An order's paid value: what the customer gave, by provider, off-line or by gift card. */
export const refundableTotal = (order: Pick<Order, "totalAmount">): number => order.totalAmount;

export const isRefundablePaymentStatus = (status: Order["paymentStatus"]): boolean => status === "paid" || status === "partially_refunded";

/** What stays refundable: the order's total less what pending and succeeded refunds hold. */
export const remainingRefundable = (order: Pick<Order, "totalAmount">, refunds: readonly Pick<Refund, "status" | "amount">[]): number =>
  refundableTotal(order) - refunds.filter(holdsAmount).reduce((sum, refund) => sum + refund.amount, 0);

/**
 * Orders placed before per-line tax (no stored line figures): what a whole line was charged: its total less its share of the order's discount (in proportion
 * to its total), plus its share of the tax (in proportion to the taxable amount, which includes
 * shipping). Shipping itself is not part of any line: refund it by amount.
 */
export const lineCharge = (order: Pick<Order, "subtotal" | "discountAmount" | "shippingAmount" | "taxAmount">, line: Pick<OrderLine, "lineTotal">): number => {
  const discountShare = order.subtotal === 0 ? 0 : Math.round((order.discountAmount * line.lineTotal) / order.subtotal);
  const net = line.lineTotal - discountShare;
  const taxable = order.subtotal - order.discountAmount + order.shippingAmount;
  const taxShare = taxable <= 0 ? 0 : Math.round((order.taxAmount * net) / taxable);
  return Math.max(0, net + taxShare);
};

export type LineRefundProblem =
  | { readonly kind: "unknown_line"; readonly lineId: string }
  | { readonly kind: "too_many"; readonly lineId: string; readonly remaining: number };

/**
 * The value of refunding `quantity` more units of a line of which `alreadyRefunded` units are held
 * by earlier refunds: counted cumulatively (units × charge / quantity, rounded, minus the same for
 * the earlier units), so refunding a line unit by unit adds up to exactly its charge.
 */
export const unitsValue = (charge: number, lineQuantity: number, alreadyRefunded: number, quantity: number): number =>
  Math.round((charge * (alreadyRefunded + quantity)) / lineQuantity) - Math.round((charge * alreadyRefunded) / lineQuantity);

/** Quantities of each line held by pending and succeeded refunds. */
export const refundedQuantities = (refunds: readonly (Pick<Refund, "status"> & Partial<Pick<Refund, "lines">>)[]): Map<string, number> => {
  const held = new Map<string, number>();
  for (const refund of refunds.filter(holdsAmount)) {
    for (const line of refund.lines ?? []) held.set(line.lineId, (held.get(line.lineId) ?? 0) + line.quantity);
  }
  return held;
};

/**
 * What refunding `quantity` more units of a line is worth. A line with stored tax figures returns
 * its gross and its tax in proportion to the units, counted cumulatively (refundOfUnits,
 * docs/taxes.md "Refunds"), so all its units return exactly what it was charged and its tax; a line of
 * an order placed before per-line tax keeps the old rule (lineCharge, no tax figure).
 */
const refundOfLineUnits = (
  order: Pick<Order, "subtotal" | "discountAmount" | "shippingAmount" | "taxAmount">,
  line: OrderLine,
  already: number,
  quantity: number,
): { amount: number; tax: number | null } => {
  if (line.tax === null || line.tax === undefined) return { amount: unitsValue(lineCharge(order, line), line.quantity, already, quantity), tax: null };
  const refunded = refundOfUnits({ gross: line.tax.gross, tax: line.tax.tax, quantity: line.quantity }, already, quantity);
  return { amount: refunded.gross, tax: refunded.tax };
};

/** What the refunds holding an amount took, and the tax inside it (a refund without a tax figure counts 0). */
const heldSoFar = (refunds: readonly RefundTaken[]): { amount: number; tax: number } => {
  let amount = 0;
  let tax = 0;
  for (const refund of refunds.filter(holdsAmount)) {
    amount += refund.amount ?? (refund.lines ?? []).reduce((sum, line) => sum + line.amount, 0);
    tax += refund.taxAmount ?? (refund.lines ?? []).reduce((sum, line) => sum + (line.tax ?? 0), 0);
  }
  return { amount, tax };
};

/** An earlier refund as the pricing of the next one reads it. */
export type RefundTaken = Pick<Refund, "status"> & Partial<Pick<Refund, "amount" | "taxAmount" | "lines">>;

/**
 * The tax inside a refund of `amount` of a per-line-taxed order, by amount rather than by lines: what
 * brings the tax of every refund so far to the order's tax in proportion to the amount refunded so
 * far (refundOfAmount's cumulative share over the order as one charged line), so the refunds' taxes
 * always add up to that share, whichever measure earlier refunds used, and the refund that completes
 * the total returns exactly what is left of the tax charged. Never below 0 nor above the amount or
 * the tax left. Null for an order placed before per-line tax.
 */
export const taxOfAmountRefund = (order: Pick<Order, "totalAmount" | "taxAmount" | "taxDetails">, refunds: readonly RefundTaken[], amount: number): number | null => {
  if (order.taxDetails === null || order.taxDetails === undefined || order.totalAmount <= 0) return null;
  const before = heldSoFar(refunds);
  if (before.amount + amount > order.totalAmount) return null;
  const left = Math.max(0, order.taxAmount - before.tax);
  if (before.amount + amount === order.totalAmount) return Math.min(left, amount);
  const target = refundOfAmount({ gross: order.totalAmount, tax: order.taxAmount }, 0, before.amount + amount).tax;
  return Math.min(Math.max(0, target - before.tax), amount, left);
};

/**
 * Prices a refund of lines; a line named twice counts its quantities together. When it completes the
 * order's total after refunds by amount (which count the order's tax by its total, not by lines),
 * its last line takes what is left of the tax charged, so all the refunds together return exactly
 * that tax (docs/taxes.md, "Refunds").
 */
export const priceRefundLines = (
  order: Pick<Order, "subtotal" | "discountAmount" | "shippingAmount" | "taxAmount" | "items"> & Partial<Pick<Order, "totalAmount">>,
  refunds: readonly RefundTaken[],
  asked: readonly { readonly lineId: string; readonly quantity: number }[],
): { readonly lines: RefundLine[] } | { readonly problem: LineRefundProblem } => {
  const held = refundedQuantities(refunds);
  const merged = new Map<string, number>();
  for (const line of asked) merged.set(line.lineId, (merged.get(line.lineId) ?? 0) + line.quantity);
  const lines: RefundLine[] = [];
  for (const [lineId, quantity] of merged) {
    const line = order.items.find((item) => item.id === lineId);
    if (line === undefined) return { problem: { kind: "unknown_line", lineId } };
    const already = held.get(lineId) ?? 0;
    if (already + quantity > line.quantity) return { problem: { kind: "too_many", lineId, remaining: line.quantity - already } };
    const { amount, tax } = refundOfLineUnits(order, line, already, quantity);
    lines.push({ lineId, quantity, amount, tax });
  }
  return { lines: withTaxLeft(order, refunds, lines) };
};

/**
 * `lines` with their taxes fitted to what is left of the order's tax after earlier refunds: never
 * more (refunds by amount may already have returned a line's share), and exactly that when the
 * refund completes the order's total. The difference comes off, or onto, the last lines first,
 * each line's tax kept within 0 and its amount.
 */
const withTaxLeft = (order: Pick<Order, "taxAmount"> & Partial<Pick<Order, "totalAmount">>, refunds: readonly RefundTaken[], lines: RefundLine[]): RefundLine[] => {
  if (order.totalAmount === undefined || lines.length === 0 || lines.some((line) => typeof line.tax !== "number")) return lines;
  const before = heldSoFar(refunds);
  const left = Math.max(0, order.taxAmount - before.tax);
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = lines.reduce((sum, line) => sum + (line.tax ?? 0), 0);
  const wanted = before.amount + amount === order.totalAmount ? left : Math.min(tax, left);
  let difference = wanted - tax;
  if (difference === 0) return lines;
  const fitted = [...lines];
  for (let i = fitted.length - 1; i >= 0 && difference !== 0; i--) {
    const line = fitted[i]!;
    const next = Math.min(line.amount, Math.max(0, (line.tax ?? 0) + difference));
    difference -= next - (line.tax ?? 0);
    fitted[i] = { ...line, tax: next };
  }
  return fitted;
};

export interface RefundSplit {
  readonly providerShare: number;
  readonly providerAmount: number;
  readonly giftCardAmount: number;
}

/**
 * Splits a refund of `amount` between what was paid without the gift card (`paidOutside`: the
 * provider's or off-line) and the gift card, in the order's proportion, counted cumulatively over
 * the refunds that hold an amount, so the parts never pass what each paid: the provider's share
 * of all refunds together is round(total refunded × paidOutside / order total).
 * `unit` is the provider's smallest amount in minor units (100 for whole shillings); what it is
 * asked is its share rounded down to whole units, and, when the refunds reach the whole order,
 * everything it charged (`charged`, which may be the amount rounded up to whole units).
 */
export const splitRefund = (
  order: Pick<Order, "totalAmount" | "giftCardAmount">,
  refunds: readonly Pick<Refund, "status" | "amount" | "providerShare" | "providerAmount">[],
  amount: number,
  provider: { readonly unit: number; readonly charged: number },
): RefundSplit => {
  const total = order.totalAmount;
  const paidOutside = total - order.giftCardAmount;
  const held = refunds.filter(holdsAmount);
  const heldValue = held.reduce((sum, r) => sum + r.amount, 0);
  const heldShare = held.reduce((sum, r) => sum + r.providerShare, 0);
  const heldAsked = held.reduce((sum, r) => sum + r.providerAmount, 0);
  const after = heldValue + amount;
  const shareTarget = total === 0 ? 0 : after >= total ? paidOutside : Math.round((after * paidOutside) / total);
  const providerShare = Math.min(amount, Math.max(0, shareTarget - heldShare));
  const askedTarget = after >= total ? provider.charged : Math.floor((heldShare + providerShare) / provider.unit) * provider.unit;
  const providerAmount = Math.max(0, askedTarget - heldAsked);
  return { providerShare, providerAmount, giftCardAmount: amount - providerShare };
};

/** The order's payment status once its succeeded refunds add up to `succeeded`. */
export const paymentStatusAfterRefunds = (order: Pick<Order, "totalAmount">, succeeded: number): "refunded" | "partially_refunded" | undefined =>
  succeeded <= 0 ? undefined : succeeded >= order.totalAmount ? "refunded" : "partially_refunded";

/** The worker's pause before asking a provider again about a pending refund: 1 minute, doubling, at most 6 hours. */
export const nextCheckDelayMs = (checks: number): number => Math.min(6 * 3_600_000, 60_000 * 2 ** Math.min(checks, 10));
