// An order as the store keeps it: who bought what at which prices, how it is paid and shipped,
// and where it stands. Money is integer minor units of the order's currency.
import type { FulfilmentStatus } from "./fulfilment.js";
import type { OrderStatus, PaymentStatus } from "./order-status.js";
import type { ZoneMatch } from "../tax/tax-zone.js";

export const PAYMENT_METHODS = ["card_redirect", "card_popup", "mobile_stk", "mobile_collect", "cash", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface Address {
  readonly name: string;
  readonly line1: string;
  readonly line2?: string | undefined;
  readonly city: string;
  readonly region?: string | undefined;
  readonly postal_code?: string | undefined;
  /** ISO 3166 alpha-2. */
  readonly country: string;
  readonly phone?: string | undefined;
  readonly latitude?: number | undefined;
  readonly longitude?: number | undefined;
}

export interface OrderLine {
  readonly id: string;
  readonly productId: string;
  readonly variantId: string | null;
  readonly productName: string;
  readonly variantName: string;
  readonly sku: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly lineTotal: number;
  /** The line's tax as checkout worked it out (docs/taxes.md, "Orders"); absent on orders placed before per-line tax. */
  readonly tax?: LineTaxFigures | null;
}

/** A taxed line (or the shipping fee) as stored: what refunds read, never recomputed from today's settings. */
export interface LineTaxFigures {
  readonly taxClass: string;
  /** Parts per million. */
  readonly rate: number;
  readonly exempt: boolean;
  /** The line's share of the order discount (0 for shipping). */
  readonly discount: number;
  readonly net: number;
  readonly tax: number;
  /** What the shopper pays for the line after its discount share: net + tax. */
  readonly gross: number;
}

/** How the order was taxed (docs/taxes.md, "For the wiring"): the price basis, the zone and the shipping fee's tax. */
export interface OrderTaxDetails {
  readonly pricesIncludeTax: boolean;
  readonly zoneId: string;
  readonly zoneName: string;
  readonly matchedBy: ZoneMatch;
  readonly shipping: LineTaxFigures | null;
}

export interface AppliedPromotion {
  readonly promotionId: string;
  readonly name: string;
  readonly discount: number;
}

export interface Order {
  readonly id: string;
  readonly orderNumber: string;
  readonly customerId: string | null;
  readonly customerEmail: string;
  readonly customerPhone: string | null;
  readonly customerName: string;
  readonly orderStatus: OrderStatus;
  readonly paymentStatus: PaymentStatus;
  /** How much of the order has shipped in parcels (docs/staff.md, "Orders and fulfilment"). */
  readonly fulfilmentStatus: FulfilmentStatus;
  readonly paymentMethod: PaymentMethod;
  readonly paymentReference: string | null;
  readonly currency: string;
  readonly subtotal: number;
  readonly discountAmount: number;
  readonly shippingAmount: number;
  /** The sum of the lines' and the shipping fee's taxes (per-line orders), or the one rate's tax of older orders. */
  readonly taxAmount: number;
  /** Absent on orders placed before per-line tax. */
  readonly taxDetails?: OrderTaxDetails | null;
  readonly giftCardAmount: number;
  readonly totalAmount: number;
  readonly billingAddress: Address;
  readonly shippingAddress: Address;
  readonly items: readonly OrderLine[];
  readonly notes: string | null;
  readonly trackingNumber: string | null;
  readonly estimatedDelivery: string | null;
  readonly shippedAt: string | null;
  readonly deliveredAt: string | null;
  readonly shippingMetadata: Readonly<Record<string, unknown>>;
  readonly promotions: readonly AppliedPromotion[];
  readonly giftCardId: string | null;
  readonly stockRestored: boolean;
  readonly giftCardRestored: boolean;
  readonly livemode: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** `ORD-` + the year + a per-store sequence: short enough to read out on the phone. */
export const formatOrderNumber = (year: number, sequence: number): string => `ORD-${year}-${String(sequence).padStart(6, "0")}`;
