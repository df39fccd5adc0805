// The classes shadcn/ui's Button gives the error screen's two buttons (as cn() merges them),
// worked out at build time (a `*.build.ts` module: vite.config.ts buildTimeModules). The error
// screen is in the entry, which carries no tailwind-merge: /auth does not download it
// (bench/README.md "Issue 28"). Tests run the module as it is.
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** `<Button>` and `<Button variant="outline">`. */
export const errorButtonClasses = {
  reload: cn(buttonVariants()),
  contact: cn(buttonVariants({ variant: 'outline' })),
};
