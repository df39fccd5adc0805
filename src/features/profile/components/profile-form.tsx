import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import type { Profile } from '@/lib/supabase';
import { useUpdateProfile } from '../api/update-profile';
import { profileSchema, type ProfileInput } from '../schemas';
import { LANGUAGES } from '../languages';

export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile(profile.id);
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      full_name: profile.full_name,
      phone: profile.phone ?? '',
      language: profile.language,
    },
  });
  const languages = LANGUAGES.some((l) => l.code === profile.language)
    ? LANGUAGES
    : [...LANGUAGES, { code: profile.language, label: profile.language }];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      form.reset(values);
    } catch {
      // Reported by the mutation's toast; what was typed stays in the form.
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Profile details">
        <FormField
          control={form.control}
          name="full_name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Full name</FormLabel>
              <FormControl>
                <Input autoComplete="name" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="phone"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Phone</FormLabel>
              <FormControl>
                <Input type="tel" autoComplete="tel" inputMode="tel" {...field} />
              </FormControl>
              <FormDescription>So the team can reach you on a job. Optional.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="language"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Language</FormLabel>
              <FormControl>
                <NativeSelect {...field}>
                  {languages.map((l) => (
                    <NativeSelectOption key={l.code} value={l.code}>
                      {l.label}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </form>
    </Form>
  );
}
