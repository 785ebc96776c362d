/**
 * Resolves in a task of its own (a MessageChannel message: not clamped like a nested setTimeout, not faked by the
 * tests' fake timers). Work started by many callers in one task (the home's dozen queries, fired from one commit's
 * effects) then runs as many short tasks, and the browser may paint or handle input between them.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
