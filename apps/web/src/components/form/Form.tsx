import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
// The form texts (labels, rules, server field errors) come with the form kit, not with the first page.
import '../../i18n/areas/forms.ts';
import { useTranslation } from 'react-i18next';
import { parseMessage } from '../../lib/validation.ts';
import { placeServerErrors } from './server-errors.ts';

interface FormKit {
  /** The kit's fields announce themselves, so a server error can go to the field shown on screen. */
  mount(name: string): () => void;
  /** The success message of the last submit (what onSubmit returned). */
  done: string | null;
}
const FormKitContext = createContext<FormKit>({ mount: () => () => undefined, done: null });

/**
 * The one way a form works on this site: react-hook-form with a zod schema (useZodForm), submitted through
 * `onSubmit`. A call that fails inside onSubmit is not the form's problem to catch: its field errors are put
 * next to their fields (translated by field and reason code, else the server's message; server-errors.ts) and the
 * rest becomes the form-level alert (`errors.root.server`, shown by FormFooter). A string returned by onSubmit is
 * the success message. `inline={false}` sends every server error to the form-level alert (the header's login).
 */
export function Form<TValues extends FieldValues, TOut>({
  form,
  onSubmit,
  onInvalid,
  inline = true,
  children,
  ...rest
}: {
  form: UseFormReturn<TValues, unknown, TOut>;
  onSubmit(values: TOut): Promise<string | void> | string | void;
  onInvalid?(): void;
  inline?: boolean;
  children: ReactNode;
} & Omit<ComponentProps<'form'>, 'onSubmit' | 'onInvalid' | 'children'>) {
  const shown = useRef(new Map<string, number>());
  const [done, setDone] = useState<string | null>(null);
  const mount = useCallback((name: string) => {
    shown.current.set(name, (shown.current.get(name) ?? 0) + 1);
    return () => {
      const n = (shown.current.get(name) ?? 1) - 1;
      if (n) shown.current.set(name, n);
      else shown.current.delete(name);
    };
  }, []);
  const kit = useMemo(() => ({ mount, done }), [mount, done]);
  const { setError } = form;
  const submit = form.handleSubmit(async (values) => {
    try {
      const message = await onSubmit(values);
      if (typeof message === 'string') setDone(message);
    } catch (err) {
      const fields = inline ? [...shown.current.keys()] : [];
      const left = placeServerErrors((name, e, o) => setError(name as never, e, o), err, fields);
      if (left) setError('root.server' as never, left);
    }
  }, onInvalid);
  return (
    <FormProvider {...form}>
      <FormKitContext.Provider value={kit}>
        <form
          noValidate
          onSubmit={(e) => {
            setDone(null);
            void submit(e);
          }}
          {...rest}
        >
          {children}
        </form>
      </FormKitContext.Provider>
    </FormProvider>
  );
}

/** Marks a field as shown in the enclosing Form while it is mounted. */
export function useShownField(name: string): void {
  const { mount } = useContext(FormKitContext);
  useEffect(() => mount(name), [mount, name]);
}

export const useFormDone = () => useContext(FormKitContext).done;

/** Turns a kept message (an i18n key with values, or the server's own text) into the text to show. */
export function useFormMessage() {
  const { t } = useTranslation();
  return useCallback(
    (error: { type?: string; message?: string } | undefined): string | undefined => {
      if (!error?.message) return undefined;
      if (error.type === 'server') return error.message;
      const { key, values = {} } = parseMessage(error.message);
      const texts = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, typeof v === 'object' ? t(v.key, v.values) : v]),
      );
      return t(key, texts);
    },
    [t],
  );
}
