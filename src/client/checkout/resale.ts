import type { Partner } from '../stores/user-store'

// Whether the checkout offers 'for resale' (tax-free): only with a resale certificate on file that
// has not expired. getPartner answers the certificate only while it is valid; the expiry is read
// again here because a page may stay open past it. The server checks again either way.

export function mayBuyForResale(certificate: Partner['resaleCertificate'] | undefined, now: Date = new Date()): boolean {
  if (!certificate) return false
  return certificate.expiresAt === null || Date.parse(certificate.expiresAt) > now.getTime()
}
