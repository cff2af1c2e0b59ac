-- Issue 33 (rateio), finish: a payment's parts in entry_payments, so the accountant's
-- pagamentos.csv lists each part of a split payment with the shares the ledger has (principal,
-- juros, multa, desconto and amount per part, private.ledger_parts), which sum per part over the
-- entry's payments to what orçado × realizado and the DRE say, instead of apportioning each payment
-- alone. The view keeps its columns, in their order (create or replace may only add at the end).
create or replace view public.entry_payments with (security_invoker = true) as
 select
        case
            when t.payable_id is not null then 'expense'::text
            else 'income'::text
        end as kind,
    coalesce(t.payable_id, t.receivable_id) as entry_id,
    t.id,
    t.company_id,
    t.transaction_date as paid_on,
    t.bank_account_id,
    b.name as bank_account_name,
    t.amount,
    t.principal_amount,
    t.interest_amount,
    t.fine_amount,
    t.discount_amount,
    (exists ( select 1
           from public.transactions r
          where r.reversal_of = t.id)) as reversed,
    ( select r.transaction_date
           from public.transactions r
          where r.reversal_of = t.id) as reversed_on,
    t.created_by,
    t.created_at,
    t.parts
   from public.transactions t
     left join public.bank_accounts b on b.company_id = t.company_id and b.id = t.bank_account_id
  where t.type <> 'transfer'::text and t.reversal_of is null and (t.payable_id is not null or t.receivable_id is not null);
comment on view public.entry_payments is 'One row per payment (Dar Baixa) of an entry: amount moved and its parts (principal, juros, multa, desconto); reversed = an estorno undid it. parts: of a split entry''s payment, each part with this payment''s shares (amount, principal, interest, fine, discount; transactions.parts), null when not split.';
