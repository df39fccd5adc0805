import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';

// tailwind-merge as `twMerge`, with its default config built apart from its tables: on its first
// call tailwind-merge builds both, one task of 13-30 ms at the start (bench/README.md "Issue 17:
// the start in smaller tasks"). main.tsx builds the config a task before the first cn().
let config: ReturnType<typeof getDefaultConfig> | undefined;
const twMerge = createTailwindMerge(() => (config ??= getDefaultConfig()));

/** Builds tailwind-merge's config now; the first cn() then builds only its tables from it. */
export function prepareClassMerge(): void {
  config ??= getDefaultConfig();
}

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
