import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useRequestId } from '../../api/request-id.ts';
import { Form } from '../../components/form/Form.tsx';

/**
 * The shell of the three transfer forms (between wallets, to the upline, to a downline): a titled kit form whose
 * submit sends the values with their idempotency key (kept only across a lost answer), empties the amount and
 * shows `done(result)`.
 */
export function WalletForm<TValues extends { amount: string }, TOut extends { amount: string }, R>({
  id,
  title,
  form,
  send,
  done,
  children,
}: {
  id: string;
  title: string;
  form: UseFormReturn<TValues, unknown, TOut>;
  send(body: TOut & { requestId: string }): Promise<R>;
  done(result: R): string;
  children: ReactNode;
}) {
  const requestId = useRequestId();
  async function submit(body: TOut) {
    const result = await requestId.run(JSON.stringify(body), (key) => send({ ...body, requestId: key }));
    form.resetField('amount' as never);
    return done(result);
  }
  return (
    <Form form={form} className="form wallet-form" aria-labelledby={id} onSubmit={submit}>
      <h2 id={id} className="wallet-page__subtitle">
        {title}
      </h2>
      {children}
    </Form>
  );
}
