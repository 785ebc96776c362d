import type { GameCategory, GameClassify, GameMenu, VendorTile } from '@sea/contracts';
import { RNG_CLASSIFIES } from '@sea/contracts/game-constants';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGameList, useGameMenus } from '../../api/games.ts';
import { Chips } from '../../components/Chips.tsx';
import { GameCard, GameCards } from '../../components/games/GameCard.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SECOND_LOCALE } from '../../i18n/index.ts';
import { useSystemStatus } from '../../state/system.ts';
import './games.css';

const ALL = 'ALL';
const SEARCH_DEBOUNCE_MS = 300;

/** Spec §9: bingo (BG) is offered only when TY is enabled. */
export function classifiesFor(languages: string[]): GameClassify[] {
  return RNG_CLASSIFIES.filter((c) => c !== 'BG' || languages.includes(SECOND_LOCALE));
}

/** Vendors of the given categories (all categories when none), once each, in menu order. */
export function vendorsOf(menus: GameMenu[] | undefined, categories: GameCategory[] | null): VendorTile[] {
  const seen = new Map<string, VendorTile>();
  for (const m of menus ?? [])
    if (!categories || categories.includes(m.gameCategory))
      for (const v of m.vendors) if (!seen.has(v.vassalage)) seen.set(v.vassalage, v);
  return [...seen.values()];
}

/**
 * A game centre: the games of one category (or the hot list), with a vendor filter, RNG game-type filter, search
 * and pages. Filters live in the address (?vendor=&type=&q=&page=) so back/forward and shared links keep them.
 */
export function GameCentre(props: {
  title: string;
  /** The categories this centre can show (the first that has games is shown); null: the hot list. */
  categories: GameCategory[] | null;
  pageSize: number;
}) {
  const { t } = useTranslation();
  const { languages } = useSystemStatus();
  const menus = useGameMenus();
  const [params, setParams] = useSearchParams();
  const vendor = params.get('vendor')?.toUpperCase() || undefined;
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const category = props.categories
    ? (props.categories.find((c) => menus.data?.some((m) => m.gameCategory === c)) ?? props.categories[0])
    : undefined;
  const classifies = category === 'RNG' ? classifiesFor(languages) : [];
  const typeParam = params.get('type')?.toUpperCase() as GameClassify | undefined;
  const classify = typeParam && classifies.includes(typeParam) ? typeParam : undefined;
  const vendors = vendorsOf(menus.data, category ? [category] : null);

  /** Changes filters; any change but the page goes back to page 1. */
  function update(next: Record<string, string | undefined>) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        if (!('page' in next)) p.delete('page');
        return p;
      },
      { replace: 'q' in next },
    );
  }

  const list = useGameList(
    {
      gameType: category,
      hot: category ? undefined : true,
      vassalage: vendor,
      gameClassify: classify,
      gameName: q || undefined,
      pageNo,
      pageSize: props.pageSize,
    },
    // The category is known once the menus answered (or failed): no list of the wrong category first.
    !props.categories || props.categories.length === 1 || !menus.isPending,
  );

  return (
    <section className="game-centre" aria-labelledby="page-title">
      <h1 id="page-title">{props.title}</h1>
      <div className="game-centre__filters" role="group" aria-label={t('games.filters')}>
        {vendors.length > 0 && (
          <Chips
            label={t('games.vendorFilter')}
            items={[
              { key: ALL, label: t('games.allVendors') },
              ...vendors.map((v) => ({ key: v.vassalage, label: v.displayName })),
            ]}
            pressed={vendor ?? ALL}
            onPick={(k) => update({ vendor: k === ALL ? undefined : k })}
          />
        )}
        {classifies.length > 0 && (
          <Chips
            label={t('games.typeFilter')}
            items={[
              { key: ALL, label: t('games.allTypes') },
              ...classifies.map((c) => ({ key: c, label: t(`games.classify.${c}`) })),
            ]}
            pressed={classify ?? ALL}
            onPick={(k) => update({ type: k === ALL ? undefined : k })}
          />
        )}
        <SearchBox value={q} onChange={(v) => update({ q: v || undefined })} />
      </div>
      <QueryState
        query={list}
        isEmpty={(d) => d.content.length === 0}
        empty={q ? t('games.noMatch', { q }) : t('games.empty')}
        loading={t('games.loading')}
      >
        {(data) => (
          <>
            <p className="game-centre__count">{t('games.count', { count: data.total })}</p>
            <GameCards>
              <ul className="game-grid">
                {data.content.map((g) => (
                  <li key={g.nodeId}>
                    <GameCard game={g} />
                  </li>
                ))}
              </ul>
            </GameCards>
            {data.totalPages > 1 && (
              <Pager
                page={data.pageNum}
                pages={data.totalPages}
                onPage={(n) => update({ page: n > 1 ? String(n) : undefined })}
                label={t('games.pagination')}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The search field: the list follows typing after a short pause. */
function SearchBox({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The address changed (back/forward, a link): show its search.
    setShown(value);
    setText(value);
  }
  const commit = useEffectEvent((v: string) => onChange(v));
  useEffect(() => {
    if (text.trim() === value) return;
    const id = setTimeout(() => commit(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text, value]);
  return (
    <label className="field game-centre__search">
      <span>{t('games.search')}</span>
      <input
        type="search"
        value={text}
        maxLength={50}
        placeholder={t('games.searchPlaceholder')}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}
