import { hash, verify } from '@node-rs/argon2'

// Passwords are hashed with argon2id (the library's defaults: 19 MiB, 2 passes, OWASP's minimum).
// Rules follow ASVS 6.2: 8 to 128 characters, any characters, no composition rules, and not one
// of the passwords every attacker tries first.

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

const COMMON_PASSWORDS = new Set(
  (
    'password password1 password12 password123 password1234 12345678 123456789 1234567890 12345678910 ' +
    '87654321 11111111 00000000 22222222 88888888 99999999 12341234 11223344 123123123 1q2w3e4r 1qaz2wsx ' +
    'qwertyui qwertyuiop qwerty123 qwerty12 asdfghjk asdfasdf zxcvbnm1 iloveyou iloveyou1 sunshine ' +
    'sunshine1 princess princess1 football football1 baseball baseball1 basketball superman trustno1 ' +
    'welcome1 welcome123 letmein1 letmein123 abcd1234 abc12345 abcdefgh a1b2c3d4 passw0rd p@ssw0rd ' +
    'p@ssword master12 monkey12 dragon12 shadow12 michael1 jennifer charlie1 computer internet starwars ' +
    'whatever changeme changeme1 administrator admin123 admin1234 secret123 qazwsxedc 1234qwer q1w2e3r4 ' +
    'q1w2e3r4t5 zaq12wsx !qaz2wsx 1q2w3e4r5t 123qweasd 123456789a aa123456 a12345678 qwer1234 ' +
    'summer2024 summer2025 summer2026 winter2024 winter2025 winter2026 spring2025 autumn2025 ' +
    'company1 company123 welcome2024 welcome2025 welcome2026 mustang1 jordan23 freedom1 hello123 ' +
    'loveme12 lovely12 babygirl1 pokemon1 minecraft liverpool chelsea1 arsenal1 yankees1 cowboys1'
  ).split(' '),
)

/** What is wrong with a new password, in words a person can act on; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length
  if (length < PASSWORD_MIN) return `The password must be at least ${PASSWORD_MIN} characters long.`
  if (length > PASSWORD_MAX) return `The password must be at most ${PASSWORD_MAX} characters long.`
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'This password is too common. Please choose another one.'
  if (/^(.)\1+$/u.test(password)) return 'This password is too easy to guess. Please choose another one.'
  return null
}

export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

// A real hash of a random password: verifying against it costs what a real verify costs, so an
// unknown email takes as long to refuse as a wrong password.
let dummyHash: Promise<string> | undefined

/** True when `password` matches `passwordHash`; with no hash, spends the same time and says false. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash(crypto.randomUUID())
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
