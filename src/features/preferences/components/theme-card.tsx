import { Moon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useTheme } from '@/lib/use-theme';

/** SPEC §4 Theme: stored under `theme`, starting from the system preference. */
export function ThemeCard() {
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Aparência</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex min-h-touch items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <Moon className="size-5 text-primary" aria-hidden="true" />
            <div>
              <Label htmlFor="dark-mode">Modo noturno</Label>
              <p className="text-sm text-muted-foreground">
                Tema escuro para ambientes com pouca luz
              </p>
            </div>
          </div>
          <Switch
            id="dark-mode"
            checked={dark}
            onCheckedChange={(checked) => {
              setTheme(checked ? 'dark' : 'light');
              toast.success('Tema alterado', {
                description: checked ? 'Modo noturno ativado' : 'Modo claro ativado',
              });
            }}
          />
        </div>
      </CardContent>
    </Card>
  );
}
