-- Inventory: the items list's figures summed by the server (docs/inventory.md "The items read").
--
-- Until now the items list read every item with its stock embedded (inventory_stock per item x
-- location): at the bench's size, 500 items x 2,000 villas, a million stock rows sent to every
-- manager's phone to be summed there. The list shows per item what it holds in all, and at how
-- many places it is low; this view answers exactly that, one row per item.
--
-- security_invoker: the caller's RLS of inventory_items and inventory_stock applies (as for
-- inventory_low_stock), so the totals are over the places the caller sees, never more, and a
-- caller without inventory.view reads no row. The sums are a lateral subquery per item (the stock
-- by item, inventory_stock_pkey's leading column), so a page of items reads only its items' stock;
-- the stock policy's `location_id in (select ... inventory_locations)` is uncorrelated and hashed
-- once per statement.
--
-- `low_places` counts as inventory_low_stock and isLow (src/domain/inventory/types.ts): a par
-- level or threshold set, and on hand at or below the threshold.

create view public.inventory_item_totals
with (security_invoker = true)
as
select i.id, i.name, i.sku, i.barcode, i.category, i.unit, i.pack_size, i.unit_cost, i.active,
  coalesce(t.on_hand, 0)::numeric as on_hand,
  coalesce(t.places, 0)::integer as places,
  coalesce(t.low_places, 0)::integer as low_places
from public.inventory_items i
left join lateral (
  select sum(s.on_hand) as on_hand, count(*) as places,
    count(*) filter (
      where (s.reorder_threshold > 0 or s.par_level > 0) and s.on_hand <= s.reorder_threshold
    ) as low_places
  from public.inventory_stock s
  where s.item_id = i.id
) t on true;
comment on view public.inventory_item_totals is
  'Each item with what it holds in all the places the caller sees, at how many places, and at how many it is low.';

revoke all on table public.inventory_item_totals from public, anon, authenticated;
grant select on table public.inventory_item_totals to authenticated, service_role;
select private.make_view_read_only('public.inventory_item_totals');
