import { Construction } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/lib/i18n/catalog';
import { messages } from './messages';
import { PageHeader } from './page-header';

/** The home an area has until its own issue builds it. */
export function AreaPlaceholder({ title, description }: { title: string; description: string }) {
  const t = useT(messages);
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Construction aria-hidden="true" className="size-4" />
            {t('placeholder.comingSoon')}
          </CardTitle>
          <CardDescription>{t('placeholder.building')}</CardDescription>
        </CardHeader>
        <CardContent className="text-muted-foreground text-sm">
          {t('placeholder.reach')}
        </CardContent>
      </Card>
    </div>
  );
}
