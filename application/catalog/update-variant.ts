import { inject, injectable } from "inversify";
import { toVariantRecord, type VariantRecord } from "../../domain/catalog/product-shapes.js";
import type { Variant } from "../../domain/catalog/variant.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository } from "../ports/product-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { StockLedger } from "../ports/stock-ledger.js";
import { Clock } from "../ports/clock.js";
import { RequestContext } from "../ports/request-context.js";
import { StoreRepository } from "../ports/store-repository.js";
import { auditActorOf } from "../staff/audit-actor.js";
import type { VariantPatch } from "./catalog-inputs.js";
import { checkSalePrice, checkSkusFree } from "./product-rules.js";
import { requireRatedTaxClasses } from "./product-tax-class.js";
import { variantMissing, fellToThreshold } from "./variant-writes.js";

@injectable()
export class UpdateVariant {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(StockLedger) private readonly stockLedger: StockLedger,
    @inject(Clock) private readonly clock: Clock,
    @inject(RequestContext) private readonly requests: RequestContext,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal, productId: string, variantId: string, patch: VariantPatch): Promise<VariantRecord> {
    return this.uow.run(async () => {
      const current = await this.products.findVariant(principal.storeId, variantId);
      if (current === undefined || current.productId !== productId) throw variantMissing();
      if (patch.sku !== undefined && patch.sku !== current.sku) {
        await checkSkusFree(this.products, principal.storeId, [patch.sku], new Set([variantId]));
      }
      if (patch.tax_class !== undefined && patch.tax_class !== (current.taxClass ?? null)) {
        await requireRatedTaxClasses(this.stores, principal.storeId, [{ param: "tax_class", taxClass: patch.tax_class }]);
      }
      const next: Variant = {
        ...current,
        sku: patch.sku ?? current.sku,
        price: patch.price ?? current.price,
        salePrice: patch.sale_price !== undefined ? patch.sale_price : current.salePrice,
        stock: patch.stock ?? current.stock,
        threshold: patch.threshold !== undefined ? patch.threshold : current.threshold,
        lastRestocked: patch.last_restocked !== undefined ? patch.last_restocked : current.lastRestocked,
        variantName: patch.variant_name ?? current.variantName,
        variantAttributes: patch.variant_attributes ?? current.variantAttributes,
        isDefault: patch.is_default === true ? true : current.isDefault,
        taxClass: patch.tax_class !== undefined ? patch.tax_class : (current.taxClass ?? null),
      };
      checkSalePrice(next.price, next.salePrice, "sale_price");
      if (patch.is_default === false && current.isDefault) {
        throw new ResourceConflict({ code: "default_variant_required", param: "is_default", message: "Make another variant the default instead." });
      }
      // A new default first: it writes every variant of the product (in id order), and a write of
      // this one variant before it would take one of them out of that order (see checkout).
      if (patch.is_default === true && !current.isDefault) await this.products.setDefaultVariant(principal.storeId, productId, variantId);
      await this.products.updateVariant(principal.storeId, next);
      if (next.stock !== current.stock) {
        // A stock set by an edit is a move of the stock ledger too (docs/staff.md, "Stock ledger").
        await this.stockLedger.appendMade(
          principal.storeId,
          [
            {
              id: this.ids.newId(),
              variantId,
              productId,
              sku: next.sku,
              delta: next.stock - current.stock,
              after: next.stock,
              reason: "variant_edited",
              actor: auditActorOf(principal),
              orderId: null,
              at: this.clock.now().toISOString(),
            },
          ],
          (this.requests.currentRequestId() ?? null),
        );
      }
      if (fellToThreshold(current.stock, next.stock, next.threshold)) {
        await this.outbox.record({
          storeId: principal.storeId,
          type: "product.stock_low",
          livemode: principal.mode === "live",
          data: { product_id: productId, variant_id: variantId, sku: next.sku, stock: next.stock, threshold: next.threshold },
        });
      }
      return toVariantRecord(next);
    });
  }
}
