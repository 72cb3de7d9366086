import { defineRouting } from 'next-intl/routing'

// Spec 1 and 9: one locale (en); the prefix strategy is configurable (absent by default); the chosen
// locale lives in a cookie for 365 days, path /, SameSite lax.
const prefixSetting = process.env.NEXT_PUBLIC_LOCALE_PREFIX === 'prefix' ? 'always' : 'never'

export const routing = defineRouting({
  locales: ['en'],
  defaultLocale: 'en',
  localePrefix: prefixSetting,
  localeCookie: {
    name: process.env.NEXT_PUBLIC_LOCALE_COOKIE || 'i18n_redirected',
    maxAge: 365 * 24 * 60 * 60,
    sameSite: 'lax',
    path: '/',
  },
})

export type AppLocale = (typeof routing.locales)[number]
