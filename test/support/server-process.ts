import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { scratchDirectory } from './scratch-directory';

/** A port free on every address, as the service listens on every address (`::`), not on 127.0.0.1 alone. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
  /** Sends `signal` and resolves with how the process ended: its exit code, or the signal that killed it. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the built service (`dist/src/main.js`, what `npm start` runs; with `serveArgs`, `tidings serve
 * ARGS`) and waits for /health; on
 * `env.PORT` when given (so that PUBLIC_URL can name it), else on a free port; in `cwd`, by default the
 * scratch directory the spec file's CLI runs share. A free port can be taken by another process
 * between `freePort` and the service's bind, so a start on a port of our choosing that fails with
 * EADDRINUSE is tried again on another port.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  cwd: string = scratchDirectory(),
  serveArgs?: string[],
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    try {
      return await startOnPort(env, port, timeoutMs, cwd, serveArgs);
    } catch (error) {
      if (!(error instanceof PortTakenError) || env.PORT || attempt === 3) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnPort(
  env: Record<string, string>,
  port: number,
  timeoutMs: number,
  cwd: string,
  serveArgs: string[] | undefined,
): Promise<ServerProcess> {
  const root = join(__dirname, '..', '..');
  const child: ChildProcess = spawn(
    process.execPath,
    serveArgs
      ? [join(root, 'bin', 'tidings.js'), 'serve', ...serveArgs]
      : [join(root, 'dist', 'src', 'main.js')],
    {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: 'warn',
        FETCH_ALLOW_PRIVATE: 'true',
        ...env,
        PORT: String(port),
      },
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `the service exited with ${child.exitCode}: ${output}`;
      throw output.includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message);
    }
    const response = await fetch(`${baseUrl}/health`).catch(() => null);
    if (response) break;
    if (Date.now() > deadline)
      throw new Error(`the service did not answer within ${timeoutMs} ms: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    output: () => output,
    kill: async (signal) => {
      child.kill(signal);
      return ended;
    },
    stop: async () => {
      // A process already ended (killed by a spec) has an exit code or the signal that ended it.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
