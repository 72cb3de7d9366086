import { test } from '@playwright/test'
import { accessibilityAudits } from './support/accessibility-audits'

// axe-core (WCAG 2.1 A/AA and best practices) on the audited pages of issue 6, on a desktop.
test.describe('a shopper using assistive technology on a desktop', () => {
  accessibilityAudits()
})
