import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** What the accessibility checks find on a screen, shared by the sweeps that run them. */

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical'

/**
 * Scans the page with axe (WCAG 2.x A/AA and best practices). Counts every violation by impact
 * into `counts`; lists each serious or critical one in `problems`.
 */
export async function scan(
  page: Page,
  where: string,
  counts: Record<Impact, number>,
  problems: string[],
): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  for (const violation of results.violations) {
    const impact = (violation.impact ?? 'minor') as Impact
    counts[impact] += violation.nodes.length
    if (impact === 'serious' || impact === 'critical') {
      const targets = violation.nodes.map((n) => n.target.join(' ')).slice(0, 4)
      const problem = `${where}: ${impact} ${violation.id} (${violation.help}) at ${targets.join(', ')}`
      console.log(problem)
      problems.push(problem)
    }
  }
}

/**
 * Every button on screen is a thumb-sized target, measured as drawn: at least 44×44 px, and a
 * destructive one (Delete, Void, Remove) stands at least 8 px clear of every other target.
 */
export async function tapTargets(page: Page, where: string, problems: string[]): Promise<void> {
  const found = await page.evaluate(() => {
    const boxes = [
      ...document.querySelectorAll<HTMLElement>('button, [role="button"], a.chakra-button'),
    ]
      .filter((el) => el.closest('[aria-hidden="true"]') === null)
      .map((el) => ({
        name: (el.getAttribute('aria-label') ?? el.innerText).trim(),
        r: el.getBoundingClientRect(),
      }))
      .filter(({ r }) => r.width > 0 && r.height > 0)
    const out: string[] = []
    for (const { name, r } of boxes) {
      if (r.width < 44 || r.height < 44) {
        out.push(`"${name}" is ${Math.round(r.width)}×${Math.round(r.height)} px`)
      }
      if (!/^(Delete|Void|Remove)\b/.test(name)) continue
      for (const other of boxes) {
        if (other.r === r) continue
        const dx = Math.max(other.r.left - r.right, r.left - other.r.right, 0)
        const dy = Math.max(other.r.top - r.bottom, r.top - other.r.bottom, 0)
        const gap = Math.max(dx, dy)
        if (gap < 8) out.push(`"${name}" is ${Math.round(gap)} px from "${other.name}"`)
      }
    }
    return out
  })
  for (const problem of found) {
    console.log(`${where}: ${problem}`)
    problems.push(`${where}: ${problem}`)
  }
}
