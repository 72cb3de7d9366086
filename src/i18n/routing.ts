import { defineRouting } from 'next-intl/routing'

// Spec 1 and 9: one locale (en); its prefix in addresses is configurable (absent by default, see
// next.config.ts for how addresses map to src/app/[locale]); the chosen locale lives in a cookie for
// 365 days, path /, SameSite lax (src/client/locale-cookie.ts writes it).
export const LOCALE_COOKIE = {
  name: process.env.NEXT_PUBLIC_LOCALE_COOKIE || 'i18n_redirected',
  maxAgeSeconds: 365 * 24 * 60 * 60,
}

export const routing = defineRouting({
  locales: ['en'],
  defaultLocale: 'en',
  localePrefix: process.env.NEXT_PUBLIC_LOCALE_PREFIX === 'prefix' ? 'always' : 'never',
  localeCookie: false,
})

export type AppLocale = (typeof routing.locales)[number]
