// The app's date fields (src/components/form/date-input.tsx): a text box in the app's format
// ('27 Nov 2026') that also reads an ISO day, and a time box ('15:00').
import type { Locator, Page } from '@playwright/test';

/** Fills a DateTimeField labelled `label` with a company-zone 'YYYY-MM-DDTHH:mm'. */
export async function fillDateTime(scope: Page | Locator, label: string, value: string) {
  const [day, time] = value.split('T') as [string, string];
  await scope.getByLabel(label, { exact: true }).fill(day);
  await scope.getByLabel(`${label} time`, { exact: true }).fill(time);
}

/** Fills a date box with a day and presses Enter (the box reads what is typed then, or on leaving). */
export async function fillDay(box: Locator, day: string) {
  await box.fill(day);
  await box.press('Enter');
}
