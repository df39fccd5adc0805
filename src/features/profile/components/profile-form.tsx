import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Form } from '@/components/ui/form';
import type { Profile } from '@/lib/supabase';
import { useUpdateProfile } from '../api/update-profile';
import { profileSchema, type ProfileInput } from '../schemas';
import { LANGUAGES } from '../languages';

export function ProfileForm({ profile }: { profile: Profile }) {
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      full_name: profile.full_name,
      phone: profile.phone ?? '',
      language: profile.language ?? 'en',
    },
  });
  const languages = (
    !profile.language || LANGUAGES.some((l) => l.code === profile.language)
      ? LANGUAGES
      : [...LANGUAGES, { code: profile.language, label: profile.language }]
  ).map((l) => ({ value: l.code, label: l.label }));

  // A failure is reported by the mutation's toast; what was typed stays in the form.
  const update = useUpdateProfile(profile.id, { onSuccess: (_, values) => form.reset(values) });
  const onSubmit = form.handleSubmit((values) => update.mutate(values));

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Profile details">
        <TextField control={form.control} name="full_name" label="Full name" autoComplete="name" />
        <TextField
          control={form.control}
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          description="So the team can reach you on a job. Optional."
        />
        <SelectField control={form.control} name="language" label="Language" options={languages} />
        <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </form>
    </Form>
  );
}
