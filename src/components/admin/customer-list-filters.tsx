'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { CUSTOMER_LIST_PAGE_SIZES, CUSTOMER_LIST_SEARCH_MAX, type CustomerGroupRow } from '@/isomorphic/contract/admin-customers'
import { customerListHref, type CustomerListView, customerListViewToSearch, DEFAULT_CUSTOMER_LIST_VIEW, firstCustomerPage, parseCustomerListView } from '@/isomorphic/customer-list-view'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// The customer list's filters and search (issue 16): a GET form whose fields are the URL's
// parameters (customer-list-view.ts), so it works without JavaScript; with it, the view is written
// without its empty fields and fetched without a full load.

const SELECT_CLASS = 'mt-1 block w-full rounded-md border border-line bg-white px-2 py-2 text-sm text-ink'

function Select({ label, name, value, choices }: { label: string; name: string; value: string | number | null; choices: [string, string][] }) {
  return (
    <label className="block text-xs font-medium text-muted">
      {label}
      <select name={name} defaultValue={value === null ? '' : String(value)} className={SELECT_CLASS}>
        <option value="">Any</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

export function CustomerListFilters({ view, websiteId, groups }: { view: CustomerListView; websiteId: number; groups: CustomerGroupRow[] }) {
  const router = useRouter()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value !== '') params.set(name, value)
    router.push(customerListHref(firstCustomerPage(parseCustomerListView(params))))
  }

  const filtered = customerListViewToSearch(firstCustomerPage({ ...view, websiteId: null, pageSize: DEFAULT_CUSTOMER_LIST_VIEW.pageSize })) !== ''
  const clear = customerListHref({ ...DEFAULT_CUSTOMER_LIST_VIEW, websiteId: view.websiteId })
  return (
    <form key={customerListViewToSearch(view)} method="get" action="/admin/customers" onSubmit={submit} role="search" aria-label="Customers" className="rounded-card border border-line bg-white p-4">
      {view.websiteId !== null ? <input type="hidden" name="store" value={websiteId} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor="customer-search">
          Search customers
        </label>
        <input
          id="customer-search"
          type="search"
          name="q"
          defaultValue={view.q ?? ''}
          maxLength={CUSTOMER_LIST_SEARCH_MAX}
          placeholder="Search: the beginning of an email or a name"
          className="block w-full min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 text-base sm:text-sm"
        />
        <div className="flex gap-2">
          <button type="submit" className={`${PRIMARY_BUTTON_CLASS} flex-1 sm:flex-none`}>
            Apply
          </button>
          {filtered ? (
            <Link href={clear} className={`${SECONDARY_BUTTON_CLASS} flex-1 sm:flex-none`}>
              Clear
            </Link>
          ) : null}
        </div>
      </div>
      <details className="group mt-3" open={filtered}>
        <summary className="cursor-pointer text-sm font-semibold text-accent select-none">Filters</summary>
        <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-5">
          <Select label="Status" name="status" value={view.status} choices={[['active', 'Active'], ['inactive', 'Deactivated']]} />
          <Select label="Group" name="group" value={view.group} choices={[['none', 'No group'], ...groups.map((group): [string, string] => [String(group.id), group.name])]} />
          <Select label="Approver" name="approver" value={view.approver} choices={[['yes', 'Approvers'], ['no', 'Not approvers']]} />
          <Select label="Allowance" name="allowance" value={view.allowance} choices={[['yes', 'Has an allowance'], ['no', 'No allowance']]} />
          <label className="block text-xs font-medium text-muted">
            Per page
            <select name="size" defaultValue={String(view.pageSize)} className={SELECT_CLASS}>
              {CUSTOMER_LIST_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </div>
      </details>
    </form>
  )
}

const messageOf = (failure: unknown) => (failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')

/** Invite one person: the account is made and they get a mail to choose their password. */
export function InviteCustomer({ websiteId, groups }: { websiteId: number; groups: CustomerGroupRow[] }) {
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const group = String(data.get('groupId') ?? '')
    setBusy(true)
    setError(null)
    setDone(null)
    try {
      const answer = await adminMutation('customers.invite', { websiteId, email: String(data.get('email') ?? ''), name: String(data.get('name') ?? ''), groupId: group ? Number(group) : null })
      setDone(answer.resent ? 'They had been invited already: the invitation was sent again.' : 'Invited: they will get a mail to choose their password.')
      form.reset()
      router.refresh()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <details className="relative">
      <summary className={`${SECONDARY_BUTTON_CLASS} cursor-pointer list-none`}>Invite customer</summary>
      <form onSubmit={submit} aria-label="Invite a customer" className="absolute right-0 z-10 mt-1 w-80 max-w-[calc(100vw-2rem)] space-y-3 rounded-card border border-line bg-white p-4 shadow-lg">
        <Field label="Email">
          <TextInput name="email" type="email" required maxLength={320} autoComplete="off" />
        </Field>
        <Field label="Name">
          <TextInput name="name" required maxLength={200} autoComplete="off" />
        </Field>
        <Field label="Group">
          <select name="groupId" className={INPUT_CLASS} defaultValue="">
            <option value="">No group</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </Field>
        <FormError message={error} />
        {done ? (
          <p role="status" className="text-sm text-ink">
            {done}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={`${PRIMARY_BUTTON_CLASS} w-full`}>
          {busy ? 'Sending…' : 'Send the invitation'}
        </button>
      </form>
    </details>
  )
}
