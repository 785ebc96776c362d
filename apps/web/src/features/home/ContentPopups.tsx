import type { Notice } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotices } from '../../api/content.ts';
import { Modal } from '../../components/Modal.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { formatIsoDateTime } from '../../lib/date-time.ts';
import { useSystemStatus } from '../../state/system.ts';

/** Spec §9: announcement popup 8 items per page, notice popup 9. */
export const ANNOUNCEMENTS_PER_PAGE = 8;
export const NOTICES_PER_PAGE = 9;

function NoticeItem({ notice, withPromotion }: { notice: Notice; withPromotion: boolean }) {
  const { t } = useTranslation();
  const { timezone } = useSystemStatus();
  const navigate = useNavigate();
  return (
    <li className="content-popup__item">
      <details>
        <summary>
          <span className="content-popup__title">{notice.title}</span>
          <time dateTime={new Date(notice.startDateStr).toISOString()}>
            {formatIsoDateTime(new Date(notice.startDateStr), timezone)}
          </time>
        </summary>
        <SafeHtml className="content-popup__body" html={notice.content} />
        {withPromotion && notice.promotionType && (
          <button type="button" className="btn btn--primary" onClick={() => navigate('/member/rewardCenter')}>
            {t('content.goToPromotion')}
          </button>
        )}
      </details>
    </li>
  );
}

/**
 * The notice popup (player notices and the marquee's, 9 per page, start time YYYY-MM-DD HH:mm:ss) or the
 * announcement popup (promotion announcements, 8 per page, a go-to-promotion button where an item has one: it opens
 * the reward centre, spec §2; logged out, the login comes first).
 */
export function NoticePopup({ kind, onClose }: { kind: 'notices' | 'announcements'; onClose: () => void }) {
  const { t } = useTranslation();
  const announcements = kind === 'announcements';
  const query = useNotices(announcements ? ['PR'] : ['PL', 'B']);
  const [page, setPage] = useState(1);
  const perPage = announcements ? ANNOUNCEMENTS_PER_PAGE : NOTICES_PER_PAGE;
  const list = query.data?.list ?? [];
  const pages = Math.max(1, Math.ceil(list.length / perPage));
  return (
    <Modal open onClose={onClose} wide title={t(announcements ? 'content.announcements' : 'content.notices')}>
      <QueryState query={query} isEmpty={(d) => d.list.length === 0} empty={<p>{t('content.none')}</p>}>
        {() => (
          <>
            <ul className="content-popup__list">
              {list.slice((page - 1) * perPage, page * perPage).map((n) => (
                <NoticeItem key={n.id} notice={n} withPromotion={announcements} />
              ))}
            </ul>
            {pages > 1 && <Pager page={page} pages={pages} onPage={setPage} label={t('content.pages')} />}
          </>
        )}
      </QueryState>
    </Modal>
  );
}

/** The public popup's notices for this visitor, one after the other. */
export function PublicPopupDialog({ notices, onClose }: { notices: Notice[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const notice = notices[index];
  if (!notice) return null;
  const last = index === notices.length - 1;
  return (
    <Modal open onClose={onClose} title={notice.title || t('content.notices')}>
      <SafeHtml className="content-popup__body" html={notice.content} />
      <div className="modal__links">
        {notices.length > 1 && (
          <span className="content-popup__count">{t('content.count', { n: index + 1, total: notices.length })}</span>
        )}
        <button type="button" className="btn btn--primary" onClick={() => (last ? onClose() : setIndex(index + 1))}>
          {last ? t('common.close') : t('common.next')}
        </button>
      </div>
    </Modal>
  );
}
