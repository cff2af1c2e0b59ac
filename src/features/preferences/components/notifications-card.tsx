import { AlertTriangle, Bell, BellOff, BellRing, Smartphone } from 'lucide-react';
import { useId } from 'react';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/errors';
import { useOnline } from '@/lib/online';
import { useRole } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { FAILED_DAYS, useFailedDeliveries } from '@/features/preferences/api/failed-deliveries';
import {
  useNoticeSettings,
  useSaveNoticeSetting,
  type NoticeSetting,
} from '@/features/preferences/api/notice-settings';
import {
  useDisablePush,
  useEnablePush,
  usePushDevice,
  type PushDeviceState,
} from '@/features/preferences/api/push-device';
import {
  failedDeliveryTexts,
  kindsFor,
  NOTICE_KIND_LABELS,
  type FailedDelivery,
} from '@/features/preferences/lib/notice-kinds';

/**
 * Preferências → Notificações (issue 32): this device's phone notifications, what the member
 * receives per kind (in the app, by e-mail, on the phone), and what could not be sent to them.
 * Its own chunk, loaded with Preferências' screen.
 */
export function NotificationsCard() {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} id="notificacoes">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-base">
          <Bell className="size-5 text-primary" aria-hidden="true" />
          Notificações
        </CardTitle>
        <CardDescription>
          Tudo o que é com você aparece em Avisos. Escolha o que também chega por e-mail e no
          celular.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <FailedDeliveries />
        <DeviceSection />
        <KindSettings />
      </CardContent>
    </Card>
  );
}

function SectionTitle({ id, children }: { id?: string; children: string }) {
  return (
    <h3 id={id} className="text-sm font-semibold">
      {children}
    </h3>
  );
}

const DEVICE_TEXTS: Record<
  | Exclude<PushDeviceState['status'], 'unsupported'>
  | Extract<PushDeviceState, { status: 'unsupported' }>['reason'],
  string
> = {
  on: 'Ativadas. Este aparelho recebe as notificações marcadas em “Celular”, mesmo com o app fechado.',
  off: 'Desativadas. Ative para receber no celular, mesmo com o app fechado, o que estiver marcado em “Celular”.',
  blocked:
    'Bloqueadas: este navegador não deixa o app mostrar notificações. Libere nas configurações do navegador (Configurações do site → Notificações → Permitir) e volte aqui.',
  'ios-not-installed':
    'No iPhone, as notificações só chegam com o app instalado: toque em Compartilhar, depois em “Adicionar à Tela de Início”, abra o app pelo ícone e volte aqui.',
  browser:
    'Este navegador não recebe notificações do app. Use o Chrome, o Edge, o Firefox ou, no iPhone, o app instalado na tela de início.',
  'no-worker':
    'Aqui o app não pode funcionar em segundo plano (janela anônima ou modo de desenvolvimento), então este aparelho não recebe notificações. Abra o app numa janela comum ou instalado.',
};

function deviceText(state: PushDeviceState): string {
  return DEVICE_TEXTS[state.status === 'unsupported' ? state.reason : state.status];
}

/** "Neste aparelho": the permission is asked on the tap, never when the screen opens. */
function DeviceSection() {
  const titleId = useId();
  const device = usePushDevice();
  const enable = useEnablePush();
  const disable = useDisablePush();
  const online = useOnline();
  const busy = enable.isPending || disable.isPending;

  async function onEnable() {
    try {
      await enable.mutateAsync();
    } catch (error) {
      toastError('Não foi possível ativar as notificações', error);
      return;
    }
    toast.success('Notificações ativadas neste aparelho');
  }

  async function onDisable() {
    try {
      await disable.mutateAsync();
    } catch (error) {
      toastError('Não foi possível desativar as notificações', error);
      return;
    }
    toast.success('Notificações desativadas neste aparelho');
  }

  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <SectionTitle id={titleId}>Neste aparelho</SectionTitle>
      <QueryState
        query={device}
        loading="Verificando este aparelho..."
        loadingClassName="py-2"
        error={{
          title: 'Erro ao verificar este aparelho',
          description: (error) => getErrorMessage(error),
        }}
        compactError
      >
        {(state) => (
          <div className="grid gap-3">
            <p role="status" className="flex items-start gap-3 text-sm">
              <DeviceIcon state={state} />
              <span>{deviceText(state)}</span>
            </p>
            {state.status === 'off' ? (
              <Button
                className="justify-self-start"
                onClick={() => void onEnable()}
                disabled={busy || !online}
              >
                <BellRing className="size-4" aria-hidden="true" />
                {enable.isPending ? 'Ativando...' : 'Ativar notificações neste aparelho'}
              </Button>
            ) : null}
            {state.status === 'on' ? (
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => void onDisable()}
                disabled={busy || !online}
              >
                <BellOff className="size-4" aria-hidden="true" />
                {disable.isPending ? 'Desativando...' : 'Desativar neste aparelho'}
              </Button>
            ) : null}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function DeviceIcon({ state }: { state: PushDeviceState }) {
  const className = 'mt-0.5 size-5 shrink-0';
  if (state.status === 'on') {
    return <BellRing className={`${className} text-income`} aria-hidden="true" />;
  }
  if (state.status === 'off') {
    return <Smartphone className={`${className} text-muted-foreground`} aria-hidden="true" />;
  }
  return <BellOff className={`${className} text-muted-foreground`} aria-hidden="true" />;
}

/** The kinds the member's role can receive, each with "Receber no app", "E-mail" and "Celular". */
function KindSettings() {
  const titleId = useId();
  const role = useRole();
  const settings = useNoticeSettings();
  const save = useSaveNoticeSetting();
  const online = useOnline();
  const shown = new Set(kindsFor(role));

  function onChange(setting: NoticeSetting) {
    save.mutate(setting, {
      onError: (error) => toastError('Erro ao salvar notificações', error),
    });
  }

  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <SectionTitle id={titleId}>O que você recebe</SectionTitle>
      {!online ? (
        <p className="text-sm text-muted-foreground" role="status">
          Sem conexão: as escolhas podem ser mudadas quando a conexão voltar.
        </p>
      ) : null}
      <QueryState
        query={settings}
        loadingClassName="py-4"
        error={{
          title: 'Erro ao carregar notificações',
          description: (error) => getErrorMessage(error),
        }}
        compactError
      >
        {(rows) => (
          <ul className="grid gap-3">
            {rows
              .filter((row) => shown.has(row.kind))
              .map((row) => (
                <li key={row.kind}>
                  <KindRow setting={row} disabled={!online} onChange={onChange} />
                </li>
              ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function KindRow({
  setting,
  disabled,
  onChange,
}: {
  setting: NoticeSetting;
  disabled: boolean;
  onChange: (setting: NoticeSetting) => void;
}) {
  const id = useId();
  const { title, description } = NOTICE_KIND_LABELS[setting.kind];
  const channels = [
    { field: 'enabled', label: 'Receber no app' },
    { field: 'email', label: 'E-mail' },
    { field: 'push', label: 'Celular' },
  ] as const;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="grid gap-2 rounded-lg border p-3 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center lg:gap-x-6"
    >
      <div>
        <p id={`${id}-title`} className="font-medium">
          {title}
        </p>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <div className="grid grid-cols-1 lg:flex lg:gap-6">
        {channels.map(({ field, label }) => {
          // Off in the app is off everywhere: nothing is written, so nothing is sent.
          const off = field !== 'enabled' && !setting.enabled;
          return (
            <div
              key={field}
              className="flex min-h-touch items-center justify-between gap-3 lg:justify-start"
            >
              <Label htmlFor={`${id}-${field}`} className={off ? 'text-muted-foreground' : ''}>
                {label}
              </Label>
              <Switch
                id={`${id}-${field}`}
                checked={setting[field] && !off}
                disabled={disabled || off}
                onCheckedChange={(checked) => onChange({ ...setting, [field]: checked })}
              />
            </div>
          );
        })}
      </div>
      {!setting.enabled ? (
        <p className="text-sm text-muted-foreground lg:col-span-2">
          Desligado: você não recebe estes avisos, nem no app.
        </p>
      ) : null}
    </div>
  );
}

/** Failures of the last days, newest first; shown only when there are any, and never hidden. */
function FailedDeliveries() {
  const titleId = useId();
  const failed = useFailedDeliveries();
  if (failed.status === 'pending') return null;
  if (failed.status === 'error') {
    return (
      <QueryState
        query={failed}
        error={{
          title: 'Erro ao verificar envios com falha',
          description: (error) => getErrorMessage(error),
        }}
        compactError
      />
    );
  }
  if (failed.data.length === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3"
    >
      <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold">
        <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />
        Envios que falharam (últimos {FAILED_DAYS} dias)
      </h3>
      <ul className="grid gap-2">
        {failed.data.map((delivery) => (
          <FailedRow key={delivery.id} delivery={delivery} />
        ))}
      </ul>
    </section>
  );
}

function FailedRow({ delivery }: { delivery: FailedDelivery }) {
  const { title, detail } = failedDeliveryTexts(delivery);
  return (
    <li className="text-sm">
      <p className="font-medium">{title}</p>
      <p className="text-muted-foreground">{detail}</p>
    </li>
  );
}
