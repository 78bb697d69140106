import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every screen must pass: axe-core's WCAG 2.0 and 2.1, levels A and AA (docs/accessibility.md). */
export const AXE_TAGS: readonly string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG 2.1 A/AA violations on `page` as it stands, one line per failing element:
 * `rule (impact): help — selector: what to fix`. Empty when the page passes.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // label-content-name-mismatch (WCAG 2.5.3) is marked experimental in axe, so off unless asked for: a control whose
  // name differs from what it shows cannot be spoken to by voice control.
  // Nothing is left out: the map's WebGL canvas passes as it is (a focusable region named "Map").
  const builder = new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags([...AXE_TAGS])
    // The app has no frames: one axe.run in the page, without the blank page that merges frames' results.
    .setLegacyMode();
  const { violations } = await builder.analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact ?? 'unknown'}): ${v.help} — ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
    ),
  );
}
