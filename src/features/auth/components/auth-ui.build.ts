// The classes shadcn/ui's Card, Button and Input give the /auth screen (as cn() merges them),
// worked out at build time: a `*.build.ts` module runs in the build (vite.config.ts
// buildTimeModules) and the app gets only its values. The screen calls no cn() in the browser:
// its first call builds tailwind-merge's class map, a long task on a phone while the screen
// first draws (bench/README.md "Issue 17: `/auth`"). Tests run the module as it is.
import type { ComponentProps, ReactElement } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** The class a component (a plain function of its props, no hooks) gives its element. */
function classOf<P>(component: (props: P) => ReactElement, props = {} as P): string {
  return (component(props) as ReactElement<{ className: string }>).props.className;
}

/** `<Button className="w-full">`, `variant="link"`, and `variant="outline" size="sm"`, full width. */
export const authButtonClasses = {
  default: cn(buttonVariants({ className: 'w-full' })),
  link: cn(buttonVariants({ variant: 'link', className: 'w-full' })),
  outlineSmall: cn(buttonVariants({ variant: 'outline', size: 'sm', className: 'w-full' })),
};

/** `<Input>`. */
export const authInputClasses = classOf(Input);

/** `<Card>`, `<CardHeader className="text-center">`, `<CardTitle>`, `<CardDescription>`, `<CardContent>`. */
export const authCardClasses = {
  card: classOf(Card),
  header: classOf(CardHeader, { className: 'text-center' } as ComponentProps<'div'>),
  title: classOf(CardTitle),
  description: classOf(CardDescription),
  content: classOf(CardContent),
};
