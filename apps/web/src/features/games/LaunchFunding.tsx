import { formatMoney, minorToMajor } from '@sea/contracts/money-format';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletBalance } from '../../api/wallet.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { amountProblem } from '../../lib/amount.ts';

/**
 * Before a transfer-wallet vendor's game opens: how much of the main wallet to bring to the vendor's wallet.
 * Empty brings nothing (the game plays with what its wallet holds); the amount goes with the launch.
 */
export function LaunchFunding(props: { vendorCode: string; vendorName: string; onStart(amount: string): void }) {
  const { t } = useTranslation();
  const balance = useWalletBalance();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<[string, Record<string, string | number>?] | null>(null);
  const inputId = useId();
  const errorId = useId();

  return (
    <div className="game-popup__message game-funding">
      <QueryState query={balance}>
        {(w) => {
          const inGame = w.vendors.find((v) => v.vendorCode === props.vendorCode)?.balance ?? '0';
          const money = (minor: string) => `${w.currency} ${formatMoney(minor, w.exponent)}`;
          const submit = (e: FormEvent) => {
            e.preventDefault();
            if (!text.trim()) return props.onStart('0');
            const p = amountProblem(text, { exponent: w.exponent, available: w.main.available }, 'games.funding');
            setProblem(p);
            if (!p) props.onStart(text.trim());
          };
          return (
            <form className="game-funding__form" onSubmit={submit} noValidate>
              <h3 className="game-funding__title">{t('games.funding.title', { vendor: props.vendorName })}</h3>
              <p className="field__hint">{t('games.funding.hint')}</p>
              <dl className="game-funding__balances">
                <dt>{t('games.funding.main')}</dt>
                <dd>{money(w.main.available)}</dd>
                <dt>{t('games.funding.inGame')}</dt>
                <dd>{money(inGame)}</dd>
              </dl>
              <div className="field">
                <label htmlFor={inputId}>{t('games.funding.amount', { currency: w.currency })}</label>
                <div className="game-funding__row">
                  <input
                    id={inputId}
                    inputMode="decimal"
                    autoComplete="off"
                    value={text}
                    placeholder="0"
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? errorId : undefined}
                    onChange={(e) => setText(e.target.value)}
                  />
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => setText(minorToMajor(w.main.available, w.exponent))}
                  >
                    {t('games.funding.all')}
                  </button>
                </div>
                {problem && (
                  <p id={errorId} className="field__error" role="alert">
                    {t(problem[0], problem[1])}
                  </p>
                )}
              </div>
              <button type="submit" className="btn btn--primary">
                {t('games.funding.start')}
              </button>
            </form>
          );
        }}
      </QueryState>
    </div>
  );
}
