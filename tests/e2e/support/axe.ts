import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** WCAG 2.1 A and AA, and axe's best-practice rules (issue 6: no axe violation on the audited pages). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** One line per failing element: rule, impact, element and what to fix — readable in a test failure. */
export async function axeViolations(page: Page): Promise<string[]> {
  // What a shopper sees once things stop moving: a toast half faded in has no contrast to judge yet.
  // A toast's countdown bar (seconds long) and endless animations are part of the steady state.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || Number(animation.effect?.getComputedTiming().endTime) >= 2000))
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact ?? 'n/a'}) ${node.target.join(' ')}: ${violation.help}. ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
    ),
  )
}

/** Audits the page as it is now; a soft expectation, so one run lists every state that fails. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe violations on ${state}`).toEqual([])
}
