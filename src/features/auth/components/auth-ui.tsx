// The /auth screen's card, buttons and input, with the classes of auth-ui-classes.ts (no cn()).
import type { ComponentProps } from 'react';
import { authButtonClasses, authCardClasses, authInputClasses } from './auth-ui-classes';

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

export function AuthCardHeader(props: Div) {
  return <div data-slot="card-header" className={authCardClasses.header} {...props} />;
}

export function AuthCardTitle(props: Div) {
  return <div data-slot="card-title" className={authCardClasses.title} {...props} />;
}

export function AuthCardDescription(props: Div) {
  return <div data-slot="card-description" className={authCardClasses.description} {...props} />;
}

export function AuthCardContent(props: Div) {
  return <div data-slot="card-content" className={authCardClasses.content} {...props} />;
}
