/**
 * Waits for a condition that another process or socket brings about, looking again every few
 * milliseconds; fails naming what it waited for (`what` may be a function, to say what was missing at the
 * end). A test waits for the condition, never for a time.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string | (() => string | Promise<string>),
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`waited ${timeoutMs} ms for ${typeof what === 'string' ? what : await what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
