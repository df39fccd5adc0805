// axe-core on the page as it is: no serious or critical violation of WCAG 2.1 A/AA or best practice.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Colours are judged as they settle: a frame caught mid-transition (a button fading in as it is
 * enabled, a theme switch, a toast sliding in) is not what anyone reads. Settled means no
 * animation or transition running over three frames in a row (a toast's transition starts a frame
 * after it is mounted). Endless ones, spinners and skeleton pulses, are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const idle = () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
    for (let frame = 0; frame < 3; frame++) {
      if (!idle()) return false;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return idle();
  });
}

async function violations(page: Page): Promise<{ id: string; line: string }[]> {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      line: `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    }));
}

export async function expectAccessible(page: Page, what: string) {
  let bad = await violations(page);
  // A contrast failure may be a colour caught moving: something (a toast raised by a write that
  // just landed) started its transition while axe was reading. Judged again once it has settled;
  // a real contrast failure fails both times.
  if (bad.length > 0 && bad.every((v) => v.id === 'color-contrast')) bad = await violations(page);
  expect(
    bad.map((v) => v.line),
    `${what}: ${bad.map((v) => v.line).join('\n')}`,
  ).toEqual([]);
}
