import http from 'node:http'
import { createServer, type Server, Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

// HTTP and TCP helpers of the resilience suite: a JSON client with one fresh connection per call
// (a killed server leaves no stale keep-alive socket behind), a custom tax service that can hold
// its answers, and a TCP proxy in front of PostgreSQL that can cut and refuse connections like a
// database restart does.

export type JsonAnswer = { status: number; body: unknown }

/** POSTs (or GETs, without `body`) JSON; rejects when the connection fails or is cut. */
export function httpJson(url: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const request = http.request(
      url,
      {
        method: payload === undefined ? 'GET' : 'POST',
        agent: false,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let parsed: unknown = text
          try {
            parsed = JSON.parse(text)
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: response.statusCode ?? 0, body: parsed })
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

/** The rates the held tax service knows (spec 8's custom tax contract). */
const RATES: Record<string, { tax_percentage: number; ShippingTaxable: boolean }> = {
  '29601': { tax_percentage: 6, ShippingTaxable: false },
  '80202': { tax_percentage: 8.81, ShippingTaxable: false },
}

export type HeldTaxService = {
  url: string
  /** From now on, requests wait (until `answer()` or the server closes) instead of being answered. */
  hold(): void
  /** Answers the waiting requests and every later one. */
  answer(): void
  /** Resolves when the next request arrives. */
  nextRequest(): Promise<void>
  requests: number
  close(): Promise<void>
}

/** A store's custom tax service on 127.0.0.1 that can be told to keep the checkout waiting. */
export async function startHeldTaxService(): Promise<HeldTaxService> {
  let holding = false
  const waiting: (() => void)[] = []
  const arrivals: (() => void)[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      service.requests += 1
      arrivals.splice(0).forEach((notify) => notify())
      const reply = () => {
        if (response.destroyed) return
        const asked = (JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { address_list?: { zip?: string }[] }).address_list ?? []
        const data = asked.map(({ zip = '' }) => (RATES[zip] ? { zip, ...RATES[zip] } : null))
        const body = data.every(Boolean) ? { result: { success: true, data } } : { result: { success: false, message: 'No tax rate for that ZIP' } }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      }
      if (holding) waiting.push(reply)
      else reply()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const service: HeldTaxService = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => {
      holding = true
    },
    answer: () => {
      holding = false
      waiting.splice(0).forEach((reply) => reply())
    },
    nextRequest: () => new Promise<void>((resolve) => arrivals.push(resolve)),
    requests: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return service
}

export type TcpProxy = {
  port: number
  /** Drops every connection and refuses new ones (the database going down). */
  cut(): Promise<void>
  /** Accepts connections again on the same port (the database back). */
  restore(): Promise<void>
  close(): Promise<void>
}

/** A TCP proxy on 127.0.0.1 to `target` (host:port). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const makeServer = () =>
    createServer((client) => {
      const upstream = new Socket()
      track(client)
      track(upstream)
      upstream.connect(target.port, target.host)
      client.pipe(upstream)
      upstream.pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
  let server: Server | null = makeServer()
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const stop = async () => {
    const current = server
    server = null
    for (const socket of sockets) socket.destroy()
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
  }
  return {
    port,
    cut: stop,
    async restore() {
      if (server) return
      server = makeServer()
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject)
        server!.listen(port, '127.0.0.1', resolve)
      })
    },
    close: stop,
  }
}
