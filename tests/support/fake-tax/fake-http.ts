import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A real HTTP server on 127.0.0.1 (a free port) for adapter tests: it records every request and
// answers through a handler the fake service sets, or through a one-off `failNext` (a 5xx, an HTML
// error page, broken JSON, or no answer at all to exercise timeouts). Its sockets do not keep the
// test process alive; close() ends open connections too.

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown; rawBody: string }

export type FakeReply = { status: number; json?: unknown; text?: string; contentType?: string }

export type Failure =
  | { kind: 'status'; status: number; json?: unknown }
  | { kind: 'html'; status: number }
  | { kind: 'malformed-json' }
  /** Never answers (until the server closes or 10 s pass). */
  | { kind: 'hang' }

export type FakeHttpServer = {
  /** http://127.0.0.1:{port} */
  url: string
  requests: RecordedRequest[]
  /** The next request gets this failure instead of the service's answer. */
  failNext(failure: Failure): void
  close(): Promise<void>
}

function send(response: ServerResponse, reply: FakeReply): void {
  const body = reply.text ?? JSON.stringify(reply.json ?? null)
  response.writeHead(reply.status, { 'Content-Type': reply.contentType ?? 'application/json', 'Content-Length': Buffer.byteLength(body) })
  response.end(body)
}

export async function startFakeHttpServer(handle: (request: RecordedRequest) => FakeReply): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = []
  const failures: Failure[] = []
  const hanging = new Set<NodeJS.Timeout>()

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8')
      let body: unknown
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined
      } catch {
        body = undefined
      }
      const recorded: RecordedRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, rawBody }
      requests.push(recorded)
      const failure = failures.shift()
      if (!failure) return send(response, handle(recorded))
      switch (failure.kind) {
        case 'status':
          return send(response, { status: failure.status, json: failure.json ?? { message: 'Internal Server Error' } })
        case 'html':
          return send(response, { status: failure.status, text: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html' })
        case 'malformed-json':
          return send(response, { status: 200, text: '{"result": {"success": tru', contentType: 'application/json' })
        case 'hang': {
          const timer = setTimeout(() => {
            hanging.delete(timer)
            response.destroy()
          }, 10_000)
          timer.unref()
          hanging.add(timer)
          return
        }
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (failure) => failures.push(failure),
    close: async () => {
      for (const timer of hanging) clearTimeout(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
