import { formatMoney } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../api/auth.ts';
import { useTransferToUpline, useUpline, useWalletBalance } from '../../api/wallet.ts';
import { AmountField } from '../../components/form/AmountField.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { DownlineTransfer } from './DownlineTransfer.tsx';
import { sentTo, uplineTransferSchema } from './money-form.ts';
import { WalletForm } from './WalletForm.tsx';
import './wallet.css';
import '../../i18n/areas/wallet.ts';

/** Member centre › transferUpline: pay the direct upline; agents also pay members of their own downline. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const me = useMemberInfo();
  const real = Boolean(me.data && !me.data.isTrial);
  const upline = useUpline(real);
  const balance = useWalletBalance({ enabled: real });
  const states = { loading: t('wallet.loading'), errorTitle: t('wallet.loadError') };
  return (
    <section className="wallet-page" aria-labelledby="page-title">
      <div className="wallet-page__head">
        <h1 id="page-title">{t('centre.member.transferUpline')}</h1>
      </div>
      <QueryState query={me} {...states}>
        {(member) =>
          member.isTrial ? (
            <p role="alert">{t('errors.in_need_true_account')}</p>
          ) : (
            <QueryState query={upline} {...states}>
              {({ uplineAccount }) => (
                <QueryState query={balance} {...states}>
                  {(w) => (
                    <>
                      <p className="field__hint">
                        {t('wallet.yourBalance', {
                          amount: `${w.currency} ${formatMoney(w.main.available, w.exponent)}`,
                        })}
                      </p>
                      {uplineAccount ? (
                        <UplineForm uplineAccount={uplineAccount} currency={w.currency} exponent={w.exponent} />
                      ) : (
                        <p className="wallet-page__note">{t('wallet.noUpline')}</p>
                      )}
                      {member.isAgent && <DownlineTransfer currency={w.currency} exponent={w.exponent} />}
                    </>
                  )}
                </QueryState>
              )}
            </QueryState>
          )
        }
      </QueryState>
    </section>
  );
}

function UplineForm({
  uplineAccount,
  currency,
  exponent,
}: {
  uplineAccount: string;
  currency: string;
  exponent: number;
}) {
  const { t } = useTranslation();
  const mutation = useTransferToUpline();
  const form = useZodForm(uplineTransferSchema(exponent), { amount: '' });
  return (
    <WalletForm
      id="upline-title"
      title={t('wallet.uplineTitle')}
      form={form}
      send={mutation.mutateAsync}
      done={(r) => t('wallet.uplineDone', sentTo(r))}
    >
      <div className="field">
        <span className="field__label" id="upline-label">
          {t('wallet.yourUpline')}
        </span>
        <p className="wallet-form__account" aria-labelledby="upline-label">
          {uplineAccount}
        </p>
      </div>
      <AmountField label={t('wallet.amount', { currency })} />
      <FormFooter label={t('wallet.send')} busyLabel={t('wallet.sending')} />
    </WalletForm>
  );
}
