import { describe, expect, test } from 'vitest'
import { fieldAsks, fieldsAskedOf } from './order-field-audience'

const guest = { signedIn: false, groupId: null }
const employee = { signedIn: true, groupId: 7 }
const coach = { signedIn: true, groupId: 9 }

describe('who an order field asks', () => {
  test('a field for everyone asks guests and customers alike', () => {
    expect([guest, employee, coach].map((asker) => fieldAsks({ audience: 'everyone', groupId: null }, asker))).toEqual([true, true, true])
  })

  test('a field for customers is never asked of a guest', () => {
    expect(fieldAsks({ audience: 'customers', groupId: null }, guest)).toBe(false)
    expect(fieldAsks({ audience: 'customers', groupId: null }, employee)).toBe(true)
  })

  test('a group’s field asks only that group’s customers', () => {
    const field = { audience: 'group', groupId: 7 } as const
    expect([guest, employee, coach].map((asker) => fieldAsks(field, asker))).toEqual([false, true, false])
  })

  test('a group field whose group is gone asks nobody', () => {
    expect(fieldAsks({ audience: 'group', groupId: null }, { signedIn: true, groupId: null })).toBe(false)
  })

  test('the fields asked keep their order', () => {
    const fields = [
      { name: 'cost_center', audience: 'customers', groupId: null },
      { name: 'in_hands_date', audience: 'everyone', groupId: null },
      { name: 'team', audience: 'group', groupId: 9 },
    ] as const
    expect(fieldsAskedOf(fields, guest).map((field) => field.name)).toEqual(['in_hands_date'])
    expect(fieldsAskedOf(fields, coach).map((field) => field.name)).toEqual(['cost_center', 'in_hands_date', 'team'])
  })
})

describe('a store file’s order field says whom it asks', () => {
  const field = { name: 'cost_center', label: 'Cost center', type: 'text' as const }

  test('everyone by default; customers, or a group by its code', async () => {
    const { OrderExtraFieldSchema } = await import('./contract/store-file-checkout')
    expect(OrderExtraFieldSchema.parse(field).askedOf).toBe('everyone')
    expect(OrderExtraFieldSchema.parse({ ...field, askedOf: 'customers' }).askedOf).toBe('customers')
    expect(OrderExtraFieldSchema.parse({ ...field, askedOf: 'group', group: 'coaches' })).toMatchObject({ askedOf: 'group', group: 'coaches' })
  })

  test('a group field names its group, and only a group field names one', async () => {
    const { OrderExtraFieldSchema } = await import('./contract/store-file-checkout')
    expect(OrderExtraFieldSchema.safeParse({ ...field, askedOf: 'group' }).error?.issues[0]).toMatchObject({ path: ['group'] })
    expect(OrderExtraFieldSchema.safeParse({ ...field, askedOf: 'customers', group: 'coaches' }).error?.issues[0]).toMatchObject({ path: ['group'] })
    expect(OrderExtraFieldSchema.safeParse({ ...field, askedOf: 'staff' }).success).toBe(false)
  })
})
