import diagnosticsChannel from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';

/** What a trace publishes at its end: its key (e.g. the raw HTTP request) and each stage's end, in order. */
export interface StageTraceMessage {
  key: object;
  marks: Array<[stage: string, at: number]>;
}

export interface StageTrace {
  /** The stage named `stage` ends now. */
  mark(stage: string): void;
  /** Publishes the marks (once). */
  end(): void;
}

/**
 * Stage timings of one operation on a diagnostics channel, for a profiler outside the app (bench/chat-profile.mjs):
 * undefined — nothing measured, nothing allocated — while no one subscribes to the channel.
 */
export function stageTrace(channelName: string, key: object): StageTrace | undefined {
  const channel = diagnosticsChannel.channel(channelName);
  if (!channel.hasSubscribers) return undefined;
  const marks: StageTraceMessage['marks'] = [];
  let done = false;
  return {
    mark: (stage) => void marks.push([stage, performance.now()]),
    end() {
      if (done) return;
      done = true;
      channel.publish({ key, marks } satisfies StageTraceMessage);
    },
  };
}
