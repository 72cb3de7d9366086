import { test } from '@playwright/test'
import { accessibilityAudits } from './support/accessibility-audits'

// The same audits as accessibility.spec.ts on a phone: the narrow layouts and the mobile menu.
test.describe('a shopper using assistive technology on a phone', () => {
  accessibilityAudits()
})
