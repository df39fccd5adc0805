import type { ReactNode } from 'react';
import { Waves } from 'lucide-react';

/**
 * The centred frame of the sign-in, sign-up and password screens; `id` names index.html's static
 * copy of it (static-sign-in-copy.tsx).
 */
export function AuthShell({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <main
      id={id}
      className="bg-muted/40 flex min-h-svh flex-col items-center justify-center gap-6 p-4 py-10"
    >
      <div className="flex items-center gap-2 font-semibold">
        <span className="bg-primary text-primary-foreground flex size-8 items-center justify-center rounded-lg">
          <Waves aria-hidden="true" className="size-4" />
        </span>
        Arivia Ops
      </div>
      <div className="w-full max-w-sm">{children}</div>
    </main>
  );
}
