import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Fails on an import that closes a circle between folders: A imports B while B already reaches A, straight or
 * through other folders. `no-restricted-imports` keeps the layers apart; this keeps the folders of one layer (one
 * feature and another) from leaning on each other both ways, which a per-file cycle check cannot see.
 *
 * A folder is a top-level folder of `root`, or one level deeper under each of `split` (src/features/<name>).
 * Tests and test helpers (*.test.*, *.test-utils.*) are left out: they may import across as they need.
 */

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test(-utils)?\.(ts|tsx)$/;
/** How long one reading of the tree serves: a whole lint run reads it a few times, an editor sees edits soon. */
const FRESH_MS = 5000;

/** @typedef {{ file: string, spec: string }} Example */
/** @typedef {Map<string, Map<string, Example>>} FolderGraph */

/** @type {Map<string, { readAt: number, graph: FolderGraph }>} */
const cache = new Map();

/**
 * @param {string} rootDir
 * @param {string[]} split
 * @returns {(file: string) => string | null}
 */
function folderOf(rootDir, split) {
  return (file) => {
    const parts = path.relative(rootDir, file).split(path.sep);
    if (parts[0] === '..' || parts.length < 2) return null;
    if (split.includes(parts[0]) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
    return parts[0];
  };
}

/**
 * @param {string} dir
 * @param {string[]} out
 */
function sourceFiles(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Every relative import of the production files under rootDir, as folder → folder with one example each.
 * @param {string} rootDir
 * @param {(file: string) => string | null} folder
 * @returns {FolderGraph}
 */
function readGraph(rootDir, folder) {
  /** @type {FolderGraph} */
  const graph = new Map();
  for (const file of sourceFiles(rootDir, [])) {
    const from = folder(file);
    if (!from) continue;
    // preProcessFile lists static, type-only, side-effect and dynamic imports, and skips comments and strings.
    for (const { fileName: spec } of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!spec.startsWith('.')) continue;
      const to = folder(path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const targets = /** @type {Map<string, Example>} */ (graph.get(from));
      if (!targets.has(to)) targets.set(to, { file: path.relative(path.dirname(rootDir), file), spec });
    }
  }
  return graph;
}

/**
 * The shortest way from `start` to `goal` in the graph, as its steps; null when there is none.
 * @param {FolderGraph} graph
 * @param {string} start
 * @param {string} goal
 */
function wayBack(graph, start, goal) {
  /** @type {Map<string, string>} */
  const cameFrom = new Map([[start, start]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = /** @type {string} */ (queue.shift());
    for (const next of graph.get(at)?.keys() ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, at);
      if (next === goal) {
        const steps = [];
        for (let to = goal; to !== start; to = /** @type {string} */ (cameFrom.get(to))) {
          const from = /** @type {string} */ (cameFrom.get(to));
          const example = /** @type {Example} */ (graph.get(from)?.get(to));
          steps.unshift(`${from} → ${to} (${example.file} imports '${example.spec}')`);
        }
        return steps;
      }
      queue.push(next);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noFolderCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow an import that closes an import circle between folders.' },
    schema: [{
      type: 'object',
      properties: { root: { type: 'string' }, split: { type: 'array', items: { type: 'string' } } },
      required: ['root'],
      additionalProperties: false,
    }],
    messages: {
      circle: '{{from}} → {{to}} closes an import circle between folders: {{way}}. Folders import each other one way only; '
        + 'move what both need downhill (docs/architecture.md).',
    },
  },
  create(context) {
    const { root, split = [] } = context.options[0] ?? {};
    const rootDir = path.resolve(context.cwd, root);
    const folder = folderOf(rootDir, split);
    const from = folder(context.filename);
    if (!from || TEST.test(context.filename)) return {};
    const key = `${rootDir}|${split.join(',')}`;
    let read = cache.get(key);
    if (!read || Date.now() - read.readAt > FRESH_MS) {
      read = { readAt: Date.now(), graph: readGraph(rootDir, folder) };
      cache.set(key, read);
    }
    const { graph } = read;

    /** @param {import('estree').Node | null | undefined} source */
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = folder(path.resolve(path.dirname(context.filename), source.value));
      if (!to || to === from) return;
      // The way back never passes through this file's own folder, so the file's unsaved edits cannot change it.
      const way = wayBack(graph, to, /** @type {string} */ (from));
      if (way) context.report({ node: source, messageId: 'circle', data: { from: String(from), to, way: way.join(', ') } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(/** @type {import('estree').Node} */ (node.source)),
    };
  },
};
