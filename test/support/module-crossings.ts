import { INestApplicationContext } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const SRC = join(__dirname, '..', '..', 'src');

/** A call from the code of one module of `src/` into a provider of another. */
export interface Crossing {
  from: string;
  to: string;
  /** `Class.method` called. */
  call: string;
}

/** Modules whose providers are plumbing (transactions, clock, config): calls into them are not traced. */
const TRANSPARENT = new Set(['common', 'config', 'db']);

/** Every `.ts` file of `src/`, specs left out, as paths relative to `src/`. */
export function sourceFiles(directory = SRC): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [relative(SRC, path)] : [];
  });
}

/** The module a file of `src/` belongs to: its first folder, or `(root)` for the files at the top. */
export function moduleOf(file: string): string {
  const [first, ...rest] = file.split('/');
  return rest.length ? first : '(root)';
}

/** The module each exported class of `src/` is written in. */
function homesOfClasses(): Map<string, string> {
  const homes = new Map<string, string>();
  for (const file of sourceFiles()) {
    for (const match of readFileSync(join(SRC, file), 'utf8').matchAll(/^export class (\w+)/gm))
      homes.set(match[1], moduleOf(file));
  }
  return homes;
}

function methodsOf(instance: object): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype;) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (name !== 'constructor' && typeof descriptor?.value === 'function') names.add(name);
    }
    proto = Object.getPrototypeOf(proto);
  }
  return [...names];
}

/**
 * Runs `during` with every provider method of the app's own modules wrapped, and returns each call that
 * went from one module's code into another module's provider, in the order they happened. The module
 * whose code runs is followed through promises (AsyncLocalStorage); code of the test itself is `outside`.
 */
export async function traceCrossings(
  app: INestApplicationContext,
  during: () => Promise<void>,
): Promise<Crossing[]> {
  const homes = homesOfClasses();
  const running = new AsyncLocalStorage<string>();
  const crossings: Crossing[] = [];
  const wrapped = new Set<object>();
  const restore: Array<() => void> = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { instance } of module.providers.values()) {
      if (!instance || typeof instance !== 'object' || wrapped.has(instance)) continue;
      const className = instance.constructor.name;
      const home = homes.get(className);
      if (!home || TRANSPARENT.has(home)) continue;
      wrapped.add(instance);
      const target = instance as Record<string, (...args: unknown[]) => unknown>;
      for (const method of methodsOf(instance)) {
        const original = target[method];
        target[method] = function (this: unknown, ...args: unknown[]) {
          const from = running.getStore() ?? 'outside';
          if (from !== home) crossings.push({ from, to: home, call: `${className}.${method}` });
          return running.run(home, () => original.apply(this, args));
        };
        restore.push(() => delete target[method]);
      }
    }
  }
  try {
    await during();
  } finally {
    for (const undo of restore) undo();
  }
  return crossings;
}
