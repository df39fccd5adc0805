/** Languages a profile can choose (BCP 47 primary tags; profiles.language allows xx or xx-YY). */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'el', label: 'Ελληνικά (Greek)' },
  { code: 'sq', label: 'Shqip (Albanian)' },
  { code: 'bg', label: 'Български (Bulgarian)' },
  { code: 'ro', label: 'Română (Romanian)' },
  { code: 'de', label: 'Deutsch (German)' },
  { code: 'fr', label: 'Français (French)' },
  { code: 'it', label: 'Italiano (Italian)' },
] as const;
