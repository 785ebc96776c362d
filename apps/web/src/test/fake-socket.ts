/**
 * socket.io-client as the tests see it (test/setup.ts mocks the module with this): `io()` answers a fake socket that
 * never touches the network; a test drives it with `fire('connect')`, `fire('balance', …)` and reads what the page
 * sent (`sent`). Every socket made since the last reset is in `sockets`.
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  readonly sent: Array<[string, unknown]> = [];
  private listeners = new Map<string, Listener[]>();
  constructor(readonly opts: unknown) {}
  on(event: string, fn: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    return this;
  }
  emit(event: string, payload?: unknown) {
    this.sent.push([event, payload]);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  disconnect() {
    this.connected = false;
    this.closed = true;
    return this;
  }
  closed = false;
  /** The server side: an event arrives (connect / disconnect / connect_error set `connected` as the real one does). */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect' || event === 'connect_error') this.connected = false;
    for (const fn of this.listeners.get(event) ?? []) fn(...args);
  }
}

export const sockets: FakeSocket[] = [];
export const lastSocket = (): FakeSocket => {
  const s = sockets.at(-1);
  if (!s) throw new Error('no socket was opened');
  return s;
};

export function io(opts: unknown) {
  const s = new FakeSocket(opts);
  sockets.push(s);
  return s;
}
