import type { Metadata } from 'next'
import Link from 'next/link'
import { AdjustAllowance, ProgramEditor, RunResetNow, SsoMappingForm } from '@/components/admin/allowance-forms'
import { ConsolePage } from '@/components/admin/console-page'
import { SECONDARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { TextInput } from '@/components/admin/form-fields'
import { StorePicker } from '@/components/admin/store-picker'
import type { AllowanceGroupRow, AllowanceProgramRow, BudgetLedger, MemberBalancesPage } from '@/isomorphic/contract/admin-allowances'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { adminPageContext, adminPageQuery, adminPageQueryOrRefusal } from '@/web/admin-page'
import { idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Allowances' }

const PERIOD_WORDS = { year: 'a year', quarter: 'a quarter', month: 'a month', none: 'once' } as const

function programSummary(program: AllowanceProgramRow, currency: string): string {
  const parts = [`${formatPrice(program.amount, currency)} ${PERIOD_WORDS[program.period]}`, `from ${formatDate(program.startsOn)}`]
  if (program.prorate) parts.push('prorated')
  parts.push(program.rollover === 'none' ? 'leftover expires' : program.rollover === 'all' ? 'leftover kept' : `leftover kept up to ${formatPrice(program.rolloverCap ?? 0, currency)}`)
  return parts.join(' · ')
}

const KIND_WORDS: Record<string, string> = { grant: 'Granted', spend: 'Order', refund: 'Refund', expire: 'Expired', rollover: 'Kept (rollover)', adjustment: 'Adjustment', import: 'Import' }

function ProgramCells({ group, currency }: { group: AllowanceGroupRow; currency: string }) {
  const program = group.program
  if (!program) return <span className="text-muted">No program</span>
  return (
    <>
      <span className="block">{programSummary(program, currency)}</span>
      {!program.isActive ? <span className="mt-1 inline-block rounded bg-soft px-2 py-0.5 text-xs font-semibold text-muted">Paused</span> : null}
    </>
  )
}

function GroupsTable({ websiteId, groups, currency }: { websiteId: number; groups: AllowanceGroupRow[]; currency: string }) {
  return (
    <ul className="grid gap-3" aria-label="Customer groups and their allowance programs">
      {groups.map((group) => {
        const program = group.program
        return (
          <li key={group.id} className="rounded-card border border-line bg-white p-4" data-testid={`allowance-group-${group.code}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-semibold break-words">
                  {group.name} <span className="font-mono text-xs font-normal text-muted">{group.code}</span>
                </h3>
                <p className="mt-0.5 text-sm">
                  <ProgramCells group={group} currency={currency} />
                </p>
              </div>
              <ProgramEditor websiteId={websiteId} group={group} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted">Members</dt>
                <dd className="tabular-nums">{group.members}</dd>
              </div>
              <div>
                <dt className="text-muted">Next reset</dt>
                <dd>{program ? (program.nextResetOn ? formatDate(program.nextResetOn) : 'Never (once)') : '—'}</dd>
              </div>
              <div>
                <dt className="text-muted">Granted this period</dt>
                <dd className="tabular-nums">{program && program.periodStart ? `${formatPrice(program.grantedThisPeriod, currency)} · ${program.grantedMembers} of ${program.members}` : '—'}</dd>
              </div>
              <div>
                <dt className="text-muted">Spent this period</dt>
                <dd className="tabular-nums">{program && program.periodStart ? formatPrice(program.spentThisPeriod, currency) : '—'}</dd>
              </div>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}

/** The members with an allowance: given this period, spent, left, the period's last day; a name opens the member's ledger. */
function BalancesTable({ websiteId, page, currency, search }: { websiteId: number; page: MemberBalancesPage; currency: string; search: string }) {
  if (page.rows.length === 0) {
    return <p className="rounded-card border border-line bg-white p-6 text-sm text-muted">{search ? `No member with an allowance matches “${search}”.` : 'No member has an allowance yet: give a customer group a program above, then run the reset.'}</p>
  }
  const money = (value: number | null) => (value === null ? '—' : formatPrice(value, currency))
  return (
    <>
      <div className="overflow-x-auto rounded-card border border-line bg-white">
        <table className="w-full text-sm" aria-label="Members’ balances">
          <thead className="border-b border-line text-left text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Member
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Allowance
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Spent
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Left
              </th>
              <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                Period ends
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {page.rows.map((row) => (
              <tr key={row.partnerId}>
                <td className="max-w-0 px-3 py-2 sm:max-w-none">
                  <Link href={`/admin/allowances?store=${websiteId}&customer=${encodeURIComponent(row.email)}#ledger-heading`} className="block truncate font-medium text-accent underline underline-offset-2">
                    {row.name}
                  </Link>
                  <span className="block truncate text-xs text-muted">
                    {row.email}
                    {row.groupName ? ` · ${row.groupName}` : ''}
                  </span>
                  <span className="block text-xs text-muted sm:hidden">{row.periodEnd ? `Period ends ${formatDate(row.periodEnd)}` : 'No renewal'}</span>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{row.allowance === null ? <span className="text-muted">{row.spent === null ? '—' : 'Not granted yet'}</span> : money(row.allowance)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(row.spent)}</td>
                <td className="px-3 py-2 text-right font-medium tabular-nums">{money(row.left)}</td>
                <td className="hidden px-3 py-2 sm:table-cell">{row.periodEnd ? formatDate(row.periodEnd) : 'No renewal'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page.more ? <p className="mt-2 text-sm text-muted">More members have an allowance than are shown: search for a name or an email to find one.</p> : null}
    </>
  )
}

function LedgerView({ websiteId, ledger, currency }: { websiteId: number; ledger: BudgetLedger; currency: string }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <span className="font-semibold break-words">{ledger.name}</span> <span className="break-all text-muted">{ledger.email}</span> ·{' '}
        <span data-testid="ledger-balance">{ledger.balance === null ? 'no allowance' : `${formatPrice(ledger.balance, currency)} left`}</span>
      </p>
      <AdjustAllowance websiteId={websiteId} partnerId={ledger.partnerId} />
      {ledger.rows.length === 0 ? (
        <p className="text-sm text-muted">No movements yet.</p>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line bg-white text-sm" aria-label="Budget ledger">
          {ledger.rows.map((row) => (
            <li key={row.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 px-3 py-2">
              <span className="min-w-0">
                <span className="font-medium">{KIND_WORDS[row.kind] ?? row.kind}</span>
                {row.orderId !== null ? <span className="text-muted"> · order #{row.orderId}</span> : null}
                {row.periodStart ? <span className="text-muted"> · period of {formatDate(row.periodStart)}</span> : null}
                {row.note ? <span className="block break-words text-muted">{row.note}</span> : null}
                <span className="block text-xs text-muted">
                  {formatDate(row.createdAt)}
                  {row.staffEmail ? ` · ${row.staffEmail}` : ''}
                </span>
              </span>
              <span className={`text-right font-medium tabular-nums ${row.amount < 0 ? 'text-danger' : ''}`}>{formatPrice(row.amount, currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * /admin/allowances (issue 16): the store's customer groups with their allowance program (amount,
 * period, proration, rollover), next reset, members, and what was granted and spent this period;
 * "Run the reset now"; each member's balance this period (issue 26; ?member= searches); a member's budget ledger and manual adjustment (?customer=email); the single
 * sign-on claim → group mapping. The store is ?store=, or the member's first store.
 */
export default async function AllowancesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const [me, options] = await Promise.all([adminPageQuery('consoleMe', {}), adminPageQuery('orderListOptions', {})])
  const websiteId = idParam(params.store) ?? me.storeIds?.[0] ?? options.stores[0]?.id ?? (await adminPageContext()).store.websiteId
  const currency = options.stores.find((store) => store.id === websiteId)?.currency ?? 'USD'
  const member = typeof params.member === 'string' ? params.member.trim().slice(0, 200) : ''
  const [overview, sso, balances] = await Promise.all([
    adminPageQuery('allowances.programs', { websiteId }),
    adminPageQuery('allowances.ssoMapping', { websiteId }),
    adminPageQuery('allowances.balances', { websiteId, ...(member ? { search: member } : {}) }),
  ])
  const customer = typeof params.customer === 'string' ? params.customer.trim().slice(0, 320) : ''
  const ledger = customer ? await adminPageQueryOrRefusal('allowances.ledger', /^\d{1,9}$/.test(customer) ? { websiteId, partnerId: Number(customer) } : { websiteId, email: customer }) : null

  return (
    <ConsolePage title="Allowances" actions={<StorePicker action="/admin/allowances" stores={options.stores} current={websiteId} allLabel="Choose a store" />}>
      <p className="mb-6 max-w-3xl text-sm text-muted">
        What each customer group is given to spend, per period. Every grant, order, refund, expiry and adjustment is a row of the member’s budget ledger, and the balance is always the sum of it.
      </p>
      {overview.ledgerMismatches > 0 ? (
        <p role="alert" className="mb-6 rounded-card border border-danger/30 bg-red-50 p-4 text-sm text-danger">
          {overview.ledgerMismatches} member balance(s) differ from their ledger. See docs/operations.md, Allowances.
        </p>
      ) : null}

      <section aria-labelledby="programs-heading" className="mb-10">
        <h2 id="programs-heading" className="mb-3 text-lg font-semibold">
          Programs by customer group
        </h2>
        {overview.groups.length === 0 ? (
          <p className="rounded-card border border-line bg-white p-6 text-sm text-muted">This store has no customer groups yet: add them (or import a roster) under Customers.</p>
        ) : (
          <GroupsTable websiteId={websiteId} groups={overview.groups} currency={currency} />
        )}
      </section>

      <section aria-labelledby="balances-heading" className="mb-10">
        <h2 id="balances-heading" className="mb-3 text-lg font-semibold">
          Members’ balances
        </h2>
        <form method="get" action="/admin/allowances" className="mb-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="store" value={websiteId} />
          <label className="block min-w-0 flex-1 text-sm font-medium sm:max-w-sm">
            Find a member
            <TextInput name="member" type="search" defaultValue={member} placeholder="Name or email" />
          </label>
          <button type="submit" className={SECONDARY_BUTTON_CLASS}>
            Search
          </button>
        </form>
        <BalancesTable websiteId={websiteId} page={balances} currency={currency} search={member} />
      </section>

      <section aria-label="Reset" className="mb-10">
        <RunResetNow websiteId={websiteId} testClock={overview.testClock} />
      </section>

      <section aria-labelledby="ledger-heading" className="mb-10">
        <h2 id="ledger-heading" className="mb-3 text-lg font-semibold">
          A member’s allowance
        </h2>
        <form method="get" action="/admin/allowances" className="mb-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="store" value={websiteId} />
          <label className="block min-w-0 flex-1 text-sm font-medium sm:max-w-sm">
            Customer email
            <TextInput name="customer" type="search" defaultValue={customer} placeholder="pat.lee@example.com" />
          </label>
          <button type="submit" className={SECONDARY_BUTTON_CLASS}>
            Show ledger
          </button>
        </form>
        {ledger === null ? null : ledger.refusal !== null ? (
          <p role="alert" className="text-sm text-danger">
            {ledger.refusal}
          </p>
        ) : ledger.data === null ? (
          <p role="alert" className="text-sm text-danger">
            No customer of this store has that email address.
          </p>
        ) : (
          <LedgerView websiteId={websiteId} ledger={ledger.data} currency={currency} />
        )}
      </section>

      <section aria-labelledby="sso-heading">
        <h2 id="sso-heading" className="mb-1 text-lg font-semibold">
          Groups from single sign-on
        </h2>
        <p className="mb-3 max-w-3xl text-sm text-muted">At each single sign-on, a member whose claim holds a mapped value moves to that group (and so to its allowance). No mapped value leaves their group as it is.</p>
        <SsoMappingForm key={`${websiteId}-${sso.version ?? 0}`} websiteId={websiteId} view={sso} />
      </section>
    </ConsolePage>
  )
}
