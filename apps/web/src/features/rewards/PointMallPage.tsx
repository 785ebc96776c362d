import { formatMoney, type MallItem, type PointsOverview } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMallItems, useMallOrders, usePoints, usePointsEntries, useRedeem } from '../../api/rewards.ts';
import { useWalletBalance } from '../../api/wallet.ts';
import { DataTable, Th } from '../../components/DataTable.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Modal } from '../../components/Modal.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import './rewards.css';
import '../../i18n/areas/rewards.ts';

type Section = 'redeem' | 'history' | 'details' | 'rules';
type Money = (minor: string) => string;

/** /pointMall: the points balance; redeem, redeem history, points details, points rules with the exchange rate table. */
export function PointMallPage() {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('redeem');
  const points = usePoints();
  const wallet = useWalletBalance().data;
  const money: Money = (v) => (wallet ? `${wallet.currency} ${formatMoney(v, wallet.exponent)}` : v);
  return (
    <main className="page rewards mall" aria-labelledby="page-title">
      <h1 id="page-title">{t('rewards.mallTitle')}</h1>
      <QueryState query={points} loading={t('common.loading')} errorTitle={t('rewards.loadError')}>
        {(p) => (
          <p className="mall__balance">
            {t('rewards.myPoints')}: <strong data-testid="points-balance">{p.balance}</strong>
            {p.rules && (
              <span className="field__hint">
                {' '}
                · {t('rewards.todayPoints', { today: p.today, cap: p.rules.dailyCap })}
              </span>
            )}
          </p>
        )}
      </QueryState>
      <Tabs<Section>
        label={t('rewards.mallTabs')}
        tabs={[
          { key: 'redeem', label: t('rewards.redeem') },
          { key: 'history', label: t('rewards.redeemHistory') },
          { key: 'details', label: t('rewards.pointsDetails') },
          { key: 'rules', label: t('rewards.pointsRules') },
        ]}
        active={section}
        onChange={setSection}
      />
      {section === 'redeem' && <Items money={money} />}
      {section === 'history' && <Orders money={money} />}
      {section === 'details' && <Entries />}
      {section === 'rules' && points.data && <Rules p={points.data} money={money} />}
    </main>
  );
}

function Items({ money }: { money: Money }) {
  const { t } = useTranslation();
  const items = useMallItems();
  const [chosen, setChosen] = useState<MallItem | null>(null);
  return (
    <QueryState
      query={items}
      loading={t('common.loading')}
      errorTitle={t('rewards.loadError')}
      isEmpty={(d) => d.list.length === 0}
      empty={<p className="field__hint">{t('rewards.noItems')}</p>}
    >
      {(data) => (
        <>
          <ul className="mall__items">
            {data.list.map((i) => (
              <li key={i.id} className="mall__item">
                <h3>{i.name}</h3>
                {i.description && <p className="field__hint">{i.description}</p>}
                {i.kind === 'cash' && <p className="mall__cash">{money(i.cashAmount)}</p>}
                <p>
                  <strong>{t('rewards.points', { count: Number(i.points) })}</strong>
                </p>
                <p className="field__hint" data-testid={`stock-${i.id}`}>
                  {t('rewards.stock', { count: i.stock })} · {t('rewards.limit', { count: i.perMemberLimit })}
                </p>
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={i.stock === 0}
                  onClick={() => setChosen(i)}
                  aria-label={`${t('rewards.redeem')}: ${i.name}`}
                >
                  {i.stock === 0 ? t('rewards.outOfStock') : t('rewards.redeem')}
                </button>
              </li>
            ))}
          </ul>
          {chosen && <RedeemDialog item={chosen} onClose={() => setChosen(null)} />}
        </>
      )}
    </QueryState>
  );
}

function RedeemDialog({ item, onClose }: { item: MallItem; onClose: () => void }) {
  const { t } = useTranslation();
  const redeem = useRedeem();
  const physical = item.kind === 'physical';
  const schema = z.object({
    transactionPassword: z.string().regex(/^\d{6}$/, t('rewards.passwordRequired')),
    address: physical ? z.string().trim().min(5, t('rewards.addressRequired')).max(300) : z.string().optional(),
  });
  const form = useZodForm(schema, { transactionPassword: '', address: '' });
  async function onSubmit(v: { transactionPassword: string; address?: string }) {
    const order = await redeem.mutateAsync({
      itemId: item.id,
      transactionPassword: v.transactionPassword,
      ...(physical && { address: v.address }),
    });
    form.reset({ transactionPassword: '', address: '' });
    return t('rewards.redeemed', { name: order.itemName, reference: order.reference });
  }
  return (
    <Modal open onClose={onClose} title={t('rewards.redeemTitle', { name: item.name })}>
      <Form form={form} className="form" onSubmit={onSubmit}>
        <p>{t('rewards.redeemCost', { points: t('rewards.points', { count: Number(item.points) }) })}</p>
        {physical && <TextField name="address" label={t('rewards.address')} hint={t('rewards.addressHint')} required />}
        <TextField
          name="transactionPassword"
          label={t('rewards.transactionPassword')}
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          required
        />
        <FormFooter label={t('rewards.confirmRedeem')} />
      </Form>
    </Modal>
  );
}

function Orders({ money }: { money: Money }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = useMallOrders(page);
  return (
    <QueryState
      query={orders}
      loading={t('common.loading')}
      errorTitle={t('rewards.loadError')}
      isEmpty={(d) => d.list.length === 0}
      empty={<p className="field__hint">{t('rewards.noOrders')}</p>}
    >
      {(data) => (
        <>
          <DataTable
            caption={t('rewards.redeemHistory')}
            head={
              <>
                <Th>{t('rewards.time')}</Th>
                <Th>{t('rewards.item')}</Th>
                <Th num>{t('rewards.change')}</Th>
                <Th>{t('rewards.remark')}</Th>
              </>
            }
          >
            {data.list.map((o) => (
              <tr key={o.reference}>
                <td data-label={t('rewards.time')}>
                  <DateTime value={o.createdAt} />
                </td>
                <th scope="row" data-label={t('rewards.item')}>
                  {o.itemName} {o.kind === 'cash' && `(${money(o.cashAmount)})`}
                </th>
                <td className="num" data-label={t('rewards.change')}>
                  −{o.points}
                </td>
                <td data-label={t('rewards.remark')}>
                  {t(`rewards.orderStatus.${o.status}`)} · {o.reference}
                  {o.refuseReason && ` · ${o.refuseReason}`}
                </td>
              </tr>
            ))}
          </DataTable>
          {data.total > data.pageSize && (
            <Pager
              page={data.pageNo}
              pages={Math.ceil(data.total / data.pageSize)}
              onPage={setPage}
              label={t('rewards.redeemHistory')}
            />
          )}
        </>
      )}
    </QueryState>
  );
}

function Entries() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const entries = usePointsEntries(page);
  return (
    <QueryState
      query={entries}
      loading={t('common.loading')}
      errorTitle={t('rewards.loadError')}
      isEmpty={(d) => d.list.length === 0}
      empty={<p className="field__hint">{t('rewards.noEntries')}</p>}
    >
      {(data) => (
        <>
          <DataTable
            caption={t('rewards.pointsDetails')}
            head={
              <>
                <Th>{t('rewards.time')}</Th>
                <Th>{t('rewards.remark')}</Th>
                <Th num>{t('rewards.change')}</Th>
                <Th num>{t('rewards.balanceAfter')}</Th>
              </>
            }
          >
            {data.list.map((e, i) => (
              <tr key={`${e.createdAt}-${i}`}>
                <td data-label={t('rewards.time')}>
                  <DateTime value={e.createdAt} />
                </td>
                <th scope="row" data-label={t('rewards.remark')}>
                  {t(`rewards.entryKind.${e.kind}`)}
                </th>
                <td className="num" data-label={t('rewards.change')}>
                  {e.delta.startsWith('-') ? `−${e.delta.slice(1)}` : `+${e.delta}`}
                </td>
                <td className="num" data-label={t('rewards.balanceAfter')}>
                  {e.balanceAfter}
                </td>
              </tr>
            ))}
          </DataTable>
          {data.total > data.pageSize && (
            <Pager
              page={data.pageNo}
              pages={Math.ceil(data.total / data.pageSize)}
              onPage={setPage}
              label={t('rewards.pointsDetails')}
            />
          )}
        </>
      )}
    </QueryState>
  );
}

const pct = (bps: number) => `${bps / 100}%`;

function Rules({ p, money }: { p: PointsOverview; money: Money }) {
  const { t } = useTranslation();
  const r = p.rules;
  if (!r) return <p className="field__hint">{t('rewards.noRules')}</p>;
  return (
    <section aria-labelledby="rules-title">
      <h2 id="rules-title">{t('rewards.pointsRules')}</h2>
      <ul className="mall__rules">
        <li>{t('rewards.rulesIntro')}</li>
        <li>{t('rewards.rulePerPoint', { amount: money(r.threshold) })}</li>
        <li>{t('rewards.ruleCap', { cap: r.dailyCap })}</li>
        <li>{t('rewards.ruleNever')}</li>
      </ul>
      <DataTable
        caption={t('rewards.rateTable')}
        head={
          <>
            <Th>{t('rewards.category')}</Th>
            <Th num>{t('rewards.contribution')}</Th>
          </>
        }
      >
        {r.contributions.map((c) => (
          <tr key={c.category}>
            <th scope="row" data-label={t('rewards.category')}>
              {c.category}
            </th>
            <td className="num" data-label={t('rewards.contribution')}>
              {pct(c.bps)}
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row" data-label={t('rewards.category')}>
            {t('rewards.otherCategories')}
          </th>
          <td className="num" data-label={t('rewards.contribution')}>
            {pct(r.defaultBps)}
          </td>
        </tr>
      </DataTable>
      {r.cashPerPoint !== '0' && (
        <p>
          {t('rewards.pointValue')}: {t('rewards.points', { count: 1 })} = <strong>{money(r.cashPerPoint)}</strong>
        </p>
      )}
    </section>
  );
}
