// The console users tests/e2e/support/console-stores.ts adds to the main store for the console's
// security suite (besides the demo's three, support/console-users.ts), and the shape of what it
// writes to CONSOLE_FIXTURES_FILE. Test use only.
import { SCRIPT_PAYLOADS } from '../../support/attack-payloads'

export const CONSOLE_ACCOUNTS = {
  /** Store manager of the demo store. */
  demoManager: { email: 'manager@demo.example', name: 'Demo Manager', password: 'console-manager-demo-7f3a' },
  /** Store manager of the second store only. */
  secondManager: { email: 'manager@second-store.example', name: 'Second Manager', password: 'console-second-manager-9c21' },
  /** Fulfilment of the second store only. */
  secondFulfilment: { email: 'fulfilment@second-store.example', name: 'Second Fulfilment', password: 'console-second-fulfilment-4e88' },
  /** An owner who has not turned on two-factor sign-in yet. */
  ownerWithoutSecondFactor: { email: 'new-owner@demo.example', name: 'New Owner', password: 'console-new-owner-2b6d' },
  /** A member of the second decoration partner (the demo partner's member is of the first). */
  otherPartner: { email: 'partner@redline.example', name: 'Redline Member', password: 'console-other-partner-5a17' },
  /** Fulfilment of the demo store whose sign-in the lockout attack targets (issue 24); no other test uses it. */
  guarded: { email: 'guarded@demo.example', name: 'Guarded Member', password: 'console-guarded-member-3c90' },
  /** Store manager of the demo store whose name is a script (the console shows staff names). */
  scriptName: { email: 'script-name@demo.example', name: SCRIPT_PAYLOADS.script, password: 'console-script-name-8d02' },
} as const

export type ConsoleFixtures = {
  demoStoreId: number
  secondStoreId: number
  /** The decoration partner of the demo partner's member, and another one. */
  demoPartnerId: number
  otherPartnerId: number
  demoWebhookEndpointId: number
  demoWebhookDeliveryId: number
  /** A paid order of the demo store with a work order for each partner. */
  demoStore: { staffId: number; orderId: number; orderLineIds: number[]; demoPartnerWorkOrderId: number; otherPartnerWorkOrderId: number }
  /** The second store's records (staffId: a member of that store only). */
  secondStore: { staffId: number; orderId: number; orderLineId: number; workOrderId: number; webhookEndpointId: number; webhookDeliveryId: number }
}

/**
 * Gift cards of the demo store on no account, for the guest who pays with a card's number
 * (gift-card-guest.spec.ts): $20.00 each, one per device and attempt, so a retry has a card of its own.
 */
export const GUEST_GIFT_CARD_AMOUNT_CENTS = 2000
export const guestGiftCardNumber = (device: 'desktop' | 'phone', attempt: number) => `GUEST-PAYS-${device.toUpperCase()}-${attempt}`
export const GUEST_GIFT_CARD_ATTEMPTS = 3
