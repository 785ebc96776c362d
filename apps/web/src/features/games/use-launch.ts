import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { launchGame } from '../../api/games.ts';

/** Phones and small tablets get the game full screen (spec: ≤ 768 px). */
export const MOBILE_QUERY = '(max-width: 768px)';

/**
 * One launch of a game (POST /wps/game/launchGame). `seq` tells two starts apart: StrictMode and re-renders share
 * one launch, a new start gets a new game session. Never cached past its screen. `transferAmount`: what a
 * transfer-wallet vendor's game brings from the main wallet (the player's choice).
 */
export function useLaunch(target: { nodeId: string; freePlay: boolean; seq: number; transferAmount?: string } | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['gameLaunch', target?.nodeId, target?.freePlay, target?.seq, target?.transferAmount],
    queryFn: () =>
      launchGame({
        nodeId: target!.nodeId,
        freePlay: target!.freePlay,
        device: window.matchMedia?.(MOBILE_QUERY).matches ? 'mobile' : 'desktop',
        language: i18n.language,
        ...(target!.transferAmount !== undefined && { transferAmount: target!.transferAmount }),
      }),
    enabled: target !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
