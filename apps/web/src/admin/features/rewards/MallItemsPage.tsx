import type { AdminMallItem } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { useMallItems, useSaveMallItem } from '../../api/rewards.ts';
import { Badge } from '../../components/Badge.tsx';
import { ListPageHead } from '../../components/list/ListPageHead.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { listData, useEditing } from '../../components/list/use-list-page.ts';
import { useCan } from '../../components/permissions.tsx';
import { MallItemDialog } from './MallItemDialog.tsx';
import { ActiveCells } from './ActiveCells.tsx';

const bodyOf = (i: AdminMallItem, active: boolean) => ({
  kind: i.kind,
  name: i.name,
  description: i.description,
  points: i.points,
  cashAmount: i.cashAmount,
  stock: i.stock,
  perMemberLimit: i.perMemberLimit,
  sortOrder: i.sortOrder,
  active,
});

/** The points mall's items: add one, change its price, stock and limit, turn it on or off. */
export function MallItemsPage() {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const list = useMallItems();
  const toggle = useSaveMallItem();
  const editing = useEditing<AdminMallItem>();
  const { items, exponent, currency, money } = listData(list.data);

  return (
    <div className="bo-page">
      <ListPageHead
        title={t('rewards.mall.title')}
        action={manage ? { label: t('rewards.mall.new'), onClick: editing.create, disabled: !list.data } : undefined}
      />
      <ListTable
        label={t('rewards.mall.title')}
        query={list}
        items={items}
        actionError={toggle.error}
        emptyText={t('rewards.mall.empty')}
        columns={[
          { label: t('rewards.mall.name') },
          { label: t('rewards.mall.kind') },
          { label: t('rewards.mall.points'), numeric: true },
          { label: t('rewards.mall.cashColumn'), numeric: true },
          { label: t('rewards.mall.stock'), numeric: true },
          { label: t('rewards.mall.perMemberLimit'), numeric: true },
          { label: t('rewards.status') },
          { label: t('common.actions'), srOnly: true },
        ]}
        rowKey={(i) => i.id}
        cells={(i) => (
          <>
            <td>
              {i.name}
              {i.description && <div className="bo-hint">{i.description}</div>}
            </td>
            <td>{t(`rewards.mall.kindShort.${i.kind}`)}</td>
            <td className="num">{Number(i.points).toLocaleString('en')}</td>
            <td className="num">{i.kind === 'cash' ? money(i.cashAmount) : '—'}</td>
            <td className="num">
              {i.stock === 0 ? <Badge tone="warn">{t('rewards.mall.outOfStock')}</Badge> : i.stock}
            </td>
            <td className="num">{i.perMemberLimit}</td>
            <ActiveCells
              name={i.name}
              active={i.active}
              manage={manage}
              busy={toggle.isPending}
              onEdit={() => editing.edit(i)}
              onToggle={() => toggle.mutate({ id: i.id, body: bodyOf(i, !i.active) })}
            />
          </>
        )}
      />
      {editing.open && list.data && (
        <MallItemDialog item={editing.dialogItem} currency={currency} exponent={exponent} onClose={editing.close} />
      )}
    </div>
  );
}
