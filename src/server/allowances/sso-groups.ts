import { and, eq } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { customerGroups, partners, ssoGroupMappings } from '../db/schema'

// Customer groups from single sign-on (issue 16): the store names a claim of the ID token or
// userinfo (e.g. "groups") and maps claim values to its customer groups. At each sign-in the
// member's group follows the claim: the first mapping, in the store's order, whose value the
// claim holds (compared trimmed and case-insensitively) wins; no mapped value leaves the group as
// it is. So an employee's allowance follows their directory group.

/** A claim's values: a string (also "a, b" or "a b" lists are split), or an array of strings. */
export function claimValues(claim: unknown): string[] {
  const list = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : []
  return list.filter((value): value is string => typeof value === 'string').map((value) => value.trim().toLowerCase()).filter(Boolean)
}

/** The claim the store maps to groups, or null when it maps none (sign-in then asks for no more claims). */
export async function ssoGroupClaim(db: Executor, websiteId: number): Promise<string | null> {
  const [mapping] = await db.select({ claim: ssoGroupMappings.claim, mappings: ssoGroupMappings.mappings }).from(ssoGroupMappings).where(eq(ssoGroupMappings.websiteId, websiteId))
  return mapping && mapping.mappings.length > 0 ? mapping.claim : null
}

/** The group the claims map to under the store's mapping, or null (no mapping, or no mapped value). */
export async function ssoGroupFor(db: Executor, websiteId: number, claims: Record<string, unknown>): Promise<number | null> {
  const [mapping] = await db.select().from(ssoGroupMappings).where(eq(ssoGroupMappings.websiteId, websiteId))
  if (!mapping || mapping.mappings.length === 0) return null
  const held = new Set(claimValues(claims[mapping.claim]))
  const chosen = mapping.mappings.find((entry) => held.has(entry.value.trim().toLowerCase()))
  if (!chosen) return null
  // A group deleted since the mapping was saved maps to nothing.
  const [group] = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(and(eq(customerGroups.id, chosen.groupId), eq(customerGroups.websiteId, websiteId)))
  return group?.id ?? null
}

/** Moves the member into the group their claims map to; answers the group when it changed, else null. */
export async function applySsoGroup(db: Executor, { websiteId, partnerId, claims }: { websiteId: number; partnerId: number; claims: Record<string, unknown> }): Promise<number | null> {
  const groupId = await ssoGroupFor(db, websiteId, claims)
  if (groupId === null) return null
  const [moved] = await db
    .update(partners)
    .set({ groupId })
    .where(and(eq(partners.id, partnerId), eq(partners.websiteId, websiteId)))
    .returning({ id: partners.id })
  return moved ? groupId : null
}

export type SsoGroupMatch = { claim: string; values: string[]; matchedValue: string | null; groupId: number | null; groupName: string | null }

/**
 * What the store's mapping makes of the claims, for the console's test sign-in: the claim, its
 * values as sent, the mapped value that won and its group; null when the store maps no claim.
 * The same rule as ssoGroupFor.
 */
export async function ssoGroupMatch(db: Executor, websiteId: number, claims: Record<string, unknown>): Promise<SsoGroupMatch | null> {
  const [mapping] = await db.select().from(ssoGroupMappings).where(eq(ssoGroupMappings.websiteId, websiteId))
  if (!mapping || mapping.mappings.length === 0) return null
  const raw = claims[mapping.claim]
  const values = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : []).filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => value.trim())
  const held = new Set(claimValues(raw))
  const chosen = mapping.mappings.find((entry) => held.has(entry.value.trim().toLowerCase()))
  if (!chosen) return { claim: mapping.claim, values, matchedValue: null, groupId: null, groupName: null }
  const [group] = await db
    .select({ id: customerGroups.id, name: customerGroups.name })
    .from(customerGroups)
    .where(and(eq(customerGroups.id, chosen.groupId), eq(customerGroups.websiteId, websiteId)))
  return { claim: mapping.claim, values, matchedValue: chosen.value, groupId: group?.id ?? null, groupName: group?.name ?? null }
}
