import { Link } from '@/i18n/navigation'
import { ChevronRightIcon } from '../ui/icons'

export type Crumb = { label: string; href?: string }

export function Breadcrumbs({ label, crumbs }: { label: string; crumbs: Crumb[] }) {
  return (
    <nav aria-label={label} className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {crumbs.map((crumb, index) => (
          <li key={index} className="flex min-w-0 items-center gap-1">
            {index > 0 ? <ChevronRightIcon width={14} height={14} className="shrink-0" /> : null}
            {crumb.href ? (
              <Link href={crumb.href} className="rounded-sm hover:text-ink hover:underline hover:underline-offset-4">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate text-ink">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
