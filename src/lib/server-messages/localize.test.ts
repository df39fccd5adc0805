import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../i18n/catalog';
import { localizeServerMessage } from './localize';

afterEach(async () => {
  await activateLanguage('en');
});

describe('localizeServerMessage', () => {
  it('leaves English as the server wrote it', () => {
    expect(localizeServerMessage('Already taken by Eleni Papadopoulou')).toBe(
      'Already taken by Eleni Papadopoulou',
    );
    expect(localizeServerMessage('Something nobody mapped')).toBe('Something nobody mapped');
  });

  it("shows the database's refusal in Greek and Albanian, with its values", async () => {
    await activateLanguage('el');
    expect(localizeServerMessage('Already taken by Eleni')).toBe('Την έχει ήδη αναλάβει ο/η Eleni');
    expect(
      localizeServerMessage('Say why the clean is sent back (a note for the housekeeper)'),
    ).toBe('Γράψτε γιατί επιστρέφεται ο καθαρισμός (σημείωση για την καθαρίστρια)');
    await activateLanguage('sq');
    expect(localizeServerMessage('Required items not done: Beds made, Towels')).toBe(
      'Pika të detyrueshme të pabëra: Beds made, Towels',
    );
    expect(localizeServerMessage('Something nobody mapped')).toBe('Something nobody mapped');
  });
});
