'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { LoadFailed } from '@/components/ui/load-failed'
import { useCallback, useEffect, useId, useState } from 'react'
import { APPROVAL_NOTE_MAX_LENGTH } from '@/isomorphic/contract/plain-rules'
import {
  type ApprovalOrder,
  type DecidedApproval,
  decideApproval,
  loadDecidedApprovals,
  loadOrdersAwaitingApproval,
  noteProblem,
  pickOrder,
  refusalEndsReview,
  refusalMessage,
} from '@/client/approvals'
import { idOrNull } from '@/client/checkout/order-payload'
import { notify } from '@/client/notify'
import { Link, useRouter } from '@/i18n/navigation'
import { formatDate, formatPrice } from '@/isomorphic/format'
import type { ApprovalDecision } from '@/isomorphic/order-types'
import { FormAlert } from './form-controls'
import { AddressBlock, Amount, Detail, OrderDesigns, OrderLinesTable, OrderTotalRows } from '../order/order-parts'

// me/approvals (issue 5, company stores): the orders beyond their customers' budgets waiting for
// the signed-in approver, oldest first, and one of them in full when the address names it
// (?order=<id>, the link in the approvers' mail) with Approve / Reject and an optional note.
// The server decides who may see and decide; the page only shows what it answers.

export function ApprovalsSection({ canApprove }: { canApprove: boolean }) {
  const t = useTranslations('approvals')
  const params = useSearchParams()
  const orderId = idOrNull(params.get('order'))
  if (!canApprove) {
    return (
      <section aria-labelledby="approvals-heading">
        <h2 id="approvals-heading" className="text-xl font-semibold text-ink">
          {t('heading')}
        </h2>
        <p className="mt-4 rounded-card border border-line bg-soft px-6 py-12 text-center text-ink">{t('notApprover')}</p>
      </section>
    )
  }
  return <ApprovalQueue orderId={orderId} />
}

/** A list the page loads once (and again on reload): null while loading, `failed` when it could not. */
function useLoadedList<T>(load: () => Promise<T[]>, what: string) {
  const [state, setState] = useState<{ orders: T[] | null; failed: boolean }>({ orders: null, failed: false })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let current = true
    load().then(
      (orders) => {
        if (current) setState({ orders, failed: false })
      },
      (error: unknown) => {
        console.error(`Could not load ${what}:`, error)
        if (current) setState((previous) => ({ ...previous, failed: true }))
      },
    )
    return () => {
      current = false
    }
  }, [attempt, load, what])
  const reload = useCallback(() => setAttempt((value) => value + 1), [])
  return { ...state, reload }
}

const useApprovalQueue = () => useLoadedList<ApprovalOrder>(loadOrdersAwaitingApproval, 'the orders awaiting approval')

function ApprovalQueue({ orderId }: { orderId: number | null }) {
  const t = useTranslations('approvals')
  const router = useRouter()
  const { orders, failed, reload } = useApprovalQueue()

  if (failed && orders === null) {
    return (
      <LoadFailed message={t('loadError')} retryLabel={t('tryAgain')} onRetry={reload} />
    )
  }
  if (orders === null) {
    return (
      <p role="status" className="rounded-card border border-line bg-soft px-6 py-12 text-center text-muted">
        {t('loading')}
      </p>
    )
  }

  if (orderId !== null) {
    const order = pickOrder(orders, orderId)
    const backToList = () => {
      reload()
      router.push('/me/approvals')
    }
    return (
      <div className="space-y-6">
        <Link href="/me/approvals" className="inline-flex min-h-11 items-center text-sm font-medium text-accent hover:text-accent-strong">
          ← {t('allApprovals')}
        </Link>
        {order ? (
          <ApprovalReview key={order.id} order={order} onDone={backToList} />
        ) : (
          <p role="alert" className="rounded-card border border-line bg-soft px-6 py-12 text-center text-ink">
            {t('notWaiting')}
          </p>
        )}
      </div>
    )
  }

  return (
    <div className="space-y-12">
    <section aria-labelledby="approvals-heading">
      <h2 id="approvals-heading" className="text-xl font-semibold text-ink">
        {t('heading')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      {orders.length === 0 ? (
        <p className="mt-6 rounded-card border border-dashed border-line px-6 py-14 text-center text-ink">{t('none')}</p>
      ) : (
        <ul role="list" className="mt-4 divide-y divide-line rounded-card border border-line">
          {orders.map((order) => (
            <li key={order.id} className="grid gap-2 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Link href={`/me/approvals?order=${order.id}`} className="font-semibold text-ink hover:underline hover:underline-offset-4">
                    {t('orderTitle', { name: order.name })}
                  </Link>
                  <span className="inline-flex shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                    {t('overBudget', { amount: formatPrice(order.overBudget) })}
                  </span>
                </p>
                <p className="mt-1 text-sm break-words text-muted">
                  {order.customer.name}
                  {' · '}
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                  {' · '}
                  <span className="tabular-nums">{formatPrice(order.amounts.total)}</span>
                </p>
              </div>
              <Link href={`/me/approvals?order=${order.id}`} className="inline-flex min-h-11 items-center text-sm font-medium text-accent hover:text-accent-strong">
                {t('review')}
                <span className="sr-only"> {order.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
    <ApprovalHistory />
    </div>
  )
}

const useDecidedApprovals = () => useLoadedList<DecidedApproval>(loadDecidedApprovals, 'the decided orders')

/** The approvers' history (issue 17): the latest decided orders, approved or rejected, by whom and when. */
function ApprovalHistory() {
  const t = useTranslations('approvals')
  const { orders, failed, reload } = useDecidedApprovals()
  return (
    <section aria-labelledby="approval-history-heading">
      <h2 id="approval-history-heading" className="text-xl font-semibold text-ink">
        {t('historyHeading')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('historyIntro')}</p>
      {failed && orders === null ? (
        <div role="alert" className="mt-4 rounded-card border border-line bg-soft px-6 py-8 text-center">
          <p className="text-ink">{t('historyLoadError')}</p>
          <button type="button" onClick={reload} className="btn btn-secondary mt-4">
            {t('tryAgain')}
          </button>
        </div>
      ) : orders === null ? (
        <p role="status" className="mt-4 text-sm text-muted">
          {t('historyLoading')}
        </p>
      ) : orders.length === 0 ? (
        <p className="mt-4 rounded-card border border-dashed border-line px-6 py-10 text-center text-ink">{t('historyNone')}</p>
      ) : (
        <ul role="list" aria-label={t('historyHeading')} className="mt-4 divide-y divide-line rounded-card border border-line">
          {orders.map((order) => {
            const decision = t(order.decision === 'approved' ? 'decisionApproved' : 'decisionRejected')
            const date = formatDate(order.decidedAt)
            return (
              <li key={order.id} className="grid gap-1 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-4">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-ink">{t('orderTitle', { name: order.name })}</span>
                    <span
                      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                        order.decision === 'approved' ? 'bg-accent-soft text-accent-strong' : 'bg-danger/10 text-danger'
                      }`}
                    >
                      {decision}
                    </span>
                  </p>
                  <p className="mt-1 text-sm break-words text-ink">
                    {order.decidedBy ? t('decidedBy', { decision, name: order.decidedBy.name, date }) : t('decidedByRemoved', { decision, date })}
                  </p>
                  <p className="mt-0.5 text-sm break-words text-muted">{t('placedByName', { name: order.customer.name, date: formatDate(order.createdAt) })}</p>
                  {order.note ? <p className="mt-1 text-sm break-words text-muted">{t('decisionNote', { note: order.note })}</p> : null}
                </div>
                <p className="text-sm font-medium text-ink tabular-nums sm:text-right">{formatPrice(order.total)}</p>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** One waiting order in full, with the decision form; `onDone` after a decision (or when it is no longer this approver's to make). */
function ApprovalReview({ order, onDone }: { order: ApprovalOrder; onDone: () => void }) {
  const t = useTranslations('approvals')
  const tOrders = useTranslations('orders')
  const noteId = useId()
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState<ApprovalDecision | null>(null)
  const [confirmingReject, setConfirmingReject] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const amounts = order.amounts

  const decide = async (decision: ApprovalDecision) => {
    const noteError = noteProblem(note)
    if (noteError) {
      setProblem(t(noteError, { max: APPROVAL_NOTE_MAX_LENGTH }))
      return
    }
    setBusy(decision)
    setProblem(null)
    try {
      const answer = await decideApproval({ orderId: order.id, decision, note })
      notify.success(answer.message)
      onDone()
    } catch (error) {
      const message = refusalMessage(error, t('failed'))
      notify.error(message)
      if (refusalEndsReview(error)) onDone()
      else setProblem(message)
    } finally {
      setBusy(null)
      setConfirmingReject(false)
    }
  }

  return (
    <article aria-labelledby="approval-heading" className="space-y-8">
      <header>
        <h2 id="approval-heading" className="text-xl font-semibold text-ink">
          {t('orderTitle', { name: order.name })}
        </h2>
        <p className="mt-1 text-sm break-words text-muted">
          {t('placedBy', { name: order.customer.name, email: order.customer.email })}
          {' · '}
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        </p>
        <p role="note" className="mt-4 rounded-lg border border-line bg-soft px-4 py-3 text-sm text-ink">
          {t('overBudgetNote', { amount: formatPrice(order.overBudget), total: formatPrice(amounts.total) })}
        </p>
      </header>

      <section aria-labelledby="approval-lines">
        <h3 id="approval-lines" className="text-base font-semibold text-ink">
          {tOrders('lines')}
        </h3>
        <OrderLinesTable lines={order.lines} />
      </section>

      {/* What the buyer designed, as it will be made (issue 17): the approver decides on the real thing. */}
      <OrderDesigns lines={order.lines} />

      <div className="grid gap-6 sm:grid-cols-2">
        <AddressBlock title={tOrders('billingAddress')} address={order.billingAddress} email={order.customer.email} />
        <AddressBlock title={tOrders('shippingAddress')} address={order.shippingAddress ?? order.billingAddress} />
      </div>

      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        {order.deliveryMethod ? <Detail term={tOrders('delivery')}>{order.deliveryMethod}</Detail> : null}
        {order.extraFields.map((field) => (
          <Detail key={field.name} term={field.label}>
            {typeof field.value === 'boolean' ? (field.value ? tOrders('yes') : tOrders('no')) : (field.value ?? '—')}
          </Detail>
        ))}
        {order.orderOptions.length > 0 ? (
          <Detail term={tOrders('options')}>{order.orderOptions.map((option) => `${option.label} (${formatPrice(option.price)})`).join(', ')}</Detail>
        ) : null}
      </dl>

      <section aria-labelledby="approval-totals" className="ml-auto max-w-sm rounded-card bg-soft p-5">
        <h3 id="approval-totals" className="sr-only">
          {tOrders('totals')}
        </h3>
        <OrderTotalRows amounts={amounts} due={false}>
          <Amount label={t('overBudgetLabel')} value={order.overBudget} strong />
        </OrderTotalRows>
      </section>

      <section aria-labelledby="approval-decision" className="rounded-card border border-line p-5">
        <h3 id="approval-decision" className="text-base font-semibold text-ink">
          {t('decisionHeading')}
        </h3>
        <label htmlFor={noteId} className="mt-4 block text-sm font-medium text-ink">
          {t('note')}
        </label>
        <textarea
          id={noteId}
          name="note"
          rows={3}
          maxLength={APPROVAL_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-describedby={`${noteId}-hint`}
          className="field mt-1.5 min-h-24 py-2"
        />
        <p id={`${noteId}-hint`} className="mt-1.5 text-sm text-muted">
          {t('noteHint')}
        </p>
        {problem ? (
          <div className="mt-4">
            <FormAlert message={problem} />
          </div>
        ) : null}
        {confirmingReject ? (
          <div role="group" aria-label={t('confirmReject', { name: order.name })} className="mt-4 rounded-lg border border-danger/30 bg-danger/5 p-4">
            <p className="text-sm text-ink">{t('confirmReject', { name: order.name })}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" disabled={busy !== null} aria-busy={busy === 'reject' || undefined} onClick={() => void decide('reject')} className="btn btn-danger">
                {busy === 'reject' ? t('busy') : t('confirmRejectYes')}
              </button>
              <button type="button" disabled={busy !== null} onClick={() => setConfirmingReject(false)} className="btn btn-secondary">
                {t('cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" disabled={busy !== null} aria-busy={busy === 'approve' || undefined} onClick={() => void decide('approve')} className="btn btn-primary">
              {busy === 'approve' ? t('busy') : t('approve')}
            </button>
            <button type="button" disabled={busy !== null} onClick={() => setConfirmingReject(true)} className="btn btn-secondary">
              {t('reject')}
            </button>
          </div>
        )}
      </section>
    </article>
  )
}
