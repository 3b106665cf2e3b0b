/** Asserts the promise rejects with an error of this class (not only this message), and with this exact message when given. */
export async function expectError(promise: Promise<unknown>, type: abstract new (...args: never[]) => Error, message?: string): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(type);
  if (message !== undefined) await expect(promise).rejects.toHaveProperty('message', message);
}
