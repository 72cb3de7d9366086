import { addBusinessDays, isDay } from '@/isomorphic/business-days'
import { hang, sendText, startFakeHttpServer, type FakeHttpServer, type RecordedRequest } from './http-fake'

// A fake USPS Web Tools ShippingAPI.dll speaking RateV4 (external-apis.md §3.2): the request is
// `API=RateV4&XML=<RateV4Request USERID=…>` (query or POST form); the answer is always HTTP 200
// XML — a <RateV4Response> with one <Package> per request package (a <Postage> with a <Rate>, or
// a per-package <Error>), or a top-level <Error> document (authorization, bad XML).

export type FakeUspsMode = 'ok' | 'server-error' | 'hang' | 'garbage'

export type ParsedPackage = {
  id: string
  service: string
  zipOrigination: string
  zipDestination: string
  pounds: number
  ounces: number
  container: string
  shipDate: string
}

export type FakeUsps = FakeHttpServer & {
  /** The full ShippingAPI.dll address (what delivery_methods.url holds). */
  apiUrl: string
  mode: FakeUspsMode
  rateCalls: () => RecordedRequest[]
  /** The packages of the last request, as the fake read them. */
  lastPackages: () => ParsedPackage[]
  /** The dollar Priority rate of one package: 8.70 + 1.10 per started pound. */
  priceFor(pounds: number, ounces: number): number
}

const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1]

function packageError(id: string, description: string) {
  return `<Package ID="${id}"><Error><Number>-2147219497</Number><Source>clsRateV4.ValidateZip;RateEngineV4.ProcessRequest</Source><Description>${description}</Description><HelpFile/><HelpContext/></Error></Package>`
}

function documentError(number: string, description: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Number>${number}</Number><Description>${description}</Description><Source>USPSCOM::DoAuth</Source></Error>`
}

export async function startFakeUsps(options: { userId?: string } = {}): Promise<FakeUsps> {
  const userId = options.userId ?? '123ACME456'
  const holder: { mode: FakeUspsMode } = { mode: 'ok' }
  let lastPackages: ParsedPackage[] = []
  const priceFor = (pounds: number, ounces: number) => Math.round((8.7 + 1.1 * Math.ceil(pounds + ounces / 16)) * 100) / 100

  const server = await startFakeHttpServer((request, response) => {
    const [path, query = ''] = request.path.split('?')
    if (path !== '/ShippingAPI.dll') return sendText(response, 404, 'Not Found')
    if (holder.mode === 'hang') return hang(response)
    if (holder.mode === 'server-error') return sendText(response, 502, '<html><body>Bad Gateway</body></html>', 'text/html')
    if (holder.mode === 'garbage') return sendText(response, 200, '<html>We are down for maintenance</html>', 'text/html')
    const params = new URLSearchParams(request.method === 'POST' ? request.body : query)
    const xml = params.get('XML') ?? ''
    if (params.get('API') !== 'RateV4' || !xml.startsWith('<RateV4Request')) {
      return sendText(response, 200, documentError('80040B19', 'XML Syntax Error: Please check the XML request to see if it can be parsed.'), 'text/xml')
    }
    const user = xml.match(/USERID="([^"]*)"/)?.[1]
    if (user !== userId) return sendText(response, 200, documentError('80040B1A', `API Authorization failure. User ${user ?? ''} is not authorized to use API RateV4.`), 'text/xml')

    const packages = [...xml.matchAll(/<Package ID="([^"]*)">([\s\S]*?)<\/Package>/g)].map(([, id, body]) => ({
      id: id!,
      service: tag(body!, 'Service') ?? '',
      zipOrigination: tag(body!, 'ZipOrigination') ?? '',
      zipDestination: tag(body!, 'ZipDestination') ?? '',
      pounds: Number(tag(body!, 'Pounds')),
      ounces: Number(tag(body!, 'Ounces')),
      container: tag(body!, 'Container') ?? '',
      shipDate: tag(body!, 'ShipDate') ?? '',
      order: body!.match(/<(\w+)>/g)?.map((t) => t.slice(1, -1)) ?? [],
    }))
    lastPackages = packages.map(({ order: _order, ...pkg }) => pkg)
    if (packages.length === 0 || packages.length > 25) return sendText(response, 200, documentError('80040B19', 'XML Syntax Error: Package count.'), 'text/xml')

    const answer = packages
      .map((pkg) => {
        // Tag order matters to RateV4 (schema order).
        const expected = ['Service', 'ZipOrigination', 'ZipDestination', 'Pounds', 'Ounces', 'Container']
        if (expected.some((name, index) => pkg.order[index] !== name)) return packageError(pkg.id, 'Invalid package tag order.')
        if (!/^\d{5}$/.test(pkg.zipDestination) || pkg.zipDestination === '00000') return packageError(pkg.id, 'Please enter a valid ZIP Code for the recipient.')
        if (!/^\d{5}$/.test(pkg.zipOrigination)) return packageError(pkg.id, 'Please enter a valid ZIP Code for the sender.')
        if (!Number.isInteger(pkg.pounds) || pkg.pounds < 0 || pkg.pounds > 70 || !(pkg.ounces >= 0) || pkg.pounds * 16 + pkg.ounces <= 0) {
          return packageError(pkg.id, 'Please enter the package weight.')
        }
        if (pkg.service !== 'PRIORITY' || pkg.container !== 'VARIABLE') return packageError(pkg.id, 'Invalid service or container.')
        return (
          `<Package ID="${pkg.id}"><ZipOrigination>${pkg.zipOrigination}</ZipOrigination><ZipDestination>${pkg.zipDestination}</ZipDestination>` +
          `<Pounds>${pkg.pounds}</Pounds><Ounces>${pkg.ounces}</Ounces><Container>VARIABLE</Container><Machinable>TRUE</Machinable><Zone>4</Zone>` +
          `<Postage CLASSID="1"><MailService>Priority Mail 2-Day&lt;sup&gt;&#8482;&lt;/sup&gt;</MailService><Rate>${priceFor(pkg.pounds, pkg.ounces).toFixed(2)}</Rate>` +
          `<CommitmentDate>${isDay(pkg.shipDate) ? addBusinessDays(pkg.shipDate, 2) : ''}</CommitmentDate><CommitmentName>2-Day</CommitmentName></Postage></Package>`
        )
      })
      .join('')
    sendText(response, 200, `<?xml version="1.0" encoding="UTF-8"?>\n<RateV4Response>${answer}</RateV4Response>`, 'text/xml')
  })

  return {
    ...server,
    apiUrl: `${server.url}/ShippingAPI.dll`,
    get mode() {
      return holder.mode
    },
    set mode(value: FakeUspsMode) {
      holder.mode = value
    },
    rateCalls: () => server.requests.filter((r) => r.path.startsWith('/ShippingAPI.dll')),
    lastPackages: () => lastPackages,
    priceFor,
  }
}
