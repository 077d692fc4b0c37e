import { ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { Socket } from 'node:net';
import { freePort } from './server-process';
import { waitUntil } from './wait-until';

/**
 * A Redis server of the test's own on a free loopback port (never the shared one), which the test may
 * stop and start again on the same port to play an outage.
 */
export class TestRedisServer {
  port = 0;
  private child: ChildProcess | null = null;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.port ||= await freePort();
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitUntil(() => this.answers(), `redis-server on port ${this.port}`);
    return this;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  /** One command through redis-cli; its output's lines. */
  async command(...args: string[]): Promise<string[]> {
    const { stdout } = await promisify(execFile)('redis-cli', ['-p', String(this.port), ...args]);
    return stdout.split('\n').filter(Boolean);
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = new Socket();
      socket.once('error', () => resolve(false));
      socket.connect(this.port, '127.0.0.1', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
  }
}
