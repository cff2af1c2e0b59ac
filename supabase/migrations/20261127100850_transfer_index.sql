-- Movimentações' page merges the transfers with the entries; the transfers view found the
-- company's transfers by reading its whole ledger (a sequential scan of every payment and
-- receipt, 73 ms at 60 000 ledger rows, for a company with no transfer at all). The ledger's
-- transfer rows (a few per month) get their own partial index, by company, group and date.
create index transactions_company_transfer_idx
  on public.transactions (company_id, transfer_group_id, transaction_date)
  where type = 'transfer';
