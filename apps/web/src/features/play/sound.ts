/**
 * Game sounds synthesised with WebAudio (no asset files): short envelopes on oscillators and filtered noise.
 * The AudioContext is created on the first sound after a user gesture (browsers refuse it before); the on/off
 * choice is remembered in localStorage.
 */
const KEY = 'play.sound';

type Wave = OscillatorType;

export class GameSound {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private noiseBuffer: AudioBuffer | null = null;
  enabled: boolean;

  constructor() {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(KEY);
    } catch {
      stored = null;
    }
    this.enabled = stored !== 'off';
  }

  setEnabled(on: boolean): void {
    this.enabled = on;
    try {
      localStorage.setItem(KEY, on ? 'on' : 'off');
    } catch {
      // private mode: the choice lasts for this page only
    }
    if (on) this.audio();
    else void this.ctx?.suspend();
  }

  private audio(): AudioContext | null {
    if (!this.enabled) return null;
    const Ctor =
      typeof window === 'undefined'
        ? undefined
        : (window.AudioContext ??
          (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
    if (!Ctor) return null;
    if (!this.ctx) {
      try {
        this.ctx = new Ctor();
      } catch {
        return null;
      }
      this.master = this.ctx.createGain();
      this.master.gain.value = 0.35;
      this.master.connect(this.ctx.destination);
    }
    if (this.ctx.state === 'suspended') void this.ctx.resume();
    return this.ctx;
  }

  private tone(freq: number, start: number, dur: number, wave: Wave = 'sine', vol = 0.5, slideTo?: number): void {
    const ctx = this.audio();
    if (!ctx || !this.master) return;
    const t = ctx.currentTime + start;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.setValueAtTime(freq, t);
    if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, t + dur);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(vol, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    osc.connect(gain).connect(this.master);
    osc.start(t);
    osc.stop(t + dur + 0.02);
  }

  private noise(start: number, dur: number, freq: number, vol = 0.3): void {
    const ctx = this.audio();
    if (!ctx || !this.master) return;
    if (!this.noiseBuffer) {
      const buf = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
      const data = buf.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
      this.noiseBuffer = buf;
    }
    const t = ctx.currentTime + start;
    const src = ctx.createBufferSource();
    src.buffer = this.noiseBuffer;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = freq;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(vol, t);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    src.connect(filter).connect(gain).connect(this.master);
    src.start(t, Math.random() * 0.5, dur + 0.05);
  }

  click(): void {
    this.tone(880, 0, 0.05, 'square', 0.15);
  }

  spinStart(): void {
    this.tone(220, 0, 0.25, 'sawtooth', 0.12, 440);
    this.noise(0, 0.2, 1200, 0.12);
  }

  reelStop(reel: number): void {
    this.tone(120 + reel * 12, 0, 0.12, 'triangle', 0.5, 70);
    this.noise(0, 0.06, 3000, 0.15);
  }

  /** Scatter landing: a bright ping that rises with each one. */
  scatter(count: number): void {
    this.tone(660 * 2 ** (count / 12), 0, 0.35, 'sine', 0.35);
  }

  /** A win: an arpeggio, longer for bigger wins (ratio = win / total bet). */
  win(ratio: number): void {
    const notes = [523.25, 659.25, 783.99, 1046.5, 1318.5, 1568];
    const n = ratio >= 20 ? 6 : ratio >= 5 ? 5 : ratio >= 1 ? 4 : 3;
    for (let i = 0; i < n; i++) this.tone(notes[i]!, i * 0.08, 0.3, 'triangle', 0.3);
    if (ratio >= 20) for (let i = 0; i < 6; i++) this.tone(notes[i % 3]! * 2, 0.5 + i * 0.1, 0.25, 'square', 0.1);
  }

  freeSpins(): void {
    [392, 523.25, 659.25, 783.99, 1046.5].forEach((f, i) => this.tone(f, i * 0.12, 0.5, 'sine', 0.35));
  }

  card(): void {
    this.noise(0, 0.07, 2500, 0.25);
  }

  scratch(): void {
    this.noise(0, 0.05, 4500, 0.08);
  }

  lose(): void {
    this.tone(330, 0, 0.2, 'sine', 0.12, 260);
  }
}
