import type { ChatMessage, ChatSlip, ChatStanding } from '@sea/contracts';
import { create } from 'zustand';

/**
 * The open chat room as the socket feeds it (api/realtime.ts): the room the page wants joined, the messages that
 * arrived since its history was read, deletions and the member's standing pushed by moderators. The history itself
 * is a query (api/chat.ts); the page merges both by id.
 */
interface ChatState {
  /** The room the open chat page shows (null: no chat page open, the socket leaves its room). */
  room: string | null;
  live: ChatMessage[];
  deleted: Set<string>;
  standing: ChatStanding | null;
  setRoom(room: string | null): void;
  received(m: ChatMessage): void;
  removed(ids: string[]): void;
  setStanding(s: ChatStanding | null): void;
}

const LIVE_MAX = 200;

export const useChat = create<ChatState>((set, get) => ({
  room: null,
  live: [],
  deleted: new Set(),
  standing: null,
  setRoom: (room) => set({ room, live: [], deleted: new Set() }),
  received(m) {
    if (m.room !== get().room) return;
    const live = get().live;
    const at = live.findIndex((x) => x.id === m.id);
    // The sender's own copy (from its POST answer, `mine`) may come before or after the pushed one.
    if (at >= 0) {
      if (m.mine && !live[at]!.mine) set({ live: live.map((x, i) => (i === at ? m : x)) });
      return;
    }
    set({ live: [...live, m].slice(-LIVE_MAX) });
  },
  removed(ids) {
    set({ deleted: new Set([...get().deleted, ...ids]) });
  },
  setStanding: (standing) => set({ standing }),
}));

/** A slip card copied from the chat: the lottery page takes it into its slip once (session storage). */
export const COPIED_SLIP_KEY = 'sea.chat.slip';

export function copySlip(slip: ChatSlip): void {
  sessionStorage.setItem(COPIED_SLIP_KEY, JSON.stringify(slip));
}

/** The copied slip for this game, removed as it is taken (another game's stays for its page). */
export function takeCopiedSlip(gameCode: string): ChatSlip | null {
  try {
    const raw = sessionStorage.getItem(COPIED_SLIP_KEY);
    if (!raw) return null;
    const slip = JSON.parse(raw) as ChatSlip;
    if (slip.gameCode !== gameCode) return null;
    sessionStorage.removeItem(COPIED_SLIP_KEY);
    return slip;
  } catch {
    return null;
  }
}
