import { describe, expect, test, vi } from 'vitest'
import { createOrdersReader, EARLY_READ_KEPT_MS, type OrdersAnswer } from './orders-read'

const answer = (name: string): OrdersAnswer => ({ orders: { orders: [{ name } as OrdersAnswer['orders']['orders'][number]] } })

describe('the orders read as the account area opens', () => {
  test('the list takes the read started early instead of asking again', async () => {
    const read = vi.fn(async () => answer('S00001'))
    const orders = createOrdersReader(read)
    orders.readEarly('partner-1')
    await expect(orders.read('partner-1')).resolves.toEqual(answer('S00001'))
    expect(read).toHaveBeenCalledTimes(1)
  })

  test('an early read is taken once: the next list (a retry, a return to the list) reads again', async () => {
    const read = vi.fn(async () => answer('S00001'))
    const orders = createOrdersReader(read)
    orders.readEarly('partner-1')
    await orders.read('partner-1')
    await orders.read('partner-1')
    expect(read).toHaveBeenCalledTimes(2)
  })

  test("another partner's early read, or one grown old, is not taken", async () => {
    let clock = 0
    const read = vi.fn(async (uid: string) => answer(uid))
    const orders = createOrdersReader(read, () => clock)
    orders.readEarly('partner-1')
    await expect(orders.read('partner-2')).resolves.toEqual(answer('partner-2'))
    orders.readEarly('partner-1')
    clock += EARLY_READ_KEPT_MS
    await orders.read('partner-1')
    expect(read).toHaveBeenCalledTimes(4)
  })

  test('an early read that fails is a failure for the list that takes it, and nothing for nobody', async () => {
    const read = vi.fn(async () => {
      throw new Error('offline')
    })
    const orders = createOrdersReader(read)
    orders.readEarly('partner-1')
    await expect(orders.read('partner-1')).rejects.toThrow('offline')
    orders.readEarly('partner-1')
  })
})
