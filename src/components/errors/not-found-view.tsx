import Link from 'next/link'
import { serializeShopFilters } from '@/isomorphic/catalog-search'
import type { NotFoundTexts } from './not-found-texts'
import { RequestedPath } from './requested-path'

type NotFoundViewProps = {
  texts: NotFoundTexts
  /** The store's main categories, linked into the shop (none outside the store's layout). */
  categories?: string[]
}

/**
 * Spec 5's 404: 'Page Not Found: {path}' with the path the visitor asked for, then ways on, as the
 * best stores give them: a search of the shop (a plain GET form, working before JavaScript), links
 * to all products, the main categories and the home page, and the spec's way home. Takes its texts
 * as props so that it also works outside the store's layout (the root 404), where no message
 * formatter is loaded. A server component: only the path is read in the browser (RequestedPath),
 * so the boundary every page carries adds almost nothing to its script.
 */
export function NotFoundView({ texts, categories = [] }: NotFoundViewProps) {
  const searchId = 'not-found-search'
  const linkClass = 'inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-medium text-ink hover:bg-soft'
  return (
    <div className="container-page flex max-w-2xl flex-col items-center py-16 text-center sm:py-24">
      <p className="text-sm font-semibold tracking-widest text-accent">404</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight break-all text-ink sm:text-3xl">
        {texts.title} <RequestedPath />
      </h1>
      <p className="mt-4 text-lg text-muted">{texts.body}</p>
      <form action="/shop" method="get" role="search" aria-label={texts.search} className="relative mt-8 w-full max-w-md">
        <label htmlFor={searchId} className="sr-only">
          {texts.search}
        </label>
        <input
          id={searchId}
          name="q"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={texts.searchPlaceholder}
          className="field h-12 rounded-full pr-28 pl-5"
        />
        <button type="submit" className="btn btn-primary absolute top-1 right-1 h-10 min-h-0 px-5">
          {texts.searchSubmit}
        </button>
      </form>
      <nav aria-label={texts.links} className="mt-8 w-full">
        <h2 className="text-sm font-semibold text-muted">{texts.links}</h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-2">
          <li>
            <Link href="/shop" prefetch={false} className={linkClass}>
              {texts.shop}
            </Link>
          </li>
          {categories.map((category) => (
            <li key={category}>
              <Link href={`/shop?${serializeShopFilters({ categories: [category] })}`} prefetch={false} className={linkClass}>
                {category}
              </Link>
            </li>
          ))}
          <li>
            <Link href="/" prefetch={false} className={linkClass}>
              {texts.home}
            </Link>
          </li>
        </ul>
      </nav>
      <Link href="/" className="btn btn-secondary mt-10">
        <span className="first-letter:uppercase">{texts.backHome}</span>
      </Link>
    </div>
  )
}
