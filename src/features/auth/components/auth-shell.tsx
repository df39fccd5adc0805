import type { ReactNode } from 'react';
import { Waves } from 'lucide-react';

/** The centred frame of the sign-in, sign-up and password screens. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <main className="bg-muted/40 flex min-h-svh flex-col items-center justify-center gap-6 p-4 py-10">
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
