import Form from 'next/form'
import { useLocale, useTranslations } from 'next-intl'
import { getPathname } from '@/i18n/navigation'
import { SearchIcon } from '../ui/icons'

/** The header search: a plain GET form to /shop?q=…, so it works before (and without) JavaScript. */
export function SiteSearch({ id, className = '' }: { id: string; className?: string }) {
  const t = useTranslations('shell')
  const locale = useLocale()
  return (
    <Form action={getPathname({ href: '/shop', locale })} role="search" aria-label={t('searchLabel')} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('searchLabel')}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('searchPlaceholder')}
        className="field h-10 min-h-0 rounded-full border-line bg-soft pr-11 pl-4 text-sm"
      />
      <button
        type="submit"
        aria-label={t('searchSubmit')}
        className="absolute top-0 right-0 inline-flex size-10 items-center justify-center rounded-full text-muted hover:text-ink"
      >
        <SearchIcon width={20} height={20} />
      </button>
    </Form>
  )
}
