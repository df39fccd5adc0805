// The /auth screen's card, buttons and input, with the classes auth-ui.build.ts works out at build
// time (no cn() in the browser).
import type { ComponentProps, ReactNode } from 'react';
import { authButtonClasses, authCardClasses, authInputClasses } from './auth-ui.build';

export function AuthButton({
  variant = 'default',
  ...props
}: Omit<ComponentProps<'button'>, 'className'> & { variant?: keyof typeof authButtonClasses }) {
  return <button data-slot="button" className={authButtonClasses[variant]} {...props} />;
}

export function AuthInput(props: Omit<ComponentProps<'input'>, 'className'>) {
  return <input data-slot="input" className={authInputClasses} {...props} />;
}

type Div = Omit<ComponentProps<'div'>, 'className'>;

export function AuthCard(props: Div) {
  return <div data-slot="card" className={authCardClasses.card} {...props} />;
}

/** `<CardHeader className="text-center">` with its `<CardTitle>` (the screen's h1) and `<CardDescription>`. */
export function AuthCardHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div data-slot="card-header" className={authCardClasses.header}>
      <div data-slot="card-title" className={authCardClasses.title}>
        <h1 className="text-xl">{title}</h1>
      </div>
      <div data-slot="card-description" className={authCardClasses.description}>
        {children}
      </div>
    </div>
  );
}

export function AuthCardContent(props: Div) {
  return <div data-slot="card-content" className={authCardClasses.content} {...props} />;
}
