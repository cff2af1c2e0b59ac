import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTheme } from '@/lib/use-theme';

export const APP_VERSION = '1.0.0';
export const APP_NAME = 'App Finanças';

export function SystemInfoCard() {
  const [theme] = useTheme();
  const rows: [string, string][] = [
    ['Versão', APP_VERSION],
    ['Sistema', APP_NAME],
    ['Tema atual', theme === 'dark' ? 'Escuro' : 'Claro'],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Informações do sistema</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
