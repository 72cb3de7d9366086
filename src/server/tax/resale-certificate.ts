import { and, eq } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { partners } from '../db/schema'
import { DomainError } from '../kernel/errors'

// Buying tax-free for resale (domain.md orderForResale / exemptForResale; external-apis.md §4:
// storefronts must not let shoppers self-select an exemption). Only a signed-in partner whose
// resale certificate is on file and not expired may have an order, a summary or an estimate
// exempt; anyone else asking for it is refused with RESALE_CERTIFICATE_REQUIRED, never quietly
// charged tax (they would see a total they did not ask for) nor quietly exempted.

export const RESALE_CERTIFICATE_REQUIRED = 'A resale certificate on file is required to buy tax-free for resale.'

/** The sentence for a certificate on file whose expiry date has passed (issue 16). */
export const resaleCertificateExpired = (expiresAt: Date) =>
  `Your resale certificate on file expired on ${expiresAt.toISOString().slice(0, 10)}, so this order cannot be tax-free for resale. Send the store a current certificate, or order with tax.`

/** What the tax service is told about a resale exemption (Avalara's exemptionNo). */
export type ResaleExemption = { certificateNumber: string }

type CertificateColumns = { resaleCertificateNumber: string | null; resaleCertificateExpiresAt: Date | null }

/** A certificate counts when it has a number and has not expired (no expiry date: it does not expire). */
export function hasValidCertificate(partner: CertificateColumns, now: Date = new Date()): boolean {
  const number = partner.resaleCertificateNumber?.trim() ?? ''
  if (number === '') return false
  return partner.resaleCertificateExpiresAt === null || partner.resaleCertificateExpiresAt.getTime() > now.getTime()
}

/** The certificate as its holder may see it (getPartner): the last four characters and the expiry; null when none counts. */
export function resaleCertificateView(partner: CertificateColumns, now: Date = new Date()): { last4: string; expiresAt: string | null } | null {
  if (!hasValidCertificate(partner, now)) return null
  return { last4: partner.resaleCertificateNumber!.trim().slice(-4), expiresAt: partner.resaleCertificateExpiresAt?.toISOString() ?? null }
}

/**
 * The exemption for a purchase: null when none was asked for; the partner's certificate when they
 * hold a valid one; otherwise a 403 with RESALE_CERTIFICATE_REQUIRED (guests included).
 */
export async function resaleExemptionFor(
  db: Executor,
  { websiteId, partnerId, requested, now = new Date() }: { websiteId: number; partnerId: number | null; requested: boolean; now?: Date },
): Promise<ResaleExemption | null> {
  if (!requested) return null
  const refuse = (reason: string) => new DomainError('forbidden', `resale exemption refused: ${reason}`, RESALE_CERTIFICATE_REQUIRED)
  if (partnerId === null) throw refuse('not signed in')
  const [partner] = await db
    .select({ resaleCertificateNumber: partners.resaleCertificateNumber, resaleCertificateExpiresAt: partners.resaleCertificateExpiresAt })
    .from(partners)
    .where(and(eq(partners.id, partnerId), eq(partners.websiteId, websiteId), eq(partners.isActive, true)))
  const expiresAt = partner?.resaleCertificateExpiresAt ?? null
  if (partner && (partner.resaleCertificateNumber?.trim() ?? '') !== '' && expiresAt !== null && expiresAt.getTime() <= now.getTime()) {
    throw new DomainError('forbidden', `resale exemption refused: partner ${partnerId}'s certificate expired`, resaleCertificateExpired(expiresAt))
  }
  if (!partner || !hasValidCertificate(partner, now)) throw refuse(`partner ${partnerId} has no valid certificate on file`)
  return { certificateNumber: partner.resaleCertificateNumber!.trim() }
}
