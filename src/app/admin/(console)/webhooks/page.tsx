import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { WebhookDeliveries } from '@/components/admin/webhook-deliveries'
import { WebhookEndpoints } from '@/components/admin/webhook-endpoints'
import { adminPageContext, adminPageQuery } from '@/web/admin-page'
import { idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Webhooks' }

/**
 * A store's outbound webhooks (issue 15): its endpoints (add, edit, rotate the secret, delete) and,
 * for the endpoint chosen with ?endpoint=, its deliveries with every attempt and a Re-send button.
 * The store is ?store=, or the member's first store.
 */
export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const me = await adminPageQuery('consoleMe', {})
  const websiteId = idParam(params.store) ?? me.storeIds?.[0] ?? (await adminPageContext()).store.websiteId
  const { endpoints } = await adminPageQuery('webhookEndpoints', { websiteId })
  const endpointId = idParam(params.endpoint)
  const chosen = endpointId === null ? null : (endpoints.find((endpoint) => endpoint.id === endpointId) ?? null)
  const cursor = typeof params.cursor === 'string' ? params.cursor : undefined
  const deliveries = chosen ? await adminPageQuery('webhookDeliveries', { endpointId: chosen.id, ...(cursor ? { cursor } : {}) }) : null
  return (
    <ConsolePage title="Webhooks">
      <p className="mb-6 max-w-3xl text-sm text-muted">
        Order events sent to your other systems, each signed with its endpoint&apos;s secret (Webhook-Signature: HMAC-SHA256 over the timestamp and the body). Failed calls are retried for about a day and a half;
        receivers de-duplicate on the event id. The operations guide (docs/operations.md, Webhooks) tells a receiver how to check a call.
      </p>
      <WebhookEndpoints websiteId={websiteId} endpoints={endpoints} chosenId={chosen?.id ?? null} />
      {chosen && deliveries ? (
        <section className="mt-8" aria-labelledby="deliveries-heading">
          <h2 id="deliveries-heading" className="text-lg font-semibold">
            Deliveries to <span className="font-mono text-base break-all">{chosen.url}</span>
          </h2>
          <WebhookDeliveries deliveries={deliveries.deliveries} />
          {deliveries.nextCursor ? (
            <Link className="mt-4 inline-block text-sm underline" href={`/admin/webhooks?store=${websiteId}&endpoint=${chosen.id}&cursor=${deliveries.nextCursor}`}>
              Older deliveries
            </Link>
          ) : null}
        </section>
      ) : null}
    </ConsolePage>
  )
}
