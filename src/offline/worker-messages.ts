// The page's side of the service-worker messages of docs/areas.md, spec §7: GET_QUEUE_SIZE answers
// { size } and GET_QUEUE_REQUESTS answers { requests }, on the MessageChannel port sent with the
// message. With no controlling worker (dev server, first visit before the worker claims the page)
// or no answer in time, the page reads the same IndexedDB store the worker would.
import { listEntries, queueSize, toQueuedRequest } from './queue';
import type { QueuedRequest } from './queue-entry';

export interface WorkerAnswers {
  GET_QUEUE_SIZE: { size: number };
  GET_QUEUE_REQUESTS: { requests: QueuedRequest[] };
}

export type WorkerQuestion = keyof WorkerAnswers;

/** How long the page waits for the worker before reading IndexedDB itself. */
export const WORKER_ANSWER_TIMEOUT_MS = 1_000;

async function fromDatabase<T extends WorkerQuestion>(type: T): Promise<WorkerAnswers[T]> {
  if (type === 'GET_QUEUE_SIZE') {
    return { size: await queueSize() } as WorkerAnswers[T];
  }
  return { requests: (await listEntries()).map(toQueuedRequest) } as WorkerAnswers[T];
}

function fromWorker<T extends WorkerQuestion>(
  worker: ServiceWorker,
  type: T,
): Promise<WorkerAnswers[T]> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      reject(new Error(`The service worker did not answer ${type}`));
    }, WORKER_ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<WorkerAnswers[T]>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data);
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}

/** Asks the controlling service worker, or answers from IndexedDB when there is none. */
export async function askWorker<T extends WorkerQuestion>(type: T): Promise<WorkerAnswers[T]> {
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (worker) {
    try {
      return await fromWorker(worker, type);
    } catch {
      // A worker that is being replaced or stopped may not answer: the store is the truth anyway.
    }
  }
  return fromDatabase(type);
}
