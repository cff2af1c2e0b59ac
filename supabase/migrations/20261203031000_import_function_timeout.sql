-- Issue 34: a 5 000-row sheet is one transaction (all or nothing) and takes a few seconds; the
-- API's `authenticated` statement_timeout is 8 s on hosted. PostgREST ≥ 12.2 (hosted) hoists a
-- function's own statement_timeout to the request's transaction ("hoisted function settings"), so
-- these two calls get 60 s there while every other call keeps the role's 8 s. Locally (PostgREST
-- 12.0.2, the latest on npm) the setting is inert: the role's 8 s applies, as before. Postgres
-- itself ignores a statement_timeout set by a function for the statement already running.
alter function public.import_rows(uuid, jsonb) set statement_timeout = '60s';
alter function public.undo_import_batch(uuid, timestamptz) set statement_timeout = '60s';
