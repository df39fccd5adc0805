// The pure parts of the company's settings as the screens use them: money in the settings'
// currency, the settings' week start (1 Monday ... 7 Sunday) in date-fns' terms, the support
// address with the build's as the fallback.
import { describe, expect, it } from 'vitest';
import { formatMoney, weekStartsOn } from './company-preferences';
import { supportEmail } from './company-settings';

describe('company settings', () => {
  it("formats money in the company's currency, EUR until it is known", () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'USD')).toBe('US$1,234.50');
    expect(formatMoney(80, 'GBP')).toBe('£80.00');
    expect(formatMoney(80, undefined)).toBe('€80.00');
    expect(formatMoney(80, 'not a code')).toBe('€80.00');
  });

  it('turns the stored week start into date-fns weekStartsOn, Monday by default', () => {
    expect(weekStartsOn(1)).toBe(1);
    expect(weekStartsOn(6)).toBe(6);
    expect(weekStartsOn(7)).toBe(0);
    expect(weekStartsOn(undefined)).toBe(1);
    expect(weekStartsOn(0)).toBe(1);
    expect(weekStartsOn('sunday')).toBe(1);
  });

  it("mails the settings' support address, else the build's", () => {
    expect(supportEmail('env@villas.example', { support_email: 'help@co.example' })).toBe(
      'help@co.example',
    );
    expect(supportEmail('env@villas.example', {})).toBe('env@villas.example');
    expect(supportEmail('env@villas.example', { support_email: '' })).toBe('env@villas.example');
  });
});
