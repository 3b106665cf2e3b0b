import { Injectable } from '@nestjs/common';
import { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MESSAGES = {
  spaces: 'The password cannot be only spaces.',
  common: 'This password is too common. Please choose a less predictable one.',
  guessable: 'This password is too easy to guess. Please choose a less predictable one, such as a few unrelated words.',
} as const;

/** zxcvbn's score: 0 and 1 mean fewer than a million guesses, which an online attacker can afford. */
const MIN_SCORE = 2;

/**
 * Refuses passwords an attacker would try first. Runs after the spec's own rules (length), offline,
 * against the common-passwords list and keyboard patterns of zxcvbn-ts.
 */
@Injectable()
export class PasswordPolicy {
  private estimator: ZxcvbnFactory | null = null;

  /** Why the password is refused, or null when it is acceptable. */
  refusal(password: string, email: string): string | null {
    if (password.trim() === '') return PASSWORD_MESSAGES.spaces;
    const result = this.estimate(password, email);
    if (result.score >= MIN_SCORE) return null;
    const wholeWord = result.sequence.length === 1 && result.sequence[0].pattern === 'dictionary';
    return wholeWord ? PASSWORD_MESSAGES.common : PASSWORD_MESSAGES.guessable;
  }

  private estimate(password: string, email: string): ZxcvbnResult {
    this.estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
    const [local, domain] = email.split('@');
    // Stryker disable next-line StringLiteral,MethodExpression,ConditionalExpression,EqualityOperator: an empty word matches no part of a password, and a checked address always has an @.
    return this.estimator.check(password, [email, local ?? '', domain ?? ''].filter((input) => input.length > 0));
  }
}
