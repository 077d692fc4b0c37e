import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { AddressInfo, createServer, Socket } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A `tidings serve --role worker` child: its output kept (warnings and errors), its CPU and memory read from /proc. */
export class WorkerProcess {
  private output = '';

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk) => (this.output += chunk));
    child.stderr?.on('data', (chunk) => (this.output += chunk));
  }

  /** Starts the worker with these Node flags (`--cpu-prof --cpu-prof-dir=DIR`) and waits for its /health. */
  static async start(
    name: string,
    env: Record<string, string>,
    flags: string[] = [],
  ): Promise<WorkerProcess> {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [...flags, join(root, 'bin', 'tidings.js'), 'serve', '--role', 'worker'],
      {
        env: { PATH: process.env.PATH, PUBLIC_URL: `http://${name}.bench`, ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const worker = new WorkerProcess(name, child);
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${worker.output}`);
      return Boolean(await fetch(`http://127.0.0.1:${port}/health`).catch(() => null));
    }, `${name} answering /health`);
    return worker;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Lines of output so far that match `pattern`. */
  lines(pattern: RegExp): string[] {
    return this.output.split('\n').filter((line) => pattern.test(line));
  }

  /** Peak resident memory so far, in MiB (VmHWM). */
  peakMemoryMiB(): number {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** A Redis server of the run's own (the shared one may hold other runs' host keys and queues). */
export class PrivateRedis {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  static async start(): Promise<PrivateRedis> {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = new Socket();
          socket.once('error', () => resolve(false));
          socket.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
        }),
      'redis-server answering',
    );
    return new PrivateRedis(`redis://127.0.0.1:${port}`, child);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}
