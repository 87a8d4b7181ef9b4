// The fixed values the operation examples use for ids, slugs, codes and tokens. The examples test
// (test/adapters/http/openapi-examples.test.ts) maps each to the real value of a freshly seeded
// demo store: DEMO ones by looking the record up, LEARNED ones from the answer that first shows
// them (docs/decisions/api.md, "api-17").

/** Records of the demo store (composition/demo), each found by the test by its email, name, slug or code. */
export const DEMO = {
  /** Amina Wanjiru, the demo customer with past orders, a thread and a wishlist. */
  customer: "019ab948-38da-73a9-9626-3ec23d03dce9",
  /** The Mudcloth Cushion Cover: a product with two variants. */
  product: "019ab644-f3e0-7f3f-bbd5-0720ece384f9",
  productSlug: "mudcloth-cushion-cover-019ab644",
  productDefaultVariant: "019ab991-269d-7e2e-b05d-82245d9e36f2",
  /** The Soapstone Table Lamp: a simple product (one variant). */
  simpleProduct: "019ab5ea-3ed1-72ad-8eb1-98827c155f32",
  simpleVariant: "019ab186-4793-742e-9c7b-3784be7e91e3",
  /** The Living Room category, and its first subcategory by name. */
  category: "019abfbe-1d07-773c-9474-e5f28ce20728",
  subcategory: "019abd04-35d0-7fa7-a529-03212e212cf9",
  /** The `new-in` collection (on the home page). */
  collection: "019ab1b5-3afb-7e36-958c-a06f20f7555c",
  /** The "Karibu: 10% off decor" promotion (active). */
  promotion: "019abfd6-2db6-7460-b89d-e52c0e88eca3",
  /** The demo store's active gift card, by code and by id. */
  giftCardCode: "BZ8E-P2KT-4WRV-DC35",
  giftCard: "019ab673-2b4f-7b3f-a40f-5afe4849a9fc",
  /** Amina's thread with the store. */
  thread: "019abb56-0419-7baf-bcde-f22bb4694b8c",
  /** Amina's order that is paid and being processed (two lines, nothing shipped yet). */
  paidOrder: "019ab7c2-5d1e-7a40-9f3b-2e6d8c1a4b57",
  /** Amina's order that is not paid yet (pending). */
  pendingOrder: "019ab7c2-6e2f-7b51-8a4c-3f7e9d2b5c68",
  /** Amina's order that is paid and delivered (two lines): the one she returns a line of. */
  deliveredOrder: "019ab7c2-7f30-7c62-9b5d-4a8f0e3c6d79",
  /** The first line of DEMO.deliveredOrder. */
  deliveredOrderLine: "019ab7c2-8041-7d73-8c6e-5b9a1f4d7e8a",
} as const;

/** Records the examples create and values they are given (tokens, references): learned from the first answer that shows them. */
export const LEARNED = {
  newCustomer: "019abde8-2e2a-7146-84ce-8a57f05e6a89",
  /** Wanjiku's session from `POST /v1/auth/register`. */
  newCustomerAccessToken: "sf_at_UmVnaXN0ZXJlZEV4YW1wbGVBY2Nlc3NUb2tlbldhbmppa3Ux",
  /** Amina's session from `POST /v1/auth/login`. */
  accessToken: "sf_at_Qm9vdHN0cmFwRXhhbXBsZUFjY2Vzc1Rva2VuQW1pbmEx",
  refreshToken: "sf_rt_Qm9vdHN0cmFwRXhhbXBsZVJlZnJlc2hUb2tlbkFtaW5hMQ",
  /** Brian's session from `POST /v1/auth/otp/verify`, refreshed by `POST /v1/auth/refresh`. */
  codeAccessToken: "sf_at_T3RwRXhhbXBsZUFjY2Vzc1Rva2VuQnJpYW5PdGllbm8x",
  codeRefreshToken: "sf_rt_T3RwRXhhbXBsZVJlZnJlc2hUb2tlbkJyaWFuT3RpZW5vMQ",
  refreshedAccessToken: "sf_at_UmVmcmVzaGVkRXhhbXBsZUFjY2Vzc1Rva2VuQnJpYW4x",
  refreshedRefreshToken: "sf_rt_UmVmcmVzaGVkRXhhbXBsZVJlZnJlc2hUb2tlbkJyaWFu",
  newCategory: "019ab53e-18b8-7884-9bb0-d99e5fe7af91",
  newSubcategory: "019ab7ee-438d-7d53-8a36-a44cf9a74eff",
  newProduct: "019ab226-aab5-7765-ae5f-e2efe7e30f74",
  newProductVariant: "019ab5fa-e693-7efd-8ba4-3f7fb0562ccd",
  newVariant: "019ab7fc-b396-720e-bb33-a94286933f92",
  newCollection: "019ab369-df31-7064-99eb-9b862ced426d",
  newPriceRule: "019abdc4-953a-79e4-946c-faf89b77c77a",
  newPromotion: "019ab639-49aa-7736-8dd6-a11ab996f54b",
  newGiftCard: "019abcb4-cd80-7832-961e-ac56b458d3a2",
  newTier: "019abf5e-5e5c-76de-b564-9e084f8249db",
  newZone: "019ab575-5694-74b9-8aee-55862d667c00",
  newPost: "019ab148-d34d-7ab3-9f94-87b9ede3e550",
  newLookbook: "019abeee-c228-7e2e-ba9e-7a5e66084b47",
  wishlistItem: "019ab5ec-ad3a-7ece-b4f0-d2180b09308a",
  newThread: "019abea7-aa4f-7a97-ab0d-f190deb54c78",
  cartLine: "019ab578-955d-7446-9ac9-ca7ebcd0d323",
  order: "019ab30f-e5d1-768b-a891-d692993de79d",
  /** The first line of DEMO.paidOrder, from `GET /admin/v1/orders/{id}`. */
  paidOrderLine: "019ab7c3-1a2b-7c3d-8e4f-5a6b7c8d9e0f",
  /** The return Amina asks for (`POST /v1/orders/{id}/returns`). */
  newReturn: "019ab7c4-2b3c-7d4e-9f50-6a7b8c9d0e1f",
  /** The refund the admin refund example makes of DEMO.paidOrder. */
  newRefund: "019ab7c4-3c4d-7e5f-8061-7b8c9d0e1f20",
  /** The refund of the return (`POST /admin/v1/returns/{id}/refund`). */
  returnRefund: "019ab7c4-4d5e-7f60-8172-8c9d0e1f2031",
  /** The credit note of the first refund of DEMO.paidOrder (docs/invoices.md): learned from the list of the order's credit notes. */
  creditNote: "CN-TEST-000001",
  /** The parcel `POST /admin/v1/orders/{id}/fulfilments` records. */
  fulfilment: "019ab7c4-2b3c-7d4e-9f5a-6b7c8d9e0f1a",
  paymentReference: "PAY-1764072000123-K7Q2M9XA",
  paymentSession: "sim_stk_push_paid_4f1c2a9b7d3e6f80",
  webhookEndpoint: "019ab306-4a2e-7f64-bb84-4bd333e8a7ac",
  webhookEvent: "evt_7d2f4c1a9b3e48d6a0c5e1f2b7d9a4c3",
  /** The image `POST /admin/v1/media` uploads. */
  newMedia: "019ac0a2-5c1e-7d4b-9f3a-6e8b2d4c7a15",
} as const;

/** Values the test supplies itself: the emailed one-time code, and the URL of its webhook receiver. */
export const SUPPLIED = {
  oneTimeCode: "482913",
  webhookUrl: "https://hooks.example.com/storefront",
} as const;

/** The anonymous cart of the examples (X-Session-Id): an ordinary value, used as it is. */
export const EXAMPLE_SESSION = "sess_9f2c4e7a1b3d5f60";

/** The admin API's examples (test/adapters/http/admin-openapi-examples.test.ts maps them like the others). */
export const ADMIN = {
  /** The demo owner, created with the demo store; their password is printed at start-up. */
  ownerEmail: "owner@example.com",
  ownerPassword: "Demo-Owner-Password-Example",
  ownerId: "019ac001-0000-7000-8000-000000000001",
  /** The member the examples invite, then change, disable and enable. */
  invitedEmail: "wanjiru.kamau@example.com",
  invitedId: "019ac001-0000-7000-8000-000000000002",
  sessionId: "019ac001-0000-7000-8000-000000000003",
  csrfToken: "CsrfTokenOfTheExampleSession00000",
  linkToken: "LinkTokenOfTheExampleInvitation0000000000000",
  auditEntry: "019ac001-0000-7000-8000-000000000004",
  /** The key `POST /admin/v1/api-keys` makes, and the one rolling it makes. */
  apiKey: "019ac001-0000-7000-8000-0000000000a1",
  rolledApiKey: "019ac001-0000-7000-8000-0000000000a2",
} as const;
