// The composition root: the only place that names concrete adapters. It binds every port to
// its adapter and every use case and route module, and builds the HTTP app from them.
import { SendMessage } from "../application/messaging/send-message.js";
import { SendStoreMessage } from "../application/messaging/send-store-message.js";
import { GetProduct } from "../application/catalog/get-product.js";
import { GetProductBySlug } from "../application/catalog/get-product-by-slug.js";
import { ListCategories } from "../application/catalog/list-categories.js";
import { ListSubcategories } from "../application/catalog/list-subcategories.js";
import { ListCollections } from "../application/catalog/list-collections.js";
import { GetCollectionItems } from "../application/catalog/get-collection-items.js";
import { ListCollectionItems } from "../application/catalog/list-collection-items.js";
import { ListPrices } from "../application/pricing/list-prices.js";
import { GetProductPrices } from "../application/pricing/get-product-prices.js";
import { GetCustomer } from "../application/customers/get-customer.js";
import { GetMe } from "../application/customers/get-me.js";
import { BlockCustomer } from "../application/customers/block-customer.js";
import { UnblockCustomer } from "../application/customers/unblock-customer.js";
import { StartSecondFactor } from "../application/staff/start-second-factor.js";
import { ConfirmSecondFactor } from "../application/staff/confirm-second-factor.js";
import { TurnOffSecondFactor } from "../application/staff/turn-off-second-factor.js";
import { AdjustStock } from "../application/catalog/adjust-stock.js";
import { ListStockLedger } from "../application/catalog/list-stock-ledger.js";
import { ChangeCartItem } from "../application/carts/change-cart-item.js";
import { RemoveCartItem } from "../application/carts/remove-cart-item.js";
import { ListApiKeys } from "../application/access/list-api-keys.js";
import { CreateApiKey } from "../application/access/create-api-key.js";
import { RollApiKey } from "../application/access/roll-api-key.js";
import { RevokeApiKey } from "../application/access/revoke-api-key.js";
import { AddVariant } from "../application/catalog/add-variant.js";
import { UpdateVariant } from "../application/catalog/update-variant.js";
import { DeleteVariant } from "../application/catalog/delete-variant.js";
import { CreateCategory } from "../application/catalog/create-category.js";
import { UpdateCategory } from "../application/catalog/update-category.js";
import { DeleteCategory } from "../application/catalog/delete-category.js";
import { CreateSubcategory } from "../application/catalog/create-subcategory.js";
import { UpdateSubcategory } from "../application/catalog/update-subcategory.js";
import { DeleteSubcategory } from "../application/catalog/delete-subcategory.js";
import { CreateCollection } from "../application/catalog/create-collection.js";
import { UpdateCollection } from "../application/catalog/update-collection.js";
import { DeleteCollection } from "../application/catalog/delete-collection.js";
import { ReplaceCollectionItems } from "../application/catalog/replace-collection-items.js";
import { ListPriceRules } from "../application/pricing/list-price-rules.js";
import { CreatePriceRule } from "../application/pricing/create-price-rule.js";
import { UpdatePriceRule } from "../application/pricing/update-price-rule.js";
import { DeletePriceRule } from "../application/pricing/delete-price-rule.js";
import { ListExchangeRates } from "../application/pricing/list-exchange-rates.js";
import { CreateExchangeRate } from "../application/pricing/create-exchange-rate.js";
import { UpdateExchangeRate } from "../application/pricing/update-exchange-rate.js";
import { DeleteExchangeRate } from "../application/pricing/delete-exchange-rate.js";
import { ReplyToThread } from "../application/messaging/reply-to-thread.js";
import { AssignThread } from "../application/messaging/assign-thread.js";
import { CloseThread } from "../application/messaging/close-thread.js";
import { ReopenThread } from "../application/messaging/reopen-thread.js";
import { MarkInboxThreadRead } from "../application/messaging/mark-inbox-thread-read.js";
import { ListInboxThreads } from "../application/messaging/list-inbox-threads.js";
import { GetInboxThread } from "../application/messaging/get-inbox-thread.js";
import { ListCustomers } from "../application/customers/list-customers.js";
import { GetCustomerDetail } from "../application/customers/get-customer-detail.js";
import { InviteStaffMember } from "../application/staff/invite-staff-member.js";
import { ListStaff } from "../application/staff/list-staff.js";
import { GetStaffMember } from "../application/staff/get-staff-member.js";
import { UpdateStaffMember } from "../application/staff/update-staff-member.js";
import { DisableStaffMember } from "../application/staff/disable-staff-member.js";
import { EnableStaffMember } from "../application/staff/enable-staff-member.js";
import { NewSignInLink } from "../application/staff/new-sign-in-link.js";
import { ListStaffSessions } from "../application/staff/list-staff-sessions.js";
import { StaffLinks } from "../application/staff/staff-changes.js";
import { UploadMedia } from "../application/media/upload-media.js";
import { ListMedia } from "../application/media/list-media.js";
import { GetMedia } from "../application/media/get-media.js";
import { DeleteMedia } from "../application/media/delete-media.js";
import { FindMediaVariant } from "../application/media/find-media-variant.js";
import { ReadMediaFile } from "../application/media/read-media-file.js";
import { GetStoreSettings } from "../application/stores/get-store-settings.js";
import { UpdateStoreSettings } from "../application/stores/update-store-settings.js";
import { RotateHmacSecret } from "../application/stores/rotate-hmac-secret.js";
import { GetTaxSettings } from "../application/stores/get-tax-settings.js";
import { ReplaceTaxSettings } from "../application/stores/replace-tax-settings.js";
import { GetInvoice } from "../application/invoices/get-invoice.js";
import { ListCreditNotes } from "../application/invoices/list-credit-notes.js";
import { GetCreditNote } from "../application/invoices/get-credit-note.js";
import { ListOrderRefunds } from "../application/refunds/list-order-refunds.js";
import { GetRefund } from "../application/refunds/get-refund.js";
import { RequestReturn } from "../application/returns/request-return.js";
import { ListCustomerReturns } from "../application/returns/list-customer-returns.js";
import { ListReturns } from "../application/returns/list-returns.js";
import { GetReturn } from "../application/returns/get-return.js";
import { ApproveReturn } from "../application/returns/approve-return.js";
import { RefuseReturn } from "../application/returns/refuse-return.js";
import { ReceiveReturn } from "../application/returns/receive-return.js";
import { RefundReturn } from "../application/returns/refund-return.js";
import { GetOrder } from "../application/orders/get-order.js";
import { ListOrders } from "../application/orders/list-orders.js";
import { ListAdminOrders } from "../application/orders/list-admin-orders.js";
import { GetAdminOrder } from "../application/orders/get-admin-order.js";
import { ListOrderFulfilments } from "../application/orders/list-order-fulfilments.js";
import { GetPackingSlip } from "../application/orders/get-packing-slip.js";
import { GetPromotion } from "../application/promotions/get-promotion.js";
import { ListPromotions } from "../application/promotions/list-promotions.js";
import { CreatePromotion } from "../application/promotions/create-promotion.js";
import { UpdatePromotion } from "../application/promotions/update-promotion.js";
import { DeletePromotion } from "../application/promotions/delete-promotion.js";
import { ListGiftCards } from "../application/gift-cards/list-gift-cards.js";
import { GetGiftCard } from "../application/gift-cards/get-gift-card.js";
import { UpdateGiftCard } from "../application/gift-cards/update-gift-card.js";
import { DeactivateGiftCard } from "../application/gift-cards/deactivate-gift-card.js";
import { CreatePricingTier } from "../application/shipping/create-pricing-tier.js";
import { UpdatePricingTier } from "../application/shipping/update-pricing-tier.js";
import { DeletePricingTier } from "../application/shipping/delete-pricing-tier.js";
import { CreateDeliveryZone } from "../application/shipping/create-delivery-zone.js";
import { UpdateDeliveryZone } from "../application/shipping/update-delivery-zone.js";
import { DeleteDeliveryZone } from "../application/shipping/delete-delivery-zone.js";
import { ListPosts } from "../application/content/list-posts.js";
import { GetPostBySlug } from "../application/content/get-post-by-slug.js";
import { GetPost } from "../application/content/get-post.js";
import { ListLookbooks } from "../application/content/list-lookbooks.js";
import { GetLookbookBySlug } from "../application/content/get-lookbook-by-slug.js";
import { GetLookbook } from "../application/content/get-lookbook.js";
import { CreatePost } from "../application/content/create-post.js";
import { UpdatePost } from "../application/content/update-post.js";
import { DeletePost } from "../application/content/delete-post.js";
import { CreateLookbook } from "../application/content/create-lookbook.js";
import { UpdateLookbook } from "../application/content/update-lookbook.js";
import { DeleteLookbook } from "../application/content/delete-lookbook.js";
import { CreateWebhookEndpoint } from "../application/webhooks/create-webhook-endpoint.js";
import { ListWebhookEndpoints } from "../application/webhooks/list-webhook-endpoints.js";
import { GetWebhookEndpoint } from "../application/webhooks/get-webhook-endpoint.js";
import { UpdateWebhookEndpoint } from "../application/webhooks/update-webhook-endpoint.js";
import { DeleteWebhookEndpoint } from "../application/webhooks/delete-webhook-endpoint.js";
import { RotateWebhookSecret } from "../application/webhooks/rotate-webhook-secret.js";
import { GetWebhookEvent } from "../application/webhooks/get-webhook-event.js";
import { ListEndpointDeliveries } from "../application/webhooks/list-endpoint-deliveries.js";
import "reflect-metadata";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Container } from "inversify";
import pino, { type Logger } from "pino";
import { AuthenticateApiKey } from "../application/access/authenticate-api-key.js";
import { PurgeExpiredRecords } from "../application/maintenance/purge-expired-records.js";
import { ApiKeyRepository } from "../application/ports/api-key-repository.js";
import { Clock } from "../application/ports/clock.js";
import { EventOutbox } from "../application/ports/event-outbox.js";
import { IdGenerator } from "../application/ports/id-generator.js";
import { MaintenanceRepository } from "../application/ports/maintenance-repository.js";
import { SecretGenerator } from "../application/ports/secret-generator.js";
import { StoreRepository } from "../application/ports/store-repository.js";
import { UnitOfWork } from "../application/ports/unit-of-work.js";
import { CreateStore } from "../application/stores/create-store.js";
import { mediaFiles } from "../adapters/http/media-serving.js";
import { createHttpApp } from "../adapters/http/app.js";
import type { OpenApiInfo } from "../adapters/http/openapi-document.js";
import { AnswerCache } from "../adapters/http/answer-cache.js";
import type { AnyRoute } from "../adapters/http/route-definition.js";
import { AdminRouteModule, RouteModule } from "../adapters/http/route-module.js";
import { AdminAuthRoutes } from "../adapters/http/admin/admin-auth-routes.js";
import { StaffRoutes } from "../adapters/http/admin/staff-routes.js";
import { ApiKeyRoutes } from "../adapters/http/admin/api-key-routes.js";
import { genericAudits, mirroredAdminRoutes } from "../adapters/http/admin/mirrored-routes.js";
import { openDatabase } from "../adapters/persistence/connection.js";
import { Database } from "../adapters/persistence/database.js";
import { requestLog, type RequestLog } from "../adapters/http/request-log.js";
import { PrometheusMetrics } from "../adapters/metrics/prometheus-metrics.js";
import { catalogVersionsOf } from "../adapters/persistence/catalog-versions.js";
import { limitRecentProducts } from "../adapters/persistence/recent-products.js";
import { migrateToLatest, migrationsCurrent } from "../adapters/persistence/migrations/migration-source.js";
import { CachingApiKeyRepository } from "../adapters/persistence/repositories/caching-api-key-repository.js";
import { KnexApiKeyRepository } from "../adapters/persistence/repositories/knex-api-key-repository.js";
import { KnexEventOutbox } from "../adapters/persistence/repositories/knex-event-outbox.js";
import { KnexMaintenanceRepository } from "../adapters/persistence/repositories/knex-maintenance-repository.js";
import { KnexStoreRepository } from "../adapters/persistence/repositories/knex-store-repository.js";
import { CachingPriceRuleRepository } from "../adapters/persistence/repositories/caching-price-rule-repository.js";
import { CachingStoreRepository } from "../adapters/persistence/repositories/caching-store-repository.js";
import { KnexProductRepository } from "../adapters/persistence/repositories/knex-product-repository.js";
import { KnexCategoryRepository } from "../adapters/persistence/repositories/knex-category-repository.js";
import { KnexCollectionRepository } from "../adapters/persistence/repositories/knex-collection-repository.js";
import { ProductRoutes } from "../adapters/http/routes/product-routes.js";
import { withDerivedFields } from "../adapters/http/derived-fields.js";
import { CategoryRoutes } from "../adapters/http/routes/category-routes.js";
import { CollectionRoutes } from "../adapters/http/routes/collection-routes.js";
import { ProductRepository } from "../application/ports/product-repository.js";
import { CategoryRepository } from "../application/ports/category-repository.js";
import { CollectionRepository } from "../application/ports/collection-repository.js";
import { ListProducts } from "../application/catalog/list-products.js";
import { CreateProduct } from "../application/catalog/create-product.js";
import { CreateProducts } from "../application/catalog/create-products.js";
import { CatalogImportCheckpoints } from "../application/ports/catalog-import-checkpoints.js";
import { KnexCatalogImportCheckpoints } from "../adapters/persistence/repositories/knex-catalog-import-checkpoints.js";
import { UpdateProduct } from "../application/catalog/update-product.js";
import { DeleteProduct } from "../application/catalog/delete-product.js";
import { ImportCatalog } from "../application/catalog/import-catalog.js";
import { KnexUnitOfWork } from "../adapters/persistence/repositories/knex-unit-of-work.js";
import { NodeSecretGenerator } from "../adapters/system/node-secret-generator.js";
import { SystemClock } from "../adapters/system/system-clock.js";
import { UuidV7IdGenerator } from "../adapters/system/uuid-v7-id-generator.js";
import { PricingRoutes } from "../adapters/http/routes/pricing-routes.js";
import { CountryCoderGeocoder } from "../adapters/geo/country-coder-geocoder.js";
import { CountryToCurrencyTable } from "../adapters/geo/country-to-currency-table.js";
import { KnexPriceRuleRepository } from "../adapters/persistence/repositories/knex-price-rule-repository.js";
import { KnexExchangeRateRepository } from "../adapters/persistence/repositories/knex-exchange-rate-repository.js";
import { KnexPurchaseHistoryReader } from "../adapters/persistence/repositories/knex-purchase-history-reader.js";
import { Geocoder } from "../application/ports/geocoder.js";
import { CountryCurrencies } from "../application/ports/currency-of-country.js";
import { PriceRuleRepository } from "../application/ports/price-rule-repository.js";
import { ExchangeRateRepository } from "../application/ports/exchange-rate-repository.js";
import { PurchaseHistoryReader } from "../application/ports/purchase-history-reader.js";
import { DetectLocation } from "../application/pricing/detect-location.js";
import { ResolvePricingContext } from "../application/pricing/pricing-context.js";
import { AuthenticateCustomer } from "../application/access/authenticate-customer.js";
import { AuthSettings } from "../application/customers/auth-settings.js";
import { AuthThrottle } from "../application/customers/auth-throttle.js";
import { DeviceTokens } from "../application/customers/device-tokens.js";
import { LogIn } from "../application/customers/log-in.js";
import { LogOut } from "../application/customers/log-out.js";
import { ChangePassword } from "../application/customers/change-password.js";
import { RecordCustomerPurchase } from "../application/customers/record-customer-purchase.js";
import { RefreshSession } from "../application/customers/refresh-session.js";
import { RegisterCustomer } from "../application/customers/register-customer.js";
import { RequestOneTimeCode } from "../application/customers/request-one-time-code.js";
import { SessionIssuer } from "../application/customers/session-issuer.js";
import { VerifyOneTimeCode } from "../application/customers/verify-one-time-code.js";
import { PurgeExpiredCredentials } from "../application/customers/purge-expired-credentials.js";
import { GetThread } from "../application/messaging/get-thread.js";
import { ListMessages } from "../application/messaging/list-messages.js";
import { ListThreads } from "../application/messaging/list-threads.js";
import { MarkThreadRead } from "../application/messaging/mark-thread-read.js";
import { CustomerDirectory } from "../application/ports/customer-directory.js";
import { KnexCustomerDirectory } from "../adapters/persistence/repositories/knex-customer-directory.js";
import { AdminCustomerRoutes } from "../adapters/http/admin/customer-routes.js";
import { InboxRoutes } from "../adapters/http/admin/inbox-routes.js";
import { OpenThread } from "../application/messaging/open-thread.js";
import { CustomerRepository } from "../application/ports/customer-repository.js";
import { CustomerSessionRepository } from "../application/ports/customer-session-repository.js";
import { MessagingRepository } from "../application/ports/messaging-repository.js";
import { Notifier } from "../application/ports/notifier.js";
import { OneTimeCodeRepository } from "../application/ports/one-time-code-repository.js";
import { PasswordHasher } from "../application/ports/password-hasher.js";
import { PasswordStrength } from "../application/ports/password-strength.js";
import { StaffPasswordHasher } from "../application/ports/staff-password-hasher.js";
import { StaffRepository } from "../application/ports/staff-repository.js";
import { AuditLog } from "../application/ports/audit-log.js";
import { CreateStaffMember } from "../application/staff/create-staff-member.js";
import { AuditTrail } from "../application/staff/audit-trail.js";
import { ListRoles } from "../application/staff/list-roles.js";
import { SignInStaff } from "../application/staff/sign-in-staff.js";
import { RedeemSignInLink } from "../application/staff/redeem-sign-in-link.js";
import { SignOutStaff } from "../application/staff/sign-out-staff.js";
import { StaffSessions } from "../application/staff/staff-sessions.js";
import { Totp } from "../application/ports/totp.js";
import { OtplibTotp } from "../adapters/system/otplib-totp.js";
import { RequestContext } from "../application/ports/request-context.js";
import { AsyncRequestContext } from "../adapters/system/async-request-context.js";
import { Argon2PasswordHasher } from "../adapters/system/argon2-password-hasher.js";
import { KnexStaffRepository } from "../adapters/persistence/repositories/knex-staff-repository.js";
import { KnexAuditLog } from "../adapters/persistence/repositories/knex-audit-log.js";
import { MediaRepository } from "../application/ports/media-repository.js";
import { MediaStorage } from "../application/ports/media-storage.js";
import { ImageProcessor } from "../application/ports/image-processor.js";
import { KnexMediaRepository } from "../adapters/persistence/repositories/knex-media-repository.js";
import { LocalDiskMediaStorage } from "../adapters/media/local-disk-media-storage.js";
import { S3MediaStorage } from "../adapters/media/s3-media-storage.js";
import { SharpImageProcessor } from "../adapters/media/sharp-image-processor.js";
import { CatalogImportRoutes } from "../adapters/http/admin/catalog-import-routes.js";
import { MediaRoutes, MediaUrls } from "../adapters/http/admin/media-routes.js";
import { StockLedger } from "../application/ports/stock-ledger.js";
import { SalesFigures } from "../application/ports/sales-figures.js";
import { ReadDashboard } from "../application/dashboard/read-dashboard.js";
import { KnexStockLedger } from "../adapters/persistence/repositories/knex-stock-ledger.js";
import { KnexSalesFigures } from "../adapters/persistence/repositories/knex-sales-figures.js";
import { StockRoutes } from "../adapters/http/admin/stock-routes.js";
import { DashboardRoutes } from "../adapters/http/admin/dashboard-routes.js";
import { RateLimiter } from "../application/ports/rate-limiter.js";
import { WishlistRepository } from "../application/ports/wishlist-repository.js";
import { AddWishlistItem } from "../application/wishlist/add-wishlist-item.js";
import { GetWishlist } from "../application/wishlist/get-wishlist.js";
import { RemoveWishlistItem } from "../application/wishlist/remove-wishlist-item.js";
import { AuthRoutes } from "../adapters/http/routes/auth-routes.js";
import { CustomerRoutes } from "../adapters/http/routes/customer-routes.js";
import { MessagingRoutes } from "../adapters/http/routes/messaging-routes.js";
import { WishlistRoutes } from "../adapters/http/routes/wishlist-routes.js";
import { LogNotifier } from "../adapters/notifications/log-notifier.js";
import { SmtpNotifier } from "../adapters/notifications/smtp-notifier.js";
import { KnexCustomerRepository } from "../adapters/persistence/repositories/knex-customer-repository.js";
import { KnexCustomerSessionRepository } from "../adapters/persistence/repositories/knex-customer-session-repository.js";
import { KnexMessagingRepository } from "../adapters/persistence/repositories/knex-messaging-repository.js";
import { KnexOneTimeCodeRepository } from "../adapters/persistence/repositories/knex-one-time-code-repository.js";
import { KnexWishlistRepository } from "../adapters/persistence/repositories/knex-wishlist-repository.js";
import { openRateLimitStore } from "./rate-limit-store.js";
import { ScryptPasswordHasher } from "../adapters/system/scrypt-password-hasher.js";
import { ZxcvbnPasswordStrength } from "../adapters/system/zxcvbn-password-strength.js";
import { CartRoutes } from "../adapters/http/routes/cart-routes.js";
import { KnexCartRepository } from "../adapters/persistence/repositories/knex-cart-repository.js";
import { CartRepository } from "../application/ports/cart-repository.js";
import { AddCartItem } from "../application/carts/add-cart-item.js";
import { CartOwnerResolver } from "../application/carts/cart-owner-resolver.js";
import { CartPricer } from "../application/carts/cart-pricer.js";
import { CartReader } from "../application/carts/cart-reader.js";
import { CartTimeouts, DetectAbandonedCarts } from "../application/carts/detect-abandoned-carts.js";
import { GetCart } from "../application/carts/get-cart.js";
import { MergeSessionCart } from "../application/carts/merge-session-cart.js";
import type { RouteGuards } from "../adapters/http/mount-route.js";
import { StoreRoutes } from "../adapters/http/routes/store-routes.js";
import { NodeHmacSigner } from "../adapters/system/node-hmac-signer.js";
import { KnexIdempotencyRecords } from "../adapters/persistence/repositories/knex-idempotency-records.js";
import { HmacSigner } from "../application/ports/hmac-signer.js";
import { IdempotencyRecords } from "../application/ports/idempotency-records.js";
import { VerifyRequestSignature } from "../application/access/verify-request-signature.js";
import { OrderRoutes } from "../adapters/http/routes/order-routes.js";
import { KnexOrderRepository } from "../adapters/persistence/repositories/knex-order-repository.js";
import { KnexRefundRepository } from "../adapters/persistence/repositories/knex-refund-repository.js";
import { KnexInvoiceRepository } from "../adapters/persistence/repositories/knex-invoice-repository.js";
import { InvoiceRepository } from "../application/ports/invoice-repository.js";
import { IssueDocuments } from "../application/invoices/issue-documents.js";
import { InvoiceRoutes } from "../adapters/http/routes/invoice-routes.js";
import { AdminInvoiceRoutes } from "../adapters/http/admin/invoice-routes.js";
import { KnexReturnRepository } from "../adapters/persistence/repositories/knex-return-repository.js";
import { RefundRepository } from "../application/ports/refund-repository.js";
import { ReturnRepository } from "../application/ports/return-repository.js";
import { RefundOrder } from "../application/refunds/refund-order.js";
import { SettleRefund } from "../application/refunds/settle-refund.js";
import { RefundSettlement } from "../application/refunds/refund-settlement.js";
import { RefundProviderCalls } from "../application/refunds/refund-provider-calls.js";
import { SettlePendingRefunds } from "../application/refunds/settle-pending-refunds.js";
import { ReceiveReversalResult } from "../application/refunds/receive-reversal-result.js";
import { ReturnRoutes } from "../adapters/http/routes/return-routes.js";
import { AdminRefundRoutes } from "../adapters/http/admin/refund-routes.js";
import { AdminReturnRoutes } from "../adapters/http/admin/return-routes.js";
import { AdminWebhookRoutes } from "../adapters/http/admin/webhook-routes.js";
import { OrderRepository } from "../application/ports/order-repository.js";
import { Checkout } from "../application/orders/checkout.js";
import { SpendGiftCardGuess } from "../application/orders/spend-gift-card-guess.js";
import { UpdateOrder } from "../application/orders/update-order.js";
import { OrderMoves } from "../application/orders/order-moves.js";
import { CancelOrder } from "../application/orders/cancel-order.js";
import { FulfilOrder } from "../application/orders/fulfil-order.js";
import { OrderTimeline } from "../application/orders/order-timeline.js";
import { AdminOrderReads } from "../application/ports/admin-order-reads.js";
import { FulfilmentRepository } from "../application/ports/fulfilment-repository.js";
import { KnexAdminOrderReads } from "../adapters/persistence/repositories/knex-admin-order-reads.js";
import { KnexFulfilmentRepository } from "../adapters/persistence/repositories/knex-fulfilment-repository.js";
import { AdminOrderRoutes } from "../adapters/http/admin/order-routes.js";
import { OrderRestitution } from "../application/orders/order-restitution.js";
import { PromotionRoutes } from "../adapters/http/routes/promotion-routes.js";
import { GiftCardRoutes } from "../adapters/http/routes/gift-card-routes.js";
import { ShippingRoutes } from "../adapters/http/routes/shipping-routes.js";
import { KnexPromotionRepository } from "../adapters/persistence/repositories/knex-promotion-repository.js";
import { KnexGiftCardRepository } from "../adapters/persistence/repositories/knex-gift-card-repository.js";
import { KnexShippingRepository } from "../adapters/persistence/repositories/knex-shipping-repository.js";
import { PromotionRepository } from "../application/ports/promotion-repository.js";
import { GiftCardRepository } from "../application/ports/gift-card-repository.js";
import { ShippingRepository } from "../application/ports/shipping-repository.js";
import { CheckGiftCardCode } from "../application/gift-cards/check-gift-card-code.js";
import { GiftCardCheckSettings } from "../application/gift-cards/gift-card-check-settings.js";
import { GiftCardCheckThrottle } from "../application/gift-cards/gift-card-check-throttle.js";
import { IssueGiftCard } from "../application/gift-cards/issue-gift-card.js";
import { ListShippingZones } from "../application/shipping/list-shipping-zones.js";
import { QuoteDelivery } from "../application/shipping/quote-delivery.js";
import { ContentRoutes } from "../adapters/http/routes/content-routes.js";
import { KnexLookbookRepository } from "../adapters/persistence/repositories/knex-lookbook-repository.js";
import { KnexPostRepository } from "../adapters/persistence/repositories/knex-post-repository.js";
import { LookbookRepository } from "../application/ports/lookbook-repository.js";
import { PostRepository } from "../application/ports/post-repository.js";
import { StoreReferences } from "../application/catalog/store-references.js";
import { SearchRoutes } from "../adapters/http/routes/search-routes.js";
import { KnexCoPurchaseReader } from "../adapters/persistence/repositories/knex-co-purchase-reader.js";
import { DatabaseSearchIndex } from "../adapters/persistence/repositories/database-search-index.js";
import { searchDocumentsOf } from "../adapters/persistence/search-documents.js";
import { OpenAiCompatibleEmbedder } from "../adapters/search/openai-compatible-embedder.js";
import { WordVectorEmbedder } from "../adapters/search/word-vector-embedder.js";
import { CoPurchaseReader } from "../application/ports/co-purchase-reader.js";
import { Embedder } from "../application/ports/embedder.js";
import { ProductSearchIndex } from "../application/ports/product-search-index.js";
import { RecommendProducts } from "../application/search/recommend-products.js";
import { SearchProducts } from "../application/search/search-products.js";
import { WebhookRoutes } from "../adapters/http/routes/webhook-routes.js";
import { KnexWebhookDeliveryQueue } from "../adapters/persistence/repositories/knex-webhook-delivery-queue.js";
import { KnexWebhookEndpointRepository } from "../adapters/persistence/repositories/knex-webhook-endpoint-repository.js";
import { NodeWebhookTransport } from "../adapters/webhooks/node-webhook-transport.js";
import { StandardWebhookSigner } from "../adapters/webhooks/standard-webhook-signer.js";
import { DnsWebhookTargetGuard } from "../adapters/webhooks/target-resolution.js";
import { WebhookDeliveryQueue } from "../application/ports/webhook-delivery-queue.js";
import { WebhookEndpointRepository } from "../application/ports/webhook-endpoint-repository.js";
import { WebhookSigner, WebhookTargetGuard, WebhookTransport } from "../application/ports/webhook-transport.js";
import { DeliverWebhooks } from "../application/webhooks/deliver-webhooks.js";
import { SendWebhook } from "../application/webhooks/send-webhook.js";
import { TestWebhookEndpoint } from "../application/webhooks/test-webhook-endpoint.js";
import { ResendWebhookEvent } from "../application/webhooks/resend-webhook-event.js";
import { WebhookSettings } from "../application/webhooks/webhook-settings.js";
import { PaymentRoutes } from "../adapters/http/routes/payment-routes.js";
import { buildProviderGateways } from "../adapters/payments/provider-gateways.js";
import { PaymentGatewayRegistry } from "../adapters/payments/payment-gateway-registry.js";
import { KnexPaymentRepository } from "../adapters/persistence/repositories/knex-payment-repository.js";
import { LibphonenumberPhoneNumbers } from "../adapters/system/libphonenumber-phone-numbers.js";
import { PaymentGateways } from "../application/ports/payment-gateway.js";
import { PaymentRepository } from "../application/ports/payment-repository.js";
import { PhoneNumbers } from "../application/ports/phone-numbers.js";
import { InitializePayment } from "../application/payments/initialize-payment.js";
import { PaymentSettings } from "../application/payments/payment-settings.js";
import { ProviderCalls } from "../application/payments/provider-calls.js";
import { ReceivePaymentCallback } from "../application/payments/receive-payment-callback.js";
import { SettlePayment } from "../application/payments/settle-payment.js";
import { VerifyPayment } from "../application/payments/verify-payment.js";
import type { Config } from "./config.js";
import type { ScheduledJob } from "./worker.js";
import { bindEmails } from "./email-bindings.js";
import { DeliverEmails } from "../application/emails/deliver-emails.js";

export const LoggerToken = Symbol.for("storefront.Logger");

/** Every route module of the API; each later capability adds its module here. */
const ROUTE_MODULES: ReadonlyArray<new (...args: any[]) => RouteModule> = [ProductRoutes, CategoryRoutes, CollectionRoutes, PricingRoutes, AuthRoutes, CustomerRoutes, WishlistRoutes, MessagingRoutes, CartRoutes, StoreRoutes, OrderRoutes, InvoiceRoutes, PromotionRoutes, GiftCardRoutes, ShippingRoutes, ContentRoutes, SearchRoutes, WebhookRoutes, PaymentRoutes, ReturnRoutes];

/**
 * Every route module of the admin API (`/admin/v1`, docs/staff.md): its routes name a
 * `permission` each, and are answered to signed-in staff and to the secret key.
 */
const ADMIN_ROUTE_MODULES: ReadonlyArray<new (...args: any[]) => RouteModule> = [AdminAuthRoutes, StaffRoutes, ApiKeyRoutes, StockRoutes, DashboardRoutes, MediaRoutes, CatalogImportRoutes, AdminCustomerRoutes, InboxRoutes, AdminOrderRoutes, AdminInvoiceRoutes, AdminRefundRoutes, AdminReturnRoutes, AdminWebhookRoutes];

/**
 * Use cases, each bound to itself: the routes, the CLI and embedders resolve them. The helpers
 * injected into use cases (CartPricer, AuditTrail, ...) are bound here too;
 * test/architecture/use-case-convention.test.ts reads this list.
 */
export const USE_CASES: ReadonlyArray<new (...args: any[]) => unknown> = [
  AuthenticateApiKey,
  CreateStore,
  PurgeExpiredRecords,
  ListProducts,
  GetProduct,
  GetProductBySlug,
  CreateProduct,
  CreateProducts,
  UpdateProduct,
  DeleteProduct,
  AddVariant,
  UpdateVariant,
  DeleteVariant,
  ListCategories,
  ListSubcategories,
  CreateCategory,
  UpdateCategory,
  DeleteCategory,
  CreateSubcategory,
  UpdateSubcategory,
  DeleteSubcategory,
  ListCollections,
  GetCollectionItems,
  ListCollectionItems,
  CreateCollection,
  UpdateCollection,
  DeleteCollection,
  ReplaceCollectionItems,
  DetectLocation,
  ResolvePricingContext,
  ListPrices,
  GetProductPrices,
  ListPriceRules,
  CreatePriceRule,
  UpdatePriceRule,
  DeletePriceRule,
  ListExchangeRates,
  CreateExchangeRate,
  UpdateExchangeRate,
  DeleteExchangeRate,
  ImportCatalog,
  AuthenticateCustomer,
  RegisterCustomer,
  LogIn,
  RequestOneTimeCode,
  VerifyOneTimeCode,
  RefreshSession,
  LogOut,
  ChangePassword,
  CreateStaffMember,
  AuditTrail,
  RefundProviderCalls,
  IssueDocuments,
  GetInvoice,
  ListCreditNotes,
  GetCreditNote,
  SettleRefund,
  RefundSettlement,
  RefundOrder,
  SettlePendingRefunds,
  ReceiveReversalResult,
  ListOrderRefunds,
  GetRefund,
  RequestReturn,
  ListCustomerReturns,
  ListReturns,
  GetReturn,
  ApproveReturn,
  RefuseReturn,
  ReceiveReturn,
  RefundReturn,
  UploadMedia,
  ListMedia,
  GetMedia,
  DeleteMedia,
  FindMediaVariant,
  ReadMediaFile,
  AdjustStock,
  ListStockLedger,
  ReadDashboard,
  ListApiKeys,
  CreateApiKey,
  RollApiKey,
  RevokeApiKey,
  InviteStaffMember,
  ListStaff,
  GetStaffMember,
  UpdateStaffMember,
  DisableStaffMember,
  EnableStaffMember,
  NewSignInLink,
  ListStaffSessions,
  ListRoles,
  SignInStaff,
  RedeemSignInLink,
  SignOutStaff,
  StartSecondFactor,
  ConfirmSecondFactor,
  TurnOffSecondFactor,
  StaffSessions,
  GetCustomer,
  GetMe,
  RecordCustomerPurchase,
  PurgeExpiredCredentials,
  GetWishlist,
  AddWishlistItem,
  RemoveWishlistItem,
  ListThreads,
  OpenThread,
  GetThread,
  ListMessages,
  SendMessage,
  SendStoreMessage,
  MarkThreadRead,
  ListInboxThreads,
  GetInboxThread,
  ReplyToThread,
  AssignThread,
  CloseThread,
  ReopenThread,
  MarkInboxThreadRead,
  ListCustomers,
  GetCustomerDetail,
  BlockCustomer,
  UnblockCustomer,
  CartOwnerResolver,
  CartPricer,
  CartReader,
  GetCart,
  AddCartItem,
  ChangeCartItem,
  RemoveCartItem,
  MergeSessionCart,
  DetectAbandonedCarts,
  VerifyRequestSignature,
  GetStoreSettings,
  UpdateStoreSettings,
  RotateHmacSecret,
  GetTaxSettings,
  ReplaceTaxSettings,
  OrderRestitution,
  Checkout,
  SpendGiftCardGuess,
  GetOrder,
  ListOrders,
  UpdateOrder,
  OrderMoves,
  ListAdminOrders,
  GetAdminOrder,
  ListOrderFulfilments,
  GetPackingSlip,
  CancelOrder,
  FulfilOrder,
  OrderTimeline,
  GetPromotion,
  ListPromotions,
  CreatePromotion,
  UpdatePromotion,
  DeletePromotion,
  CheckGiftCardCode,
  IssueGiftCard,
  ListGiftCards,
  GetGiftCard,
  UpdateGiftCard,
  DeactivateGiftCard,
  ListShippingZones,
  CreatePricingTier,
  UpdatePricingTier,
  DeletePricingTier,
  CreateDeliveryZone,
  UpdateDeliveryZone,
  DeleteDeliveryZone,
  QuoteDelivery,
  ProviderCalls,
  SettlePayment,
  InitializePayment,
  VerifyPayment,
  ReceivePaymentCallback,
  CreateWebhookEndpoint,
  ListWebhookEndpoints,
  GetWebhookEndpoint,
  UpdateWebhookEndpoint,
  DeleteWebhookEndpoint,
  RotateWebhookSecret,
  GetWebhookEvent,
  ListEndpointDeliveries,
  SendWebhook,
  TestWebhookEndpoint,
  ResendWebhookEvent,
  DeliverWebhooks,
  SearchProducts,
  RecommendProducts,
  StoreReferences,
  ListPosts,
  GetPostBySlug,
  GetPost,
  ListLookbooks,
  GetLookbookBySlug,
  GetLookbook,
  CreatePost,
  UpdatePost,
  DeletePost,
  CreateLookbook,
  UpdateLookbook,
  DeleteLookbook,
];

/** The `info` of the OpenAPI document served at GET /v1/openapi.json (the client types are generated from it too). */
export const OPENAPI_INFO: OpenApiInfo = {
  title: "Storefront API",
  version: "1.0.0",
  description: "The back end of an online store: catalog, pricing, carts, orders, payments, webhooks and search.",
};

/**
 * Where `npm run build:admin` writes the back office: dist/back-office of the package, found from
 * this file whether it runs from source (composition/) or compiled (dist/composition/).
 */
const BACK_OFFICE_DIRECTORY = ((): string => {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, "package.json")) && dirname(directory) !== directory) directory = dirname(directory);
  return join(directory, "dist", "back-office");
})();

/** The admin API document's title and description (GET /admin/v1/openapi.json). */
export const ADMIN_OPENAPI_INFO: OpenApiInfo = {
  title: "Storefront admin API",
  version: "1.0.0",
  description:
    "The API the people who run a store use: staff sign-in, orders, fulfilment, refunds, returns, customers, the inbox, the catalog, media, promotions, gift cards, pricing, shipping, webhooks, settings, staff and roles, and the audit log. A staff member calls it with the session cookie of `POST /admin/v1/auth/sign-in` (and `X-CSRF-Token` on writes); a server may call it with the store's secret key, which holds every permission. Each operation needs one permission, named in its description (docs/staff.md).",
};

export interface Application {
  readonly container: Container;
  readonly database: Database;
  readonly logger: Logger;
  readonly routes: readonly AnyRoute[];
  /** The admin API's routes (`/admin/v1`, docs/staff.md): its own modules' and the mirrored /v1 ones. */
  readonly adminRoutes: readonly AnyRoute[];
  readonly jobs: readonly ScheduledJob[];
  /** Signature checks and idempotency for the HTTP routes that ask for them. */
  readonly guards: RouteGuards;
  /** The process's answer cache, when on (its hits and misses are in the metrics). */
  readonly answerCache: AnswerCache | undefined;
  /** The Koa app; `directReads: false` sends every cacheable read through Koa's chain (the tests' reference). */
  httpApp(options?: { readonly directReads?: boolean }): ReturnType<typeof createHttpApp>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface ApplicationOverrides {
  readonly logger?: Logger;
  readonly clock?: Clock;
  /** Payment gateways to use instead of the configured providers and the simulator (tests). */
  readonly paymentGateways?: PaymentGateways;
}

export const createApplication = (config: Config, overrides: ApplicationOverrides = {}): Application => {
  const container = new Container({ defaultScope: "Singleton" });
  // Asynchronous writes (sonic-boom batches them; pino flushes what is pending on exit): a request
  // line per request would otherwise be a synchronous write to stdout on the hot path. Each line
  // names its process: `serve --workers N` interleaves N processes' lines on one stdout.
  const logger =
    overrides.logger ?? pino({ level: config.logLevel, base: { service: "storefront", pid: process.pid } }, pino.destination({ dest: 1, sync: false }));
  const database = openDatabase(config.database);
  // One line per unit of work run again after a lost conflict: a steady stream means hot rows.
  database.onConflictRetry((attempt, error) =>
    logger.info({ attempt, code: (error as { code?: unknown }).code }, "a unit of work lost a conflict with another and runs again"),
  );
  // A multi-host URL: one line each time new connections move to another host, and why.
  database.onHostChange((change) =>
    (change.from === undefined && change.skipped.length === 0) || logger.warn(
      { from: change.from && `${change.from.host}:${change.from.port}`, to: `${change.to.host}:${change.to.port}`, skipped: change.skipped },
      "database connections go to another host",
    ),
  );

  container.bind(LoggerToken).toConstantValue(logger);
  container.bind(Database).toConstantValue(database);
  limitRecentProducts(database, config.productCopies);
  if (overrides.clock !== undefined) container.bind(Clock).toConstantValue(overrides.clock);
  else container.bind(Clock).to(SystemClock);
  container.bind(IdGenerator).to(UuidV7IdGenerator);
  container.bind(SecretGenerator).to(NodeSecretGenerator);
  container.bind(UnitOfWork).to(KnexUnitOfWork);
  container.bind(KnexStoreRepository).toSelf();
  container
    .bind(StoreRepository)
    .toDynamicValue((ctx) => new CachingStoreRepository(ctx.get(KnexStoreRepository), config.apiKeyCacheMs));
  container.bind(KnexApiKeyRepository).toSelf();
  container
    .bind(ApiKeyRepository)
    .toDynamicValue((ctx) => new CachingApiKeyRepository(ctx.get(KnexApiKeyRepository), config.apiKeyCacheMs));
  container.bind(EventOutbox).to(KnexEventOutbox);
  container.bind(MaintenanceRepository).to(KnexMaintenanceRepository);
  container.bind(ProductRepository).to(KnexProductRepository);
  container.bind(CatalogImportCheckpoints).to(KnexCatalogImportCheckpoints);
  container.bind(CategoryRepository).to(KnexCategoryRepository);
  container.bind(CollectionRepository).to(KnexCollectionRepository);
  container.bind(CustomerRepository).to(KnexCustomerRepository);
  container.bind(CustomerDirectory).to(KnexCustomerDirectory);
  container.bind(CustomerSessionRepository).to(KnexCustomerSessionRepository);
  container.bind(OneTimeCodeRepository).to(KnexOneTimeCodeRepository);
  container.bind(WishlistRepository).to(KnexWishlistRepository);
  container.bind(MessagingRepository).to(KnexMessagingRepository);
  const rateLimitStore = openRateLimitStore(config, database, logger);
  // Metrics only when a scraper may read them (STOREFRONT_METRICS_TOKEN): nothing is counted otherwise.
  const metrics = config.metricsToken === undefined ? undefined : new PrometheusMetrics(database);
  container.bind(RateLimiter).toConstantValue(metrics?.countingRejections(rateLimitStore.limiter) ?? rateLimitStore.limiter);
  const globalLimits =
    metrics === undefined || rateLimitStore.global === undefined
      ? rateLimitStore.global
      : { ...rateLimitStore.global, limiter: metrics.countingRejections(rateLimitStore.global.limiter) };
  container.bind(PasswordHasher).toConstantValue(new ScryptPasswordHasher(config.scrypt));
  container.bind(PasswordStrength).toConstantValue(new ZxcvbnPasswordStrength());
  container.bind(StaffPasswordHasher).toConstantValue(new Argon2PasswordHasher());
  container.bind(StaffRepository).to(KnexStaffRepository);
  container.bind(AuditLog).to(KnexAuditLog);
  // Media (docs/staff.md, "Media"): files in a local folder or an S3-compatible bucket; URLs under STOREFRONT_PUBLIC_URL when set.
  container.bind(MediaRepository).to(KnexMediaRepository);
  container
    .bind(MediaStorage)
    .toConstantValue(config.media.kind === "s3" ? new S3MediaStorage(config.media) : new LocalDiskMediaStorage(config.media.directory));
  container.bind(ImageProcessor).toConstantValue(new SharpImageProcessor());
  container.bind<MediaUrls>(MediaUrls).toConstantValue({ publicUrl: config.payments.publicUrl });
  container.bind(StockLedger).to(KnexStockLedger);
  container.bind(SalesFigures).to(KnexSalesFigures);
  const notifier =
    config.smtpUrl !== undefined ? new SmtpNotifier(config.smtpUrl, config.mailFrom, logger) : new LogNotifier(logger, config.production);
  container.bind(Notifier).toConstantValue(notifier);
  const emails = bindEmails(container, config);
  container.bind<StaffLinks>(StaffLinks).toConstantValue({ adminUrl: config.adminUrl });
  container.bind(Totp).to(OtplibTotp).inSingletonScope();
  container.bind(RequestContext).toConstantValue(new AsyncRequestContext());
  container.bind(AuthSettings).toConstantValue(config.auth);
  container.bind(AuthThrottle).toSelf();
  container.bind(DeviceTokens).toSelf();
  container.bind(GiftCardCheckSettings).toConstantValue(config.giftCardChecks);
  container.bind(GiftCardCheckThrottle).toSelf();
  container.bind(PromotionRepository).to(KnexPromotionRepository);
  container.bind(GiftCardRepository).to(KnexGiftCardRepository);
  container.bind(ShippingRepository).to(KnexShippingRepository);
  container.bind(PostRepository).to(KnexPostRepository);
  container.bind(LookbookRepository).to(KnexLookbookRepository);
  container.bind(SessionIssuer).toSelf();
  container.bind(KnexPriceRuleRepository).toSelf();
  container
    .bind(PriceRuleRepository)
    .toDynamicValue(
      () =>
        new CachingPriceRuleRepository(
          container.get(KnexPriceRuleRepository),
          database,
          catalogVersionsOf(database),
          Math.max(3 * config.answerCache.pollMs, 3_000),
        ),
    );
  container.bind(CartRepository).to(KnexCartRepository);
  container.bind(HmacSigner).to(NodeHmacSigner);
  container.bind(OrderRepository).to(KnexOrderRepository);
  container.bind(RefundRepository).to(KnexRefundRepository);
  container.bind(InvoiceRepository).to(KnexInvoiceRepository);
  container.bind(ReturnRepository).to(KnexReturnRepository);
  container.bind(FulfilmentRepository).to(KnexFulfilmentRepository);
  container.bind(AdminOrderReads).to(KnexAdminOrderReads);
  container.bind(IdempotencyRecords).to(KnexIdempotencyRecords);
  container.bind<CartTimeouts>(CartTimeouts).toConstantValue({
    abandonAfterMs: config.cartAbandonAfterMs,
    purgeAnonymousAfterMs: config.cartPurgeAfterMs,
  });
  container.bind(ExchangeRateRepository).to(KnexExchangeRateRepository);
  container.bind(PurchaseHistoryReader).to(KnexPurchaseHistoryReader);
  container.bind(Geocoder).to(CountryCoderGeocoder);
  container.bind(CountryCurrencies).to(CountryToCurrencyTable);
  container.bind(PaymentRepository).to(KnexPaymentRepository);
  container.bind(PhoneNumbers).toConstantValue(new LibphonenumberPhoneNumbers());
  container
    .bind(PaymentGateways)
    .toConstantValue(overrides.paymentGateways ?? new PaymentGatewayRegistry(buildProviderGateways(config.payments, logger)));
  container.bind(PaymentSettings).toConstantValue({
    initialisationsPerHour: config.paymentInitialisationsPerHour,
    publicUrl: config.payments.publicUrl,
  });
  container.bind(WebhookSettings).toConstantValue(config.webhooks);
  container.bind(WebhookEndpointRepository).to(KnexWebhookEndpointRepository);
  container.bind(WebhookDeliveryQueue).to(KnexWebhookDeliveryQueue);
  container.bind(WebhookTransport).toConstantValue(new NodeWebhookTransport());
  container.bind(WebhookTargetGuard).toConstantValue(new DnsWebhookTargetGuard());
  container.bind(WebhookSigner).to(StandardWebhookSigner);
  const embedder = config.search.embeddings === undefined ? new WordVectorEmbedder() : new OpenAiCompatibleEmbedder(config.search.embeddings);
  container.bind(Embedder).toConstantValue(embedder);
  // Catalog writes keep the search documents current (vectors too, with an in-process embedder).
  searchDocumentsOf(database).useEmbedder(embedder);
  container.bind(CoPurchaseReader).to(KnexCoPurchaseReader);
  container.bind(ProductSearchIndex).toDynamicValue(
    () =>
      new DatabaseSearchIndex(database, embedder, {
        vocabularyMaxAgeMs: 10 * config.search.refreshIntervalMs,
        scoreAllBelow: 2_000,
        engineMatchesUpTo: config.search.engineMatchesUpTo,
        onError: (error, context) => logger.warn({ err: error }, context),
      }),
  );

  for (const useCase of USE_CASES) container.bind(useCase).toSelf();

  for (const module of ROUTE_MODULES) container.bind(RouteModule).to(module);
  for (const module of ADMIN_ROUTE_MODULES) container.bind(AdminRouteModule).to(module);

  // Every GET answering a resource or a list takes `fields`, named by its answer's schema where the route names none.
  const routes = container.isBound(RouteModule) ? container.getAll(RouteModule).flatMap((m) => m.routes()).map(withDerivedFields) : [];
  const adminRoutes = [...(container.isBound(AdminRouteModule) ? container.getAll(AdminRouteModule).flatMap((m) => m.routes()).map(withDerivedFields) : []), ...mirroredAdminRoutes(routes)];
  const purge = container.get(PurgeExpiredRecords);
  const jobs: ScheduledJob[] = [{ name: "purge-expired-records", everyMs: 60 * 60 * 1000, run: () => purge.execute() }];
  const purgeCredentials = container.get(PurgeExpiredCredentials);
  jobs.push({ name: "purge-expired-credentials", everyMs: 60 * 60 * 1000, run: () => purgeCredentials.execute() });
  const abandonedCarts = container.get(DetectAbandonedCarts);
  jobs.push({ name: "abandoned-carts", everyMs: 5 * 60 * 1000, run: () => abandonedCarts.execute() });
  const deliverWebhooks = container.get(DeliverWebhooks);
  jobs.push({ name: "webhook-delivery", everyMs: config.workerIntervalMs, run: () => deliverWebhooks.execute() });
  // Emails from the same outbox (docs/emails.md, "Retries and backoff").
  const deliverEmails = container.get(DeliverEmails);
  jobs.push({ name: "email-delivery", everyMs: config.workerIntervalMs, run: () => deliverEmails.execute() });
  // Refunds a provider has not settled yet are asked about again (docs/staff.md, "Refunds and returns").
  const settleRefunds = container.get(SettlePendingRefunds);
  jobs.push({ name: "refund-settlement", everyMs: config.workerIntervalMs, run: () => settleRefunds.execute() });

  // One answer cache per process, shared by every HTTP app made here; it needs the catalog
  // versions polled (other processes' writes), which starts with the first app.
  const catalogVersions = catalogVersionsOf(database);
  const answerCache =
    config.answerCache.maxBytes === 0
      ? undefined
      : new AnswerCache(catalogVersions, config.answerCache.maxBytes, Math.max(3 * config.answerCache.pollMs, 3_000));

  if (metrics !== undefined && answerCache !== undefined) metrics.watchAnswerCache(answerCache);

  const guards: RouteGuards = {
    verifySignature: container.get(VerifyRequestSignature),
    records: container.get(IdempotencyRecords),
    uow: container.get(UnitOfWork),
    clock: container.get(Clock),
    auditTrail: container.get(AuditTrail),
    audits: genericAudits([...routes, ...adminRoutes]),
  };

  return {
    container,
    database,
    guards,
    answerCache,
    logger,
    routes,
    adminRoutes,
    jobs,
    httpApp: (options = {}) => {
      // Polled even without the answer cache: product copies for carts and list totals rely on it too.
      catalogVersions.start(config.answerCache.pollMs, (error) => logger.warn({ err: error }, "catalog version poll failed"));
      // The offline embedder's word table (12 MB) is read now rather than by the first search by meaning.
      if (embedder instanceof WordVectorEmbedder) void embedder.embed(["storefront"]).catch((error: unknown) => logger.warn({ err: error }, "the word vectors could not be read"));
      return createHttpApp({
        routes,
        adminRoutes,
        adminInfo: ADMIN_OPENAPI_INFO,
        staffSessions: container.get(StaffSessions),
        authenticate: container.get(AuthenticateApiKey),
        guards,
        logger,
        trustProxy: config.trustProxy,
        ...(globalLimits !== undefined ? { rateLimits: globalLimits } : {}),
        corsOrigins: config.corsOrigins,
        ...(answerCache !== undefined ? { answerCache } : {}),
        ...(options.directReads !== undefined ? { directReads: options.directReads } : {}),
        requestLog: observeRequests(requestLog(logger, config.requestLogPercent), metrics),
        media: mediaFiles(container.get(FindMediaVariant), container.get(ReadMediaFile)),
        backOfficeDirectory: BACK_OFFICE_DIRECTORY,
        ...(metrics !== undefined && config.metricsToken !== undefined
          ? { metrics: { token: config.metricsToken, contentType: metrics.contentType, text: () => metrics.text() } }
          : {}),
        readiness: {
          database: async () => void (await database.select("select 1 as ok", [])),
          migrationsCurrent: () => migrationsCurrent(database.knex),
        },
        info: OPENAPI_INFO,
      });
    },
    migrate: async () => {
      await migrateToLatest(database.knex);
      // Products written before the search index existed get their documents (none on later runs).
      const written = await searchDocumentsOf(database).backfill();
      if (written > 0) logger.info({ documents: written }, "search documents written for existing products");
      // Documents from before search postings existed get theirs (resumable; none on later runs).
      const posted = await searchDocumentsOf(database).backfillPostings();
      if (posted > 0) logger.info({ documents: posted }, "search postings written for existing documents");
      // And their bitmaps (migration 0027), likewise resumable.
      const mapped = await searchDocumentsOf(database).backfillBitmaps();
      if (mapped > 0) logger.info({ documents: mapped }, "search bitmaps written for existing documents");
    },
    close: async () => {
      catalogVersions.stop();
      if (notifier instanceof SmtpNotifier) await notifier.close();
      emails.close();
      await rateLimitStore.close();
      await database.close();
    },
  };
};

/** The request log and the metrics, fed the same line for each answered request (either may be off). */
const observeRequests = (log: RequestLog | undefined, metrics: PrometheusMetrics | undefined): RequestLog | undefined => {
  if (metrics === undefined) return log;
  if (log === undefined) return (line) => metrics.observe(line);
  return (line) => {
    log(line);
    metrics.observe(line);
  };
};
