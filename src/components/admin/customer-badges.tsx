// A customer's state at a glance: deactivated, invited (no password yet), approver.
export function CustomerStatusBadges({ customer }: { customer: { isActive: boolean; invitePending: boolean; canApproveOrders: boolean } }) {
  const badges: [string, string][] = []
  badges.push(customer.isActive ? ['Active', 'bg-green-50 text-green-800 border-green-200'] : ['Deactivated', 'bg-red-50 text-danger border-danger/30'])
  if (customer.isActive && customer.invitePending) badges.push(['Invited', 'bg-amber-50 text-amber-900 border-amber-300'])
  if (customer.canApproveOrders) badges.push(['Approver', 'bg-soft text-ink border-line'])
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map(([label, tone]) => (
        <span key={label} className={`rounded-full border px-2 py-0.5 text-xs font-medium ${tone}`}>
          {label}
        </span>
      ))}
    </span>
  )
}
