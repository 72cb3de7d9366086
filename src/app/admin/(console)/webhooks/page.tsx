import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { ListFilterForm, ListSelect } from '@/components/admin/list-filter-form'
import { ListPager, ListRefusal, pagerLinks } from '@/components/admin/list-pager'
import { WebhookDeliveries } from '@/components/admin/webhook-deliveries'
import { listHref, WEBHOOK_DELIVERY_LIST_VIEW } from '@/isomorphic/console-list-views'
import { WEBHOOK_DELIVERY_STATE_NAMES, WEBHOOK_DELIVERY_STATES } from '@/isomorphic/contract/admin-webhooks'
import { WebhookEndpoints } from '@/components/admin/webhook-endpoints'
import { adminPageContext, adminPageQuery, adminPageQueryOrRefusal } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Webhooks' }

/**
 * A store's outbound webhooks (issue 15): its endpoints (add, edit, rotate the secret, delete) and,
 * for the endpoint chosen with ?endpoint=, its deliveries with every attempt and a Re-send button,
 * by state, a page at a time (console-list-views.ts).
 * The store is ?store=, or the member's first store.
 */
export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const asked = WEBHOOK_DELIVERY_LIST_VIEW.parse(await searchParams)
  const me = await adminPageQuery('consoleMe', {})
  const websiteId = asked.websiteId ?? me.storeIds?.[0] ?? (await adminPageContext()).store.websiteId
  const { endpoints } = await adminPageQuery('webhookEndpoints', { websiteId })
  const chosen = asked.endpointId === null ? null : (endpoints.find((endpoint) => endpoint.id === asked.endpointId) ?? null)
  const view = { ...asked, websiteId }
  const { state, cursor } = view
  const answer = chosen ? await adminPageQueryOrRefusal('webhookDeliveries', { endpointId: chosen.id, ...(state ? { state } : {}), ...(cursor ? { cursor } : {}) }) : null
  const deliveries = answer?.data ?? { deliveries: [], nextCursor: null, previousCursor: null }
  return (
    <ConsolePage title="Webhooks">
      <p className="mb-6 max-w-3xl text-sm text-muted">
        Order events sent to your other systems, each signed with its endpoint&apos;s secret (Webhook-Signature: HMAC-SHA256 over the timestamp and the body). Failed calls are retried for about a day and a half;
        receivers de-duplicate on the event id. The operations guide (docs/operations.md, Webhooks) tells a receiver how to check a call.
      </p>
      <WebhookEndpoints websiteId={websiteId} endpoints={endpoints} chosenId={chosen?.id ?? null} />
      {chosen && answer ? (
        <section className="mt-8" aria-labelledby="deliveries-heading">
          <h2 id="deliveries-heading" className="text-lg font-semibold">
            Deliveries to <span className="font-mono text-base break-all">{chosen.url}</span>
          </h2>
          <div className="mt-3">
            <ListFilterForm
              list="webhookDeliveries"
              label="Deliveries"
              viewKey={WEBHOOK_DELIVERY_LIST_VIEW.toSearch(view)}
              hidden={{ store: websiteId, endpoint: chosen.id }}
              filtered={state !== null}
              clearHref={listHref('webhookDeliveries', { ...view, state: null, cursor: null })}
            >
              <ListSelect label="State" name="state" value={state} choices={WEBHOOK_DELIVERY_STATES.map((choice) => [choice, WEBHOOK_DELIVERY_STATE_NAMES[choice]])} />
            </ListFilterForm>
          </div>
          {answer.refusal !== null ? (
            <div className="mt-3">
              <ListRefusal message={answer.refusal} firstPageHref={listHref('webhookDeliveries', WEBHOOK_DELIVERY_LIST_VIEW.firstPage(view))} />
            </div>
          ) : (
            <WebhookDeliveries deliveries={deliveries.deliveries} />
          )}
          <ListPager label="Pages of deliveries" {...pagerLinks(deliveries, (at) => listHref('webhookDeliveries', { ...view, cursor: at }))} />
        </section>
      ) : null}
    </ConsolePage>
  )
}
