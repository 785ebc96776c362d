-- Staff refuse a physical points-mall order waiting for shipment (issue 23's back office): the order becomes
-- refused with its reason, the member's points come back (a `refund` entry in points details) and the item's
-- stock is restored, all in one transaction.
alter table reward_mall_orders drop constraint reward_mall_orders_status_check;
alter table reward_mall_orders add constraint reward_mall_orders_status_check
  check (status in ('paid', 'pending', 'shipped', 'refused'));
alter table reward_mall_orders add column refused_at timestamptz;
alter table reward_mall_orders add column refuse_reason text;
alter table reward_mall_orders add constraint reward_mall_orders_refused_check
  check ((status = 'refused') = (refused_at is not null and refuse_reason is not null));
alter table reward_points_entries drop constraint reward_points_entries_kind_check;
alter table reward_points_entries add constraint reward_points_entries_kind_check
  check (kind in ('earn', 'redeem', 'convert', 'refund'));
