import { useTranslation } from 'react-i18next';
import { useAgentPolicy } from '../../api/agents.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { AgentPage } from './parts.tsx';
import '../../i18n/areas/agent.ts';

/**
 * Agent centre › agent policy (agentPolicy, while the merchant has AGENTPOLICY3 on): the commission, rebate and
 * contract terms as the operator publishes them, one section per article (its HTML sanitised).
 */
export function AgentPolicyPage() {
  const { t, i18n } = useTranslation();
  const query = useAgentPolicy(i18n.resolvedLanguage ?? i18n.language);
  return (
    <AgentPage title={t('centre.agent.agentPolicy')}>
      <QueryState query={query} isEmpty={(d) => d.articles.length === 0} empty={t('agent.policy.empty')}>
        {(d) => (
          <div className="agent-policy">
            {d.articles.map((a) => (
              <section key={a.tag} className="agent-policy__article" aria-labelledby={`policy-${a.tag}`}>
                <h2 id={`policy-${a.tag}`}>{a.title}</h2>
                <SafeHtml html={a.content} />
              </section>
            ))}
          </div>
        )}
      </QueryState>
    </AgentPage>
  );
}
