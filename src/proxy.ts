import createMiddleware from 'next-intl/middleware'
import { routing } from './i18n/routing'

export default createMiddleware(routing)

export const config = {
  // Everything except the API, Next's own files and files with an extension (favicon.ico, robots.txt …).
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
}
