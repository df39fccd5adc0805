// The rule `arivia/no-untranslated-text` (docs/i18n.md "Checks") on the code it must refuse and
// the code it must let through, with ESLint's own RuleTester.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './no-untranslated-text.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('no-untranslated-text', rule, {
  valid: [
    { code: "const a = <p>{t('route.title')}</p>;" },
    { code: 'const a = <span aria-hidden="true">⠿</span>;' },
    { code: "const a = <p>{count} · {total} — {'/'}</p>;" },
    { code: "const a = <input aria-label={t('search')} placeholder={t('hint')} />;" },
    { code: 'const a = <div className="flex gap-2" data-testid="install-card" />;' },
    { code: "notify.success(messages.t('saved'));" },
    { code: "z.string().min(1, messages.ref('required'));" },
    { code: "z.string().regex(/^[a-z]+$/, '');" },
    { code: 'const a = <p>Arivia Ops</p>;', options: [{ allow: ['Arivia Ops'] }] },
  ],
  invalid: [
    { code: 'const a = <p>Saved</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <button aria-label="Close" />;', errors: [{ messageId: 'text' }] },
    { code: "const a = <input placeholder={'Search villas'} />;", errors: [{ messageId: 'text' }] },
    { code: 'const a = <img alt={`Photo ${n}`} />;', errors: [{ messageId: 'text' }] },
    { code: "const a = <Field label={ok ? 'Yes' : 'No'} />;", errors: [{ messageId: 'text' }] },
    { code: "notify.error('Could not save');", errors: [{ messageId: 'text' }] },
    { code: "toast('Clean started');", errors: [{ messageId: 'text' }] },
    {
      code: "z.string().min(2, 'Name must be at least 2 characters');",
      errors: [{ messageId: 'text' }],
    },
    {
      code: "z.string().check(z.refine(ok, { message: 'Too long' }));",
      errors: [{ messageId: 'text' }],
    },
  ],
});
