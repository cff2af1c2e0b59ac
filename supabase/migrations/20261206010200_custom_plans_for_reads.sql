-- Issue 35: a read function's plans fit the company it is called for, on every call.
--
-- PL/pgSQL keeps the plans of a function's statements for the session, and from the sixth call on
-- it may use one generic plan, made for no value of its parameters in particular: for
-- `company_id = $1` it assumes an average company. Among a thousand companies of 50 to 200 000
-- entries the average is a small one, and the plan for it is the wrong one for the largest:
-- measured as its admin in one session, cash_flow_projection took 5–7 ms for five calls and
-- 75–360 ms from the sixth on; report_summary 15–19 ms, then 73–125 ms. PostgREST's connections
-- live long, so every call after a connection's fifth paid it (the bench's "among 1 000" ratios of
-- 3–10× for these calls, with the pages unchanged). Alone in its database the company is the
-- average, which is why it did not show there.
--
-- Every function that reads tables (stable, PL/pgSQL, not a trigger) in public and private
-- now plans each call for its arguments (plan_cache_mode = force_custom_plan, as the searches
-- already did): a fraction of a millisecond of planning a statement. Kept on cached plans, where
-- planning each call would cost and the plan is the same for every company: the immutable helpers
-- (rateio parts, dates, documents: no table, called per row), document_object_access (per object
-- in Storage's policies, by id), daily_digest (per member and per delivery in the morning job: the
-- whole morning among a thousand companies took 17.7 s with cached plans, 24.6 s replanning) and
-- the writing functions (rows by id; some run statements per imported row).
-- tests/db/catalog.test.ts holds the rule for functions written later (a `create or replace`
-- without the setting drops it).
do $$
declare
  v_fn regprocedure;
begin
  for v_fn in
    select p.oid::regprocedure
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_language l on l.oid = p.prolang
    where n.nspname in ('public', 'private')
      and l.lanname = 'plpgsql'
      and p.provolatile = 's'
      and p.prorettype <> 'trigger'::regtype
      and p.oid not in ('private.document_object_access(text, text, text)'::regprocedure,
                        'private.daily_digest(uuid, uuid, date)'::regprocedure)
      and not coalesce(p.proconfig @> array['plan_cache_mode=force_custom_plan'], false)
  loop
    execute format('alter function %s set plan_cache_mode = force_custom_plan', v_fn);
  end loop;
end;
$$;
