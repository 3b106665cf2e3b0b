import type { Worker } from 'node:worker_threads';

/** A thread's reply to call `id`: its value, or the message of the error it met. */
export type ThreadReply<T> = { id: number; ok: true; value: T } | { id: number; ok: false; error: string };

interface Waiting<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/**
 * The calls made to one worker thread that wait for its reply. The thread keeps the process alive only while a
 * reply is awaited; an idle one does not.
 */
export class ThreadReplies<T> {
  private readonly waiting = new Map<number, Waiting<T>>();
  private nextId = 1;

  constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (reply: ThreadReply<T>) => this.settle(reply));
  }

  /** A new call's id, to post with it, and the promise of its reply. */
  expect(): { id: number; reply: Promise<T> } {
    const id = this.nextId++;
    const reply = new Promise<T>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.worker.ref();
    return { id, reply };
  }

  /** Fails every call still waiting (the thread stopped). */
  failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
    this.worker.unref();
  }

  private settle(reply: ThreadReply<T>): void {
    const waiting = this.waiting.get(reply.id);
    if (waiting === undefined) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new Error(reply.error));
  }
}
