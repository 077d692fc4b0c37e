import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { moduleOf, sourceFiles, SRC } from '../../support/module-crossings';

/** Where the application is put together from every module: the only files that may name them all. */
const COMPOSITION_ROOTS = new Set(['app.module.ts', 'bootstrap.ts', 'main.ts', 'db/entities.ts']);

interface Import {
  file: string;
  target: string;
}

/** Every import from one file of `src/` to another (types included), by paths relative to `src/`. */
function importsOfSource(): Import[] {
  return sourceFiles().flatMap((file) =>
    ts
      .preProcessFile(readFileSync(join(SRC, file), 'utf8'), true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => ({ file, target: resolved(file, fileName) }))
      .filter(({ target }) => !target.startsWith('..')),
  );
}

function resolved(file: string, specifier: string): string {
  const path = normalize(relative(SRC, join(SRC, dirname(file), specifier)));
  return sourceFiles().includes(`${path}.ts`) ? `${path}.ts` : `${path}/index.ts`;
}

/** Module → the modules it imports from (composition roots left out). */
function moduleGraph(imports: readonly Import[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, target } of imports) {
    if (COMPOSITION_ROOTS.has(file)) continue;
    const [from, to] = [moduleOf(file), moduleOf(target)];
    if (!graph.has(from)) graph.set(from, new Set());
    if (from !== to) graph.get(from)!.add(to);
  }
  return graph;
}

/** A cycle of modules (`a → b → a`), or null when the graph has none. */
function findCycle(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (module: string): string[] | null => {
    if (state.get(module) === 'done') return null;
    if (state.get(module) === 'open') return [...path.slice(path.indexOf(module)), module];
    state.set(module, 'open');
    path.push(module);
    for (const next of graph.get(module) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(module, 'done');
    return null;
  };
  for (const module of graph.keys()) {
    const cycle = visit(module);
    if (cycle) return cycle;
  }
  return null;
}

describe('the modules of src/', () => {
  const imports = importsOfSource();

  it('depend on each other one way only: no module reaches back to one that depends on it', () => {
    expect(findCycle(moduleGraph(imports))?.join(' → ') ?? 'no cycle').toBe('no cycle');
  });

  it('keep their tables to themselves: no module imports another module’s entity or repository', () => {
    const reachingIn = imports.filter(
      ({ file, target }) =>
        !COMPOSITION_ROOTS.has(file) &&
        moduleOf(file) !== moduleOf(target) &&
        /\.(entity|repository)\.ts$/.test(target),
    );
    expect(reachingIn.map(({ file, target }) => `${file} → ${target}`)).toEqual([]);
  });
});
