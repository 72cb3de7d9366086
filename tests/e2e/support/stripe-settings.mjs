// The Stripe settings the browser tests share: the fake's port and keys, and the main store's webhook.
export const E2E_STRIPE = {
  port: 3135,
  secretKey: 'sk_test_e2e_fake_key',
  webhookSecret: 'whsec_e2e_fake_signing_secret',
  webhookUrl: 'http://127.0.0.1:3100/api/payments/stripe/webhook',
}

/** The main store's environment for card payments at the fake. */
export const stripeEnv = () => ({
  STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
  STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
  STRIPE_API_BASE: `http://127.0.0.1:${E2E_STRIPE.port}`,
})
