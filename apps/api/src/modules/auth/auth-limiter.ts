import { Injectable } from '@nestjs/common';
import { TooManyRequestsError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { CryptoRepository } from '@api/modules/common/crypto.repository';
import { ConfigService } from '@api/modules/config/config.service';
import { AuthLimits } from '@api/modules/config/config.types';
import { AuthCounterRepository } from './auth-counter.repository';

/** Failed sign-ins are counted over this window, and the owner is mailed at most once in it. */
export const FAILURE_WINDOW_SECONDS = 15 * 60;
/** A paused client waits this long, doubled for each failure after the pause, up to the failure window. */
export const FIRST_PAUSE_SECONDS = 30;
/** While an account is slowed, addresses that never signed in to it share one password check per this long. */
export const SLOWED_CHECK_SECONDS = 10;
/** An address the owner signed in from stays exempt from the account slowdown this long. */
export const KNOWN_ADDRESS_DAYS = 30;
export const MAIL_WINDOW_SECONDS = 60 * 60;
const PRUNE_EVERY_MS = 60_000;

/** What the caller must know before checking a password: a slowdown slot to give back if the password is right. */
export interface SignInTicket {
  slotKey: string | null;
}

export interface SignInFailure {
  /** Seconds this client is now paused for this account, when the failure started a pause. */
  pausedSeconds: number | null;
  /** The failure that reached the notice count in this window: mail the owner (once per window). */
  notifyOwner: boolean;
  /** The failure that started the account slowdown in this window. */
  slowed: boolean;
  failures: number;
}

export function tooManyAttempts(seconds: number): TooManyRequestsError {
  const wait = seconds <= 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new TooManyRequestsError(`Too many attempts. Please wait ${wait} and try again.`, seconds);
}

/**
 * The limits of the account routes. Failures count per (account, client address), so a stranger's guesses
 * pause the stranger and not the owner; an account guessed at from many addresses is slowed only for
 * addresses that never signed in to it; successful sign-ins count toward nothing; and each client address
 * has a generous ceiling against floods. Counters are keyed by hashes of e-mail and address, known account
 * or not, so limits never tell whether an account exists.
 */
@Injectable()
export class AuthLimiter {
  private lastPrune = 0;

  constructor(
    private readonly counters: AuthCounterRepository,
    private readonly crypto: CryptoRepository,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  private get limits(): AuthLimits {
    return this.config.auth.limits;
  }

  /** Counts one account-route request against the client address's flood ceiling. */
  async countRequest(ip: string | null): Promise<void> {
    const now = this.clock.now();
    const counter = await this.counters.hit(this.key('address', ip), now, this.after(now, this.limits.addressWindowSeconds));
    await this.prune(now);
    if (counter.hits > this.limits.requestsPerAddress) throw tooManyAttempts(this.secondsUntil(counter.windowEnds, now));
  }

  /** Refuses a sign-in from a paused client, or from a new address while the account is slowed. */
  async beforeSignIn(email: string, ip: string | null): Promise<SignInTicket> {
    const now = this.clock.now();
    const client = await this.counters.read(this.key('client', email, ip), now);
    if (client?.blockedUntil && client.blockedUntil > now) throw tooManyAttempts(this.secondsUntil(client.blockedUntil, now));
    const account = await this.counters.read(this.key('account', email), now);
    if (!account || account.hits < this.limits.failuresPerAccount) return { slotKey: null };
    const known = await this.counters.read(this.key('known', email, ip), now);
    if (known && known.hits > 0) return { slotKey: null };
    const slotKey = this.key('slot', email);
    if (await this.counters.claim(slotKey, now, this.after(now, SLOWED_CHECK_SECONDS))) return { slotKey };
    const held = await this.counters.read(slotKey, now);
    throw tooManyAttempts(this.secondsUntil(held?.blockedUntil ?? this.after(now, SLOWED_CHECK_SECONDS), now));
  }

  async signInFailed(email: string, ip: string | null): Promise<SignInFailure> {
    const now = this.clock.now();
    const windowEnds = this.after(now, FAILURE_WINDOW_SECONDS);
    const clientKey = this.key('client', email, ip);
    const client = await this.counters.hit(clientKey, now, windowEnds);
    let pausedSeconds: number | null = null;
    if (client.hits >= this.limits.failuresPerClient) {
      pausedSeconds = Math.min(FAILURE_WINDOW_SECONDS, FIRST_PAUSE_SECONDS * 2 ** Math.min(20, client.hits - this.limits.failuresPerClient));
      await this.counters.block(clientKey, this.after(now, pausedSeconds));
    }
    const account = await this.counters.hit(this.key('account', email), now, windowEnds);
    return {
      pausedSeconds,
      notifyOwner: account.hits === this.limits.failuresPerClient,
      slowed: account.hits === this.limits.failuresPerAccount,
      failures: account.hits,
    };
  }

  /** A right password: this client's failures are forgotten, its address becomes known, and nothing counts. */
  async signInSucceeded(email: string, ip: string | null, ticket: SignInTicket): Promise<void> {
    const now = this.clock.now();
    await this.counters.remove(this.key('client', email, ip));
    if (ticket.slotKey) await this.counters.release(ticket.slotKey);
    await this.counters.mark(this.key('known', email, ip), this.after(now, KNOWN_ADDRESS_DAYS * 24 * 60 * 60));
    await this.counters.refund(this.key('address', ip));
  }

  /** Counts one mail to an address (a code or a sign-up notice); refuses past the hourly limit. */
  async countMail(email: string): Promise<void> {
    const now = this.clock.now();
    const counter = await this.counters.hit(this.key('mail', email), now, this.after(now, MAIL_WINDOW_SECONDS));
    if (counter.hits > this.limits.codeMailsPerAddress) throw tooManyAttempts(this.secondsUntil(counter.windowEnds, now));
  }

  private key(kind: string, ...parts: (string | null)[]): string {
    return `${kind}:${this.crypto.sha256(parts.map((part) => part ?? '-').join('\n'))}`;
  }

  private after(now: Date, seconds: number): Date {
    return new Date(now.getTime() + seconds * 1000);
  }

  private secondsUntil(until: Date, now: Date): number {
    return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  }

  private async prune(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await this.counters.prune(now);
  }
}
