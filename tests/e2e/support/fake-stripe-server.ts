// The fake Stripe for the browser tests (tests/support/fake-stripe.ts) on 127.0.0.1:3135: the main
// store creates Checkout Sessions here, the stand-in hosted page's 'Pay' delivers the signed
// webhook to the main store, and the browser comes back to the store's success_url. The console's
// refunds (POST /v1/refunds, issue 15) are answered by the same fake.
import { startFakeStripe } from '../../support/fake-stripe'
import { E2E_STRIPE } from './stripe-settings.mjs'

const stripe = await startFakeStripe({ secretKey: E2E_STRIPE.secretKey, webhookSecret: E2E_STRIPE.webhookSecret, port: E2E_STRIPE.port })
stripe.webhookUrl = E2E_STRIPE.webhookUrl
// The fake lets tests exit while it listens; here it is the process, so it keeps it alive.
const keepAlive = setInterval(() => undefined, 60_000)
console.log(`fake Stripe on ${stripe.url}, webhooks to ${stripe.webhookUrl}`)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => {
  clearInterval(keepAlive)
  void stripe.close().then(() => process.exit(0))
})
