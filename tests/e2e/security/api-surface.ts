// Everything the security suite attacks: the API's endpoints and the query and mutation keys with
// the fields each one reads. tests/security/api-surface.test.ts compares these lists with the route
// files and the registries, so a new endpoint, key or field cannot be left out of the fuzz pass.

export type PostEndpoint = {
  path: string
  /** 'json': the route reads a JSON body; 'raw': it reads another kind (a file, a signed webhook); 'none': it takes no body (and never reads one). */
  body: 'json' | 'raw' | 'none'
  /** Changes something on the server (or signs in/out): refused when it comes from another site. */
  stateChanging: boolean
  /** The body's top-level fields, attacked one by one. */
  fields: readonly string[]
}

export const POST_ENDPOINTS: readonly PostEndpoint[] = [
  { path: '/api/query', body: 'json', stateChanging: false, fields: ['key', 'value', 'cache'] },
  { path: '/api/mutation', body: 'json', stateChanging: true, fields: ['key'] },
  { path: '/api/cart/summary', body: 'json', stateChanging: true, fields: ['items', 'address', 'deliveryMethodId', 'exemptForResale', 'promoCode', 'orderOptions', 'useGiftCards', 'giftCardNumber'] },
  { path: '/api/user/cart', body: 'json', stateChanging: true, fields: ['partnerId', 'items', 'revision'] },
  { path: '/api/user/login', body: 'json', stateChanging: true, fields: ['login', 'password', 'recaptchaToken'] },
  { path: '/api/user/logout', body: 'none', stateChanging: true, fields: [] },
  { path: '/api/user/refresh', body: 'none', stateChanging: true, fields: [] },
  { path: '/api/user/signup', body: 'json', stateChanging: true, fields: ['name', 'email', 'password', 'recaptchaToken'] },
  { path: '/api/user/signup/confirm', body: 'json', stateChanging: true, fields: ['token'] },
  { path: '/api/user/password/reset', body: 'json', stateChanging: true, fields: ['email', 'recaptchaToken'] },
  { path: '/api/user/password/create', body: 'json', stateChanging: true, fields: ['token', 'password'] },
  { path: '/api/user/sso/callback', body: 'json', stateChanging: true, fields: ['callbackUrl'] },
  { path: '/api/address/validation', body: 'json', stateChanging: true, fields: ['raw'] },
  { path: '/api/cache/invalidate', body: 'json', stateChanging: true, fields: ['cache'] },
  { path: '/api/logs', body: 'json', stateChanging: true, fields: ['message', 'level'] },
  { path: '/api/delivery/ups/getToken', body: 'json', stateChanging: true, fields: ['methodId'] },
  { path: '/api/delivery/ups/getCharges', body: 'json', stateChanging: true, fields: ['methodId', 'items', 'address'] },
  { path: '/api/delivery/fedex/getToken', body: 'json', stateChanging: true, fields: ['methodId'] },
  { path: '/api/delivery/fedex/getCharges', body: 'json', stateChanging: true, fields: ['methodId', 'items', 'address'] },
  { path: '/api/taxes/custom', body: 'json', stateChanging: true, fields: ['raw', 'url'] },
  { path: '/api/taxes/avatax', body: 'json', stateChanging: true, fields: ['raw', 'token', 'url'] },
  { path: '/api/designs/artwork', body: 'raw', stateChanging: true, fields: [] },
  // The operator console (decision 021): the admin cookie only, every call same-origin.
  { path: '/api/admin/query', body: 'json', stateChanging: true, fields: ['key', 'value'] },
  { path: '/api/admin/mutation', body: 'json', stateChanging: true, fields: ['key', 'value'] },
  { path: '/api/admin/sign-in', body: 'json', stateChanging: true, fields: ['email', 'password'] },
  { path: '/api/admin/second-factor', body: 'json', stateChanging: true, fields: ['code'] },
  { path: '/api/admin/sign-out', body: 'none', stateChanging: true, fields: [] },
  // The store file's upload (issue 16): the file is the body (.zip or store.json).
  { path: '/api/admin/store-file/import', body: 'raw', stateChanging: true, fields: [] },
  // The roster import's large-body route (issue 16): it reads its JSON body (up to 4 MB) only for a
  // console session, answering 401 before reading anything else, so the anonymous fuzzer's body
  // checks (413/400/415) do not reach it: listed as 'raw' (any refusal, never a 5xx).
  { path: '/api/admin/roster-import', body: 'raw', stateChanging: true, fields: ['websiteId', 'csv', 'deactivateMissing', 'dryRun'] },
  // A product's images (issue 16): multipart files for a console session; refused (401) before the body is read otherwise.
  { path: '/api/admin/product-images', body: 'raw', stateChanging: true, fields: [] },
  // The console's uploads (issue 16): multipart forms, the admin cookie only.
  { path: '/api/admin/logo-artwork', body: 'raw', stateChanging: true, fields: [] },
  // The store's logo, favicon and social image (issue 16): a multipart form, the admin cookie only.
  { path: '/api/admin/site-image', body: 'raw', stateChanging: true, fields: [] },
  // The single sign-on test sign-in (issue 16): the admin cookie only; answers where the browser goes next.
  { path: '/api/admin/sso-test', body: 'json', stateChanging: true, fields: ['websiteId'] },
  // Stripe calls it from its own servers: a valid signature, not the origin, is what it checks.
  { path: '/api/payments/stripe/webhook', body: 'raw', stateChanging: false, fields: [] },
]

/** GET endpoints, with an address that reaches each (for the header checks). */
export const GET_ENDPOINTS = [
  { route: '/api/query', sample: '/api/query?key=getTaxes' },
  { route: '/api/homePage', sample: '/api/homePage' },
  { route: '/api/health', sample: '/api/health' },
  { route: '/api/build', sample: '/api/build' },
  { route: '/api/images/[...path]', sample: '/api/images/missing.png' },
  { route: '/api/orders/[id]/document', sample: '/api/orders/1/document' },
  { route: '/api/user/sso/start', sample: '/api/user/sso/start?returnTo=%2F' },
  // The console's downloads (issue 15): the admin cookie opens them; without it, 401.
  { route: '/api/admin/exports/orders.csv', sample: '/api/admin/exports/orders.csv' },
  { route: '/api/admin/exports/order-lines.csv', sample: '/api/admin/exports/order-lines.csv' },
  { route: '/api/admin/work-orders/[id]/sheet.pdf', sample: '/api/admin/work-orders/1/sheet.pdf' },
  { route: '/api/admin/store-file/export', sample: '/api/admin/store-file/export?websiteId=1' },
  // The link mailed to a console member held for unknown browsers (issue 24): public, sets the device cookie.
  { route: '/api/known-device/[token]', sample: '/api/known-device/missing' },
  // The preview link of a store in draft (issue 25): public; a token that does not hold is a 403 that says so.
  { route: '/api/store-preview', sample: '/api/store-preview?token=missing' },
] as const

/** POST /api/query keys and the fields of their `value` (none: the key takes no value or a bare id). */
export const QUERY_KEYS: Readonly<Record<string, readonly string[]>> = {
  getWebsite: [],
  getOrderOptions: [],
  getDecorationOptions: ['productId', 'colorValueId'],
  getDesign: ['id'],
  getDesigns: [],
  getOrdersAwaitingApproval: [],
  getDecidedApprovals: [],
  getOrderExtraFields: [],
  getFeaturedProducts: ['filter'],
  getDeliveryMethods: [],
  getPaymentMethods: [],
  getTaxes: [],
  getPromotions: [],
  getProductList: ['pageSize', 'page', 'sort'],
  getPartner: [],
  getAddresses: ['filter'],
  getOrderId: [],
  getOrders: ['filter'],
  getOrderDetails: ['id', 'accessToken'],
  getGiftCards: [],
}

/** POST /api/mutation keys and the body fields each reads besides `key`. */
export const MUTATION_KEYS: Readonly<Record<string, readonly string[]>> = {
  logout: [],
  addAddress: ['address', 'type', 'partnerUid'],
  deleteAddress: ['id', 'partnerUid'],
  updatePassword: ['currentPassword', 'newPassword'],
  createOrder: [
    'billingaddress',
    'shippingaddress',
    'products',
    'transactiondetails',
    'aquirerId',
    'partnername',
    'partneremail',
    'orderSequence',
    'orderForResale',
    'approvalRequired',
    'orderExtraFields',
    'orderOptions',
    'quotation',
    'deliveryMethodId',
    'promoCode',
    'useGiftCards',
    'giftCardNumber',
    'inHandsDate',
    'purchaseOrderNumber',
    'expectedTotal',
  ],
  redeemGiftCard: ['gcNumber'],
  checkGiftCard: ['gcNumber'],
  orderPayment: ['acquirerId', 'orderId', 'accessToken'],
  checkPayment: ['orderId', 'accessToken', 'sessionId'],
  decideOrderApproval: ['orderId', 'decision', 'note'],
  saveDesign: ['design', 'id'],
  deleteDesign: ['id'],
}
