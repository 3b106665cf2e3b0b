import { once } from 'node:events';
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { factory } from '../utils/factory';
import { codeIn, parseMail, ReceivedMail } from '../utils/outbox';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

describe('mail through a real SMTP server', () => {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let ctx: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          parseMail(Buffer.concat(chunks)).then((mail) => {
            received.push(mail);
            callback();
          }, callback);
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    ctx = await startTestApp(testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { redis: false }));
  });

  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the verification code by SMTP, and the code from the received message verifies the account', async () => {
    const email = factory.email('smtp');
    const password = factory.password();
    await ctx.http.post('/api/signup/').send({ email, password }).expect(200);
    const mail = received.find((message) => message.to.includes(email));
    expect(mail?.subject).toBe('Your Casewise verification code');
    expect(mail?.html).toContain('Casewise');
    await ctx.http.post('/api/verify-otp/').send({ email, otp: codeIn(mail as ReceivedMail) }).expect(200);
    await ctx.http.post('/api/login/').send({ email, password }).expect(200);
  });
});
