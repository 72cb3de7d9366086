// A load generator for per-user traffic, run as its own process: `connections` loops, each one
// user with its own headers and body, for `seconds`. autocannon sends one request shape from every
// connection; signed-in traffic needs one token per user and a cart revision that follows the
// answers. Prints one JSON line: { requestsPerSec, p50, p99, errors, non2xx, statuses }.
//
// Config (argv[2], JSON): { url, seconds, rate?, users: [{ path, headers, body, kind }] } where kind
// 'cart-save' reads the cart's revision first (untimed), then sends { partnerId, items, revision }
// and follows the revision of each answer.
//
// Without `rate` the loop is closed: each user sends again as soon as it is answered (the peak).
// With `rate` (requests a second over all users) it is open: each user's requests are due on a
// fixed schedule (every users/rate seconds, users starting evenly spread), and a request's latency
// is measured from when it was due, not from when it went out. A user still waiting for its
// previous answer sends the next one as soon as that answer comes (one request in flight per user:
// a cart save needs the revision of the previous one), and the wait counts in the latency: a slow
// server cannot hide its queue in the load generator (coordinated omission). `late` counts the
// requests that went out more than 1 ms after they were due.
import http from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

const config = JSON.parse(process.argv[2])
const agent = new http.Agent({ keepAlive: true, maxSockets: config.users.length })
const latencies = []
const statuses = {}
let errors = 0
let non2xx = 0
let late = 0

/** `due`: when the request was due (open loop); its latency is measured from then. */
function send(path, headers, body, due = performance.now()) {
  return new Promise((resolve) => {
    const started = due
    const request = http.request(config.url + path, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip', ...headers } }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => {
        const ms = performance.now() - started
        const body = Buffer.concat(chunks)
        const encoding = response.headers['content-encoding']
        const decode = () => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString()
        resolve({ status: response.statusCode ?? 0, ms, text: decode })
      })
    })
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started, text: () => '' }))
    request.end(body)
  })
}

/** The saved cart's revision now, read (untimed) before a run, as the browser reads it on sign-in. */
async function currentRevision(user) {
  const answer = await send(user.path, user.headers, JSON.stringify({ partnerId: user.body.partnerId }))
  if (answer.status !== 200) throw new Error(`reading the cart answered ${answer.status}: ${answer.text().slice(0, 200)}`)
  return JSON.parse(answer.text()).data.cart.revision
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Closed loop: `schedule` is null. Open loop: { first, every } in ms, the user's first due time and its interval. */
async function loop(user, startRevision, deadline, schedule) {
  let revision = startRevision
  let due = schedule?.first ?? 0
  while ((schedule ? due : performance.now()) < deadline) {
    if (schedule) {
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
      else if (wait < -1) late++
    }
    const body = user.kind === 'cart-save' ? JSON.stringify({ ...user.body, revision }) : JSON.stringify(user.body)
    const answer = await send(user.path, user.headers, body, schedule ? due : undefined)
    if (schedule) due += schedule.every
    latencies.push(answer.ms)
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
    if (answer.status === 0) errors++
    else if (answer.status < 200 || answer.status >= 300) non2xx++
    // A conflict answers the current cart too: the next save is based on it, as the browser does.
    if (user.kind === 'cart-save' && (answer.status === 200 || answer.status === 409)) revision = JSON.parse(answer.text()).data.cart.revision
  }
}

const revisions = await Promise.all(config.users.map((user) => (user.kind === 'cart-save' ? currentRevision(user) : 0)))
const started = performance.now()
const deadline = started + config.seconds * 1000
const every = config.rate ? (1000 * config.users.length) / config.rate : 0
const schedules = config.users.map((_, index) => (config.rate ? { first: started + (every * index) / config.users.length, every } : null))
await Promise.all(config.users.map((user, index) => loop(user, revisions[index], deadline, schedules[index])))
const elapsed = (performance.now() - started) / 1000
latencies.sort((a, b) => a - b)
const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0)
console.log(
  JSON.stringify({
    requestsPerSec: latencies.length / elapsed,
    p50: Math.round(at(0.5) * 10) / 10,
    p99: Math.round(at(0.99) * 10) / 10,
    errors,
    non2xx,
    statuses,
    ...(config.rate ? { rate: config.rate, late } : {}),
  }),
)
agent.destroy()
