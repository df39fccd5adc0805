// axe-core on the page as it is: no serious or critical violation of WCAG 2.1 A/AA or best practice.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectAccessible(page: Page, what: string) {
  // Colours are judged as they settle: a frame caught mid-transition (a button fading in as it
  // is enabled, a theme switch) is not what anyone reads.
  // (Endless ones, spinners and skeleton pulses, are not waited for.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `${what}: ${bad.join('\n')}`).toEqual([]);
}
