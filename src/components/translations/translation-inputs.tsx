// A name's Greek and Albanian beside its English (docs/i18n.md "Names the office writes"): two
// inputs folded under "In other languages (n of 2)", for a checklist's template, sections and
// items and a cleaning type. The value is the row's `*_i18n` map: { el?: string, sq?: string };
// a cleared input drops its language (the English is shown instead).
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useT } from '@/lib/i18n/catalog';
import { LANGUAGE_NAMES, TRANSLATED_LANGUAGES } from '@/lib/i18n/languages';
import { cn } from '@/lib/utils';
import { messages } from './messages';
import type { Translations } from './translations';

export function TranslationInputs({
  name,
  value,
  onChange,
  maxLength,
  className,
}: {
  /** What is translated, for the inputs' labels ("Item 2", "Name"). */
  name: string;
  value: Translations | null | undefined;
  onChange: (value: Translations) => void;
  maxLength: number;
  className?: string;
}) {
  const t = useT(messages);
  const id = useId();
  const count = TRANSLATED_LANGUAGES.filter((l) => value?.[l]?.trim()).length;
  return (
    <details className={cn('w-full text-sm', className)}>
      <summary className="text-muted-foreground cursor-pointer select-none">
        {t('summary', { count })}
      </summary>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {TRANSLATED_LANGUAGES.map((language) => (
          <div key={language} className="space-y-1">
            <Label htmlFor={`${id}-${language}`}>
              {t('field', { name, language: LANGUAGE_NAMES[language] })}
            </Label>
            <Input
              id={`${id}-${language}`}
              lang={language}
              value={value?.[language] ?? ''}
              maxLength={maxLength}
              onChange={(e) => onChange({ ...value, [language]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <p className="text-muted-foreground mt-1 text-xs">{t('hint')}</p>
    </details>
  );
}
