/** A small seeded generator (mulberry32): the demo fleet must be the same on every run with the same seed. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    between: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

/** `count` distinct indices from [0, n), in a seeded random order (partial Fisher-Yates). */
export function sampleIndices(rng: Rng, n: number, count: number): number[] {
  const k = Math.min(count, n);
  const pool = new Int32Array(n);
  for (let i = 0; i < n; i++) pool[i] = i;
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(n - i);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
    out.push(pool[i]!);
  }
  return out;
}
