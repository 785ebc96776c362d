import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { FullPageMessage } from '../components/FullPageMessage.tsx';
import { isChunkLoadError } from './ChunkErrorBoundary.tsx';

/** The router's last line of defence: a translated message and a reload, never a blank or English-only page. */
export function RouteError() {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(useRouteError());
  return (
    <FullPageMessage
      icon={chunk ? '↻' : '⚠'}
      title={t(chunk ? 'chunk.title' : 'common.errorTitle')}
      testId="route-error"
    >
      <p>{t(chunk ? 'chunk.text' : 'common.errorText')}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </FullPageMessage>
  );
}
