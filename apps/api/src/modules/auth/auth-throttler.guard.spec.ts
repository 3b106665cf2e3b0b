import { emailTracker } from './auth-throttler.guard';

describe(emailTracker.name, () => {
  it('tracks by the normalised e-mail address of the body, so guesses at one account add up across client addresses', () => {
    expect(emailTracker({ ip: '10.0.0.1', body: { email: ' Counsel@Firm.Example ' } })).toBe('email:counsel@firm.example');
    expect(emailTracker({ ip: '10.0.0.2', body: { email: 'counsel@firm.example' } })).toBe('email:counsel@firm.example');
  });

  it('falls back to the client address when the body has no e-mail', () => {
    expect(emailTracker({ ip: '10.0.0.1', body: {} })).toBe('address:10.0.0.1');
  });
});
