import { SIGN_IN_REQUIRED } from '@/isomorphic/account-types'
import { DomainError } from './errors'

// What every use case of the core is given instead of a request (decision 018): for which store it
// runs, who acts, and the client's address for rate limits. The edge (src/web) builds it from a
// request with apiContext; tests build it with tests/support/core-context.ts; a scheduled job would
// build it with the `system` actor. Nothing under src/server reads a header, a cookie or a request.

export type Store = { websiteId: number }

/** Nobody signed in: an anonymous shopper, or credentials that did not hold (bad token, revoked session). */
export type Guest = { kind: 'guest' }

/** A partner (the store's customer) signed in with a live session (decision 009). */
export type Shopper = { kind: 'shopper'; partnerId: number; partnerUid: string; sessionId: string; websiteId: number }

export type StaffRole = 'owner' | 'store_manager' | 'fulfilment'

/**
 * A member of the store's staff signed in to the console (issue 15), for the stores they may act
 * on: an owner acts on every store (storeIds is then empty and ignored), the others on storeIds.
 * `sessionId` is the console session (null for a context built by a command or a job).
 */
export type Staff = { kind: 'staff'; staffId: number; email: string; name: string; role: StaffRole; storeIds: readonly number[]; sessionId: string | null }

/** A decoration partner's staff member (decorates and ships for the stores): sees only its own work orders. */
export type DecorationPartner = { kind: 'decorationPartner'; staffId: number; email: string; name: string; decorationPartnerId: number; sessionId: string | null }

/** The server itself, running a named job (housekeeping, an import). */
export type SystemJob = { kind: 'system'; job: string }

export type Actor = Guest | Shopper | Staff | DecorationPartner | SystemJob

export const GUEST: Guest = { kind: 'guest' }

export type CoreContext = {
  readonly store: Store
  /**
   * Who acts. Resolved on first ask and then remembered (one session lookup per context at most),
   * so a call that never asks (the catalog of an unlocked store) costs no lookup.
   */
  readonly actor: () => Promise<Actor>
  /** The client's address, as the edge decided it: the key of per-caller rate limits. */
  readonly clientKey: string | null
  readonly userAgent: string | null
}

/** Builds a context; `actor` may be known already or a resolver, which runs once on first ask. */
export function coreContext(input: { websiteId: number; actor: Actor | (() => Promise<Actor>); clientKey?: string | null; userAgent?: string | null }): CoreContext {
  const { actor } = input
  let resolved: Promise<Actor> | null = typeof actor === 'function' ? null : Promise.resolve(actor)
  return {
    store: { websiteId: input.websiteId },
    actor: () => (resolved ??= (actor as () => Promise<Actor>)()),
    clientKey: input.clientKey ?? null,
    userAgent: input.userAgent ?? null,
  }
}

/** The signed-in shopper behind the call, or null for anyone else. */
export async function currentShopper(ctx: CoreContext): Promise<Shopper | null> {
  const actor = await ctx.actor()
  return actor.kind === 'shopper' ? actor : null
}

/** The signed-in shopper, or a 401 with `message` (a sentence the client may show). */
export async function requireShopper(ctx: CoreContext, message: string = SIGN_IN_REQUIRED): Promise<Shopper> {
  const shopper = await currentShopper(ctx)
  if (!shopper) throw new DomainError('unauthorized', 'no live session behind the request', message)
  return shopper
}
