import { getRequestConfig } from 'next-intl/server'
import messages from '../../messages/en.json'
import { routing } from './routing'

// The store has one locale, so the request's locale is never read from headers: reading it would make
// every page dynamic and keep it out of the route cache.
export default getRequestConfig(async () => ({ locale: routing.defaultLocale, messages }))
