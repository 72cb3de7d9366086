import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A real HTTP server on 127.0.0.1 (a free port) for the carrier fakes. It records every request,
// does not keep the test process alive, and close() ends it together with any connection a
// deliberately hanging answer left open.

export type RecordedRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: string }

export type FakeHttpServer = {
  /** http://127.0.0.1:{port} */
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => void

export async function startFakeHttpServer(handle: FakeHandler): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      requests.push(recorded)
      try {
        handle(recorded, res)
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

export function sendText(response: ServerResponse, status: number, body: string, type = 'text/plain'): void {
  response.writeHead(status, { 'content-type': type }).end(body)
}

/** Never answers (the client's timeout must fire); close() ends the connection. */
export function hang(_response: ServerResponse): void {}
