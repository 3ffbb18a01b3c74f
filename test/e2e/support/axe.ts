import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the issue 16 gate. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** The impacts the gate refuses; moderate and minor ones are kept for the record only. */
const BLOCKING = new Set(['critical', 'serious'])

export function isBlocking(finding: Finding): boolean {
  return BLOCKING.has(finding.impact)
}

export interface Finding {
  /** Where it was found: screen or dialog, theme and language. */
  where: string
  id: string
  impact: string
  help: string
  /** Each element, with axe's first line about it (the measured contrast, the missing name…). */
  nodes: { target: string; detail: string }[]
}

/** Waits until the page's finite animations and transitions are over, so colours are read at rest. */
export async function settle(page: Page): Promise<void> {
  // A string: the e2e project has no DOM types, and the expression runs in the page anyway.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined))
  ).then(() => undefined)`)
}

/**
 * Runs axe on the whole page (with whatever dialog is open) against the WCAG A/AA tags, including
 * `label-content-name-mismatch` (WCAG 2.5.3), which axe tags experimental and leaves out by default.
 * Returns every violation, whatever its impact.
 */
export async function scan(page: Page, where: string): Promise<Finding[]> {
  await settle(page)
  // Something can still appear while axe runs (a toast when a job ends): its entrance would be read
  // half-faded, a contrast the user never rests on. The app's own reduced-motion rules turn every
  // animation off (a11y.spec proves it), so for the scan each element shows the colours it rests in.
  const reduced = await page.evaluate(`matchMedia('(prefers-reduced-motion: reduce)').matches`)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  try {
    const results = await (await builder(page)).analyze()
    return findingsOf(results.violations, where)
  } finally {
    await page.emulateMedia({ reducedMotion: reduced === true ? 'reduce' : 'no-preference' })
  }
}

/**
 * The WCAG A/AA AxeBuilder, run in the page itself, with axe injected once per page load. By default each
 * scan evaluated axe's 580 kB of script again and finished in a fresh blank tab, about 2 of each scan's
 * 2.3 s; the app has no frames, so the same rules on the same DOM find the same violations this way
 * (compared side by side on screens with planted violations: identical ids, elements and summaries).
 */
async function builder(page: Page): Promise<AxeBuilder> {
  const loaded =
    page.frames().length === 1 && (await page.evaluate(`typeof window.axe?.run === 'function'`)) === true
  // An empty statement as the source when axe is already there: AxeBuilder evaluates it instead. A page
  // with frames gets the whole source again, so every frame has axe in it.
  return new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) })
    .setLegacyMode()
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Only violations are read: axe then skips building a selector for every passing element.
      resultTypes: ['violations']
    })
    .withTags(WCAG_TAGS)
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations']

function findingsOf(violations: Violations, where: string): Finding[] {
  return violations.map((violation) => ({
    where,
    id: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      detail: (node.failureSummary ?? '').split('\n')[1]?.trim() ?? ''
    }))
  }))
}

/**
 * The findings grouped by rule, element and what axe measured there, each with every place it was seen:
 * one line per problem to fix (a colour pair in one theme, a name), not one per screen it shows on.
 */
export function report(findings: readonly Finding[]): string {
  const groups = new Map<string, { finding: Finding; target: string; detail: string; where: string[] }>()
  for (const finding of findings) {
    for (const { target, detail } of finding.nodes) {
      const key = [finding.id, target, detail].join('\u0000')
      const group = groups.get(key) ?? { finding, target, detail, where: [] }
      group.where.push(finding.where)
      groups.set(key, group)
    }
  }
  const lines = [...groups.values()].map(
    ({ finding, target, detail, where }) =>
      `- ${finding.id} (${finding.impact}) at \`${target}\`: ${finding.help}` +
      (detail ? `\n    ${detail}` : '') +
      `\n    seen ${where.length}×: ${where.slice(0, 4).join(' | ')}${where.length > 4 ? ' | …' : ''}`
  )
  return `${groups.size} critical or serious axe violation(s):\n${lines.join('\n')}`
}

/** No critical or serious axe finding on the page as it is; a failure lists them as `report` does. */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  const blocking = (await scan(page, where)).filter(isBlocking)
  expect(blocking, report(blocking)).toEqual([])
}
