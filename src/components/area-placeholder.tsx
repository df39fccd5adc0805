import { Construction } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from './page-header';

/** The home an area has until its own issue builds it. */
export function AreaPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Construction aria-hidden="true" className="size-4" />
            Coming soon
          </CardTitle>
          <CardDescription>This area is being built. Its screens will appear here.</CardDescription>
        </CardHeader>
        <CardContent className="text-muted-foreground text-sm">
          You can already reach it from the menu, and your access to it is checked.
        </CardContent>
      </Card>
    </div>
  );
}
