-- Issue 35: an imported statement's lines are in the audit log through their statement, not one
-- audit row each; what happens to a line afterwards (conciliar, ignorar, desfazer, its removal)
-- is still audited line by line.
--
-- import_bank_statement is the only writer of bank_statement_lines (no insert grant nor policy).
-- It writes the statement first and its lines in one insert, and the statement's audit rows
-- already say who imported which file into which account, when, and how many lines it had, were
-- new and conflicted (line_count, then new_line_count and conflict_line_count). An audit row per
-- line repeated the line itself, which stays in bank_statement_lines with its statement_id: a
-- 500-line OFX wrote 500 rows of about 600 bytes into the largest table every company shares, and
-- Atividade listed them one by one.
--
-- Each of those rows also cost the import a read: a new heap row goes to a page the free space
-- map hands out, an old page with room left, one per row when rows differ in size; in a shared
-- audit log larger than memory that is a disk read per row (docs/performance.md, "Stop 48": the
-- largest company's import read ~500 such pages a call among 1 000 companies, ~300 alone).

drop trigger bank_statement_lines_audit on public.bank_statement_lines;
create trigger bank_statement_lines_audit after update or delete on public.bank_statement_lines
  for each row execute function private.audit_row();
comment on trigger bank_statement_lines_audit on public.bank_statement_lines is
  'A line''s changes and removal, row by row. Its insert is recorded by its statement''s audit rows (bank_statements: who, file, line_count, new_line_count, conflict_line_count): import_bank_statement is the only writer of lines.';
