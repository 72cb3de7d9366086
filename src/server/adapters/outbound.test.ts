import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DomainError } from '../kernel/errors'
import {
  addressClass,
  checkOutboundUrl,
  hostClass,
  OUTBOUND_REFUSED,
  OUTBOUND_UNREACHABLE,
  OutboundError,
  outboundFetch,
  type OutboundPolicy,
  outboundProblemMessage,
  outboundUrlProblem,
} from './outbound'

// The one outbound policy (issue 24): every address staff or a store file set is checked when saved
// and again when called, where the host's addresses are resolved, checked and the connection pinned
// to the one checked; a caller learns the same sentence whatever listens on a port.

const STRICT: OutboundPolicy = { allowPrivate: false }
const PRIVATE_INSTALL: OutboundPolicy = { allowPrivate: true }
const LABEL = { label: 'the tax service', example: 'https://tax.example.com/rates' }

function refusalOf(url: string, policy: OutboundPolicy): string {
  try {
    checkOutboundUrl(url, { ...LABEL, policy })
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).code).toBe('invalid')
    return (error as DomainError).userMessage
  }
  throw new Error(`${url} was accepted`)
}

const NOT_PUBLIC = outboundProblemMessage('not_public', LABEL)
const HTTPS_ONLY = outboundProblemMessage('https_only', LABEL)

describe('an address staff save', () => {
  test('a public https address is accepted and kept as the URL parser writes it', () => {
    expect(checkOutboundUrl('  https://Tax.Example.com:8443/rates?v=2  ', { ...LABEL, policy: STRICT })).toBe('https://tax.example.com:8443/rates?v=2')
    expect(checkOutboundUrl('https://93.184.215.14/', { ...LABEL, policy: STRICT })).toBe('https://93.184.215.14/')
    expect(checkOutboundUrl('https://[2606:4700:4700::1111]/', { ...LABEL, policy: STRICT })).toBe('https://[2606:4700:4700::1111]/')
  })

  test('this machine is refused however it is spelled', () => {
    const spellings = [
      'https://127.0.0.1:8443/',
      'https://localhost/',
      'https://LOCALHOST./',
      'https://localhost./',
      'https://LocalHost/',
      'https://tax.localhost/',
      'https://127.1/',
      'https://2130706433/',
      'https://0x7f000001/',
      'https://0177.0.0.1/',
      'https://0x7f.0.0.1/',
      'https://127.0.0.1./',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[0:0:0:0:0:ffff:7f00:1]/',
      'https://[::127.0.0.1]/',
      'https://0.0.0.0/',
      'https://0/',
      'https://%31%32%37.0.0.1/',
    ]
    for (const url of spellings) expect(refusalOf(url, STRICT), url).toBe(NOT_PUBLIC)
  })

  test('private networks, link-local, cloud metadata and reserved ranges are refused', () => {
    const addresses = [
      'https://10.0.0.5/',
      'https://172.16.4.1/',
      'https://192.168.1.10/',
      'https://100.64.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://METADATA.GOOGLE.INTERNAL./',
      'https://metadata/',
      'https://instance-data/',
      'https://[fd00::1]/',
      'https://[fd00:ec2::254]/',
      'https://[fe80::1]/',
      'https://[64:ff9b::7f00:1]/',
      'https://[2002:7f00:1::]/',
      'https://224.0.0.1/',
      'https://255.255.255.255/',
      'https://intranet/',
      'https://printer.local/',
      'https://erp.corp.internal/',
      'https://router.home.arpa/',
    ]
    for (const url of addresses) expect(refusalOf(url, STRICT), url).toBe(NOT_PUBLIC)
  })

  test('https only; no user name, password or fragment; a full address', () => {
    expect(refusalOf('http://tax.example.com/', STRICT)).toBe(HTTPS_ONLY)
    for (const url of ['ftp://tax.example.com/', 'file:///etc/passwd', 'gopher://tax.example.com/', 'javascript:alert(1)', 'ws://tax.example.com/']) {
      expect(refusalOf(url, PRIVATE_INSTALL), url).toBe(HTTPS_ONLY)
    }
    expect(refusalOf('https://me:pw@tax.example.com/', STRICT)).toBe(outboundProblemMessage('credentials', LABEL))
    expect(refusalOf('https://tax.example.com/#x', STRICT)).toBe(outboundProblemMessage('fragment', LABEL))
    for (const url of ['', 'tax.example.com/rates', 'https://', '/relative']) expect(refusalOf(url, STRICT), url).toBe('Enter the full address of the tax service, such as https://tax.example.com/rates.')
    expect(refusalOf(`https://tax.example.com/${'a'.repeat(2000)}`, STRICT)).toMatch(/longer than 2000 characters/)
  })

  test('with ALLOW_PRIVATE_OUTBOUND, private and loopback receivers are allowed, over plain http too; metadata and link-local never', () => {
    for (const url of ['http://127.0.0.1:4010/hooks', 'http://localhost:3000/', 'http://[::1]:8080/x', 'https://10.1.2.3/', 'http://192.168.1.20/', 'http://receiver.lan/']) {
      expect(checkOutboundUrl(url, { ...LABEL, policy: PRIVATE_INSTALL }), url).toBe(new URL(url).toString())
    }
    for (const url of ['https://169.254.169.254/', 'http://169.254.169.254/', 'https://metadata.google.internal/', 'https://[fe80::1]/', 'https://[fd00:ec2::254]/', 'https://[::ffff:127.0.0.1]/', 'https://0.0.0.0/']) {
      expect(refusalOf(url, PRIVATE_INSTALL), url).toBe(NOT_PUBLIC)
    }
    // Plain http to a public address is not what the setting is for.
    expect(refusalOf('http://93.184.215.14/', PRIVATE_INSTALL)).toBe(HTTPS_ONLY)
  })

  test('the classes of addresses and names', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '100.64.0.1', '::1', 'fd12:3456::1', 'fc00::1']) expect(addressClass(address), address).toBe('private')
    for (const address of ['169.254.169.254', '0.0.0.0', '224.0.0.1', '::', 'fe80::1', 'ff02::1', '::ffff:8.8.8.8', '::ffff:7f00:1', '64:ff9b::a00:1', '2001:db8::1', 'fd00:ec2::254', 'not-an-address']) {
      expect(addressClass(address), address).toBe('never')
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111']) expect(addressClass(address), address).toBe('public')
    expect(hostClass('tax.example.com')).toBe('public')
    expect(hostClass('LOCALHOST.')).toBe('private')
    expect(hostClass('metadata.google.internal.')).toBe('never')
  })
})

describe('a call to an address staff set', () => {
  let receiver: Server
  let port: number
  const seen: { host: string | undefined; url: string | undefined; body: string }[] = []

  beforeAll(async () => {
    receiver = createHttpServer((request: IncomingMessage, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      request.on('end', () => {
        seen.push({ host: request.headers.host, url: request.url, body })
        if (request.url === '/moved') return response.writeHead(302, { Location: 'http://127.0.0.1:1/' }).end()
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    port = (receiver.address() as AddressInfo).port
  })
  afterAll(async () => {
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  })

  async function failureOf(call: Promise<unknown>): Promise<OutboundError> {
    const error = await call.then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(OutboundError)
    return error as OutboundError
  }

  test('a loopback receiver is refused before any connection, by address or by a name that resolves to it', async () => {
    const before = seen.length
    expect((await failureOf(outboundFetch(`https://127.0.0.1:${port}/`, {}, { policy: STRICT }))).message).toBe(OUTBOUND_REFUSED)
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }]
    const refused = await failureOf(outboundFetch(`https://tax.example.test:${port}/`, {}, { policy: STRICT, resolve: toLoopback }))
    expect([refused.kind, refused.message]).toEqual(['refused', OUTBOUND_REFUSED])
    expect(refused.detail).toBe('the host resolves to 127.0.0.1 (private, https:)')
    // One public and one private answer: refused too (a rebinding name may answer either).
    const mixed = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ]
    expect((await failureOf(outboundFetch('https://tax.example.test/', {}, { policy: PRIVATE_INSTALL, resolve: mixed }))).kind).toBe('refused')
    expect(seen.length).toBe(before)
  })

  test('the connection goes to the address checked: the name is resolved once, and its later answers change nothing', async () => {
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.9.9.9', family: 4 }]]
    let lookups = 0
    const rebinding = async () => answers[Math.min(lookups++, 1)]!
    const response = await outboundFetch(`http://receiver.test:${port}/pinned`, { method: 'POST', body: 'hello', headers: { 'Content-Type': 'text/plain' } }, { policy: PRIVATE_INSTALL, resolve: rebinding })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(lookups).toBe(1)
    expect(seen.at(-1)).toEqual({ host: `receiver.test:${port}`, url: '/pinned', body: 'hello' })
  })

  test('plain http goes to private receivers only, even with the setting', async () => {
    const toPublic = async () => [{ address: '93.184.215.14', family: 4 }]
    const refused = await failureOf(outboundFetch('http://hooks.example.test/', {}, { policy: PRIVATE_INSTALL, resolve: toPublic }))
    expect(refused.kind).toBe('refused')
  })

  test('a redirect is answered as it is, never followed', async () => {
    const response = await outboundFetch(`http://127.0.0.1:${port}/moved`, {}, { policy: PRIVATE_INSTALL })
    expect([response.status, response.headers.get('location')]).toEqual([302, 'http://127.0.0.1:1/'])
    expect(seen.filter((entry) => entry.url === '/')).toEqual([])
  })

  describe('what the caller learns does not tell what listens on a port', () => {
    let closedPort: number
    let silent: TcpServer
    let notHttp: TcpServer
    const held: Socket[] = []

    beforeAll(async () => {
      const closed = createTcpServer()
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
      closedPort = (closed.address() as AddressInfo).port
      await new Promise((resolve) => closed.close(resolve))
      silent = createTcpServer((socket) => held.push(socket))
      notHttp = createTcpServer((socket) => {
        held.push(socket)
        socket.end('SSH-2.0-OpenSSH_9.6\r\n')
      })
      await Promise.all([silent, notHttp].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))))
    })
    afterAll(async () => {
      for (const socket of held) socket.destroy()
      await Promise.all([silent, notHttp].map((server) => new Promise((resolve) => server.close(resolve))))
    })

    test('a closed port, an open one that is not HTTP and a silent one read the same; the detail is for the log', async () => {
      const ports = { closed: closedPort, 'not HTTP': (notHttp.address() as AddressInfo).port, silent: (silent.address() as AddressInfo).port }
      const failures = await Promise.all(Object.values(ports).map((each) => failureOf(outboundFetch(`http://127.0.0.1:${each}/`, {}, { policy: PRIVATE_INSTALL, timeoutMs: 300 }))))
      expect(failures.map((failure) => [failure.kind, failure.message])).toEqual(Object.keys(ports).map(() => ['unreachable', OUTBOUND_UNREACHABLE]))
      expect(new Set(failures.map((failure) => failure.detail)).size).toBe(3)
      // With the setting off, all three are refused before any connection, with one sentence.
      const strict = await Promise.all(Object.values(ports).map((each) => failureOf(outboundFetch(`https://127.0.0.1:${each}/`, {}, { policy: STRICT, timeoutMs: 300 }))))
      expect(new Set(strict.map((failure) => failure.message))).toEqual(new Set([OUTBOUND_REFUSED]))
    })
  })

  test('outboundUrlProblem is the same check at connect time as at save', () => {
    expect(outboundUrlProblem('https://LOCALHOST./', STRICT)).toEqual({ problem: 'not_public' })
    expect(outboundUrlProblem('https://tax.example.com/', STRICT)).toMatchObject({ url: new URL('https://tax.example.com/') })
  })
})
