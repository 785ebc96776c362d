// The bench's clients, a child process of bench/realtime.ts (their memory and file descriptors are not the server's):
// `count` socket.io clients on the given sessions, each subscribed to the lottery game's room; every arrival time of
// `lotteryDrawn` is sent back over IPC.
import { io, type Socket } from 'socket.io-client';

const send = (m: object) => process.send!(m);
const { url, tokens, count, game } = await new Promise<{ url: string; tokens: string[]; count: number; game: string }>(
  (resolve) => process.once('message', resolve),
);
const sockets: Socket[] = [];
const arrivals: number[] = [];

async function connectOne(i: number): Promise<void> {
  const s = io(url, {
    path: '/socket.io',
    auth: { token: tokens[i % tokens.length], merchant: 'demo' },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  await new Promise((resolve) => s.emit('subscribe', { game }, resolve));
  s.on('lotteryDrawn', () => {
    arrivals.push(Date.now());
    if (arrivals.length === count) send({ arrivals });
  });
}

for (let i = 0; i < count; i += 200)
  await Promise.all(Array.from({ length: Math.min(200, count - i) }, (_, j) => connectOne(i + j)));
send({ connected: sockets.length });
process.on('message', (m: { close?: boolean }) => {
  if (m.close) {
    for (const s of sockets) s.disconnect();
    send({ closed: true });
    process.disconnect();
  }
});
