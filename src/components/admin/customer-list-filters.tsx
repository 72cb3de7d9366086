'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { CUSTOMER_LIST_PAGE_SIZES, CUSTOMER_LIST_SEARCH_MAX, type CustomerGroupRow } from '@/isomorphic/contract/admin-customers'
import { CUSTOMER_LIST_VIEW, customerListHref, type CustomerListView, customerListViewToSearch, DEFAULT_CUSTOMER_LIST_VIEW } from '@/isomorphic/customer-list-view'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'
import { ListFilterForm, ListSelect } from './list-filter-form'

// The customer list's filters and search (issue 16), on the lists' one filter form
// (list-filter-form.tsx); and the invitation form.

const STATUSES = [
  ['active', 'Active'],
  ['inactive', 'Deactivated'],
] as const
const APPROVERS = [
  ['yes', 'Approvers'],
  ['no', 'Not approvers'],
] as const
const ALLOWANCES = [
  ['yes', 'Has an allowance'],
  ['no', 'No allowance'],
] as const

export function CustomerListFilters({ view, websiteId, groups }: { view: CustomerListView; websiteId: number; groups: CustomerGroupRow[] }) {
  return (
    <ListFilterForm
      list="customers"
      label="Customers"
      viewKey={customerListViewToSearch(view)}
      hidden={{ store: view.websiteId !== null ? websiteId : null }}
      search={{ name: 'q', value: view.q, label: 'Search customers', placeholder: 'Search: the beginning of an email or a name', maxLength: CUSTOMER_LIST_SEARCH_MAX }}
      filtered={CUSTOMER_LIST_VIEW.differs(view, ['websiteId', 'pageSize'])}
      clearHref={customerListHref({ ...DEFAULT_CUSTOMER_LIST_VIEW, websiteId: view.websiteId })}
      columns="md:grid-cols-5"
    >
      <ListSelect label="Status" name="status" value={view.status} choices={STATUSES} />
      <ListSelect label="Group" name="group" value={view.group} choices={[['none', 'No group'], ...groups.map((group) => [group.id, group.name] as const)]} />
      <ListSelect label="Approver" name="approver" value={view.approver} choices={APPROVERS} />
      <ListSelect label="Allowance" name="allowance" value={view.allowance} choices={ALLOWANCES} />
      <ListSelect label="Per page" name="size" value={view.pageSize} required choices={CUSTOMER_LIST_PAGE_SIZES.map((size) => [size, String(size)])} />
    </ListFilterForm>
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
