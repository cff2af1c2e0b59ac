// Preferências → Notificações: the kinds a user chooses per (docs/contracts.md, notice_settings),
// their words, and what a failed delivery says. Pure, so the words are tested without a screen.
import { format } from 'date-fns';
import { parseIsoDate } from '@/lib/dates';
import type { Role } from '@/lib/roles';

export const NOTICE_KINDS = [
  'approval_pending',
  'approval_decided',
  'due_summary',
  'invitation_accepted',
  'imports',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export function isNoticeKind(value: string): value is NoticeKind {
  return (NOTICE_KINDS as readonly string[]).includes(value);
}

export const NOTICE_KIND_LABELS: Record<NoticeKind, { title: string; description: string }> = {
  approval_pending: {
    title: 'Aprovações pendentes',
    description: 'Uma despesa da obra espera sua aprovação.',
  },
  approval_decided: {
    title: 'Aprovações decididas',
    description: 'Sua despesa foi aprovada ou recusada (com o motivo).',
  },
  due_summary: {
    title: 'Contas a vencer',
    description: 'Um resumo por dia útil: o que vence hoje, nos próximos dias e o que venceu.',
  },
  invitation_accepted: {
    title: 'Convites aceitos',
    description: 'Alguém que você convidou entrou na equipe.',
  },
  imports: {
    title: 'Importações',
    description: 'Outra pessoa importou uma NF-e, um extrato ou uma planilha.',
  },
};

/**
 * Who can receive each kind at all (the database's writers, notices migration): the screen lists
 * only these, so nobody switches what never reaches them. Settings of the others stay saved.
 */
const KIND_ROLES: Record<NoticeKind, readonly Role[]> = {
  // Requests of obra members wait for admin or financeiro.
  approval_pending: ['admin', 'financeiro'],
  // Only an obra member's expense waits for a decision.
  approval_decided: ['obra'],
  due_summary: ['admin', 'financeiro', 'obra', 'leitura'],
  // Only admins invite.
  invitation_accepted: ['admin'],
  imports: ['admin'],
};

export function kindsFor(role: Role): NoticeKind[] {
  return NOTICE_KINDS.filter((kind) => KIND_ROLES[kind].includes(role));
}

export type DeliveryChannel = 'email' | 'push';

/** A notice kind (notices.kind, notice_deliveries.kind) in the words of the list. */
const DELIVERY_KIND_LABELS: Record<string, string> = {
  approval_pending: 'Aprovação pendente',
  approval_approved: 'Despesa aprovada',
  approval_refused: 'Despesa recusada',
  due_summary: 'Contas a vencer',
  invitation_accepted: 'Convite aceito',
  nfe_imported: 'NF-e importada',
  statement_imported: 'Extrato importado',
  spreadsheet_imported: 'Planilha importada',
  import_undone: 'Importação desfeita',
};

export interface FailedDelivery {
  id: string;
  channel: DeliveryChannel;
  kind: string;
  eventKey: string;
  lastError: string | null;
  /** The local day it was for: the daily e-mail's own day, else when it was planned. */
  day: string;
}

/** "Não foi possível enviar o e-mail de 04/12" and the line under it (what and why). */
export function failedDeliveryTexts(delivery: FailedDelivery): { title: string; detail: string } {
  const date = parseIsoDate(delivery.day);
  const when = date ? ` de ${format(date, 'dd/MM')}` : '';
  const title =
    delivery.channel === 'email'
      ? `Não foi possível enviar o e-mail${when}`
      : `Não foi possível enviar a notificação ao celular${when}`;
  const what = DELIVERY_KIND_LABELS[delivery.kind] ?? 'Aviso';
  let why: string;
  if (delivery.lastError === 'subscription_gone') {
    why = 'O aparelho deixou de aceitar as notificações. Ative de novo nele.';
  } else if (delivery.lastError === 'member_inactive') {
    why = 'Seu acesso à empresa estava desativado.';
  } else if (delivery.channel === 'email') {
    why = 'Tentamos várias vezes, sem sucesso. Confira seu e-mail ou fale com o administrador.';
  } else {
    why = 'Tentamos várias vezes, sem sucesso.';
  }
  return { title, detail: `${what}. ${why}` };
}
