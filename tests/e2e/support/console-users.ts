import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Secret, TOTP } from 'otpauth'

// The demo store's console users (src/server/staff/demo-staff.ts, README "Console"): fixed
// passwords, and for the owner a fixed TOTP secret, so the tests compute the owner's codes.

export const DEMO_OWNER = { email: 'owner@demo.example', password: 'console-owner-demo', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }
export const DEMO_FULFILMENT = { email: 'fulfilment@demo.example', password: 'console-fulfilment-demo' }
export const DEMO_PARTNER = { email: 'partner@demo.example', password: 'console-partner-demo' }

const STEP_MS = 30_000
const codeAt = (at: Date) => new TOTP({ secret: Secret.fromBase32(DEMO_OWNER.totpSecret) }).generate({ timestamp: at.getTime() })

// The console takes each code once (issue 24), so two sign-ins in one 30-second step cannot both use
// "the code now". The steps handed out are noted in a file every test process of the run shares; the
// next sign-in gets the step after the last one, which the server takes while it is at most one step
// ahead of the clock (three sign-ins per 30 seconds, then a wait for the next step).
const USED_STEPS = path.join(import.meta.dirname, '../../../.data/e2e-owner-totp-step')

function lastUsedStep(): number {
  try {
    return Number(readFileSync(USED_STEPS, 'utf8')) || 0
  } catch {
    return 0
  }
}

/** A code of the demo owner that no sign-in of this run has used yet (waits up to 30 s for one). */
export async function ownerCode(): Promise<string> {
  const current = () => Math.floor(Date.now() / STEP_MS)
  const step = Math.max(current() - 1, lastUsedStep() + 1)
  while (step > current() + 1) await new Promise((resolve) => setTimeout(resolve, 250))
  mkdirSync(path.dirname(USED_STEPS), { recursive: true })
  writeFileSync(USED_STEPS, String(step))
  return codeAt(new Date(step * STEP_MS))
}

/** A six-digit code that is not the owner's code in the current window or the ones beside it. */
export function wrongOwnerCode(): string {
  const near = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((offset) => codeAt(new Date(Date.now() + offset))))
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0')
    if (!near.has(code)) return code
  }
}
