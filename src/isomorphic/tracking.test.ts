import { describe, expect, test } from 'vitest'
import { normalizeTrackingNumber, trackingUrl } from './tracking'

describe('tracking links', () => {
  test('UPS, FedEx and USPS numbers link to the carrier’s tracking page', () => {
    expect(trackingUrl('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784')
    expect(trackingUrl('fedex', '449044304137821')).toBe('https://www.fedex.com/fedextrack/?trknbr=449044304137821')
    expect(trackingUrl('usps', '9400 1000 0000 0000 0000 00')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000')
  })

  test('another carrier has no link', () => {
    expect(trackingUrl('other', '1Z999AA10123456784')).toBeNull()
  })

  test('a number with anything but letters and digits, or of an odd length, has no link', () => {
    expect(trackingUrl('ups', '1Z999"><script>')).toBeNull()
    expect(trackingUrl('ups', '12345')).toBeNull()
    expect(trackingUrl('fedex', '1'.repeat(41))).toBeNull()
    expect(trackingUrl('usps', 'https://evil.example/')).toBeNull()
  })

  test('an unknown carrier name coming from outside the type has no link', () => {
    expect(trackingUrl('toString' as never, '1Z999AA10123456784')).toBeNull()
  })

  test('numbers are compared without spaces, dashes or case', () => {
    expect(normalizeTrackingNumber(' 1z-999 aa1 ')).toBe('1Z999AA1')
  })
})
