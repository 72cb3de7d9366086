// Asks a Node process started with --inspect=127.0.0.1:PORT to collect its garbage (twice, a pause
// between) and answers its process.memoryUsage() after, as one JSON line. For P13's idle memory
// (bench/bench-many-stores.ts): the RSS of a server that just rendered pages holds garbage a
// collection would free, and how much varies from run to run.
// Run: node --experimental-websocket bench/inspector-gc.mjs PORT (Node 20 needs the flag).
import { setTimeout as sleep } from 'node:timers/promises'

const port = Number(process.argv[2])
const targets = /** @type {{ webSocketDebuggerUrl: string }[]} */ (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json())
const target = targets[0]
if (!target) throw new Error(`no inspector target at port ${port}`)
const socket = new WebSocket(target.webSocketDebuggerUrl)
await new Promise((resolve, reject) => {
  socket.addEventListener('open', resolve, { once: true })
  socket.addEventListener('error', reject, { once: true })
})
/** @type {Map<number, (message: any) => void>} */
const waiting = new Map()
socket.addEventListener('message', (event) => {
  const message = JSON.parse(String(event.data))
  const done = waiting.get(message.id)
  if (done) {
    waiting.delete(message.id)
    done(message)
  }
})
let next = 0
/** @param {string} method @param {object} [params] */
function call(method, params = {}) {
  const id = ++next
  return new Promise((resolve, reject) => {
    waiting.set(id, (message) => (message.error ? reject(new Error(`${method}: ${JSON.stringify(message.error)}`)) : resolve(message.result)))
    socket.send(JSON.stringify({ id, method, params }))
  })
}

await call('HeapProfiler.collectGarbage')
await sleep(1000)
await call('HeapProfiler.collectGarbage')
await sleep(1000)
const answer = /** @type {{ result: { value: string } }} */ (await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true }))
console.log(answer.result.value)
socket.close()
