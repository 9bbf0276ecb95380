/**
 * A thread of the service's own for work too long for the main thread (a
 * long trigger list, a 50,000-item batch body), started by the first request
 * and ended after `idleMs` without one: it holds nothing between requests,
 * and a thread apart from the worker pool never waits behind batches.
 * Requests are answered in the order they were sent.
 *
 * A request is one or more messages, sent in order to one thread, and its
 * answer (or its error) the thread's `answerRequests` handler's.
 */
import { parentPort, Worker } from 'node:worker_threads';

export interface OnDemandThread<Message, Answer> {
  /** Sends a request's messages to the thread (all to the same one); resolves with its answer. */
  request(messages: Iterable<Message> | AsyncIterable<Message>): Promise<Answer>;
  /** Ends the thread; requests still under way reject. */
  close(): Promise<void>;
}

type Reply<Answer> = { id: number; answer: Answer } | { id: number; error: string };

export function createOnDemandThread<Message, Answer>(
  /** The built worker module (workers run built JavaScript, also under tests). */
  filename: string,
  options: { name: string; idleMs?: number },
): OnDemandThread<Message, Answer> {
  const { name, idleMs = 60_000 } = options;
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  let idleTimer: NodeJS.Timeout | undefined;

  const failAll = (error: Error) => {
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };

  /** A request is over: the thread ends after `idleMs` without another (dropping what it holds). */
  function done(id: number): void {
    waiting.delete(id);
    if (waiting.size === 0) idleTimer = setTimeout(stop, idleMs).unref();
  }

  function start(): Worker {
    // No flags of the parent's: not the `@txenrich/source` condition of test runners.
    const started = new Worker(filename, { execArgv: [] });
    started.unref(); // an idle thread never keeps the process alive
    started.on('message', (reply: Reply<Answer>) => {
      const waiter = waiting.get(reply.id);
      done(reply.id);
      if ('error' in reply) waiter?.reject(new Error(`${name}: ${reply.error}`));
      else waiter?.resolve(reply.answer);
    });
    started.on('error', failAll);
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`${name}: exited with code ${code}`));
    });
    return started;
  }

  async function stop(): Promise<void> {
    clearTimeout(idleTimer);
    const stopping = worker;
    worker = null;
    await stopping?.terminate();
  }

  return {
    async request(messages) {
      clearTimeout(idleTimer);
      worker ??= start();
      // Every message of this request to the one thread (a thread started again would lack the first).
      const target = worker;
      const id = nextId++;
      const answer = new Promise<Answer>((resolve, reject) => waiting.set(id, { resolve, reject }));
      try {
        for await (const message of messages) target.postMessage({ id, message });
      } catch (error) {
        done(id); // the request's messages could not be read
        throw error;
      }
      return answer;
    },
    close: stop,
  };
}

/**
 * The thread's side: `handle` receives each message with its request's id, and answers the request by
 * returning its answer (undefined: more messages of it are to come). An error thrown answers it too.
 */
export function answerRequests<Message, Answer>(
  handle: (id: number, message: Message) => Answer | undefined,
): void {
  parentPort?.on('message', ({ id, message }: { id: number; message: Message }) => {
    let reply: Reply<Answer> | undefined;
    try {
      const answer = handle(id, message);
      if (answer !== undefined) reply = { id, answer };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    if (reply) parentPort?.postMessage(reply);
  });
}
