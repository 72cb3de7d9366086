// P1's reference (performance.md): bare node:http answering from memory with the very answers the
// store gave — the same status, the same headers and the same compressed body bytes — so the ratio
// measures what the store's request path costs beyond writing those bytes to a socket, the limit of
// this machine. Its own process, started by the bench (bench/bench-pages.ts) on loopback:
//   node bench/bare-reference.mjs <answers.json>   (PORT, HOSTNAME_BIND from the environment)
// answers.json: { "/ref/shop": { "headers": [name, value, …], "body": "<base64>" }, … }.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const file = process.argv[2]
if (!file) throw new Error('usage: node bench/bare-reference.mjs <answers.json>')
/** @type {Record<string, { headers: string[], body: string }>} */
const stored = JSON.parse(readFileSync(file, 'utf8'))
/** @type {Map<string, { headers: string[], body: Buffer }>} */
const answers = new Map(Object.entries(stored).map(([pathname, answer]) => [pathname, { headers: answer.headers, body: Buffer.from(answer.body, 'base64') }]))

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? '/')
  if (!answer) {
    response.writeHead(request.url === '/ready' ? 200 : 404)
    response.end()
    return
  }
  response.writeHead(200, answer.headers)
  response.end(answer.body)
})
server.keepAliveTimeout = 65_000
server.listen(Number(process.env.PORT), process.env.HOSTNAME_BIND ?? '127.0.0.1')
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
