-- A plpgsql function keeps the plan of each of its statements per connection, and after five
-- calls may switch to a generic plan, made without the parameters' values. For a paged read the
-- value that matters is the page size: a generic plan does not know `limit p_offset + p_limit` is
-- 51 rather than every row, and may then plan the sort of the whole history the page exists to
-- avoid. PostgREST reuses its connections, so the paged functions plan each call with its values.
alter function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer)
  set plan_cache_mode = force_custom_plan;
alter function public.company_activity(uuid, uuid, text, date, date, timestamptz, bigint, integer)
  set plan_cache_mode = force_custom_plan;
