import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Linux clock ticks per second of /proc's CPU times (USER_HZ, 100 almost everywhere). */
const TICKS_PER_SECOND = Number(
  (() => {
    try {
      return execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim();
    } catch {
      return '100';
    }
  })(),
);

/** CPU seconds (user + system) a process has used so far; 0 when /proc cannot tell (not Linux, gone). */
export function processCpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pid of a running program by name (`mariadbd`), or undefined. */
export function pidOf(...names: string[]): number | undefined {
  for (const name of names) {
    try {
      return Number(execFileSync('pidof', ['-s', name], { encoding: 'utf8' }).trim()) || undefined;
    } catch {
      // not running under this name
    }
  }
  return undefined;
}

/** The whole machine's busy and total CPU seconds so far (/proc/stat), to tell how loaded it was. */
export function machineCpuSeconds(): { busy: number; total: number } {
  try {
    const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
    const times = line.trim().split(/\s+/).slice(1).map(Number);
    const total = times.reduce((sum, value) => sum + value, 0);
    const idle = times[3] + (times[4] ?? 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return { busy: 0, total: 0 };
  }
}
