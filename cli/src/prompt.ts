import { createInterface } from 'node:readline';
import { CliError } from './errors';

/** Reads a line from the terminal; with `hidden`, what is typed is not echoed (passwords). */
export function ask(question: string, { hidden = false }: { hidden?: boolean } = {}): Promise<string> {
  if (!process.stdin.isTTY && hidden) {
    return Promise.reject(new CliError('No terminal to type the password in: set CASEWISE_PASSWORD, or use an API key (CASEWISE_API_KEY).'));
  }
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: Boolean(process.stdin.isTTY) });
    if (hidden) {
      const write = (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput.bind(rl);
      (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
        if (text.includes(question)) write(text);
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stderr.write('\n');
      resolve(answer);
    });
  });
}

/** Yes only for y/yes; anything else, or no terminal, is no. */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  return /^y(es)?$/i.test((await ask(`${question} [y/N] `)).trim());
}
