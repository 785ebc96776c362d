import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAddNote, useMemberNotes } from '../../api/members.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { Can } from '../../components/permissions.tsx';
import { Pager } from '../../components/table/Pager.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PersonalText } from '../../components/Removed.tsx';

const schema = z.object({ text: z.string().trim().min(1, 'members.noteRequired').max(1000, 'members.noteTooLong') });

/** Staff notes on the member, newest first (paged), and a form to add one (members.manage; audited). */
export function MemberNotes({ account }: { account: string }) {
  const { t } = useTranslation();
  const state = useTableUrlState([] as const);
  const notes = useMemberNotes(account, { pageNo: state.pageNo, pageSize: state.pageSize });
  return (
    <div className="bo-member__notes">
      <Can permission="members.manage">
        <NoteForm account={account} />
      </Can>
      {notes.isError && <ErrorAlert error={notes.error} onRetry={() => void notes.refetch()} />}
      {notes.isPending && (
        <p className="bo-muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {notes.data && notes.data.items.length === 0 && <p className="bo-muted">{t('members.noNotes')}</p>}
      <ul className="bo-member__note-list" aria-label={t('members.notes')}>
        {notes.data?.items.map((n) => (
          <li key={n.id} className="bo-member__note">
            <p className="bo-member__note-meta">
              <strong>{n.author}</strong> · {formatDateTime(n.createdAt)}
            </p>
            <p className="bo-member__note-text">
              <PersonalText value={n.text} />
            </p>
          </li>
        ))}
      </ul>
      <Pager state={state} total={notes.data?.total ?? 0} />
    </div>
  );
}

function NoteForm({ account }: { account: string }) {
  const { t } = useTranslation();
  const add = useAddNote(account);
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<{ text: string }>({ resolver: zodResolver(schema), defaultValues: { text: '' } });
  const error = form.formState.errors.text;
  const submit = form.handleSubmit(async ({ text }) => {
    setAlert(null);
    setSaved(false);
    try {
      await add.mutateAsync(text.trim());
      form.reset({ text: '' });
      setSaved(true);
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['text']));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="bo-form bo-member__note-form">
      <div className="bo-field">
        <label htmlFor="member-note">{t('members.note')}</label>
        <textarea
          id="member-note"
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'member-note-err' : undefined}
          {...form.register('text')}
        />
        {error?.message && (
          <p id="member-note-err" className="bo-field__error" role="alert">
            {t(error.message, { defaultValue: error.message })}
          </p>
        )}
      </div>
      <FormAlert message={alert} />
      <div className="bo-form__actions bo-form__actions--start">
        <button type="submit" className="bo-btn bo-btn--primary" disabled={add.isPending}>
          {t('members.addNote')}
        </button>
        {saved && (
          <span className="bo-muted" role="status">
            {t('members.noteAdded')}
          </span>
        )}
      </div>
    </form>
  );
}
