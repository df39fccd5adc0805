import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Form } from '@/components/ui/form';
import { useT } from '@/lib/i18n/catalog';
import { APP_LANGUAGES, LANGUAGE_NAMES, supportedLanguage } from '@/lib/i18n/languages';
import type { Profile } from '@/lib/supabase';
import { useUpdateProfile } from '../api/update-profile';
import { messages } from '../messages';
import { DEVICE_LANGUAGE, profileSchema, type ProfileInput } from '../schemas';

export function ProfileForm({ profile }: { profile: Profile }) {
  const t = useT(messages);
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      full_name: profile.full_name,
      phone: profile.phone ?? '',
      // No language: the device's ("Same as this device"); one the app has no texts in (an older
      // profile's) reads the same.
      language: supportedLanguage(profile.language) ?? DEVICE_LANGUAGE,
    },
  });
  // Each language in its own words; the device's choice in the language of the moment.
  const languages = [
    { value: DEVICE_LANGUAGE, label: t('form.languageDevice') },
    ...APP_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] })),
  ];

  // A failure is reported by the mutation's toast; what was typed stays in the form.
  const update = useUpdateProfile(profile.id, {
    // The new language is switched to by the write (api/update-profile.ts).
    onSuccess: (_, values) => form.reset(values),
  });
  const onSubmit = form.handleSubmit((values) => update.mutate(values));

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('form.label')}>
        <TextField
          control={form.control}
          name="full_name"
          label={t('form.fullName')}
          autoComplete="name"
        />
        <TextField
          control={form.control}
          name="phone"
          label={t('form.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          description={t('form.phoneHint')}
        />
        <SelectField
          control={form.control}
          name="language"
          label={t('form.language')}
          options={languages}
        />
        <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
          {update.isPending ? t('form.saving') : t('form.save')}
        </Button>
      </form>
    </Form>
  );
}
