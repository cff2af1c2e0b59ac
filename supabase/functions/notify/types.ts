// What claim_deliveries answers (docs/contracts.md, "notice_deliveries"): one claimed delivery.
// Shapes only; shared by the function (Deno) and its Vitest tests (Node).

export type DigestSectionKey = 'today' | 'soon' | 'overdue' | 'approvals';

export interface DigestSide {
  count: number;
  total_cents: number;
}

export interface DigestItem {
  entry_kind: 'expense' | 'income';
  id: string;
  description: string;
  /** yyyy-MM-dd */
  due_date: string;
  amount_cents: number;
  project_name: string | null;
  /** An app path, e.g. /lancamentos/expense/<id>. */
  link: string;
}

export interface DigestSection {
  key: DigestSectionKey;
  pagar: DigestSide;
  receber: DigestSide;
  /** At most 10, earliest due first; count and total are over all of them. */
  items: DigestItem[];
}

/** private.daily_digest: what one member of one company has to know on a business day. */
export interface Digest {
  /** yyyy-MM-dd, the business day in São Paulo. */
  day: string;
  company_name: string;
  recipient_name: string;
  sections: DigestSection[];
}

export interface NoticeContent {
  title: string;
  body: string | null;
  /** An app path (/lancamentos/expense/<id>, /contas-pagar, …). */
  link: string;
}

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface ClaimedDelivery {
  id: string;
  channel: 'email' | 'push';
  /** The notice kind (approval_pending, …, due_summary). */
  kind: string;
  /** The event within its kind, when the database gives it (push tags: a repeat replaces). */
  event_key?: string | null;
  attempts: number;
  email: string | null;
  subscription: PushSubscriptionRow | null;
  company_name: string;
  notice: NoticeContent | null;
  digest: Digest | null;
}
