// Where tests/e2e/support/console-stores.ts writes what it added to the main store's database for
// the console's security suite (a second store, more console users), read by
// tests/e2e/security/console-attack.ts. Next to the store's data, so a fresh store has fresh ids.
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..', '..')

export const CONSOLE_FIXTURES_FILE = path.join(root, '.data', 'e2e', 'console-fixtures.json')

/** The webhook secrets console-stores.ts stores (the logs scan looks for them). */
export const FIXTURE_WEBHOOK_SECRETS = ['whsec_second_store_fixture_secret_0001', 'whsec_demo_store_fixture_secret_0001']
