import { Injectable } from '@nestjs/common';

/** The time, behind an adapter so tests can move it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  /** Resolves after `ms` milliseconds: waits that tests can shorten or skip. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
