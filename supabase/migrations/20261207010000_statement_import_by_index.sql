-- The statement import reads the account's lines by bank_statement_lines_account_fitid_key
-- whatever the table's statistics say (issue 35, stop 43).
--
-- Its two FITID checks (the anti-join that skips lines the account already has, and the `exists`
-- that flags a FITID seen with another date or amount) were planned from the table's estimate. A
-- connection that planned them while the table looked empty (analyzed after its rows were
-- deleted: pages, no rows) kept a sequential scan per line, and every import on that connection
-- then read every line imported before it: 102, 138, 188, 245, 278, 306 ms for six imports of 500
-- lines on the demo company, and 2.4x the same import alone for the largest of 1 000 companies
-- (docs/performance.md, "Stop 43"). Every read of this writer is by a key (the account by id, the
-- lines by account and FITID), so no sequential scan is ever the right plan for it; autovacuum's
-- next analyze would have healed the estimate, not the imports made before it.
alter function private.import_bank_statement(uuid, text, jsonb, text, text, text, date, date, numeric)
  set enable_seqscan = off;
