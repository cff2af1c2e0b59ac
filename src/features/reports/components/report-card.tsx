import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** A titled section of the report; `empty` is shown instead of the body when there is no data. */
export function ReportCard({
  title,
  icon,
  empty,
  children,
}: {
  title: string;
  icon?: ReactNode;
  empty?: string | null;
  children?: ReactNode;
}) {
  const headingId = `report-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="pb-3">
        <CardTitle id={headingId} className="flex items-center gap-2 text-base">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
      </CardContent>
    </Card>
  );
}
