import { Secret, TOTP } from 'otpauth'

// The demo store's console users (src/server/staff/demo-staff.ts, README "Console"): fixed
// passwords, and for the owner a fixed TOTP secret, so the tests compute the owner's codes.

export const DEMO_OWNER = { email: 'owner@demo.example', password: 'console-owner-demo', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }
export const DEMO_FULFILMENT = { email: 'fulfilment@demo.example', password: 'console-fulfilment-demo' }
export const DEMO_PARTNER = { email: 'partner@demo.example', password: 'console-partner-demo' }

/** The demo owner's TOTP code now (or at `at`). */
export function ownerCode(at: Date = new Date()): string {
  return new TOTP({ secret: Secret.fromBase32(DEMO_OWNER.totpSecret) }).generate({ timestamp: at.getTime() })
}

/** A six-digit code that is not the owner's code in the current window or the ones beside it. */
export function wrongOwnerCode(): string {
  const near = new Set([-30_000, 0, 30_000].map((offset) => ownerCode(new Date(Date.now() + offset))))
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0')
    if (!near.has(code)) return code
  }
}
