import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AgentTreeNode, useAgentTree } from '../../api/agents.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';

/**
 * The agent tree, one level at a time: a level is read only when its parent is opened (20 rows a page, "Show more"
 * reads the next page). A tree in the ARIA sense: each row a treeitem with its level, the toggle a button.
 */
export function AgentTree(props: { root?: string; onPromote: (account: string) => void }) {
  const { t } = useTranslation();
  return (
    <ul role="tree" aria-label={t('agents.treeLabel')} className="bo-tree">
      <TreeLevel parent={props.root} depth={1} onPromote={props.onPromote} />
    </ul>
  );
}

/** `depth`: the level inside this tree (1 = its first rows), for aria-level and the indent; the agent's own level is shown. */
function TreeLevel(props: { parent?: string; depth: number; onPromote: (account: string) => void }) {
  const [pages, setPages] = useState(1);
  return (
    <>
      {Array.from({ length: pages }, (_, i) => (
        <TreePage
          key={i}
          parent={props.parent}
          depth={props.depth}
          pageNo={i + 1}
          last={i + 1 === pages}
          onMore={() => setPages(pages + 1)}
          onPromote={props.onPromote}
        />
      ))}
    </>
  );
}

function TreePage(props: {
  parent?: string;
  depth: number;
  pageNo: number;
  last: boolean;
  onMore: () => void;
  onPromote: (account: string) => void;
}) {
  const { t } = useTranslation();
  const q = useAgentTree(props.parent, props.pageNo);
  if (q.isPending)
    return (
      <li role="none" className="bo-tree__note">
        {t('common.loading')}
      </li>
    );
  if (q.isError)
    return (
      <li role="none">
        <ErrorAlert error={q.error} onRetry={() => void q.refetch()} />
      </li>
    );
  const { rows, total, pageNo, pageSize } = q.data;
  const more = props.last && pageNo * pageSize < total;
  return (
    <>
      {rows.length === 0 && pageNo === 1 && (
        <li role="none" className="bo-tree__note">
          {props.parent ? t('agents.noDownlines') : t('agents.noAgents')}
        </li>
      )}
      {rows.map((n) => (
        <TreeNode key={n.account} node={n} depth={props.depth} onPromote={props.onPromote} />
      ))}
      {more && (
        <li role="none" className="bo-tree__note">
          <button type="button" className="bo-btn bo-btn--small bo-btn--ghost" onClick={props.onMore}>
            {t('agents.showMore', { shown: pageNo * pageSize, total })}
          </button>
        </li>
      )}
    </>
  );
}

function TreeNode({
  node,
  depth,
  onPromote,
}: {
  node: AgentTreeNode;
  depth: number;
  onPromote: (account: string) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  const hasChildren = node.downlines > 0;
  return (
    <li
      role="treeitem"
      aria-level={depth}
      aria-expanded={hasChildren ? open : undefined}
      aria-label={node.account}
      className="bo-tree__item"
    >
      <div className="bo-tree__row" style={{ paddingInlineStart: `${16 + (depth - 1) * 24}px` }}>
        {hasChildren ? (
          <button
            type="button"
            className="bo-tree__toggle"
            aria-label={t(open ? 'agents.collapse' : 'agents.expand', { account: node.account })}
            onClick={() => setOpen(!open)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="bo-tree__toggle" aria-hidden="true" />
        )}
        <span className="bo-tree__account">{node.account}</span>
        {node.nickname && <span className="bo-hint">{node.nickname}</span>}
        <Badge tone={node.isAgent ? 'info' : 'neutral'}>{node.isAgent ? t('agents.agent') : t('agents.player')}</Badge>
        {node.status === 'disabled' && <Badge tone="bad">{t('agents.disabled')}</Badge>}
        <span className="bo-tree__facts">
          <span>{t('agents.levelN', { level: node.level })}</span>
          <span>{t('agents.membersN', { count: node.downlines })}</span>
          <span>{t('agents.pointN', { point: node.rebatePoint })}</span>
          {node.contracts.map((c) => (
            <Badge key={c.type} tone={c.status === 'active' ? 'good' : 'warn'}>
              {t(`agents.types.${c.type}`)} · {t(`agents.contractStatus.${c.status}`)}
            </Badge>
          ))}
        </span>
        <span className="bo-tree__actions">
          {node.isAgent && (
            <Link className="bo-btn bo-btn--small bo-btn--ghost" to={`/agents/contracts?agent=${node.account}`}>
              {t('agents.contracts')}
            </Link>
          )}
          {!node.isAgent && can('agents.manage') && (
            <button type="button" className="bo-btn bo-btn--small" onClick={() => onPromote(node.account)}>
              {t('agents.promote')}
            </button>
          )}
        </span>
      </div>
      {open && (
        <ul role="group" className="bo-tree__group">
          <TreeLevel parent={node.account} depth={depth + 1} onPromote={onPromote} />
        </ul>
      )}
    </li>
  );
}
