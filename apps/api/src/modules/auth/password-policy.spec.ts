import { PASSWORD_MESSAGES, PasswordPolicy } from './password-policy';

describe(PasswordPolicy.name, () => {
  const policy = new PasswordPolicy();
  const other = 'someone@firm.example';

  it('refuses a password of spaces only', () => {
    expect(policy.refusal('          ', other)).toBe(PASSWORD_MESSAGES.spaces);
  });

  it('calls a password that is one dictionary or keyboard word common, and other weak ones guessable', () => {
    expect(policy.refusal('password', other)).toBe(PASSWORD_MESSAGES.common);
    expect(policy.refusal('qwertyuiop', other)).toBe(PASSWORD_MESSAGES.common);
    expect(policy.refusal('aaaaaaaaaa', other)).toBe(PASSWORD_MESSAGES.guessable);
    // A word and something after it: weak, but not one common word.
    expect(policy.refusal('dragon2017', other)).toBe(PASSWORD_MESSAGES.guessable);
    expect(policy.refusal('bluefish42', other)).toBe(PASSWORD_MESSAGES.guessable);
  });

  it('accepts passphrases and passwords an online attacker cannot afford to guess', () => {
    expect(policy.refusal('correct horse battery staple', other)).toBeNull();
    expect(policy.refusal('Tr0ub4dor&3', other)).toBeNull();
    // zxcvbn's score 2, the lowest accepted: more guesses than an online attacker can afford.
    expect(policy.refusal('correcthorse', other)).toBeNull();
    expect(policy.refusal('kittens99x', other)).toBeNull();
  });

  it('refuses the address, its local part or its domain as the password', () => {
    expect(policy.refusal('qxmoravia77', 'a@b.org')).toBeNull();
    expect(policy.refusal('qxmoravia77', 'qxmoravia77@law.org')).toBe(PASSWORD_MESSAGES.common);
    expect(policy.refusal('qxmoravia77', 'jo@qxmoravia77')).toBe(PASSWORD_MESSAGES.common);
    expect(policy.refusal('qxmoravia77@law.org', 'qxmoravia77@law.org')).toBe(PASSWORD_MESSAGES.common);
    expect(policy.refusal('qxmoravia77@law.org', 'a@b.org')).toBeNull();
  });
});
