import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Can } from '../../components/permissions.tsx';
import { SearchFilter } from '../../components/table/filters.tsx';
import { AgentTree } from './AgentTree.tsx';
import { CreateAgentDialog, PromoteDialog } from './AgentDialogs.tsx';
import '../../styles/agents-content.css';

/**
 * The team tree: the top-level agents, each opened level by level (?root=<account> starts from any member), with
 * create-agent and promote-member actions.
 */
export function AgentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const root = params.get('root') ?? undefined;
  const [creating, setCreating] = useState(false);
  const [promoting, setPromoting] = useState<{ account?: string } | null>(null);
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('agents.title')}</h1>
        <Can permission="agents.manage">
          <div className="bo-row-actions">
            <button type="button" className="bo-btn" onClick={() => setPromoting({})}>
              {t('agents.promoteTitle')}
            </button>
            <button type="button" className="bo-btn bo-btn--primary" onClick={() => setCreating(true)}>
              {t('agents.create')}
            </button>
          </div>
        </Can>
      </div>
      <p className="bo-hint">{t('agents.treeHelp')}</p>
      <div className="bo-table__filters">
        <SearchFilter
          label={t('agents.startFrom')}
          value={root}
          onChange={(v) => setParams(v.trim() ? { root: v.trim() } : {})}
        />
      </div>
      <section className="bo-card bo-tree-card" aria-label={t('agents.treeLabel')}>
        {root && <p className="bo-tree__root">{t('agents.downlinesOf', { account: root })}</p>}
        <AgentTree key={root ?? ''} root={root} onPromote={(account) => setPromoting({ account })} />
      </section>
      {creating && <CreateAgentDialog onClose={() => setCreating(false)} />}
      {promoting && <PromoteDialog account={promoting.account} onClose={() => setPromoting(null)} />}
    </div>
  );
}
