// The classes shadcn/ui's Card, Button and Input give the /auth screen (as cn() merges them),
// written out for auth-ui.tsx. The screen renders no cn(): its first call builds tailwind-merge's
// class map, a long task on a phone while the screen first draws (bench/README.md "Issue 17:
// `/auth`"). auth-ui.test.tsx checks them against the shared components; index.html's static copy
// of the screen uses the same classes.
const BUTTON =
  "inline-flex cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-all disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 aria-invalid:border-destructive";

/** `<Button className="w-full">`, `variant="link"`, and `variant="outline" size="sm"`, full width. */
export const authButtonClasses = {
  default: `${BUTTON} bg-primary text-primary-foreground hover:bg-primary/90 h-9 px-4 py-2 has-[>svg]:px-3 w-full`,
  link: `${BUTTON} text-primary underline-offset-4 hover:underline h-9 px-4 py-2 has-[>svg]:px-3 w-full`,
  // tailwind-merge drops the base's gap-2 and rounded-md for the size's own.
  outlineSmall: `${BUTTON.replace(' gap-2', '').replace(' rounded-md', '')} border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:bg-input/30 dark:border-input dark:hover:bg-input/50 h-8 rounded-md gap-1.5 px-3 has-[>svg]:px-2.5 w-full`,
} as const;

/** `<Input>`. */
export const authInputClasses =
  'file:text-foreground selection:bg-primary selection:text-primary-foreground dark:bg-input/30 border-input flex h-9 w-full min-w-0 rounded-md border bg-transparent px-3 py-1 text-base shadow-xs transition-[color,box-shadow] outline-none file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium placeholder:text-neutral-400 disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 aria-invalid:border-destructive';

/** `<Card>`, `<CardHeader className="text-center">`, `<CardTitle>`, `<CardDescription>`, `<CardContent>`. */
export const authCardClasses = {
  card: 'bg-card text-card-foreground flex flex-col gap-6 rounded-xl border py-6 shadow-sm',
  header:
    '@container/card-header grid auto-rows-min grid-rows-[auto_auto] items-start gap-1.5 px-6 has-[data-slot=card-action]:grid-cols-[1fr_auto] [.border-b]:pb-6 text-center',
  title: 'leading-none font-semibold',
  description: 'text-muted-foreground text-sm',
  content: 'px-6',
} as const;
