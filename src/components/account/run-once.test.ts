import { describe, expect, test } from 'vitest'
import { runOnce, runOnceWhileMounted } from './run-once'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a single-use link is sent once per page load', () => {
  test('asking again for the same key gets the first call back, not a second call', async () => {
    let calls = 0
    const work = async () => ++calls
    const first = runOnce('test:same-key', work)
    const again = runOnce('test:same-key', work)
    expect(again).toBe(first)
    expect(await again).toBe(1)
    expect(calls).toBe(1)
  })

  test('a mounted view hears how the call went: the answer, or the refusal', async () => {
    const answers: string[] = []
    const failures: unknown[] = []
    runOnceWhileMounted('test:answer', async () => 'welcome', (answer) => answers.push(answer), (error) => failures.push(error))
    const refusal = new Error('link used')
    runOnceWhileMounted('test:refusal', () => Promise.reject(refusal), (answer) => answers.push(answer), (error) => failures.push(error))
    await settle()
    expect(answers).toEqual(['welcome'])
    expect(failures).toEqual([refusal])
  })

  test('a view unmounted before the answer hears nothing, and its remount hears the same answer', async () => {
    let calls = 0
    const heard: string[] = []
    const work = async () => `answer ${++calls}`
    const unmount = runOnceWhileMounted('test:remount', work, (answer) => heard.push(`first: ${answer}`), () => {})
    unmount()
    runOnceWhileMounted('test:remount', work, (answer) => heard.push(`remounted: ${answer}`), () => {})
    await settle()
    expect(heard).toEqual(['remounted: answer 1'])
    expect(calls).toBe(1)
  })
})
