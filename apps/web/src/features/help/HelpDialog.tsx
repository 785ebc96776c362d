import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNotices } from '../../api/content.ts';
import { useHelpCenter } from '../../api/system.ts';
import { useUi } from '../../state/ui.ts';
import { Modal } from '../../components/Modal.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';

/**
 * Help centre popup: the operator's help notices (type H) pinned on top, topics on the side, the article (HTML from
 * the operator) beside them, and the way to the feedback popup.
 */
export function HelpDialog() {
  const { t } = useTranslation();
  const { dialog, helpTag, close, open } = useUi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const help = useHelpCenter();
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => setSelected(helpTag), [helpTag]);
  if (dialog !== 'help') return null;
  const onClose = () => {
    close();
    if (pathname === '/help') navigate('/');
  };
  return (
    <Modal open onClose={onClose} title={t('dialog.helpTitle')} wide>
      <HelpNotices />
      <QueryState query={help} isEmpty={(d) => d.every((c) => c.articles.length === 0)} empty={t('dialog.helpEmpty')}>
        {(categories) => {
          const articles = categories.flatMap((c) => c.articles);
          const current = articles.find((a) => a.tag === selected) ?? articles[0]!;
          return (
            <div className="help">
              <nav className="help__topics" aria-label={t('dialog.helpTopics')}>
                {categories.map((c) => (
                  <div key={c.id}>
                    <h3>{c.title}</h3>
                    <ul>
                      {c.articles.map((a) => (
                        <li key={a.tag}>
                          <button
                            type="button"
                            aria-current={a.tag === current.tag ? 'true' : undefined}
                            onClick={() => setSelected(a.tag)}
                          >
                            {a.title}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </nav>
              <article className="help__article" id={current.tag}>
                <h3>{current.title}</h3>
                <SafeHtml html={current.content} />
              </article>
            </div>
          );
        }}
      </QueryState>
      <p className="help__feedback">
        <button type="button" className="btn btn--ghost" onClick={() => open('feedback')}>
          {t('dialog.feedback')}
        </button>
      </p>
    </Modal>
  );
}

/** Notices of type H (spec §7): the operator's current word for the help centre, in the visitor's language. */
function HelpNotices() {
  const { t } = useTranslation();
  const notices = useNotices(['H']).data?.list ?? [];
  if (notices.length === 0) return null;
  return (
    <section className="help__notices" aria-label={t('dialog.helpNotices')}>
      {notices.map((n) => (
        <article key={n.id} className="help__notice">
          <h3>{n.title}</h3>
          <SafeHtml html={n.content} />
        </article>
      ))}
    </section>
  );
}
