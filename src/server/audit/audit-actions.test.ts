import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { describeAuditRow, sentenceText } from '@/isomorphic/audit-sentences'

// Every action the core records has its own sentence in the audit log (issue 26): the actions are
// read from the recordAudit calls of src/server (and the saveVersioned / takeOrderStep calls that record for their caller), so a new one without a sentence fails here
// instead of reading as the generic "recorded “…” on …".

const SERVER = path.resolve(import.meta.dirname, '..')

/** The action strings written where the core records an audit row ('order.mark_paid', `x ? 'a' : 'b'`). */
function recordedActions(): Set<string> {
  const actions = new Set<string>()
  for (const file of readdirSync(SERVER, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const source = readFileSync(path.join(SERVER, file), 'utf8')
    // recordAudit itself, or the helpers that write the audit row for their caller (versioned-save.ts, order-step.ts).
    if (!['recordAudit(', 'saveVersioned(', 'takeOrderStep('].some((call) => source.includes(call))) continue
    for (const match of source.matchAll(/\baction: ([^,\n]+)/g)) {
      for (const literal of match[1]!.matchAll(/'([a-z][A-Za-z_]*\.[A-Za-z_.]+)'/g)) actions.add(literal[1]!)
    }
    for (const match of source.matchAll(/const ACTION = '([^']+)'/g)) actions.add(match[1]!)
  }
  return actions
}

/** Actions built from a value: every value they are built from. */
const BUILT = [
  ...['publish', 'unpublish', 'setCategory', 'addCategory', 'adjustPrices'].map((action) => `product.bulk_${action}`),
  ...['open', 'close', 'archive', 'restore'].map((action) => `store.${action}`),
  'color.delete',
  'size.delete',
  'checkout_section.paymentMethods.update',
  'work_order.accept',
  'work_order.start_production',
  'work_order.report_problem',
  'work_order.resolve_problem',
]

describe('the audit log’s sentences', () => {
  const actions = [...new Set([...recordedActions(), ...BUILT])].sort()

  test('the scan finds the actions of the order, staff, catalog and store files', () => {
    expect(actions).toEqual(expect.arrayContaining(['order.mark_paid', 'staff.invite', 'product.update', 'store.create', 'store.import', 'customer.roster_import', 'allowances.adjust']))
    expect(actions.length).toBeGreaterThan(80)
  })

  test.each(actions)('%s has a sentence of its own', (action) => {
    const family = action.slice(0, action.indexOf('.'))
    const sentence = sentenceText(
      describeAuditRow(
        { action, entityType: family, entityId: '1', websiteId: 1, staffEmail: 'morgan@example.com', role: 'owner', before: { name: 'Before' }, after: { name: 'After' } },
        { actor: 'Morgan Lee', currency: 'USD', labelOf: () => ({ name: 'Thing', parentId: null }) },
      ),
    )
    expect(sentence).toMatch(/^Morgan Lee /)
    expect(sentence).not.toMatch(/recorded “/)
  })
})
