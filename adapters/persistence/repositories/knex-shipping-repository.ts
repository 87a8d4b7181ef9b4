// Delivery zones and distance pricing tiers on knex; a zone's polygon is stored as JSON text.
import { inject, injectable } from "inversify";
import type { ShippingRepository } from "../../../application/ports/shipping-repository.js";
import type { LatLng } from "../../../domain/shipping/coordinates.js";
import type { DeliveryZone } from "../../../domain/shipping/delivery-zone.js";
import type { PricingTier } from "../../../domain/shipping/pricing-tier.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";
import { copyInUnitOfWork, writeVersioned } from "../versioned-copies.js";

interface ZoneRow {
  id: string;
  zone_name: string;
  delivery_fee: number | string;
  free_delivery_threshold: number | string | null;
  is_active: number | boolean;
  priority: number;
  color: string;
  polygon: string;
}

interface TierRow {
  id: string;
  tier_name: string;
  min_distance_meters: number;
  max_distance_meters: number;
  delivery_fee: number | string;
  free_delivery_threshold: number | string | null;
  is_active: number | boolean;
  priority: number;
}

const amountOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

const toZone = (row: ZoneRow): DeliveryZone => ({
  id: row.id,
  zoneName: row.zone_name,
  deliveryFee: Number(row.delivery_fee),
  freeDeliveryThreshold: amountOrNull(row.free_delivery_threshold),
  isActive: readBoolean(row.is_active),
  priority: row.priority,
  color: row.color,
  polygon: readJson<LatLng[]>(row.polygon, []),
});

const toTier = (row: TierRow): PricingTier => ({
  id: row.id,
  tierName: row.tier_name,
  minDistanceMeters: row.min_distance_meters,
  maxDistanceMeters: row.max_distance_meters,
  deliveryFee: Number(row.delivery_fee),
  freeDeliveryThreshold: amountOrNull(row.free_delivery_threshold),
  isActive: readBoolean(row.is_active),
  priority: row.priority,
});

const zoneColumns = (zone: DeliveryZone) => ({
  zone_name: zone.zoneName,
  delivery_fee: zone.deliveryFee,
  free_delivery_threshold: zone.freeDeliveryThreshold,
  is_active: zone.isActive,
  priority: zone.priority,
  color: zone.color,
  polygon: writeJson(zone.polygon),
});

const tierColumns = (tier: PricingTier) => ({
  tier_name: tier.tierName,
  min_distance_meters: tier.minDistanceMeters,
  max_distance_meters: tier.maxDistanceMeters,
  delivery_fee: tier.deliveryFee,
  free_delivery_threshold: tier.freeDeliveryThreshold,
  is_active: tier.isActive,
  priority: tier.priority,
});

@injectable()
export class KnexShippingRepository implements ShippingRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  // Every checkout reads both: inside a unit of work from copies of the catalog version the
  // checkout's store read saw, when there are (versioned-copies.ts; docs/decisions/checkout.md,
  // "checkout-36"); the writes below move that version. Otherwise prepared statements (checkout-25).
  /** Highest priority first, then oldest (the order quoting prefers). */
  async zones(storeId: string): Promise<readonly DeliveryZone[]> {
    const copy = await copyInUnitOfWork(this.db, "shipping_zones", "t.priority desc, t.id", storeId, toZone);
    if (copy !== undefined) return copy;
    const rows = await this.db.select<ZoneRow>("select * from shipping_zones where store_id = ? order by priority desc, id", [storeId]);
    return rows.map(toZone);
  }

  async tiers(storeId: string): Promise<readonly PricingTier[]> {
    const copy = await copyInUnitOfWork(this.db, "shipping_tiers", "t.min_distance_meters, t.priority desc, t.id", storeId, toTier);
    if (copy !== undefined) return copy;
    const rows = await this.db.select<TierRow>("select * from shipping_tiers where store_id = ? order by min_distance_meters, priority desc, id", [storeId]);
    return rows.map(toTier);
  }

  async findZone(storeId: string, id: string): Promise<DeliveryZone | undefined> {
    const row: ZoneRow | undefined = await this.db.run((q) => q("shipping_zones").where({ store_id: storeId, id }).first());
    return row === undefined ? undefined : toZone(row);
  }

  async findTier(storeId: string, id: string): Promise<PricingTier | undefined> {
    const row: TierRow | undefined = await this.db.run((q) => q("shipping_tiers").where({ store_id: storeId, id }).first());
    return row === undefined ? undefined : toTier(row);
  }

  async insertZone(storeId: string, zone: DeliveryZone, now: string): Promise<void> {
    await writeVersioned(this.db, storeId, (q) =>
      q("shipping_zones").insert({ id: zone.id, store_id: storeId, ...zoneColumns(zone), created_at: now, updated_at: now }),
    );
  }

  async updateZone(storeId: string, zone: DeliveryZone, now: string): Promise<void> {
    await writeVersioned(this.db, storeId, (q) => q("shipping_zones").where({ store_id: storeId, id: zone.id }).update({ ...zoneColumns(zone), updated_at: now }));
  }

  async removeZone(storeId: string, id: string): Promise<void> {
    await writeVersioned(this.db, storeId, (q) => q("shipping_zones").where({ store_id: storeId, id }).delete());
  }

  async insertTier(storeId: string, tier: PricingTier, now: string): Promise<void> {
    await writeVersioned(this.db, storeId, (q) =>
      q("shipping_tiers").insert({ id: tier.id, store_id: storeId, ...tierColumns(tier), created_at: now, updated_at: now }),
    );
  }

  async updateTier(storeId: string, tier: PricingTier, now: string): Promise<void> {
    await writeVersioned(this.db, storeId, (q) => q("shipping_tiers").where({ store_id: storeId, id: tier.id }).update({ ...tierColumns(tier), updated_at: now }));
  }

  async removeTier(storeId: string, id: string): Promise<void> {
    await writeVersioned(this.db, storeId, (q) => q("shipping_tiers").where({ store_id: storeId, id }).delete());
  }
}
