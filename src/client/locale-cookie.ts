import { LOCALE_COOKIE } from '@/i18n/routing'

/**
 * Spec 4 and 9: the chosen locale is kept in a cookie (365 days, path /, SameSite lax). Pages are
 * served from the route cache and never set cookies, so the browser writes it, once, when missing
 * or different.
 */
export function rememberLocale(doc: Pick<Document, 'cookie'>, locale: string): void {
  const current = doc.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${LOCALE_COOKIE.name}=`))
    ?.slice(LOCALE_COOKIE.name.length + 1)
  if (current === locale) return
  doc.cookie = `${LOCALE_COOKIE.name}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE.maxAgeSeconds}; Path=/; SameSite=Lax`
}
