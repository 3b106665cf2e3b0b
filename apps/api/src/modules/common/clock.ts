import { Injectable } from '@nestjs/common';

/** The time, behind an adapter so tests can move it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
